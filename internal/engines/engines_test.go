package engines

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	core "github.com/seams/seams-timers/rules"
)

// TestRulePages fails when docs/rules/ does not match the rule metadata
// of every engine (run `go generate ./...` and commit the result), when a
// page documents no registered rule, when two engines register one ID
// (other than the core's rules, which every engine lists), or when
// README.md's rule table lacks a rule.
func TestRulePages(t *testing.T) {
	dir := filepath.Join("..", "..", "docs", "rules")
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, e := range All() {
		for _, r := range e.Rules {
			if other, dup := want[r.ID+".md"]; dup && !core.IsCore(r) {
				t.Errorf("%s is registered by the engines %s and %s", r.ID, other, e.Name)
			}
			want[r.ID+".md"] = e.Name
		}
	}
	for _, r := range Rules() {
		name := r.ID + ".md"
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(got) != Page(r) {
			t.Errorf("docs/rules/%s is missing or out of date: run go generate ./...", name)
		}
		if !strings.Contains(string(readme), "| "+r.ID+" | `"+r.Name+"` |") {
			t.Errorf("README.md's rule table lacks %s %s", r.ID, r.Name)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := want[e.Name()]; !ok {
			t.Errorf("docs/rules/%s documents no registered rule", e.Name())
		}
	}
}

// TestCoreRulesInEveryEngine: every engine lists each of the core's rules
// exactly once, so that their names, severities and pages are known
// whichever engines a run has.
func TestCoreRulesInEveryEngine(t *testing.T) {
	for _, e := range All() {
		for _, c := range core.Core() {
			n := 0
			for _, r := range e.Rules {
				if r == c {
					n++
				} else if r.ID == c.ID {
					t.Errorf("engine %s has a rule of its own with the core's ID %s", e.Name, c.ID)
				}
			}
			if n != 1 {
				t.Errorf("engine %s lists %s %d times; want once", e.Name, c.ID, n)
			}
		}
	}
	if got, want := len(Rules()), len(core.Core()); got < want || Rules()[0] != core.Core()[0] {
		t.Errorf("Rules() does not start with the core's rules")
	}
}
