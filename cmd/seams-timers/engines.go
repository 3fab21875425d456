package main

import (
	"strings"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/rules"
)

// engines are the timer systems seams-timers checks, in the order their
// files are listed. A new engine is one more entry here.
func engines() []*project.Engine { return []*project.Engine{rules.Engine} }

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
func lookupRule(key string) *lint.Rule {
	for _, r := range allRules() {
		if strings.EqualFold(r.ID, key) || r.Name == key {
			return r
		}
	}
	return nil
}

// configSpec is what a config file is validated against.
func configSpec() lint.ConfigSpec {
	return lint.ConfigSpec{Rules: allRules(), ParseDuration: rules.ExactDuration}
}
