package join

import (
	"cmp"
	"slices"

	"github.com/seams/seams-timers/bpmn"
)

// IDUse is one element, process or sequence flow carrying an id.
type IDUse struct {
	ID   string
	What string // "userTask", "process", "sequenceFlow", ...
	Span bpmn.Span
}

// IDUses returns every id a model's elements, processes and sequence flows
// carry, in document order (a sub-process counts once, as its element),
// with their positions.
func IDUses(doc *bpmn.Document) []IDUse {
	var out []IDUse
	for _, p := range doc.Processes {
		if p.Node == nil && p.ID != "" {
			out = append(out, IDUse{ID: p.ID, What: "process", Span: p.Span})
		}
	}
	for _, e := range doc.Elements {
		if e.ID != "" {
			out = append(out, IDUse{ID: e.ID, What: e.Type, Span: e.Span})
		}
	}
	for _, f := range doc.Flows {
		if f.ID != "" {
			out = append(out, IDUse{ID: f.ID, What: "sequenceFlow", Span: f.Span})
		}
	}
	slices.SortStableFunc(out, func(a, b IDUse) int { return cmp.Compare(a.Span.Start.Offset, b.Span.Start.Offset) })
	return out
}

// eachID calls f with every id a model's elements, processes and sequence
// flows carry.
func eachID(doc *bpmn.Document, f func(id string)) {
	for _, p := range doc.Processes {
		if p.Node == nil && p.ID != "" {
			f(p.ID)
		}
	}
	for _, e := range doc.Elements {
		if e.ID != "" {
			f(e.ID)
		}
	}
	for _, fl := range doc.Flows {
		if fl.ID != "" {
			f(fl.ID)
		}
	}
}

// HasRepeatedIDs reports, without allocating, whether some id is carried
// by more than one element, process or sequence flow: the model's ByID
// index keeps one entry per id, so it has fewer entries than uses.
func HasRepeatedIDs(doc *bpmn.Document) bool {
	n := 0
	eachID(doc, func(string) { n++ })
	return n > len(doc.ByID)
}

// RepeatedIDs returns the ids that more than one element, process or
// sequence flow of the model carries: an IRI with such a fragment names
// no one element, so the join refuses it.
func RepeatedIDs(doc *bpmn.Document) map[string]bool {
	if !HasRepeatedIDs(doc) {
		return nil
	}
	seen := map[string]bool{}
	var rep map[string]bool
	eachID(doc, func(id string) {
		if seen[id] {
			if rep == nil {
				rep = map[string]bool{}
			}
			rep[id] = true
		}
		seen[id] = true
	})
	return rep
}
