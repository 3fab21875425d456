package project_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// maxLoadedPerFile and maxDuePerFile bound the heap a streamed check
// holds for each file without findings, once the engine loaded every file
// and when the project rules are due (what it holds until they ran): the
// lint.File (160 bytes), its path, its slots in the discovered and loaded
// lists. Measured 197 and 185 bytes; before, the loader also kept each
// file's absolute path in a set to the end of the load, check a map of
// every path, and a File was 208 bytes with a Columns of its own: 374 and
// 298 bytes.
const maxLoadedPerFile, maxDuePerFile = 230, 220

// TestRetainedPerFile holds what a check keeps of each file to the
// bounds, from the live heap after a collection at the end of the
// engine's load and where the project rules would run, as the slope
// between two sizes of project, so that what does not grow with the files
// cancels out.
func TestRetainedPerFile(t *testing.T) {
	small, large := 500, 2500
	dir := t.TempDir()
	// Relative paths, as a user gives them: their absolute forms are
	// other strings.
	t.Chdir(dir)
	for i := range large {
		sub := "a"
		if i >= small {
			sub = "b"
		}
		write(t, ".", fmt.Sprintf("%s/m%05d.toy", sub, i), "daily\nhourly\n")
	}
	// live is the heap each check holds, above what was live before it,
	// once the engine loaded every file and once the project rules are
	// due.
	live := func(paths ...string) (loaded, due uint64, files int) {
		var before runtime.MemStats
		heap := func() uint64 {
			var now runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&now)
			return now.HeapAlloc - min(now.HeapAlloc, before.HeapAlloc)
		}
		runtime.GC()
		runtime.ReadMemStats(&before)
		e := toyEngine()
		load := e.Load
		e.Load = func(l *project.Loader) (any, []lint.Diagnostic, []string) {
			state, diags, notes := load(l)
			loaded = heap()
			return state, diags, notes
		}
		st := project.Stream{Keep: func(proj *lint.Project) (func(lint.Diagnostic) (bool, error), error) {
			due = heap()
			files = len(proj.Files)
			return nil, nil
		}}
		rep, err := project.CheckStream(project.Options{Paths: paths, Release: true}, []*project.Engine{e}, lint.Options{Jobs: 2}, st)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Files != files || rep.Timers != 2*files {
			t.Fatalf("%d files, %d timers; want %d, %d", rep.Files, rep.Timers, files, 2*files)
		}
		_ = rep.Findings.Close()
		return loaded, due, files
	}
	slope := func(a, b uint64) uint64 {
		if b < a {
			return 0
		}
		return (b - a) / uint64(large-small)
	}
	atLoad, atRules := ^uint64(0), ^uint64(0)
	// The least of a few tries: a collection in the test binary's other
	// goroutines can only add.
	for range 3 {
		l1, r1, n1 := live("a")
		l2, r2, n2 := live("a", "b")
		if n1 != small || n2 != large {
			t.Fatalf("%d and %d files; want %d and %d", n1, n2, small, large)
		}
		atLoad, atRules = min(atLoad, slope(l1, l2)), min(atRules, slope(r1, r2))
	}
	t.Logf("bytes retained a file: %d once loaded, %d when the project rules are due", atLoad, atRules)
	if atLoad > maxLoadedPerFile {
		t.Errorf("a check retains %d bytes a file once loaded; want at most %d", atLoad, maxLoadedPerFile)
	}
	if atRules > maxDuePerFile {
		t.Errorf("a check retains %d bytes a file when its project rules are due; want at most %d", atRules, maxDuePerFile)
	}
}
