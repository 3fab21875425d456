package main

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// goFixModule copies examples/cadence (a module over stub SDKs that builds
// offline) to a temporary directory, with the fix fixtures of the
// analyzers (both SDKs) as packages of their own and a package whose two
// sleeps are the only uses of time, and returns its directory.
func goFixModule(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mod")
	copyTree(t, "../../examples/cadence", dir)
	// A repository's root: the project's boundary, for a check of one
	// of its directories.
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	fixtures := "../../cadence/analyzers/testdata/src/"
	for pkg, files := range map[string][]string{
		"sleepc": {"tmr8001/cadence/invalid_fix.go", "tmr8001/cadence/invalid_fiximport.go"},
		"sleept": {"tmr8001/temporal/invalid_fix.go", "tmr8001/temporal/invalid_fiximport.go"},
		"clockc": {"tmr8003/cadence/invalid_fix.go"},
		"clockt": {"tmr8003/temporal/invalid_fix.go"},
	} {
		for _, f := range files {
			b, err := os.ReadFile(fixtures + f)
			if err != nil {
				t.Fatal(err)
			}
			mkdirWrite(t, filepath.Join(dir, pkg, filepath.Base(f)), b)
		}
	}
	mkdirWrite(t, filepath.Join(dir, "twice", "twice.go"), []byte(`package twice

import (
	"fmt"
	"time"

	"go.temporal.io/sdk/workflow"
)

// Twice sleeps twice: the two fixes together leave time unused.
func Twice(ctx workflow.Context, d Wait) (string, error) {
	n := 1                 // a comment aligned with the next
	time.Sleep(d.Duration) // one
	fmt.Println(n)
	time.Sleep(d.Duration)
	return "", nil
}

// Nested sleeps until a time read from the worker's clock: two fixes,
// one inside the other, of two rules.
func Nested(ctx workflow.Context, d Wait) (int, error) {
	time.Sleep(time.Until(d.At))
	return 1, nil
}
`))
	mkdirWrite(t, filepath.Join(dir, "twice", "wait.go"), []byte(`package twice

import "time"

// Wait is how long to wait, or until when.
type Wait struct {
	time.Duration
	At time.Time
}
`))
	return dir
}

func mkdirWrite(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// snapshot reads every Go file of a tree, by path relative to it.
func snapshot(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// runIn runs a program in dir, offline, and returns its exit code and
// output.
func runIn(t *testing.T, dir, prog string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(prog, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", prog, err)
	}
	return code, out.String(), errOut.String()
}

// fixedLine is --fix's line for a file written.
var fixedLine = regexp.MustCompile(`(?m)^fixed .* \((\d+) fix\(es\)\)$`)

// TestGoFixBuilds runs the built binaries as a Go developer does, on a
// copy of a module: --diff ./... writes nothing and shows exactly what
// --fix ./... then writes; the fixed module is gofmt-clean and passes go
// build and go vet; a second --fix changes nothing, and what check still
// reports has no fix (every fixable finding is gone); go vet -fix with
// seams-timers as its tool writes the same files.
func TestGoFixBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the go command")
	}
	bin := buildBinary(t)
	dir := goFixModule(t)
	if code, out, errOut := runIn(t, dir, "go", "build", "./..."); code != 0 {
		t.Fatalf("the module does not build before the fixes: %s%s", out, errOut)
	}
	before := snapshot(t, dir)
	check := []string{"check", "--no-config", "--color", "never"}
	native := func() int {
		_, out, _ := runIn(t, dir, bin, append(check, "./...")...)
		return strings.Count(out, "[TMR8001 ") + strings.Count(out, "[TMR8003 ")
	}
	nativeBefore := native()

	code, diff, errOut := runIn(t, dir, bin, append(check, "--diff", "./...")...)
	if code != lint.ExitFindings || diff == "" {
		t.Fatalf("--diff: exit %d\n%s%s", code, diff, errOut)
	}
	if after := snapshot(t, dir); !maps.EqualFunc(before, after, bytes.Equal) {
		t.Fatal("--diff wrote files")
	}

	code, _, errOut = runIn(t, dir, bin, append(check, "--fix", "./...")...)
	if code != lint.ExitFindings {
		t.Fatalf("--fix: exit %d\n%s", code, errOut)
	}
	after := snapshot(t, dir)
	var written strings.Builder
	applied := 0
	for _, f := range slices.Sorted(maps.Keys(after)) {
		if !bytes.Equal(before[f], after[f]) {
			written.WriteString(lint.UnifiedDiff(lint.FixResult{File: f, Old: before[f], New: after[f]}))
		}
	}
	for _, m := range fixedLine.FindAllStringSubmatch(errOut, -1) {
		n, _ := strconv.Atoi(m[1])
		applied += n
	}
	if written.String() != diff {
		t.Errorf("--fix wrote other changes than --diff showed:\n--- written\n%s\n--- shown\n%s", written.String(), diff)
	}
	for _, want := range []string{
		"+\tif err := wf.Sleep(ctx, d); err != nil {\n+\t\treturn err\n+\t}",
		"+\t\treturn time.Time{}, Result{}, nil, nil, nil, \"\", false, 0, nil, err\n",
		"-\t\"time\"\n", // twice.go and invalid_fiximport.go lose the import
		"+\tn := 1 // a comment aligned with the next\n", // realigned: gofmt ran
		"+\treturn workflow.Now(ctx), nil\n",
		"+\tif err := workflow.Sleep(ctx, d.At.Sub(workflow.Now(ctx))); err != nil {\n+\t\treturn 0, err\n+\t}\n",
	} {
		if !strings.Contains(diff, want) {
			t.Errorf("the diff lacks %q:\n%s", want, diff)
		}
	}
	// Every fix applied removed its finding.
	if nativeAfter := native(); applied < 20 || nativeBefore-nativeAfter != applied {
		t.Errorf("--fix applied %d fixes, and the native findings went from %d to %d:\n%s", applied, nativeBefore, nativeAfter, errOut)
	}

	if code, out, errOut := runIn(t, dir, "gofmt", "-l", "."); code != 0 || out != "" {
		t.Errorf("gofmt -l after --fix: %s%s", out, errOut)
	}
	if code, out, errOut := runIn(t, dir, "go", "build", "./..."); code != 0 {
		t.Errorf("go build after --fix: %s%s", out, errOut)
	}
	if code, out, errOut := runIn(t, dir, "go", "vet", "./..."); code != 0 {
		t.Errorf("go vet after --fix: %s%s", out, errOut)
	}

	// Idempotent: nothing is left to fix, and a second run writes nothing.
	if _, out, errOut := runIn(t, dir, bin, append(check, "--diff", "./...")...); out != "" || !strings.Contains(errOut, "no fixes: none of the") {
		t.Errorf("a finding still has a fix after --fix:\n%s%s", out, errOut)
	}
	code, out, errOut := runIn(t, dir, bin, append(check, "--fix", "./...")...)
	if strings.Contains(errOut, "fixed ") || !maps.EqualFunc(after, snapshot(t, dir), bytes.Equal) {
		t.Errorf("a second --fix wrote again: exit %d\n%s%s", code, out, errOut)
	}

	// go vet -fix with seams-timers as its tool applies the same fixes
	// (the go command merges and formats them itself).
	vetDir := goFixModule(t)
	vet := exec.Command("go", "vet", "-vettool="+bin, "-fix", "./...")
	vet.Dir = vetDir
	vet.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local", "GOCACHE="+t.TempDir())
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet -fix: %v\n%s", err, out)
	}
	vetted := snapshot(t, vetDir)
	for _, f := range slices.Sorted(maps.Keys(after)) {
		if !bytes.Equal(after[f], vetted[f]) {
			t.Errorf("go vet -fix and check --fix disagree on %s:\n%s", f, lint.UnifiedDiff(lint.FixResult{File: f, Old: after[f], New: vetted[f]}))
		}
	}
}

