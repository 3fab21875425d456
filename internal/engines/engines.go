// Package engines lists the engines seams-timers runs: the one place where
// a new engine is registered, for the commands and for the generated rule
// pages.
package engines

import (
	"github.com/seams/seams-timers/bpmn/rules"
	temporal "github.com/seams/seams-timers/cadence/rules"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	core "github.com/seams/seams-timers/rules"
	sfrules "github.com/seams/seams-timers/stateflows/rules"
	wfe "github.com/seams/seams-timers/wfe/rules"
)

//go:generate go run -tags devtools ../gendocs -out ../../docs/rules

// All returns the engines, in the order their files and rules are listed.
func All() []*project.Engine {
	return []*project.Engine{rules.Engine, wfe.Engine, sfrules.Engine, temporal.Engine()}
}

// Rules returns every rule of every engine, each once: the core's
// (TMR0xxx), which every engine lists, then each engine's own.
func Rules() []*lint.Rule { return project.Rules(All()) }

// Page renders a rule's documentation page, docs/rules/<ID>.md: the
// core's page for a core rule (its examples in every kind of file), else
// the page of the engine that owns it.
func Page(r *lint.Rule) string {
	if core.IsCore(r) {
		return core.Markdown(r)
	}
	for _, e := range All() {
		if e.Name == r.Engine {
			return e.RulePage(r)
		}
	}
	return lint.RulePage(r, lint.PageStyle{})
}
