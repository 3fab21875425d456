package rules

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// TestReportsOn holds the kinds of file each project rule declares it
// reports on (what a language server session's check of one buffer skips
// by) to every finding of every fixture, and every project rule to being
// declared.
func TestReportsOn(t *testing.T) {
	for _, r := range All() {
		if r.Kind == lint.KindProject && r.Engine == EngineName {
			if _, ok := reportsOn(r); !ok {
				t.Errorf("%s (%s) is a project rule that reportsOn does not list", r.ID, r.Name)
			}
		}
	}
	dirs, err := filepath.Glob(filepath.Join("testdata", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	kind := func(path string) string {
		for _, k := range Engine.Kinds {
			if k.Match(path) {
				return k.Name
			}
		}
		return ""
	}
	byID := map[string]*lint.Rule{}
	for _, r := range All() {
		if _, ok := reportsOn(r); ok {
			byID[r.ID] = r
		}
	}
	seen := map[string]int{}
	for _, dir := range dirs {
		rep, err := project.Check(project.Options{Paths: []string{dir}}, []*project.Engine{Engine}, lint.Options{Now: fixtureNow})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range rep.Diagnostics {
			r := byID[d.Rule]
			if r == nil {
				continue
			}
			seen[d.Rule]++
			if kinds, _ := reportsOn(r); !slices.Contains(kinds, kind(d.File)) {
				t.Errorf("%s: %s reports on %s, a file of kind %q, which reportsOn does not list", dir, d.Rule, d.File, kind(d.File))
			}
		}
	}
	for _, r := range byID {
		if seen[r.ID] == 0 {
			t.Errorf("no fixture has a finding of %s", r.ID)
		}
	}
}

// TestDisplayFrom holds the session's display of a path, with the
// working directory read once, to join.DisplayPath's.
func TestDisplayFrom(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	display := displayFrom(wd, nil)
	for _, p := range []string{
		filepath.Join(wd, "testdata", "a.bpmn"), wd, filepath.Dir(wd), filepath.Join(filepath.Dir(wd), "x", "b.bpmn"),
		"/elsewhere/c.bpmn", filepath.Join(wd, "..x", "d.bpmn"),
	} {
		if got, want := display(p), join.DisplayPath(p); got != want {
			t.Errorf("%s: %q, join.DisplayPath gives %q", p, got, want)
		}
	}
}
