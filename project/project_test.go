package project_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
)

// toyEngine is an engine of the test's own: it reads *.toy files, one
// timer a line, and its one file rule reports every line that says
// "never". It shows that the loader and the driver need no BPMN.
func toyEngine() *project.Engine { return toyEngineWith(nil) }

// toyEngineWith is toyEngine whose files are reported when reported says
// so (all of them when it is nil), and whose load adds the findings extra.
func toyEngineWith(reported func(path string) bool, extra ...lint.Diagnostic) *project.Engine {
	never := &lint.Rule{
		ID: "TOY1001", Name: "toy-never", Severity: lint.SeverityError, Title: "a timer that never fires",
		Kind: lint.KindFile, Engine: "toy", FileKind: "toy",
		Run: func(p *lint.Pass) {
			for i, line := range p.File.Model.([]string) {
				if line == "never" {
					r := span.Range{File: p.File.Path, Start: span.Pos{Line: i + 1, Col: 1}, End: span.Pos{Line: i + 1, Col: 6}}
					p.ReportSpan(r, "t"+string(rune('1'+i)), "toy:when", "never fires", "Say when.")
				}
			}
		},
	}
	return &project.Engine{
		Name:  "toy",
		Kinds: []project.Kind{{Name: "toy", Match: func(p string) bool { return strings.HasSuffix(p, ".toy") }}},
		Rules: []*lint.Rule{never},
		Load: func(l *project.Loader) (any, []lint.Diagnostic, []string) {
			var diags []lint.Diagnostic
			for _, p := range l.Paths("toy") {
				data, err := l.Read(p)
				if err != nil {
					diags = append(diags, lint.LoadDiagnostic("TOY0001", span.At(p, span.Pos{Line: 1, Col: 1}), err.Error(), ""))
					continue
				}
				lines := strings.Split(strings.TrimSpace(string(data)), "\n")
				f := &lint.File{Path: p, Kind: "toy", Src: data, Model: lines, Timers: len(lines), Reported: reported == nil || reported(p)}
				l.Add(f)
				// The toy engine has no project state: nothing after the
				// file rules reads a file.
				l.Done(f)
			}
			return nil, append(diags, extra...), nil
		},
	}
}

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestToyEngine checks discovery (kinds, hidden directories, exclude
// relative to the config), the one read per file, and the driver, on an
// engine that is not BPMN.
func TestToyEngine(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.toy", "daily\nnever\n")
	write(t, dir, "sub/b.toy", "never\n")
	write(t, dir, ".hidden/c.toy", "never\n")
	write(t, dir, "legacy/d.toy", "never\n")
	write(t, dir, "notes.txt", "never\n")
	cfg := &lint.Config{Path: filepath.Join(dir, lint.ConfigFileName), Exclude: []string{"legacy"}}
	reads := map[string]int{}
	opts := project.Options{Paths: []string{dir}, Config: cfg, ReadFile: func(p string) ([]byte, error) {
		reads[p]++
		return os.ReadFile(p)
	}}
	rep, err := project.Check(opts, []*project.Engine{toyEngine()}, lint.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range rep.Diagnostics {
		rel, _ := filepath.Rel(dir, d.File)
		got = append(got, filepath.ToSlash(rel)+":"+d.Rule+":"+d.Message)
	}
	want := []string{
		`a.toy:TOY1001:never fires`,
		`sub/b.toy:TOY1001:never fires`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings:\n got  %q\n want %q", got, want)
	}
	if rep.Files != 2 || rep.Timers != 3 {
		t.Errorf("files %d, timers %d; want 2 and 3", rep.Files, rep.Timers)
	}
	if len(reads) != 2 {
		t.Errorf("read %v; want a.toy and sub/b.toy once each", reads)
	}
	for p, n := range reads {
		if n != 1 {
			t.Errorf("%s read %d times", p, n)
		}
	}
}

// TestRelease: with Options.Release, Check runs the file rules as each
// file is done and releases its model, and its bytes when no finding points
// into them; the findings are those of a run that keeps everything.
func TestRelease(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.toy", "daily\nnever\n")
	write(t, dir, "b.toy", "daily\n")
	write(t, dir, "c.toy", "hourly\nnever\n")
	check := func(release bool) *lint.Report {
		t.Helper()
		rep, err := project.Check(project.Options{Paths: []string{dir}, Release: release}, []*project.Engine{toyEngine()}, lint.Options{Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	kept, released := check(false), check(true)
	if !slices.EqualFunc(kept.Diagnostics, released.Diagnostics, func(a, b lint.Diagnostic) bool { return a.Message == b.Message && a.Line == b.Line }) {
		t.Errorf("findings differ:\n kept     %v\n released %v", kept.Diagnostics, released.Diagnostics)
	}
	if len(released.Diagnostics) != 2 || released.Files != 3 || released.Timers != 5 {
		t.Errorf("released run: %d findings in %d files (%d timers); want 2 in 3 (5)", len(released.Diagnostics), released.Files, released.Timers)
	}
	for _, f := range kept.Project.Files {
		if f.Model == nil || f.Src == nil {
			t.Errorf("%s: released without Options.Release", f.Path)
		}
	}
	for _, f := range released.Project.Files {
		if f.Model != nil {
			t.Errorf("%s: model kept", f.Path)
		}
		withFinding := filepath.Base(f.Path) != "b.toy"
		if (f.Src != nil) != withFinding {
			t.Errorf("%s: bytes kept %v; want them kept only where a finding points", f.Path, f.Src != nil)
		}
	}
	if src := (lint.ProjectSources{Project: released.Project}).Source(filepath.Join(dir, "a.toy")); string(src) != "daily\nnever\n" {
		t.Errorf("a.toy's source for the printers: %q", src)
	}

	// With DropSources nothing reads the bytes after the check: they are
	// all released, the findings unchanged.
	rep, err := project.Check(project.Options{Paths: []string{dir}, Release: true, DropSources: true}, []*project.Engine{toyEngine()}, lint.Options{Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(kept.Diagnostics, rep.Diagnostics, func(a, b lint.Diagnostic) bool { return a.Message == b.Message && a.Line == b.Line }) {
		t.Errorf("findings differ with DropSources:\n kept %v\n got  %v", kept.Diagnostics, rep.Diagnostics)
	}
	for _, f := range rep.Project.Files {
		if f.Src != nil || f.Model != nil {
			t.Errorf("%s: bytes or model kept with DropSources", f.Path)
		}
	}
}

// TestStdinBuffer: the buffer is read instead of its file on disk, and only
// its findings are reported.
func TestStdinBuffer(t *testing.T) {
	dir := t.TempDir()
	a := write(t, dir, "a.toy", "daily\n")
	write(t, dir, "b.toy", "never\n")
	opts := project.Options{Paths: []string{"-", dir}, Stdin: []byte("never\n"), StdinName: a,
		ReadFile: func(p string) ([]byte, error) {
			if p == a {
				return nil, errors.New("the buffer's file was read from disk")
			}
			return os.ReadFile(p)
		}}
	rep, err := project.Check(opts, []*project.Engine{toyEngine()}, lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Diagnostics) != 1 || rep.Diagnostics[0].File != a || rep.Files != 1 {
		t.Errorf("got %d findings in %d files: %+v", len(rep.Diagnostics), rep.Files, rep.Diagnostics)
	}
}

// TestMissingPath is a *PathError, which the commands turn into exit 2.
func TestMissingPath(t *testing.T) {
	_, err := project.Load(project.Options{Paths: []string{filepath.Join(t.TempDir(), "nope")}}, []*project.Engine{toyEngine()})
	var pe *project.PathError
	if !errors.As(err, &pe) {
		t.Fatalf("got %v, want a *project.PathError", err)
	}
}

// TestExcludePatterns pins how discovery reads the config's exclude
// patterns: a pattern matches a path relative to the config's directory,
// a directory on that path, or the base name of the file or of any
// directory it sits in, at any depth; `*` does not cross a slash.
func TestExcludePatterns(t *testing.T) {
	files := []string{
		"a.toy",
		"a.generated.toy",
		"sub/b.toy",
		"sub/deep/c.generated.toy",
		"sub/deep/d.toy",
		"sub/vendor/e.toy",
		"vendor/f.toy",
		"legacy/g.toy",
		"sub/legacy/h.toy",
	}
	for _, tc := range []struct {
		pattern string
		skipped []string
	}{
		// Base names of files, at any depth.
		{"*.generated.toy", []string{"a.generated.toy", "sub/deep/c.generated.toy"}},
		{"d.toy", []string{"sub/deep/d.toy"}},
		// Base names of directories, at any depth.
		{"vendor", []string{"sub/vendor/e.toy", "vendor/f.toy"}},
		{"deep", []string{"sub/deep/c.generated.toy", "sub/deep/d.toy"}},
		// A path relative to the config's directory: only there.
		{"sub/legacy", []string{"sub/legacy/h.toy"}},
		{"sub/*.toy", []string{"sub/b.toy"}},
		{"legacy/*", []string{"legacy/g.toy"}},
		{"*/vendor", []string{"sub/vendor/e.toy"}},
		// No match.
		{"*.bpmn", nil},
	} {
		t.Run(tc.pattern, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range files {
				write(t, dir, f, "daily\n")
			}
			cfg := &lint.Config{Path: filepath.Join(dir, lint.ConfigFileName), Exclude: []string{tc.pattern}}
			var read []string
			opts := project.Options{Paths: []string{dir}, Config: cfg, Jobs: 1, ReadFile: func(p string) ([]byte, error) {
				rel, _ := filepath.Rel(dir, p)
				read = append(read, filepath.ToSlash(rel))
				return os.ReadFile(p)
			}}
			if _, err := project.Check(opts, []*project.Engine{toyEngine()}, lint.Options{Jobs: 1}); err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, f := range files {
				if !slices.Contains(tc.skipped, f) {
					want = append(want, f)
				}
			}
			slices.Sort(read)
			slices.Sort(want)
			if !slices.Equal(read, want) {
				t.Errorf("exclude %q read\n  %q\nwant\n  %q", tc.pattern, read, want)
			}
		})
	}
}

// TestRules: a rule that several engines list (the core's) is listed
// once, where it first appears, and Check runs with that list.
func TestRules(t *testing.T) {
	shared := &lint.Rule{ID: "TOY0001", Name: "toy-unreadable", Severity: lint.SeverityError, Kind: lint.KindLoad}
	a, b := toyEngine(), toyEngine()
	b.Name = "toy2"
	a.Rules = append([]*lint.Rule{shared}, a.Rules...)
	b.Rules = append([]*lint.Rule{shared}, b.Rules...)
	got := project.Rules([]*project.Engine{a, b})
	if len(got) != 3 || got[0] != shared || got[1] != a.Rules[1] || got[2] != b.Rules[1] {
		var ids []string
		for _, r := range got {
			ids = append(ids, r.ID)
		}
		t.Errorf("Rules = %v; want TOY0001 once, then each engine's own", ids)
	}
}

// TestAbsFuncFollowsWorkingDirectory holds the session's memo of absolute
// paths to the working directory: a check after a change of it makes the
// same relative path absolute from the new one.
func TestAbsFuncFollowsWorkingDirectory(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	s := project.NewSession()
	t.Chdir(a)
	abs := s.AbsFunc()
	if got, want := abs("m.bpmn"), filepath.Join(a, "m.bpmn"); got != want {
		t.Fatalf("in %s: %s, want %s", a, got, want)
	}
	if got, want := abs("sub/../m.bpmn"), filepath.Join(a, "m.bpmn"); got != want {
		t.Fatalf("in %s: %s, want %s", a, got, want)
	}
	if got, want := abs("/x//y/./z"), "/x/y/z"; got != want && filepath.Separator == '/' {
		t.Fatalf("%s, want %s", got, want)
	}
	t.Chdir(b)
	abs = s.AbsFunc()
	if got, want := abs("m.bpmn"), filepath.Join(b, "m.bpmn"); got != want {
		t.Fatalf("in %s after %s: %s, want %s", b, a, got, want)
	}
}

// TestAbsFuncAfterReset uses the memo of absolute paths after the session
// was reset, between checks and during one.
func TestAbsFuncAfterReset(t *testing.T) {
	s := project.NewSession()
	abs := s.AbsFunc()
	s.Reset()
	want, _ := filepath.Abs("m.bpmn")
	if got := abs("m.bpmn"); got != want {
		t.Fatalf("%s, want %s", got, want)
	}
	if got := s.AbsFunc()("m.bpmn"); got != want {
		t.Fatalf("%s, want %s", got, want)
	}
}
