package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedDocsUpToDate fails when docs/rules/ does not match the rule
// metadata: run `go generate ./...` and commit the result.
func TestGeneratedDocsUpToDate(t *testing.T) {
	dir := filepath.Join("..", "docs", "rules")
	want := map[string]bool{}
	for _, r := range All() {
		name := r.ID + ".md"
		want[name] = true
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s is missing: run go generate ./...", name)
			continue
		}
		if string(got) != Markdown(r) {
			t.Errorf("docs/rules/%s is out of date: run go generate ./...", name)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		// Pages of the other engines' families (TMR6xxx and up) are theirs
		// to check.
		if !want[e.Name()] && e.Name() < "TMR6" {
			t.Errorf("docs/rules/%s documents no registered rule", e.Name())
		}
	}
}

// TestReadmeListsEveryRule keeps the README's rule table complete.
func TestReadmeListsEveryRule(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range All() {
		if !strings.Contains(string(readme), "| "+r.ID+" | `"+r.Name+"` |") {
			t.Errorf("README.md's rule table lacks %s %s", r.ID, r.Name)
		}
	}
}
