package rules

import (
	"testing"

	"github.com/seams/seams-timers/graph"
)

// TestTermSet: a term is added once; an IRI, a blank node and literals
// that spell the same value, or differ only in datatype or language, are
// different terms.
func TestTermSet(t *testing.T) {
	s := newTermSet(2)
	terms := []graph.Term{
		graph.NewIRI("urn:x"),
		graph.NewBlank("urn:x"),
		graph.NewLiteral("urn:x", ""),
		graph.NewLiteral("urn:x", "http://www.w3.org/2001/XMLSchema#anyURI"),
		{Kind: graph.KindLiteral, Value: "urn:x", Lang: "en"},
	}
	for i, term := range terms {
		if !s.add(term) {
			t.Errorf("term %d (%+v) was in the set before it was added", i, term)
		}
	}
	for i, term := range terms {
		if s.add(term) {
			t.Errorf("term %d (%+v) was added twice", i, term)
		}
	}
	if len(s.iris) != 1 || len(s.other) != len(terms)-1 {
		t.Errorf("%d IRIs and %d other terms kept, want 1 and %d", len(s.iris), len(s.other), len(terms)-1)
	}
}
