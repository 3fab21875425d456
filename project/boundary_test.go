//go:build unix

package project

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/seams/seams-timers/lint"
)

func mkdirs(t *testing.T, root string, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBoundary: the project holds the given paths, the config's
// directory, the top marked by a .git and --map targets, each with its
// links resolved; a link leading out is outside, whether its target
// exists or not.
func TestBoundary(t *testing.T) {
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	mkdirs(t, root, "repo/.git", "repo/models/sub", "repo/graph", "elsewhere", "mapped", "alone/models")
	for _, l := range [][2]string{
		{"../../elsewhere", "repo/models/out"},
		{"../../elsewhere/missing.bpmn", "repo/models/dangling.bpmn"},
		{"sub", "repo/models/in"},
	} {
		if err := os.Symlink(l[0], filepath.Join(root, l[1])); err != nil {
			t.Fatal(err)
		}
	}
	p := func(s string) string { return filepath.Join(root, s) }
	b := newBoundary(&Options{Paths: []string{p("repo/models/sub")}, Maps: map[string]string{"urn:x:": p("mapped")}})
	for path, want := range map[string]bool{
		p("repo/models/sub/a.bpmn"):    true,
		p("repo/graph/index.ttl"):      true, // under the .git top
		p("repo/models/in/a.bpmn"):     true,
		p("repo/models/out/a.bpmn"):    false,
		p("repo/models/dangling.bpmn"): false,
		p("elsewhere/x.bpmn"):          false,
		p("mapped/m.bpmn"):             true,
		p("repo/../elsewhere/x.bpmn"):  false,
		"/etc/passwd":                  false,
	} {
		if got := b.inside(path); got != want {
			t.Errorf("inside(%s) = %v, want %v", path, got, want)
		}
	}
	// Without a marker the project is the given path and the config's
	// directory.
	b = newBoundary(&Options{Paths: []string{p("alone/models")}})
	if b.inside(p("alone/index.ttl")) {
		t.Error("the directory above an unmarked path is inside")
	}
	b = newBoundary(&Options{Paths: []string{p("alone/models")}, Config: &lint.Config{Path: p("alone/" + lint.ConfigFileName)}})
	if !b.inside(p("alone/index.ttl")) {
		t.Error("the config's directory is outside")
	}
	// A config's map does not widen the project.
	b = newBoundary(&Options{Paths: []string{p("alone/models")}, Config: &lint.Config{Path: p("alone/c.yaml"), Sections: map[string]any{"map": map[string]string{"urn:x:": "/"}}}})
	if b.inside("/etc/passwd") {
		t.Error("the config's map widened the project to /")
	}
}

func TestWithin(t *testing.T) {
	for _, c := range []struct {
		dir, p string
		want   bool
	}{
		{"/a/b", "/a/b", true}, {"/a/b", "/a/b/c", true}, {"/a/b", "/a/bc", false}, {"/", "/x", true}, {"/a/b", "/a", false},
	} {
		if got := within(c.dir, c.p); got != c.want {
			t.Errorf("within(%q, %q) = %v", c.dir, c.p, got)
		}
	}
}

// TestIsClean holds the memo's shortcut to filepath.Clean: a path it
// calls clean, Clean leaves as it is.
func TestIsClean(t *testing.T) {
	parts := []string{"/", "a", ".", "..", ".git", "b.bpmn", "//", "x/"}
	var paths []string
	var gen func(prefix string, depth int)
	gen = func(prefix string, depth int) {
		paths = append(paths, prefix)
		if depth == 4 {
			return
		}
		for _, p := range parts {
			gen(prefix+p, depth+1)
		}
	}
	gen("", 0)
	clean := 0
	for _, p := range paths {
		if isClean(p) {
			clean++
			if filepath.Clean(p) != p {
				t.Errorf("isClean(%q), but Clean gives %q", p, filepath.Clean(p))
			}
		}
	}
	if clean < 100 {
		t.Errorf("only %d of %d paths clean: the shortcut is never taken", clean, len(paths))
	}
}
