package rules

import (
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// TestExampleModule checks examples/cadence: one finding per rule at its
// place (the native sleep of a helper in another package at the helper's
// call, with the chain from the workflow in the detail), the clean
// workflow silent, the history's findings at their events.
func TestExampleModule(t *testing.T) {
	dir := filepath.Join("..", "..", "examples", "cadence")
	rep := check(t, dir)
	var got []string
	for _, d := range rep.Diagnostics {
		rel, _ := filepath.Rel(dir, d.File)
		got = append(got, fmt.Sprintf("%s:%d:%d %s", filepath.ToSlash(rel), d.Line, d.Column, d.Rule))
	}
	want := []string{
		"backoff/backoff.go:10:2 TMR8001",
		"histories/order-1.json:11:3 TMR8023",
		"histories/order-1.json:13:3 TMR8021",
		"histories/order-1.json:20:3 TMR8022",
		"reminder/reminder.go:12:2 TMR8001",
		"starter/starter.go:12:29 TMR8010",
		"starter/starter.go:13:29 TMR8011",
		"starter/starter.go:14:31 TMR8012",
		"wf/cancel.go:17:9 TMR8007",
		"wf/durations.go:11:29 TMR8004",
		"wf/durations.go:16:29 TMR8005",
		"wf/durations.go:21:32 TMR8006",
		"wf/loop.go:12:13 TMR8008",
		"wf/native.go:22:4 TMR8002",
		"wf/native.go:28:9 TMR8003",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, d := range rep.Diagnostics {
		if strings.HasSuffix(d.File, "backoff.go") && !strings.Contains(d.Detail, "reached by wf.RetryWorkflow -> backoff.Wait -> time.Sleep") {
			t.Errorf("the helper's finding does not name the chain: %q", d.Detail)
		}
		if strings.HasSuffix(d.File, "clean.go") {
			t.Errorf("the clean workflow has a finding: %s", d.Message)
		}
		if d.Line < 1 || d.EndOffset < d.Offset {
			t.Errorf("%s:%d: bad range", d.File, d.Line)
		}
	}
	if rep.Files != 9 || rep.Timers == 0 {
		t.Errorf("%d files, %d timers", rep.Files, rep.Timers)
	}
}

// writeModule writes a Go module using the stub Cadence SDK into a temporary
// directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	sdk, err := filepath.Abs(filepath.Join("..", "analyzers", "testdata", "src", "go.uber.org", "cadence"))
	if err != nil {
		t.Fatal(err)
	}
	// The stub is copied in: seams-timers-go loads no replacement outside
	// the project.
	if err := os.CopyFS(filepath.Join(dir, ".sdk"), os.DirFS(sdk)); err != nil {
		t.Fatal(err)
	}
	files["go.mod"] = "module example.com/m\n\ngo 1.22\n\nrequire go.uber.org/cadence v1.0.0\n\nreplace go.uber.org/cadence => ./.sdk\n"
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const sleepy = `package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// Order sleeps natively three times.
func Order(ctx workflow.Context) error {
	// seams-timers:ignore TMR8001 the test says why
	time.Sleep(time.Second)
	time.Sleep(2 * time.Second)
	time.Sleep(3 * time.Second) // seams-timers:ignore native-sleep accepted at the end of the line
	return nil
}
`

// TestSuppression: a comment before a line or at its end suppresses the
// finding on that line; the others stay.
func TestSuppression(t *testing.T) {
	dir := writeModule(t, map[string]string{"wf/wf.go": sleepy})
	var got []string
	for _, d := range check(t, dir).Diagnostics {
		got = append(got, fmt.Sprintf("%d %s", d.Line, d.Rule))
	}
	if want := []string{"13 TMR8001"}; !slices.Equal(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
}

// TestSuppressionsAfterSlashes: a // in a string before the comment
// (a URL) does not hide the suppression after it, and a comment that is
// not a suppression is none.
func TestSuppressionsAfterSlashes(t *testing.T) {
	src := "package wf\n\n" +
		"var u = fetch(\"https://example.com\") // seams-timers:ignore TMR8003 the clock is read once\n" +
		"// https://example.com/seams-timers:ignore\n"
	got := suppressions("wf.go", []byte(src))
	if len(got) != 1 {
		t.Fatalf("suppressions %+v, want one", got)
	}
	s := got[0]
	if s.Line != 3 || s.Col != 38 || s.TargetLine != 3 || !slices.Equal(s.IDs, []string{"TMR8003"}) || s.Reason != "the clock is read once" {
		t.Errorf("suppression %+v, want line 3 col 38 covering line 3, TMR8003 with its reason", *s)
	}
}

// TestFix: --fix rewrites time.Sleep(d) to a workflow.Sleep(ctx, d) whose
// error the workflow returns, and the file, finished, is gofmt'd.
func TestFix(t *testing.T) {
	dir := writeModule(t, map[string]string{"wf/wf.go": strings.ReplaceAll(sleepy, "seams-timers:ignore", "note:")})
	rep := check(t, dir)
	fixes, err := lint.PlanFixes(rep.Diagnostics, lint.ProjectSources{Project: rep.Project})
	if err != nil {
		t.Fatal(err)
	}
	if len(fixes) != 1 || fixes[0].Applied != 3 {
		t.Fatalf("fixes %+v, want 3 in one file", fixes)
	}
	fixed, err := FinishFix(fixes[0].Old, fixes[0].New)
	if err != nil {
		t.Fatal(err)
	}
	out := string(fixed)
	for _, want := range []string{
		"\tif err := workflow.Sleep(ctx, time.Second); err != nil {\n\t\treturn err\n\t}\n",
		"\tif err := workflow.Sleep(ctx, 2*time.Second); err != nil {\n\t\treturn err\n\t}\n",
		"\tif err := workflow.Sleep(ctx, 3*time.Second); err != nil {\n\t\treturn err\n\t} // note:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("fixed file lacks %q:\n%s", want, out)
		}
	}
	if formatted, err := format.Source(fixed); err != nil || string(formatted) != out {
		t.Errorf("the fixed file is not gofmt'd (%v):\n%s", err, out)
	}
}

// TestNoModule: a Go file in no module is a finding with a position.
func TestNoModule(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ds := check(t, dir).Diagnostics
	if len(ds) != 1 || ds[0].Rule != RuleGoLoad || ds[0].Line != 1 || !strings.Contains(ds[0].Message, "no go.mod") {
		t.Errorf("findings %+v", ds)
	}
}

// TestNoHelper: without seams-timers-go, a Go module is one finding, not
// a failure.
func TestNoHelper(t *testing.T) {
	dir := writeModule(t, map[string]string{"wf/wf.go": sleepy})
	t.Setenv(HelperEnv, filepath.Join(t.TempDir(), "missing"))
	ds := check(t, dir).Diagnostics
	if len(ds) != 1 || ds[0].Rule != RuleGoLoad || !strings.Contains(ds[0].Message, "seams-timers-go failed") {
		t.Errorf("findings %+v", ds)
	}
}
