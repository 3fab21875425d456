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
// the end): the findings are the same, byte for byte, and with Release a
// model is kept only where an index graph needs it, and a file's bytes
// only where something printed points into them.
func TestReleaseSameFindings(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "TMR*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no fixture directories: %v", err)
	}
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	released, dropped := 0, 0
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
		graphs := IndexOf(rel.Project) != nil
		pointed := map[string]bool{}
		for _, d := range rel.Diagnostics {
			pointed[d.File] = true
		}
		for _, f := range rel.Project.Files {
			if f.Kind != KindBPMN {
				continue
			}
			if graphs != (f.Model != nil) {
				t.Errorf("%s: model kept %v in a run with an index graph %v", f.Path, f.Model != nil, graphs)
			}
			if f.Model == nil && f.Src != nil {
				released++
			}
			if pointed[f.Path] && f.Src == nil {
				t.Errorf("%s: a finding points into it, but its bytes were released", f.Path)
			}
		}
		// Nothing reads the bytes after the check: every file's are
		// released, models the graph needs are kept, and the findings
		// do not change.
		drop := check(true, true)
		if got, want := render(drop), render(kept); got != want {
			t.Errorf("%s: findings with DropSources:\n%s\nwithout:\n%s", dir, got, want)
		}
		for _, f := range drop.Project.Files {
			if f.Src != nil {
				t.Errorf("%s: bytes kept with DropSources", f.Path)
			}
			if f.Kind == KindBPMN && graphs != (f.Model != nil) {
				t.Errorf("%s: model kept %v with DropSources, in a run with an index graph %v", f.Path, f.Model != nil, graphs)
			}
		}
		for _, d := range Documents(drop.Project) {
			if d.Src != nil {
				t.Errorf("%s: the model kept for the join holds its bytes", d.Path)
			}
		}
		for _, rep := range []*lint.Report{rel, drop} {
			for _, d := range Documents(rep.Project) {
				if d.Flows != nil {
					t.Errorf("%s: the model kept for the join holds its flows", d.Path)
				}
				if d.FlowIDs != nil {
					dropped++
				}
			}
		}
	}
	if dropped == 0 {
		t.Error("no model kept for a join had flows to release: the test checks nothing of that case")
	}
	if released == 0 {
		t.Error("no fixture kept its bytes after its model was released: the test checks nothing of that case")
	}
}

// render prints a report's findings with everything they carry.
func render(rep *lint.Report) string {
	var b strings.Builder
	for _, d := range rep.Diagnostics {
		fmt.Fprintf(&b, "%s:%d:%d-%d:%d %s %s %s %q %q fix=%v\n", d.File, d.Line, d.Column, d.EndLine, d.EndColumn,
			d.Rule, d.Name, d.Severity, d.Message, d.Detail, d.Fix != nil)
	}
	return b.String()
}
