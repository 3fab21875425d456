package graph

import (
	"iter"
	"slices"
	"sort"

	"github.com/seams/seams-timers/span"
)

// Len returns the number of distinct triples.
func (g *Graph) Len() int { return g.triples.len() }

// Documents describes the graph's documents in load order, including those
// that could not be read.
func (g *Graph) Documents() []Document {
	out := make([]Document, len(g.docs))
	for i, d := range g.docs {
		out[i] = d.Document
	}
	return out
}

// id returns the id of a term, if the graph holds it.
func (g *Graph) id(t Term) (uint32, bool) {
	switch t.Kind {
	case KindIRI, KindBlank:
		return g.terms.lookup(t.Kind, t.Value, litAttr{})
	case KindLiteral:
		dt := t.Datatype
		if dt == "" {
			dt = XSDString
		}
		if a, ok := g.terms.literalAttr(dt, t.Lang); ok {
			return g.terms.lookup(KindLiteral, t.Value, a)
		}
	}
	return 0, false
}

// docOf returns the document of the i-th triple.
func (g *Graph) docOf(i uint32) *docInfo {
	k := sort.Search(len(g.docs), func(k int) bool { return g.docs[k].end > i })
	return &g.docs[k]
}

// rng returns the range of n bytes at offset off of document d.
func (g *Graph) rng(d *docInfo, off int32, n uint16) span.Range {
	line, col := d.lines.lineCol(int(off))
	r := span.Range{File: d.Path, Start: span.Pos{Offset: int(off), Line: line, Col: col}}
	end := int(off) + int(n)
	eline, ecol := d.lines.lineCol(end)
	r.End = span.Pos{Offset: end, Line: eline, Col: ecol}
	return r
}

func (g *Graph) triple(i uint32) Triple {
	t, pl := g.triples.at(i), g.triples.place(i)
	d := g.docOf(i)
	return Triple{
		S:         g.term(t.s),
		P:         g.term(t.p),
		O:         g.term(t.o),
		Subject:   g.rng(d, pl.soff, pl.slen),
		Predicate: g.rng(d, pl.voff, pl.vlen),
		Object:    g.rng(d, pl.ooff, pl.olen),
	}
}

func (g *Graph) materialize(idx []uint32) []Triple {
	if len(idx) == 0 {
		return nil
	}
	out := make([]Triple, len(idx))
	for k, i := range idx {
		out[k] = g.triple(i)
	}
	return out
}

// Triples returns every triple, in load order.
func (g *Graph) Triples() []Triple {
	out := make([]Triple, g.triples.len())
	for i := range out {
		out[i] = g.triple(uint32(i))
	}
	return out
}

// subjRange returns the indexes of the triples with subject id s.
func (g *Graph) subjRange(s uint32) []uint32 {
	return g.subjIdx[g.subjStart[s]:g.subjStart[s+1]]
}

// predRange returns the indexes of the triples with predicate id p, sorted
// by object id.
func (g *Graph) predRange(p uint32) []uint32 {
	k, ok := slices.BinarySearch(g.preds, p)
	if !ok {
		return nil
	}
	return g.poIdx[g.predStart[k]:g.predStart[k+1]]
}

// poRange returns the indexes of the triples with predicate id p and
// object id o, in load order.
func (g *Graph) poRange(p, o uint32) []uint32 { return g.objectRange(g.predRange(p), o) }

// objectRange narrows r, the indexes of a predicate's triples
// (predRange), to those with object id o.
func (g *Graph) objectRange(r []uint32, o uint32) []uint32 {
	lo := sort.Search(len(r), func(i int) bool { return g.triples.at(r[i]).o >= o })
	hi := lo + sort.Search(len(r)-lo, func(i int) bool { return g.triples.at(r[lo+i]).o > o })
	return r[lo:hi]
}

// seq yields the triples of the indexes idx in their order, one at a
// time: a caller that reads each triple once holds one Triple (some 360
// bytes, its terms and spans spelt out) at a time, not a list of them.
func (g *Graph) seq(idx []uint32) iter.Seq[Triple] {
	return func(yield func(Triple) bool) {
		for _, i := range idx {
			if !yield(g.triple(i)) {
				return
			}
		}
	}
}

// BySubject returns the triples whose subject is s.
func (g *Graph) BySubject(s Term) []Triple {
	id, ok := g.id(s)
	if !ok {
		return nil
	}
	return g.materialize(g.subjRange(id))
}

// ByPredicate returns the triples whose predicate is p.
func (g *Graph) ByPredicate(p Term) []Triple {
	id, ok := g.id(p)
	if !ok {
		return nil
	}
	idx := slices.Clone(g.predRange(id))
	slices.Sort(idx)
	return g.materialize(idx)
}

