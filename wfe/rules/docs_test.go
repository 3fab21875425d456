package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedDocsUpToDate fails when docs/rules/TMR6*.md do not match
// the rule metadata: run `go generate ./...` and commit the result.
func TestGeneratedDocsUpToDate(t *testing.T) {
	dir := filepath.Join("..", "..", "docs", "rules")
	want := map[string]bool{}
	for _, r := range All() {
		want[r.ID+".md"] = true
		got, err := os.ReadFile(filepath.Join(dir, r.ID+".md"))
		if err != nil || string(got) != Markdown(r) {
			t.Errorf("docs/rules/%s.md is missing or out of date: run go generate ./...", r.ID)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "TMR6") && !want[e.Name()] {
			t.Errorf("docs/rules/%s documents no registered rule", e.Name())
		}
	}
}

// TestReadmeListsEveryRule keeps the README's rule table complete.
func TestReadmeListsEveryRule(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range All() {
		if !strings.Contains(string(readme), "| "+r.ID+" | `"+r.Name+"` |") {
			t.Errorf("README.md's rule table lacks %s %s", r.ID, r.Name)
		}
	}
}
