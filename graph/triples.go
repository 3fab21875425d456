package graph

import "slices"

// stored is a triple as a Graph keeps it: term ids, and the offsets and
// lengths of its subject, predicate and object in its document (a length
// is clamped to 65,535 bytes: it only underlines). Its document is the one
// whose range of triples holds it (docInfo.first and end).
type stored struct {
	s, p, o          uint32
	soff, voff, ooff int32
	slen, vlen, olen uint16
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
}

// at returns the i-th triple.
func (ts *tripleStore) at(i uint32) *stored {
	return &ts.segs[i>>segShift][i&(1<<segShift-1)]
}

func (ts *tripleStore) len() int { return ts.n }

// add appends a triple.
func (ts *tripleStore) add(t stored) {
	k := ts.n >> segShift
	if k == len(ts.segs) {
		c := 1 << segShift
		if k == 0 {
			c = 64
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
		ts.segs = append(ts.segs, make([]stored, 0, min(max(n, 64), 1<<segShift)))
	}
}

// truncate drops the triples from the n-th on.
func (ts *tripleStore) truncate(n int) {
	if n >= ts.n {
		return
	}
	keep := (n + 1<<segShift - 1) >> segShift
	clear(ts.segs[keep:])
	ts.segs = ts.segs[:keep]
	if keep > 0 {
		ts.segs[keep-1] = ts.segs[keep-1][:n-(keep-1)<<segShift]
	}
	ts.n = n
}
