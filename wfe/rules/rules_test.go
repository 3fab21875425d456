package rules

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/seams/seams-timers/internal/linttest"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

var fixtureNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// TestRegistry validates the family (linttest.Registry), and what is this
// engine's own: the file kind and the value rules.
func TestRegistry(t *testing.T) {
	linttest.Registry(t, All(), "TMR6", EngineName, "testdata")
	for _, r := range All() {
		if r.Kind == lint.KindFile && r.FileKind != Kind {
			t.Errorf("%s: file kind %q", r.ID, r.FileKind)
		}
	}
	for _, vr := range valueRules {
		if vr.rule.Kind != lint.KindFile {
			t.Errorf("%s: a value rule is not a file rule", vr.rule.ID)
		}
	}
}

// TestFixtures checks every fixture (with the config beside it, if any)
// against the `want "TMRnnnn"` comments on its lines, exactly.
func TestFixtures(t *testing.T) {
	notConfig := func(p string) bool { return filepath.Base(p) != lint.ConfigFileName }
	for _, r := range All() {
		valid, invalid := linttest.Fixtures("testdata", r.ID)
		for _, fx := range append(valid, invalid...) {
			t.Run(filepath.ToSlash(fx), func(t *testing.T) {
				rep, err := project.Check(project.Options{Paths: []string{fx}, Config: fixtureConfig(t, fx)}, []*project.Engine{Engine}, lint.Options{Rules: All(), Now: fixtureNow})
				if err != nil {
					t.Fatal(err)
				}
				linttest.Compare(t, fx, r.ID, linttest.Wants(t, fx, notConfig), rep.Diagnostics)
			})
		}
	}
}

// fixtureConfig reads the config of a fixture directory, or returns nil.
func fixtureConfig(t *testing.T, fx string) *lint.Config {
	t.Helper()
	p := filepath.Join(fx, lint.ConfigFileName)
	if _, err := os.Stat(p); err != nil {
		return nil
	}
	cfg, err := lint.LoadConfig(p, lint.ConfigSpec{Rules: All(), Sections: Engine.ConfigSections})
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}
