package rules

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/seams/seams-timers/internal/linttest"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// fixtureNow is the reference clock of every fixture, the one SPIFF.md's
// measurements use.
var fixtureNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// TestRegistry validates the registry itself (linttest.Registry: unique
// IDs and names, a doc, a bad and a good example, a title and a severity
// for every rule, and a valid and an invalid fixture for each).
func TestRegistry(t *testing.T) {
	linttest.Registry(t, All(), "TMR", EngineName, "testdata")
}

// fixtures lists a rule's valid-* and invalid-* fixtures (files or
// directories).
func fixtures(t *testing.T, id string) (valid, invalid []string) {
	t.Helper()
	return linttest.Fixtures("testdata", id)
}

// TestFixtures runs every rule over every fixture and compares what it
// reports with what the fixture expects, exactly: a missing finding and an
// unexpected one both fail. A valid-* fixture must not expect its own rule;
// an invalid-* one must.
func TestFixtures(t *testing.T) {
	every := func(string) bool { return true }
	for _, r := range All() {
		valid, invalid := fixtures(t, r.ID)
		for _, fx := range append(valid, invalid...) {
			t.Run(filepath.ToSlash(fx), func(t *testing.T) {
				rep, err := project.Check(project.Options{Paths: []string{fx}}, []*project.Engine{Engine}, lint.Options{Rules: All(), Now: fixtureNow})
				if err != nil {
					t.Fatal(err)
				}
				linttest.Compare(t, fx, r.ID, linttest.Wants(t, fx, every), rep.Diagnostics)
			})
		}
	}
}
