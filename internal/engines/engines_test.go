package engines

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulePages fails when docs/rules/ does not match the rule metadata
// of every engine (run `go generate ./...` and commit the result), when a
// page documents no registered rule, when two engines register one ID, or
// when README.md's rule table lacks a rule.
func TestRulePages(t *testing.T) {
	dir := filepath.Join("..", "..", "docs", "rules")
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, e := range All() {
		for _, r := range e.Rules {
			name := r.ID + ".md"
			if other, dup := want[name]; dup {
				t.Errorf("%s is registered by the engines %s and %s", r.ID, other, e.Name)
			}
			want[name] = e.Name
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || string(got) != e.RulePage(r) {
				t.Errorf("docs/rules/%s is missing or out of date: run go generate ./...", name)
			}
			if !strings.Contains(string(readme), "| "+r.ID+" | `"+r.Name+"` |") {
				t.Errorf("README.md's rule table lacks %s %s", r.ID, r.Name)
			}
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
