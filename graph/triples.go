package graph

import (
	"slices"
	"sort"
)

// stored is a triple as a Graph keeps it, in 20 bytes: term ids, and where
// its subject, predicate and object were written in its document, the one
// whose range of triples holds it (docInfo.first and end), packed in x (see
// pack). A triple whose place does not fit is marked long, and its place is
// in the store's table of long places.
type stored struct {
	s, p, o uint32
	x       [2]uint32
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

// The triples of a store are in groups of 16, and the place of the first
// of a group is its base. A triple's place packs, from the low bits up,
// the lengths of its subject, predicate and object (8 bits each: a term is
// written in at least a byte, so a zero subject length marks a long
// triple), and how far its subject, predicate and object are written after
// those of its group's base (13 bits each): a group spans a few lines,
// whether its triples are statements of their own, a subject's list of
// predicates or a predicate's list of objects, however long the list.
const (
	groupShift = 4
	offBits13  = 13
	dsShift    = 24
	dvShift    = dsShift + offBits13
	doShift    = dvShift + offBits13
	offMax13   = 1<<offBits13 - 1
)

// groupBase is where the first triple of a group was written.
type groupBase struct{ s, v, o int32 }

// pack returns the packed place of a triple of a group with base b, and
// whether the place fits.
func pack(pl place, b groupBase) (uint64, bool) {
	ds, dv, do := int64(pl.soff)-int64(b.s), int64(pl.voff)-int64(b.v), int64(pl.ooff)-int64(b.o)
	if ds < 0 || ds > offMax13 || dv < 0 || dv > offMax13 || do < 0 || do > offMax13 ||
		pl.slen == 0 || max(pl.slen, pl.vlen, pl.olen) > 1<<8-1 {
		return 0, false
	}
	return uint64(pl.slen) | uint64(pl.vlen)<<8 | uint64(pl.olen)<<16 |
		uint64(ds)<<dsShift | uint64(dv)<<dvShift | uint64(do)<<doShift, true
}

// unpack is the place pack packed.
func unpack(x uint64, b groupBase) place {
	return place{
		soff: b.s + int32(x>>dsShift&offMax13), voff: b.v + int32(x>>dvShift&offMax13), ooff: b.o + int32(x>>doShift&offMax13),
		slen: uint16(x & 0xff), vlen: uint16(x >> 8 & 0xff), olen: uint16(x >> 16 & 0xff),
	}
}

// segShift sets the size of the segments of a tripleStore: 16,384
// triples, 320 KiB.
const segShift = 14

// tripleStore holds the triples of a graph in segments of equal size, so
// that it grows without copying what it holds and without reserving room
// by a guess from the size of the text: its last segment only is partly
// used (and trimmed once the graph is read). The first segment grows as a
// slice does, so that a small graph takes little memory.
type tripleStore struct {
	segs [][]stored
	n    int
	// bases holds the base of each group of triples.
	bases []groupBase
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
	if x := uint64(t.x[0]) | uint64(t.x[1])<<32; x != 0 {
		return unpack(x, ts.bases[i>>groupShift])
	}
	k := sort.Search(len(ts.long), func(k int) bool { return ts.long[k].i >= i })
	return ts.long[k].place
}

// add appends a triple of term ids written at a place.
func (ts *tripleStore) add(s, p, o uint32, pl place) {
	if ts.n&(1<<groupShift-1) == 0 {
		ts.bases = append(ts.bases, groupBase{pl.soff, pl.voff, pl.ooff})
	}
	x, ok := pack(pl, ts.bases[ts.n>>groupShift])
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
	ts.segs[k] = append(ts.segs[k], stored{s: s, p: p, o: o, x: [2]uint32{uint32(x), uint32(x >> 32)}})
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
	ts.bases = ts.bases[:(n+1<<groupShift-1)>>groupShift]
	keep := (n + 1<<segShift - 1) >> segShift
	clear(ts.segs[keep:])
	ts.segs = ts.segs[:keep]
	if keep > 0 {
		ts.segs[keep-1] = ts.segs[keep-1][:n-(keep-1)<<segShift]
	}
	ts.n = n
}

// trim gives back the room the store holds beyond its triples, once the
// graph is read.
func (ts *tripleStore) trim() {
	if k := len(ts.segs) - 1; k >= 0 && cap(ts.segs[k]) > len(ts.segs[k]) {
		ts.segs[k] = slices.Clone(ts.segs[k])
	}
	if cap(ts.bases) > len(ts.bases) {
		ts.bases = slices.Clone(ts.bases)
	}
	if cap(ts.long) > len(ts.long) {
		ts.long = slices.Clone(ts.long)
	}
}
