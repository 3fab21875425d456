package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// TestFixesOnFixtures applies --fix to every invalid fixture of the rules
// that offer fixes, checks that the fixed file is clean for those rules,
// and that every byte outside the edited spans is as it was.
func TestFixesOnFixtures(t *testing.T) {
	for _, id := range []string{"TMR1004", "TMR1007"} {
		_, invalid := fixtures(t, id)
		if len(invalid) == 0 {
			t.Fatalf("%s has no invalid fixture", id)
		}
		for _, fx := range invalid {
			t.Run(filepath.ToSlash(fx), func(t *testing.T) {
				if info, err := os.Stat(fx); err == nil && info.IsDir() {
					t.Skip("a directory fixture: TestQuoteFixOnEveryFixture covers its files")
				}
				src, err := os.ReadFile(fx)
				if err != nil {
					t.Fatal(err)
				}
				dir := t.TempDir()
				p := filepath.Join(dir, filepath.Base(fx))
				if err := os.WriteFile(p, src, 0o644); err != nil {
					t.Fatal(err)
				}
				opts := lint.Options{Rules: All(), Now: fixtureNow}
				rep, err := project.Check(project.Options{Paths: []string{p}}, []*project.Engine{Engine}, opts)
				if err != nil {
					t.Fatal(err)
				}
				fixable := 0
				for _, d := range rep.Diagnostics {
					if d.Rule == id {
						if d.Fix == nil {
							continue
						}
						fixable++
					}
				}
				if fixable == 0 {
					t.Skipf("no finding of %s here offers a fix", id)
				}
				fixes, err := lint.PlanFixes(rep.Diagnostics, lint.ProjectSources{Project: rep.Project})
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range fixes {
					if err := lint.WriteAtomic(f.File, f.New); err != nil {
						t.Fatal(err)
					}
				}
				after, err := project.Check(project.Options{Paths: []string{p}}, []*project.Engine{Engine}, opts)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range after.Diagnostics {
					if d.Rule == "TMR1004" || d.Rule == "TMR1007" {
						t.Errorf("after --fix: %s:%d %s %s", d.File, d.Line, d.Rule, d.Message)
					}
				}
				fixed, _ := os.ReadFile(p)
				checkOnlyEditedSpans(t, src, fixed, rep.Diagnostics)
			})
		}
	}
}

// checkOnlyEditedSpans rebuilds the fixed file from the original and the
// edits of every fix, and checks the bytes match: nothing outside an edit
// moved. It also checks each edit only inserts quotes or deletes white
// space, the two changes that cannot alter meaning.
func checkOnlyEditedSpans(t *testing.T, old, fixed []byte, ds []lint.Diagnostic) {
	t.Helper()
	var edits []lint.Edit
	for _, d := range ds {
		if d.Fix != nil {
			edits = append(edits, d.Fix.Edits...)
		}
	}
	for _, e := range edits {
		removed := string(old[e.Offset:e.End])
		switch {
		case e.Offset == e.End && (e.NewText == `"` || e.NewText == `'`):
		case e.NewText == "" && strings.TrimSpace(removed) == "":
		default:
			t.Errorf("edit [%d,%d) %q -> %q is neither a quote insertion nor a white-space deletion", e.Offset, e.End, removed, e.NewText)
		}
	}
	want, err := lint.ApplyEdits(old, edits)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(fixed) {
		t.Errorf("the fixed file differs from the original with only the edits applied")
	}
}
