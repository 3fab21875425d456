package graph

import (
	"slices"
	"sort"
)

// stored is a triple as a Graph keeps it, in 24 bytes: term ids, and where
// its subject, predicate and object were written in its document, the one
// whose range of triples holds it (docInfo.first and end). The predicate
// and object are nearly always written a little after the subject, and
// terms are short: the offsets are kept as the subject's and two steps
// forward, the lengths in a byte each. A triple whose place does not fit
// (a long literal, a long statement) is marked long, and its place is in
// the store's table of long places.
type stored struct {
	s, p, o          uint32
	soff             int32
	dv, do           uint16
	slen, vlen, olen uint8
	long             bool
}

// place is where a triple's terms were written: their offsets and lengths
// (a length is clamped to 65,535 bytes: it only underlines).
type place struct {
	soff, voff, ooff int32
	slen, vlen, olen uint16
}

// longPlace is the place of a triple marked long, the i-th of the store.
type longPlace struct {
	i uint32
	place
}

// pack makes the stored triple of term ids and a place, and reports
// whether the place fits in it.
func pack(s, p, o uint32, pl place) (stored, bool) {
	t := stored{s: s, p: p, o: o, soff: pl.soff}
	dv, do := int64(pl.voff)-int64(pl.soff), int64(pl.ooff)-int64(pl.voff)
	if dv < 0 || dv > 1<<16-1 || do < 0 || do > 1<<16-1 || max(pl.slen, pl.vlen, pl.olen) > 1<<8-1 {
		t.long = true
		return t, false
	}
	t.dv, t.do = uint16(dv), uint16(do)
	t.slen, t.vlen, t.olen = uint8(pl.slen), uint8(pl.vlen), uint8(pl.olen)
	return t, true
}

// segShift sets the size of the segments of a tripleStore: 16,384
// triples, half a megabyte.
const segShift = 14

// tripleStore holds the triples of a graph in segments of equal size, so
// that it grows without copying what it holds and without reserving room
// by a guess from the size of the text: its last segment only is partly
// used. The first segment grows as a slice does, so that a small graph
// takes little memory.
type tripleStore struct {
	segs [][]stored
	n    int
	// long holds the places of the triples marked long, by index.
	long []longPlace
}

// at returns the i-th triple.
func (ts *tripleStore) at(i uint32) *stored {
	return &ts.segs[i>>segShift][i&(1<<segShift-1)]
}

func (ts *tripleStore) len() int { return ts.n }

// place returns where the i-th triple was written.
func (ts *tripleStore) place(i uint32) place {
	t := ts.at(i)
	if !t.long {
		voff := t.soff + int32(t.dv)
		return place{soff: t.soff, voff: voff, ooff: voff + int32(t.do),
			slen: uint16(t.slen), vlen: uint16(t.vlen), olen: uint16(t.olen)}
	}
	k := sort.Search(len(ts.long), func(k int) bool { return ts.long[k].i >= i })
	return ts.long[k].place
}

// add appends a triple of term ids written at a place.
func (ts *tripleStore) add(s, p, o uint32, pl place) {
	t, ok := pack(s, p, o, pl)
	if !ok {
		ts.long = append(ts.long, longPlace{i: uint32(ts.n), place: pl})
	}
	k := ts.n >> segShift
	if k == len(ts.segs) {
		c := 1 << segShift
		if k == 0 {
			c = 8
		}
		ts.segs = append(ts.segs, make([]stored, 0, c))
	}
	ts.segs[k] = append(ts.segs[k], t)
	ts.n++
}

// reserve makes room for n more triples in the first segment, which would
// otherwise grow step by step to its full size.
func (ts *tripleStore) reserve(n int) {
	if len(ts.segs) == 1 && ts.n < 1<<segShift {
		ts.segs[0] = slices.Grow(ts.segs[0], min(n, 1<<segShift-ts.n))
	} else if len(ts.segs) == 0 {
		ts.segs = append(ts.segs, make([]stored, 0, min(max(n, 8), 1<<segShift)))
	}
}

// truncate drops the triples from the n-th on.
func (ts *tripleStore) truncate(n int) {
	if n >= ts.n {
		return
	}
	ts.long = ts.long[:sort.Search(len(ts.long), func(k int) bool { return ts.long[k].i >= uint32(n) })]
	keep := (n + 1<<segShift - 1) >> segShift
	clear(ts.segs[keep:])
	ts.segs = ts.segs[:keep]
	if keep > 0 {
		ts.segs[keep-1] = ts.segs[keep-1][:n-(keep-1)<<segShift]
	}
	ts.n = n
}
