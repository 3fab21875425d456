package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// TestLoadFindingsSorted: the loading findings of files read on several
// workers come in file order, whichever worker read which file first, so
// that next and simulate print them in the same order on every run.
func TestLoadFindingsSorted(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		src := fmt.Sprintf("<Process Name=\"P%d\"><Timers>\n", i)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("b%02d.xml", i)), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for range 5 {
		loaded, err := project.Load(project.Options{Paths: []string{dir}, Jobs: 8}, []*project.Engine{Engine})
		if err != nil {
			t.Fatal(err)
		}
		if len(loaded.Diagnostics) != 40 {
			t.Fatalf("%d loading findings, want 40", len(loaded.Diagnostics))
		}
		if !slices.IsSortedFunc(loaded.Diagnostics, func(a, b lint.Diagnostic) int { return strings.Compare(a.File, b.File) }) {
			t.Fatalf("the loading findings are not in file order: %s first", loaded.Diagnostics[0].File)
		}
	}
}
