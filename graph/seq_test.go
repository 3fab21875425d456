package graph

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The Seq lookups yield what the list lookups return, in the same order,
// and stop when the loop does.
func TestSeqLookupsMatchLists(t *testing.T) {
	g := parseOK(t, "x.ttl", `@prefix e: <http://e/> .
e:a a e:C ; e:p e:o1 .
e:b e:p e:o2 ; a e:D .
e:c a e:C ; e:p e:o1 .
e:d e:q e:o1 ; a e:C .
`)
	terms := []Term{NewIRI("http://e/p"), NewIRI("http://e/q"), NewIRI(RDFType), NewIRI("http://e/none")}
	for _, p := range terms {
		if got, want := slices.Collect(g.ByPredicateSeq(p)), g.ByPredicate(p); !reflect.DeepEqual(got, want) {
			t.Errorf("ByPredicateSeq(%v) = %v, ByPredicate = %v", p, got, want)
		}
		for _, o := range []Term{NewIRI("http://e/o1"), NewIRI("http://e/C"), NewIRI("http://e/none")} {
			if got, want := slices.Collect(g.ByPredicateObjectSeq(p, o)), g.ByPredicateObject(p, o); !reflect.DeepEqual(got, want) {
				t.Errorf("ByPredicateObjectSeq(%v, %v) = %v, ByPredicateObject = %v", p, o, got, want)
			}
		}
	}
	class := NewIRI("http://e/C")
	want := g.ByType(class)
	if len(want) != 3 {
		t.Fatalf("ByType(e:C) has %d triples, want 3", len(want))
	}
	if got := slices.Collect(g.ByTypeSeq(class)); !reflect.DeepEqual(got, want) {
		t.Errorf("ByTypeSeq(e:C) = %v, ByType = %v", got, want)
	}
	n := 0
	for range g.ByTypeSeq(class) {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Errorf("a loop that breaks after 2 triples ran %d times", n)
	}
}

// Has answers the same through a subject's few triples and through the
// (predicate, object) index that a subject of many triples is searched by.
func TestHasManyTriplesOfOneSubject(t *testing.T) {
	var b strings.Builder
	b.WriteString("@prefix e: <http://e/> .\n")
	for i := range 40 {
		fmt.Fprintf(&b, "e:c e:p e:o%d .\ne:c e:q e:x%d .\ne:c e:r e:x%d .\ne:c e:s e:x%d .\ne:d%d e:p e:o%d .\ne:d%d e:p e:y%d .\n", i, i, i, i, i, i, i, i)
	}
	g := parseOK(t, "x.ttl", b.String())
	iri := func(s string) Term { return NewIRI("http://e/" + s) }
	for i := range 40 {
		o := iri(fmt.Sprintf("o%d", i))
		if !g.Has(iri("c"), iri("p"), o) || !g.Has(iri(fmt.Sprintf("d%d", i)), iri("p"), o) {
			t.Errorf("Has misses a triple with object e:o%d", i)
		}
		if g.Has(iri("c"), iri("q"), o) || g.Has(iri("c"), iri("p"), iri(fmt.Sprintf("y%d", i))) || g.Has(iri(fmt.Sprintf("d%d", (i+1)%40)), iri("p"), o) {
			t.Errorf("Has finds a triple not in the graph, object e:o%d", i)
		}
	}
}
