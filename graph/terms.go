package graph

import (
	"hash/maphash"
	"strings"
	"unsafe"
)

// termTable holds the terms of a graph, each under an id: id 0 is the zero
// Term, and ids are given in the order terms are first read, so that they
// are the same whatever the number of CPUs.
//
// It is built for a million terms: a term costs its string (copied into a
// shared arena, not one allocation each), a string header, four bytes of
// kind and, for a literal, eight of attributes, and eight bytes of hash
// table, instead of the entries of one map per kind keyed by strings.
type termTable struct {
	vals []string
	// meta holds a term's Kind in its low two bits and, for a literal, the
	// index of its litAttr in lits above them.
	meta []uint32
	lits []litAttr
	// langs are the language tags, langs[0] being none; langIdx finds
	// them (there are a few of them, however many literals).
	langs   []string
	langIdx map[string]uint32
	// slots is an open-addressing hash table of the ids, probed linearly:
	// a slot holds a tag (a term's hash and its kind) in its upper half
	// and its id in the lower, and 0 when it is free. The index of a slot
	// is the hash's low bits, so that the table grows without hashing a
	// string again, and a slot whose tag differs is passed over without
	// reading the term.
	slots []uint64
	used  int
	seed  maphash.Seed
	// arena is where term strings are copied, a block at a time.
	arena []byte
}

// litAttr is what a literal has besides its lexical form: the id of its
// datatype IRI and the index of its language tag.
type litAttr struct{ dt, lang uint32 }

const (
	kindBits = 2
	kindMask = 1<<kindBits - 1
	// minSlots is the size of the hash table of an empty graph.
	minSlots = 32
	// arenaMin and arenaMax bound the arena's blocks, which double in
	// size from one to the next: a small graph takes little memory, a
	// large one few allocations. A string longer than arenaMax/8 is
	// allocated on its own, so that a block wastes little at its end.
	arenaMin = 512
	arenaMax = 256 << 10
)

func newTermTable() *termTable {
	return &termTable{
		vals:    make([]string, 1),
		meta:    make([]uint32, 1),
		langs:   []string{""},
		langIdx: map[string]uint32{"": 0},
		slots:   make([]uint64, minSlots),
		seed:    maphash.MakeSeed(),
	}
}

// len returns the number of ids, the zero one included.
func (tt *termTable) len() int { return len(tt.vals) }

func (tt *termTable) kind(id uint32) Kind { return Kind(tt.meta[id] & kindMask) }

// term returns the term of an id.
func (tt *termTable) term(id uint32) Term {
	m := tt.meta[id]
	t := Term{Kind: Kind(m & kindMask), Value: tt.vals[id]}
	if t.Kind == KindLiteral {
		a := tt.lits[m>>kindBits]
		t.Datatype, t.Lang = tt.vals[a.dt], tt.langs[a.lang]
	}
	return t
}

// tag returns the tag of a term: its kind, and a hash of its value and,
// for a literal, its attributes above it.
func (tt *termTable) tag(kind Kind, v string, a litAttr) uint32 {
	h := maphash.String(tt.seed, v)
	h ^= uint64(a.dt) | uint64(a.lang)<<32
	h *= 0x9e3779b97f4a7c15
	return uint32(h>>32)<<kindBits | uint32(kind)
}

// home is the slot where the probe for a tag starts.
func home(tag uint32, mask int) int { return int(tag>>kindBits) & mask }

// find returns the id of a term, or 0 and the index of the free slot
// where insert puts it.
func (tt *termTable) find(kind Kind, v string, a litAttr, tag uint32) (id uint32, slot int) {
	mask := len(tt.slots) - 1
	for i := home(tag, mask); ; i = (i + 1) & mask {
		s := tt.slots[i]
		if s == 0 {
			return 0, i
		}
		if uint32(s>>32) != tag {
			continue
		}
		id := uint32(s)
		if tt.vals[id] == v && (kind != KindLiteral || tt.lits[tt.meta[id]>>kindBits] == a) {
			return id, i
		}
	}
}

// lookup returns the id of a term, if the table holds it.
func (tt *termTable) lookup(kind Kind, v string, a litAttr) (uint32, bool) {
	id, _ := tt.find(kind, v, a, tt.tag(kind, v, a))
	return id, id != 0
}

// intern returns the id of a term, adding it if it is new. v is copied
// when it is added, so it may be a view of a buffer that changes later.
func (tt *termTable) intern(kind Kind, v string, a litAttr) uint32 {
	tag := tt.tag(kind, v, a)
	id, slot := tt.find(kind, v, a, tag)
	if id != 0 {
		return id
	}
	return tt.insert(kind, v, a, tag, slot)
}

// insert adds a term that find did not find, at the slot find returned.
func (tt *termTable) insert(kind Kind, v string, a litAttr, tag uint32, slot int) uint32 {
	id := uint32(len(tt.vals))
	m := uint32(kind)
	if kind == KindLiteral {
		m |= uint32(len(tt.lits)) << kindBits
		tt.lits = append(tt.lits, a)
	}
	tt.vals = append(tt.vals, tt.keep(v))
	tt.meta = append(tt.meta, m)
	tt.slots[slot] = uint64(tag)<<32 | uint64(id)
	tt.used++
	// The table is kept at most 13/16 full, so that probes stay short.
	if tt.used*16 > len(tt.slots)*13 {
		tt.grow()
	}
	return id
}

// grow doubles the hash table.
func (tt *termTable) grow() {
	slots := make([]uint64, 2*len(tt.slots))
	mask := len(slots) - 1
	for _, s := range tt.slots {
		if s == 0 {
			continue
		}
		i := home(uint32(s>>32), mask)
		for slots[i] != 0 {
			i = (i + 1) & mask
		}
		slots[i] = s
	}
	tt.slots = slots
}

// keep copies a string into the arena.
func (tt *termTable) keep(v string) string {
	if len(v) == 0 {
		return ""
	}
	if len(v) > arenaMax/8 {
		return strings.Clone(v)
	}
	if cap(tt.arena)-len(tt.arena) < len(v) {
		size := min(max(2*cap(tt.arena), arenaMin), arenaMax)
		tt.arena = make([]byte, 0, size)
	}
	start := len(tt.arena)
	tt.arena = append(tt.arena, v...)
	return unsafe.String(&tt.arena[start], len(v))
}

// lang returns the index of a language tag, adding it if it is new.
func (tt *termTable) lang(tag string) uint32 {
	if i, ok := tt.langIdx[tag]; ok {
		return i
	}
	i := uint32(len(tt.langs))
	tag = strings.Clone(tag)
	tt.langs = append(tt.langs, tag)
	tt.langIdx[tag] = i
	return i
}

// literalAttr returns the attributes of a literal with datatype dt and
// language tag lang, if the table holds both.
func (tt *termTable) literalAttr(dt, lang string) (litAttr, bool) {
	d, ok := tt.lookup(KindIRI, dt, litAttr{})
	if !ok {
		return litAttr{}, false
	}
	l, ok := tt.langIdx[lang]
	return litAttr{dt: d, lang: l}, ok
}
