// Package engines lists the engines seams-timers runs: the one place where
// a new engine is registered, for the commands and for the generated rule
// pages.
package engines

import (
	"sync"

	bpmncli "github.com/seams/seams-timers/bpmn/cli"
	"github.com/seams/seams-timers/bpmn/rules"
	cadencecli "github.com/seams/seams-timers/cadence/cli"
	cadence "github.com/seams/seams-timers/cadence/rules"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	core "github.com/seams/seams-timers/rules"
	stateflowscli "github.com/seams/seams-timers/stateflows/cli"
	stateflows "github.com/seams/seams-timers/stateflows/rules"
	wfecli "github.com/seams/seams-timers/wfe/cli"
	wfe "github.com/seams/seams-timers/wfe/rules"
)

//go:generate go run -tags devtools ../gendocs -out ../../docs/rules

// commandsOnce gives each engine its commands (next, simulate) the first
// time the engines are listed: an engine's cli package imports its rules
// package, which defines the engine, so the engine cannot name its
// commands itself.
var commandsOnce sync.Once

// All returns the engines, in the order their files and rules are listed.
func All() []*project.Engine {
	all := []*project.Engine{rules.Engine, wfe.Engine, stateflows.Engine, cadence.Engine()}
	commandsOnce.Do(func() {
		for i, c := range []any{bpmncli.Commands, wfecli.Commands, stateflowscli.Commands, cadencecli.Commands} {
			all[i].Commands = c
		}
	})
	return all
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