// TestGoFixPaths: --fix writes the Go files under the paths given (a
// file, a directory, a pattern), and no other.
func TestGoFixPaths(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs the go command")
	}
	bin := buildBinary(t)
	dir := goFixModule(t)
	before := snapshot(t, dir)
	for _, c := range []struct {
		path string
		want []string // the files written
	}{
		{"sleepc/invalid_fix.go", []string{"sleepc/invalid_fix.go"}},
		{"clockt", []string{"clockt/invalid_fix.go"}},
		{"./sleept/...", []string{"sleept/invalid_fix.go", "sleept/invalid_fiximport.go"}},
	} {
		now := snapshot(t, dir)
		code, _, errOut := runIn(t, dir, bin, "check", "--no-config", "--fix", c.path)
		if code != lint.ExitFindings {
			t.Errorf("--fix %s: exit %d\n%s", c.path, code, errOut)
		}
		var got []string
		for f, b := range snapshot(t, dir) {
			if !bytes.Equal(now[f], b) {
				got = append(got, f)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("--fix %s wrote %v, want %v\n%s", c.path, got, c.want, errOut)
		}
	}
	if _, ok := before["reminder/reminder.go"]; !ok || !bytes.Equal(before["reminder/reminder.go"], snapshot(t, dir)["reminder/reminder.go"]) {
		t.Error("a file under no given path was written")
	}
}

// TestPlanFixesConflict: of two fixes that overlap, the first is applied
// and the second skipped with a message saying so, in --diff as in --fix;
// the Go file is finished (gofmt) after.
func TestPlanFixesConflict(t *testing.T) {
	src := []byte("package p\n\nfunc f() {\n\tg(1)\n}\n")
	file := filepath.Join(t.TempDir(), "p.go")
	d := func(off, end int, text string) lint.Diagnostic {
		return lint.Diagnostic{File: file, Rule: "TMR8001", Fix: &lint.Fix{Message: "x", Edits: []lint.Edit{{Offset: off, End: end, NewText: text}}}}
	}
	at := bytes.Index(src, []byte("1"))
	rep := &lint.Report{
		Diagnostics: []lint.Diagnostic{d(at, at+1, "2"), d(at-1, at+2, "3")},
		Project:     &lint.Project{Files: []*lint.File{{Path: file, Src: src}}},
	}
	var errOut bytes.Buffer
	s := &streams{In: strings.NewReader(""), Out: io.Discard, Err: &errOut}
	fixes, err := planFixes(s, rep, []string{filepath.Dir(file)}, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(fixes) != 1 || fixes[0].Applied != 1 || fixes[0].Skipped != 1 {
		t.Fatalf("fixes = %+v", fixes)
	}
	if string(fixes[0].New) != "package p\n\nfunc f() {\n\tg(2)\n}\n" {
		t.Errorf("fixed file:\n%s", fixes[0].New)
	}
	if !strings.Contains(errOut.String(), "1 fix not applied: it overlaps another fix of the file; run --fix again to apply it") {
		t.Errorf("no message for the skipped fix: %q", errOut.String())
	}
}
