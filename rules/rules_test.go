package rules_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cadence "github.com/seams/seams-timers/cadence/rules"
	"github.com/seams/seams-timers/internal/engines"
	"github.com/seams/seams-timers/internal/linttest"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/rules"
)

// fixtureNow is the reference clock of every fixture.
var fixtureNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// TestMain builds seams-timers-go, which the Cadence/Temporal engine runs
// for the Go fixtures, and points the engine at it.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "seams-timers-go")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	helper := filepath.Join(dir, cadence.HelperName)
	if out, err := exec.Command("go", "build", "-o", helper, "../cmd/seams-timers-go").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building seams-timers-go: %v\n%s", err, out)
		os.Exit(3)
	}
	os.Setenv(cadence.HelperEnv, helper)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

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
	// The suppression rules fire in every kind of file that holds
	// comments: their pages show each one, so that `explain TMR0010`
	// shows a C# user C#.
	for _, r := range []*lint.Rule{rules.SuppressionNoReason, rules.SuppressionUnknownRule, rules.SuppressionUnused} {
		page := rules.Markdown(r)
		for _, want := range []string{
			"### BPMN XML\n\nBad:\n\n```xml\n<!-- seams-timers:ignore",
			"### Turtle, the BPMN engine's index graph\n\nBad:\n\n```turtle\n# seams-timers:ignore",
			"### Workflow Engine scheme XML\n\nBad:\n\n```xml\n",
			"### Workflow Engine SQL seed\n\nBad:\n\n```sql\nINSERT INTO",
			"### C#, Stateflows\n\nBad:\n\n```csharp\n",
			"### Go, Cadence/Temporal workflow code\n\nBad:\n\n```go\n",
			"A Cadence/Temporal history (JSON) holds no comments",
		} {
			if !strings.Contains(page, want) {
				t.Errorf("%s: the page lacks %q", r.ID, want)
			}
		}
	}
}

// TestFixtures runs every engine over every fixture of the core's rules,
// whatever kinds of file it holds, and compares what they report with what
// the fixture expects, exactly. A Go module (a directory with a go.mod) is
// checked from a copy: discovery skips the Go files under testdata, as the
// go command does.
func TestFixtures(t *testing.T) {
	every := func(string) bool { return true }
	for _, r := range rules.Core() {
		valid, invalid := linttest.Fixtures("testdata", r.ID)
		for _, fx := range append(valid, invalid...) {
			t.Run(filepath.ToSlash(fx), func(t *testing.T) {
				target := fx
				if _, err := os.Stat(filepath.Join(fx, "go.mod")); err == nil {
					target = copyDir(t, fx)
				}
				rep, err := project.Check(project.Options{Paths: []string{target}}, engines.All(), lint.Options{Rules: engines.Rules(), Now: fixtureNow})
				if err != nil {
					t.Fatal(err)
				}
				for i, d := range rep.Diagnostics {
					if rel, ok := strings.CutPrefix(d.File, target); ok && target != fx {
						rep.Diagnostics[i].File = fx + rel
					}
				}
				linttest.Compare(t, fx, r.ID, linttest.Wants(t, fx, every), rep.Diagnostics)
			})
		}
	}
}

// copyDir copies a flat fixture directory into a temporary one.
func copyDir(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), filepath.Base(dir))
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