// ByPredicateSeq yields the triples ByPredicate returns, in the same
// order, one at a time.
func (g *Graph) ByPredicateSeq(p Term) iter.Seq[Triple] {
	id, ok := g.id(p)
	if !ok {
		return g.seq(nil)
	}
	idx := slices.Clone(g.predRange(id))
	slices.Sort(idx)
	return g.seq(idx)
}

// ByPredicateObject returns the triples whose predicate is p and object o.
func (g *Graph) ByPredicateObject(p, o Term) []Triple {
	pid, ok1 := g.id(p)
	oid, ok2 := g.id(o)
	if !ok1 || !ok2 {
		return nil
	}
	return g.materialize(g.poRange(pid, oid))
}

// ByPredicateObjectSeq yields the triples ByPredicateObject returns, in
// the same order, one at a time.
func (g *Graph) ByPredicateObjectSeq(p, o Term) iter.Seq[Triple] {
	pid, ok1 := g.id(p)
	oid, ok2 := g.id(o)
	if !ok1 || !ok2 {
		return g.seq(nil)
	}
	return g.seq(g.poRange(pid, oid))
}

// ByTypeSeq yields the triples ByType returns, in the same order, one at a
// time.
func (g *Graph) ByTypeSeq(class Term) iter.Seq[Triple] {
	return g.ByPredicateObjectSeq(NewIRI(RDFType), class)
}

// ByType returns the rdf:type triples that type a subject as class, so
// that a finding can point at where the type was written.
func (g *Graph) ByType(class Term) []Triple {
	return g.ByPredicateObject(NewIRI(RDFType), class)
}

// Objects returns the objects of the triples with subject s and predicate
// p.
func (g *Graph) Objects(s, p Term) []Term {
	sid, ok1 := g.id(s)
	pid, ok2 := g.id(p)
	if !ok1 || !ok2 {
		return nil
	}
	var out []Term
	for _, i := range g.subjRange(sid) {
		if t := g.triples.at(i); t.p == pid {
			out = append(out, g.term(t.o))
		}
	}
	return out
}

// Subjects returns the subjects of the triples with predicate p and object
// o.
func (g *Graph) Subjects(p, o Term) []Term {
	pid, ok1 := g.id(p)
	oid, ok2 := g.id(o)
	if !ok1 || !ok2 {
		return nil
	}
	r := g.poRange(pid, oid)
	if len(r) == 0 {
		return nil
	}
	out := make([]Term, len(r))
	for k, i := range r {
		out[k] = g.term(g.triples.at(i).s)
	}
	return out
}

// Types returns the rdf:type objects of s.
func (g *Graph) Types(s Term) []Term { return g.Objects(s, NewIRI(RDFType)) }

// HasType reports whether s is typed class.
func (g *Graph) HasType(s, class Term) bool { return g.Has(s, NewIRI(RDFType), class) }

// Has reports whether the graph holds the triple (s, p, o).
func (g *Graph) Has(s, p, o Term) bool {
	sid, ok1 := g.id(s)
	pid, ok2 := g.id(p)
	oid, ok3 := g.id(o)
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	// The shorter of the subject's triples and the (p, o) pair's: a
	// container that executes thousands of processes is the subject of
	// thousands of triples, and each process the object of one or two.
	r := g.subjRange(sid)
	var pr []uint32
	if len(r) > 8 {
		pr = g.predRange(pid)
	}
	if len(r) <= 8 || len(r) <= len(pr) {
		for _, i := range r {
			if t := g.triples.at(i); t.p == pid && t.o == oid {
				return true
			}
		}
		return false
	}
	for _, i := range g.objectRange(pr, oid) {
		if g.triples.at(i).s == sid {
			return true
		}
	}
	return false
}

// SubjectRange returns where the subject of the first triple (in load
// order) about s was written: the place to report that a triple about s is
// missing.
func (g *Graph) SubjectRange(s Term) (span.Range, bool) {
	id, ok := g.id(s)
	if !ok {
		return span.Range{}, false
	}
	r := g.subjRange(id)
	if len(r) == 0 {
		return span.Range{}, false
	}
	pl := g.triples.place(r[0])
	return g.rng(g.docOf(r[0]), pl.soff, pl.slen), true
}

// CountByPredicate returns how many triples ByPredicate(p) would return,
// without materializing them.
func (g *Graph) CountByPredicate(p Term) int {
	id, ok := g.id(p)
	if !ok {
		return 0
	}
	return len(g.predRange(id))
}

// CountByType returns how many triples ByType(class) would return,
// without materializing them.
func (g *Graph) CountByType(class Term) int {
	pid, ok1 := g.id(NewIRI(RDFType))
	oid, ok2 := g.id(class)
	if !ok1 || !ok2 {
		return 0
	}
	return len(g.poRange(pid, oid))
}
