package rules

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// TestReleaseSameFindings checks every fixture directory as check does
// (project.Options.Release: each model checked as soon as it is parsed,
// then released) and as the editor and simulate do (every model kept to
// the end): the findings are the same, byte for byte, related locations
// included; with Release no model is kept, not even where an index graph
// joins it (the join keeps a join.Model instead), and a file's bytes only
// where something printed points into them. The join keeps only the ids
// the graph names: keeping every id finds the same.
func TestReleaseSameFindings(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "TMR*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no fixture directories: %v", err)
	}
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	released, joinedModels := 0, 0
	for _, dir := range dirs {
		check := func(release, drop bool) *lint.Report {
			t.Helper()
			rep, err := project.Check(project.Options{Paths: []string{dir}, Release: release, DropSources: drop, Jobs: 2},
				[]*project.Engine{Engine}, lint.Options{Now: now})
			if err != nil {
				t.Fatalf("%s: %v", dir, err)
			}
			return rep
		}
		kept, rel := check(false, false), check(true, false)
		if got, want := render(rel), render(kept); got != want {
			t.Errorf("%s: findings with Release:\n%s\nwithout:\n%s", dir, got, want)
		}
		if rel.Files != kept.Files || rel.Timers != kept.Timers {
			t.Errorf("%s: %d files, %d timers with Release; %d, %d without", dir, rel.Files, rel.Timers, kept.Files, kept.Timers)
		}
		if ix := IndexOf(rel.Project); ix != nil {
			joinedModels += len(ix.Models())
		}
		pointed := map[string]bool{}
		for _, d := range rel.Diagnostics {
			pointed[d.File] = true
		}
		for _, f := range rel.Project.Files {
			if f.Kind != KindBPMN {
				continue
			}
			if f.Model != nil {
				t.Errorf("%s: model kept with Release", f.Path)
			}
			if f.Src != nil {
				released++
			}
			if pointed[f.Path] && f.Src == nil {
				t.Errorf("%s: a finding points into it, but its bytes were released", f.Path)
			}
		}
		// Nothing reads the bytes after the check: every file's are
		// released, and the findings do not change.
		drop := check(true, true)
		if got, want := render(drop), render(kept); got != want {
			t.Errorf("%s: findings with DropSources:\n%s\nwithout:\n%s", dir, got, want)
		}
		for _, f := range drop.Project.Files {
			if f.Src != nil {
				t.Errorf("%s: bytes kept with DropSources", f.Path)
			}
			if f.Kind == KindBPMN && f.Model != nil {
				t.Errorf("%s: model kept with DropSources", f.Path)
			}
		}
		keepEveryID = true
		every := check(true, true)
		keepEveryID = false
		if got, want := render(every), render(drop); got != want {
			t.Errorf("%s: findings with every id kept:\n%s\nwith the graph's:\n%s", dir, got, want)
		}
	}
	if joinedModels == 0 {
		t.Error("no fixture joined a model with a graph: the test checks nothing of that case")
	}
	if released == 0 {
		t.Error("no fixture kept its bytes after its model was released: the test checks nothing of that case")
	}
}

// render prints a report's findings with everything they carry.
func render(rep *lint.Report) string {
	var b strings.Builder
	for _, d := range rep.Diagnostics {
		fmt.Fprintf(&b, "%s:%d:%d-%d:%d %s %s %s %q %q fix=%v element=%q subject=%q\n", d.File, d.Line, d.Column, d.EndLine, d.EndColumn,
			d.Rule, d.Name, d.Severity, d.Message, d.Detail, d.Fix != nil, d.Element, d.Subject)
		for _, r := range d.Related {
			fmt.Fprintf(&b, "  related %s %q\n", r.Range, r.Label)
		}
	}
	return b.String()
}
