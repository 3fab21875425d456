package archtest

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// installed are the module's only programs that `go install ./...` builds
// (what pre-commit's golang hooks run): every other main package is a
// developer's program behind the devtools build tag.
var installed = map[string]bool{"cmd/seams-timers": true, "cmd/seams-timers-go": true}

// TestOnlyTwoPrograms fails when a main package outside cmd/ builds
// without the devtools tag: the hook environment would build and install
// it for every user.
func TestOnlyTwoPrograms(t *testing.T) {
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); p != root && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(p, "go.mod")); p != root && err == nil {
			return filepath.SkipDir
		}
		pkg, err := build.Default.ImportDir(p, 0)
		if err != nil || pkg.Name != "main" {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		seen[rel] = true
		if !installed[rel] {
			t.Errorf("%s is a program that `go install ./...` builds; put its files behind //go:build devtools", rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for p := range installed {
		if !seen[p] {
			t.Errorf("%s is not a program any more", p)
		}
	}
}
