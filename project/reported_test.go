package project_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
)

// TestReportedFindings: a check reports the findings on the files it
// reports, and on paths that are no file's (a loader's finding on a
// directory), but not those on files read only as context; with a stdin
// buffer, only the buffer's. Each in memory and streamed.
func TestReportedFindings(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "a.toy", "never\n")
	write(t, dir, "ctx/b.toy", "never\n")
	write(t, dir, "c.toy", "daily\nnever\n")
	elsewhere := filepath.Join(dir, "nowhere")
	engine := func() *project.Engine {
		// The files under ctx/ are read as context only.
		return toyEngineWith(func(p string) bool { return filepath.Base(filepath.Dir(p)) != "ctx" },
			lint.LoadDiagnostic("TOY0001", span.At(elsewhere, span.Pos{Line: 1, Col: 1}), "not a file", ""))
	}
	where := func(ds []lint.Diagnostic) []string {
		var out []string
		for _, d := range ds {
			out = append(out, filepath.Base(d.File)+":"+d.Rule)
		}
		return out
	}
	run := func(opts project.Options) (files int, got []string, streamed []string) {
		t.Helper()
		rep, err := project.Check(opts, []*project.Engine{engine()}, lint.Options{Jobs: 2})
		if err != nil {
			t.Fatal(err)
		}
		opts.Release = true
		srep, err := project.CheckStream(opts, []*project.Engine{engine()}, lint.Options{Jobs: 2}, project.Stream{})
		if err != nil {
			t.Fatal(err)
		}
		defer srep.Findings.Close()
		var sds []lint.Diagnostic
		for d, err := range srep.Findings.All() {
			if err != nil {
				t.Fatal(err)
			}
			sds = append(sds, d)
		}
		if srep.Files != rep.Files || srep.Timers != rep.Timers {
			t.Errorf("streamed: %d files, %d timers; in memory %d, %d", srep.Files, srep.Timers, rep.Files, rep.Timers)
		}
		return rep.Files, where(rep.Diagnostics), where(sds)
	}

	files, got, streamed := run(project.Options{Paths: []string{dir}})
	want := []string{"a.toy:TOY1001", "c.toy:TOY1001", "nowhere:TOY0001"}
	if files != 2 || !slices.Equal(got, want) || !slices.Equal(streamed, want) {
		t.Errorf("files %d, findings %v, streamed %v; want 2, %v", files, got, streamed, want)
	}

	a := filepath.Join(dir, "a.toy")
	files, got, streamed = run(project.Options{Paths: []string{"-", dir}, Stdin: []byte("daily\nnever\n"), StdinName: a})
	want = []string{"a.toy:TOY1001"}
	if files != 1 || !slices.Equal(got, want) || !slices.Equal(streamed, want) {
		t.Errorf("with a buffer: files %d, findings %v, streamed %v; want 1, %v", files, got, streamed, want)
	}
}
