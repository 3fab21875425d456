package lint

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// nestedFile is a file of n elements e0..e(n-1), each inside a random
// earlier one, with a suppression of rule R on every k-th element and a
// finding on every element; related says how they nest for the
// Related-only path.
func nestedFile(n, k int, seed uint64, withParent bool) (*Project, []Diagnostic) {
	r := rand.New(rand.NewPCG(seed, 1))
	up := map[string]string{}
	for i := 1; i < n; i++ {
		up[fmt.Sprintf("e%d", i)] = fmt.Sprintf("e%d", r.IntN(i))
	}
	related := func(a, b string) bool {
		for x := a; x != ""; x = up[x] {
			if x == b {
				return true
			}
		}
		for x := b; x != ""; x = up[x] {
			if x == a {
				return true
			}
		}
		return false
	}
	f := &File{Path: "m.bpmn", Related: related}
	if withParent {
		f.Parent = func(id string) string { return up[id] }
	}
	var ds []Diagnostic
	for i := range n {
		id := fmt.Sprintf("e%d", i)
		if i%k == 0 {
			f.Suppressions = append(f.Suppressions, &Suppression{File: f.Path, Line: i + 1, IDs: []string{"R"}, Reason: "x", Target: id})
		}
		rule := "R"
		if i%3 == 0 {
			rule = "S"
		}
		ds = append(ds, Diagnostic{File: f.Path, Rule: rule, Line: i + 2, Element: id})
	}
	return &Project{Files: []*File{f}}, ds
}

func knownRS(id string) (string, bool) { return id, id == "R" || id == "S" }

// TestSuppressionIndexMatchesRelated: the index suppresses exactly what
// trying every suppression with Related does, and marks the same ones
// used.
func TestSuppressionIndexMatchesRelated(t *testing.T) {
	for seed := range uint64(20) {
		slowProj, slowDs := nestedFile(300, 7, seed, false)
		fastProj, fastDs := nestedFile(300, 7, seed, true)
		slow := applySuppressions(slowProj, knownRS, slowDs)
		fast := applySuppressions(fastProj, knownRS, fastDs)
		if fmt.Sprint(slow) != fmt.Sprint(fast) {
			t.Fatalf("seed %d: the index and Related disagree:\n%v\n%v", seed, slow, fast)
		}
	}
}

// BenchmarkSuppressions20000 is the case: 20,000 suppressions
// and 60,000 findings in one file (67 s before the index).
func BenchmarkSuppressions20000(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		proj, ds := nestedFile(60000, 3, 1, true)
		b.StartTimer()
		applySuppressions(proj, knownRS, ds)
	}
}
