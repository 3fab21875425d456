package main

import (
	"maps"

	enginelist "github.com/seams/seams-timers/internal/engines"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	simcore "github.com/seams/seams-timers/sim"
)

// engines are the timer systems seams-timers checks (internal/engines is
// where a new one is registered).
func engines() []*project.Engine { return enginelist.All() }

// allRules returns every engine's rules, in ID order (each engine's IDs
// are a family of their own).
func allRules() []*lint.Rule {
	var out []*lint.Rule
	for _, e := range engines() {
		out = append(out, e.Rules...)
	}
	return out
}

// lookupRule finds a rule of any engine by ID (case-insensitive) or name.
func lookupRule(key string) *lint.Rule { return lint.FindRule(allRules(), key) }

// configSpec is what a config file is validated against: every engine's
// rules and sections.
func configSpec() lint.ConfigSpec {
	spec := lint.ConfigSpec{Rules: allRules(), ParseDuration: simcore.ParsePositiveDuration, Sections: map[string]lint.SectionParser{}}
	for _, e := range engines() {
		maps.Copy(spec.Sections, e.ConfigSections)
	}
	return spec
}
