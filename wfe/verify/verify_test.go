package verify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/verify"
	"github.com/seams/seams-timers/wfe"
)

func read(t *testing.T, path string) *wfe.File {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, errs, ours := wfe.Read(path, src)
	if !ours || len(errs) > 0 {
		t.Fatalf("%s: not a scheme: %v", path, errs)
	}
	return f
}

// TestFixtures: each invalid-<ID>-*.xml gives a finding of rule <ID> (with
// a counterexample where the rule has one); each valid-<ID>-*.xml none.
func TestFixtures(t *testing.T) {
	paths, _ := filepath.Glob("testdata/*.xml")
	if len(paths) == 0 {
		t.Fatal("no fixtures")
	}
	for _, p := range paths {
		base := filepath.Base(p)
		parts := strings.SplitN(base, "-", 3)
		want, id := parts[0] == "invalid", parts[1]
		got := false
		for _, r := range Verify(read(t, p), Config{}) {
			for _, f := range r.Findings {
				if f.Rule != id {
					continue
				}
				got = true
				if id != verify.RuleNeverArmed && len(f.Trace) == 0 {
					t.Errorf("%s: %s has no counterexample", base, id)
				}
				if id == verify.RulePostponed && len(f.Loop) == 0 {
					t.Errorf("%s: %s has no loop", base, id)
				}
			}
		}
		if got != want {
			t.Errorf("%s: finding %s = %v, want %v", base, id, got, want)
		}
	}
}

// TestLostRowTrace: the counterexample of a lost NotOverrideIfExists row
// is the failed firing, and ends with no timer row.
func TestLostRowTrace(t *testing.T) {
	rs := Verify(read(t, "testdata/invalid-TMR9004-lost-row.xml"), Config{})
	for _, f := range rs[0].Findings {
		if f.Rule != verify.RuleStuck {
			continue
		}
		last := f.Trace[len(f.Trace)-1]
		if !strings.Contains(last.Move, "no condition passes") || !strings.Contains(last.State, "no timer row") || last.At != 86400000 {
			t.Errorf("last step %+v: want the failed firing at 1d leaving no row", last)
		}
		return
	}
	t.Fatal("no TMR9004")
}

// TestNoPanic: every scheme of the repository's test data and examples
// verifies without a panic, within the bound.
func TestNoPanic(t *testing.T) {
	n := 0
	for _, root := range []string{"../../wfe", "../../examples"} {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !wfe.IsXMLPath(p) && !wfe.IsSQLPath(p) {
				return nil
			}
			src, rerr := os.ReadFile(p)
			if rerr != nil {
				return nil
			}
			f, _, ours := wfe.Read(p, src)
			if !ours || f == nil {
				return nil
			}
			for _, r := range Verify(f, Config{MaxStates: 20000}) {
				n++
				if r.States > 20000 {
					t.Errorf("%s: %d states past the bound", p, r.States)
				}
			}
			return nil
		})
	}
	if n == 0 {
		t.Fatal("no scheme verified")
	}
	t.Logf("%d schemes verified", n)
}
