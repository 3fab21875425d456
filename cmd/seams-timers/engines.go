package main

import (
	"time"

	"github.com/seams/seams-timers/bpmn/rules"
	temporal "github.com/seams/seams-timers/cadence/rules"
	enginelist "github.com/seams/seams-timers/internal/engines"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	sfrules "github.com/seams/seams-timers/stateflows/rules"
	wferules "github.com/seams/seams-timers/wfe/rules"
)

// engines are the timer systems seams-timers checks (internal/engines is
// where a new one is registered).
func engines() []*project.Engine { return enginelist.All() }

// allRules returns every engine's rules, each once, in ID order (the
// core's TMR0xxx first; each engine's IDs are a family of their own).
func allRules() []*lint.Rule { return project.Rules(engines()) }

// engineCLI is what an engine adds to the commands beside check: the next
// firings of values given on the command line and of the timers of its
// files, and its simulator. Each function reports false when the engine's
// rules refused a value or a timer (exit 1); an error is a usage error.
type engineCLI struct {
	// nextValues prints the next firings of values given on the command
	// line (next --engine NAME VALUE...).
	nextValues func(run *nextRun, values []string) (bool, error)
	// nextFiles prints the next firings of every timer of the engine's
	// files that the run reports on.
	nextFiles func(run *nextRun, loaded *project.Loaded) (bool, error)
	// simulate runs the engine's simulator (simulate --engine NAME).
	simulate func(s *streams, o *simulateOptions, cfg *lint.Config) error
	// now reads next's --now as the engine reads it (nil: an RFC 3339
	// instant, else the config's now, else the current time).
	now func(o *nextOptions, cfg *lint.Config) (time.Time, error)
}

// engineCLIs are the engines' additions to next and simulate, by engine
// name.
func engineCLIs() map[string]*engineCLI {
	return map[string]*engineCLI{rules.EngineName: &bpmnCLI, wferules.EngineName: &wfeCLI, sfrules.EngineName: &stateflowsCLI, temporal.EngineName: &cadenceCLI}
}

// engineCLINames lists the engines' names in the order of engines().
func engineCLINames() []string {
	var out []string
	for _, e := range engines() {
		if _, ok := engineCLIs()[e.Name]; ok {
			out = append(out, e.Name)
		}
	}
	return out
}

// lookupRule finds a rule of any engine by ID (case-insensitive) or name.
func lookupRule(key string) *lint.Rule { return lint.FindRule(allRules(), key) }

// configSpec is what a config file is validated against: every engine's
// rules and sections.
func configSpec() lint.ConfigSpec {
	spec := lint.ConfigSpec{Rules: allRules()}
	for _, e := range engines() {
		spec.Sections = append(spec.Sections, e.ConfigSections...)
	}
	return spec
}
