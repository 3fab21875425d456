package lint

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// nestedFile is a file of n elements e0..e(n-1), each inside a random
// earlier one, with a suppression of rule R on every k-th element and a
// finding on every element; related says whether a is b or one contains
// the other.
func nestedFile(n, k int, seed uint64) (*Project, []Diagnostic, func(a, b string) bool) {
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
	f := &File{Path: "m.bpmn", Parent: func(id string) string { return up[id] }}
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
	return &Project{Files: []*File{f}}, ds, related
}

func knownRS(id string) (string, bool) { return id, id == "R" || id == "S" }

// TestSuppressionIndexMatchesRelated: the index suppresses exactly the
// findings that trying every suppression in turn does (a suppression
// covers a finding of its rule on its element, inside it or around it),
// and reports the same ones unused.
func TestSuppressionIndexMatchesRelated(t *testing.T) {
	for seed := range uint64(20) {
		proj, ds, related := nestedFile(300, 7, seed)
		sups := proj.Files[0].Suppressions
		used := map[*Suppression]bool{}
		var want []string
		for _, d := range ds {
			covered := false
			for _, s := range sups {
				if s.IDs[0] == d.Rule && related(s.Target, d.Element) {
					covered, used[s] = true, true
				}
			}
			if !covered {
				want = append(want, d.Element)
			}
		}
		for _, s := range sups {
			if !used[s] {
				want = append(want, "unused "+s.Target)
			}
		}
		var got []string
		for _, d := range applySuppressions(proj, knownRS, ds) {
			if d.Rule == ruleSuppressed {
				// The suppression of element e<i> is on line i+1.
				got = append(got, fmt.Sprintf("unused e%d", d.Line-1))
				continue
			}
			got = append(got, d.Element)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("seed %d: the index and trying every suppression disagree:\n got  %v\n want %v", seed, got, want)
		}
	}
}

// BenchmarkSuppressions20000 is the case: 20,000 suppressions
// and 60,000 findings in one file (67 s before the index).
func BenchmarkSuppressions20000(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		proj, ds, _ := nestedFile(60000, 3, 1)
		b.StartTimer()
		applySuppressions(proj, knownRS, ds)
	}
}
