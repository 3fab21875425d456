package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/internal/linttest"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	core "github.com/seams/seams-timers/rules"
)

// TestRegistry validates the family (linttest.Registry), and what is this
// engine's own: the cs kind, Lookup, and pages with C# examples and the
// C# suppression line.
func TestRegistry(t *testing.T) {
	linttest.Registry(t, All(), "TMR7", EngineName, "testdata")
	for _, r := range All() {
		if r.Kind == lint.KindFile && r.FileKind != KindCS {
			t.Errorf("%s: file kind %q", r.ID, r.FileKind)
		}
		if core.IsCore(r) {
			continue // the core's pages are the core's
		}
		if page := Markdown(r); !strings.Contains(page, "```csharp") || !strings.Contains(page, "// seams-timers:ignore "+r.ID) {
			t.Errorf("%s: the page has no C# examples or suppression line", r.ID)
		}
	}
}

// check runs the engine over a fixture, with the .seams-timers.yaml of a
// fixture directory when it has one.
func check(t *testing.T, fx string) *lint.Report {
	t.Helper()
	opts := project.Options{Paths: []string{fx}}
	if cfgPath := filepath.Join(fx, lint.ConfigFileName); fileExists(cfgPath) {
		cfg, err := lint.LoadConfig(cfgPath, lint.ConfigSpec{Rules: All(), Sections: Engine.ConfigSections})
		if err != nil {
			t.Fatal(err)
		}
		opts.Config = cfg
	}
	rep, err := project.Check(opts, []*project.Engine{Engine}, lint.Options{Rules: All()})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func fileExists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && !info.IsDir()
}

// TestFixtures runs the rules over every fixture and compares the
// findings with the fixture's `want` comments exactly.
func TestFixtures(t *testing.T) {
	for _, r := range All() {
		valid, invalid := linttest.Fixtures("testdata", r.ID)
		for _, fx := range append(valid, invalid...) {
			t.Run(filepath.ToSlash(fx), func(t *testing.T) {
				linttest.Compare(t, fx, r.ID, linttest.Wants(t, fx, IsCSPath), check(t, fx).Diagnostics)
			})
		}
	}
}
