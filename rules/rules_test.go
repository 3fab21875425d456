package rules_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/seams/seams-timers/internal/engines"
	"github.com/seams/seams-timers/internal/linttest"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/rules"
)

// fixtureNow is the reference clock of every fixture.
var fixtureNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// TestRegistry validates the core's rules (linttest.CoreRegistry: unique
// IDs and names, a doc, examples for each kind of file, fixtures that
// show each rule silent and firing, one of them pinning its message).
func TestRegistry(t *testing.T) {
	linttest.CoreRegistry(t, "testdata")
	for _, r := range rules.Core() {
		if r.Kind != lint.KindLoad {
			t.Errorf("%s: the core's rules are load rules", r.ID)
		}
	}
}

// TestFixtures runs every engine over every fixture of the core's rules,
// whatever kinds of file it holds, and compares what they report with what
// the fixture expects, exactly.
func TestFixtures(t *testing.T) {
	every := func(string) bool { return true }
	for _, r := range rules.Core() {
		valid, invalid := linttest.Fixtures("testdata", r.ID)
		for _, fx := range append(valid, invalid...) {
			t.Run(filepath.ToSlash(fx), func(t *testing.T) {
				rep, err := project.Check(project.Options{Paths: []string{fx}}, engines.All(), lint.Options{Rules: engines.Rules(), Now: fixtureNow})
				if err != nil {
					t.Fatal(err)
				}
				linttest.Compare(t, fx, r.ID, linttest.Wants(t, fx, every), rep.Diagnostics)
			})
		}
	}
}
