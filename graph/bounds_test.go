package graph

import (
	"fmt"
	"strings"
	"testing"
)

// amplified is a document whose prefix of ns bytes is used by n triples.
func amplified(ns, n int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "@prefix p: <https://e.com/%s#> .\n", strings.Repeat("a", ns))
	for i := range n {
		fmt.Fprintf(&b, "p:s%d p:b p:c .\n", i)
	}
	return []byte(b.String())
}

// TestExpansionBounded: a prefix of a megabyte used on every line is too
// large to check, stopped after a bounded expansion; an ordinary document
// whose triples double takes at most twice the allocations.
func TestExpansionBounded(t *testing.T) {
	_, errs := Options{}.LoadSources([]Source{{Path: "big.ttl", Data: amplified(1<<20, 20000)}})
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "too large to check") {
		t.Fatalf("errors %v, want one too large to check", errs)
	}
	g, errs := Options{}.LoadSources([]Source{{Path: "ok.ttl", Data: amplified(40, 1000)}})
	if len(errs) != 0 || g.Len() != 1000 {
		t.Fatalf("ordinary graph: %d triples, errors %v", g.Len(), errs)
	}
	work := func(n int) float64 {
		src := amplified(40, n)
		return testing.AllocsPerRun(2, func() { Options{}.LoadSources([]Source{{Path: "ok.ttl", Data: src}}) })
	}
	a1, a2 := work(20000), work(40000)
	if a2 > 2.2*a1+8 {
		t.Errorf("allocations %v, then %v for twice the triples", a1, a2)
	}
	// The amplified document's work does not grow with the uses past the
	// limit: it stops there.
	big := func(n int) float64 {
		src := amplified(1<<20, n)
		return testing.AllocsPerRun(1, func() { Options{}.LoadSources([]Source{{Path: "big.ttl", Data: src}}) })
	}
	if b1, b2 := big(20000), big(40000); b2 > 1.5*b1+100 {
		t.Errorf("amplified: allocations %v, then %v", b1, b2)
	}
}
