package main

import (
	enginelist "github.com/seams/seams-timers/internal/engines"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// engines are the timer systems seams-timers checks (internal/engines is
// where a new one is registered).
func engines() []*project.Engine { return enginelist.All() }

// allRules returns every engine's rules, each once, in ID order (the
// core's TMR0xxx first; each engine's IDs are a family of their own).
func allRules() []*lint.Rule { return project.Rules(engines()) }

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
