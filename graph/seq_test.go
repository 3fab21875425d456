package graph

import (
	"reflect"
	"slices"
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
