package graph

import (
	"encoding/binary"
	"hash/maphash"
	"slices"
	"strings"
	"unsafe"
)

// termTable holds the terms of a graph, each under an id: id 0 is the zero
// Term, and ids are given in the order terms are first read, so that they
// are the same whatever the number of CPUs.
//
// It is built for a million terms: a term costs its string, copied into a
// shared arena (not one allocation each), eight bytes of entry and, in the
// hash table, eight bytes at a load of 40 to 81 percent; a literal adds
// eight bytes of attributes in the arena, before its lexical form. Of
// what grows with the terms, only the arena's list of chunks holds
// pointers (the language tags are few), so that the collector has almost
// nothing to scan in a large graph.
type termTable struct {
	// ents holds the entry of each term: where its string is in the
	// arena, and its kind (the layout is over kindBits, below).
	ents []uint64
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
	// chunks are the arena: term strings are copied into chunks[cur], at
	// its end, until it is full; a long string has a chunk of its own.
	// Each chunk is sliced to its capacity.
	chunks [][]byte
	cur    int
	fill   int
}

// litAttr is what a literal has besides its lexical form: the id of its
// datatype IRI and the index of its language tag.
type litAttr struct{ dt, lang uint32 }

// An entry packs, from the low bits up, a term's Kind (2 bits), the length
// of its string (20 bits: lenOwn for a string that runs to the end of its
// chunk), the string's offset in its chunk (18 bits) and the chunk's index
// (24 bits: sixteen million chunks, terabytes of strings, since all but
// the first few chunks hold more than 32 KiB). A literal's attributes are the 8
// bytes before its string.
const (
	kindBits  = 2
	kindMask  = 1<<kindBits - 1
	lenShift  = kindBits
	lenBits   = 20
	lenOwn    = 1<<lenBits - 1
	offShift  = lenShift + lenBits
	offBits   = 18
	offMask   = 1<<offBits - 1
	chunkShft = offShift + offBits
	attrSize  = 8
	// minSlots is the size of the hash table of an empty graph.
	minSlots = 32
	// arenaMin and arenaMax bound the arena's chunks, which double in
	// size from one to the next: a small graph takes little memory, a
	// large one few allocations. A string longer than arenaMax/8 is
	// given a chunk of its own, so that a chunk wastes little at its end.
	arenaMin = 512
	arenaMax = 1 << offBits
)

func newTermTable() *termTable {
	return &termTable{
		ents:    make([]uint64, 1),
		langs:   []string{""},
		langIdx: map[string]uint32{"": 0},
		slots:   make([]uint64, minSlots),
		seed:    maphash.MakeSeed(),
		cur:     -1,
	}
}

// len returns the number of ids, the zero one included.
func (tt *termTable) len() int { return len(tt.ents) }

func (tt *termTable) kind(id uint32) Kind { return entryKind(tt.ents[id]) }

// entryKind is the Kind an entry packs.
func entryKind(e uint64) Kind { return Kind(e & kindMask) }

// str returns the string of an entry, a view of the arena.
func (tt *termTable) str(e uint64) string {
	n := int(e>>lenShift) & lenOwn
	if n == 0 {
		return ""
	}
	c, off := tt.chunks[e>>chunkShft], int(e>>offShift)&offMask
	if n == lenOwn {
		n = len(c) - off
	}
	return unsafe.String(&c[off], n)
}

// attr returns the attributes of a literal's entry.
func (tt *termTable) attr(e uint64) litAttr {
	c, off := tt.chunks[e>>chunkShft], int(e>>offShift)&offMask
	a := c[off-attrSize : off]
	return litAttr{dt: binary.LittleEndian.Uint32(a), lang: binary.LittleEndian.Uint32(a[4:])}
}

// value returns the string of an id.
func (tt *termTable) value(id uint32) string { return tt.str(tt.ents[id]) }

// term returns the term of an id.
func (tt *termTable) term(id uint32) Term {
	e := tt.ents[id]
	t := Term{Kind: entryKind(e), Value: tt.str(e)}
	if t.Kind == KindLiteral {
		a := tt.attr(e)
		t.Datatype, t.Lang = tt.value(a.dt), tt.langs[a.lang]
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
		// The tag holds the kind: the kinds are equal.
		id := uint32(s)
		e := tt.ents[id]
		if tt.str(e) == v && (kind != KindLiteral || tt.attr(e) == a) {
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
	id := uint32(len(tt.ents))
	if len(tt.ents) == cap(tt.ents) {
		// Doubling, where append grows a large slice by a quarter: half
		// the bytes allocated and copied on the way, and trim gives back
		// the spare room at the end.
		tt.ents = slices.Grow(tt.ents, max(len(tt.ents), 64))
	}
	tt.ents = append(tt.ents, tt.keep(kind, v, a))
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

// keep copies a term's string, and a literal's attributes before it, into
// the arena, and returns its entry.
func (tt *termTable) keep(kind Kind, v string, a litAttr) uint64 {
	pre := 0
	if kind == KindLiteral {
		pre = attrSize
	}
	n := pre + len(v)
	var c []byte
	var ci, off, vlen int
	if n > arenaMax/8 {
		c = make([]byte, n)
		tt.chunks = append(tt.chunks, c)
		ci, off, vlen = len(tt.chunks)-1, pre, lenOwn
	} else {
		if tt.cur < 0 || len(tt.chunks[tt.cur])-tt.fill < n {
			size := arenaMin
			if tt.cur >= 0 {
				size = min(2*len(tt.chunks[tt.cur]), arenaMax)
			}
			for size < n {
				size *= 2
			}
			tt.chunks = append(tt.chunks, make([]byte, size))
			tt.cur, tt.fill = len(tt.chunks)-1, 0
		}
		c = tt.chunks[tt.cur]
		ci, off, vlen = tt.cur, tt.fill+pre, len(v)
		tt.fill += n
	}
	if pre > 0 {
		binary.LittleEndian.PutUint32(c[off-attrSize:], a.dt)
		binary.LittleEndian.PutUint32(c[off-attrSize+4:], a.lang)
	}
	copy(c[off:], v)
	if len(v) == 0 {
		// An empty string reads as "" whatever its place; a literal's
		// attributes are still found before it.
		vlen = 0
	}
	return uint64(ci)<<chunkShft | uint64(off)<<offShift | uint64(vlen)<<lenShift | uint64(kind)
}

// trim gives back the room the table holds beyond its terms, once the
// graph is read: the spare capacity of the entries, and the unused end of
// the arena's current chunk. Strings already handed out stay valid: they
// keep the old chunk alive.
func (tt *termTable) trim() {
	if cap(tt.ents) > len(tt.ents) {
		tt.ents = slices.Clone(tt.ents)
	}
	if tt.cur >= 0 && tt.fill < len(tt.chunks[tt.cur]) {
		tt.chunks[tt.cur] = slices.Clone(tt.chunks[tt.cur][:tt.fill])
		tt.cur = -1
	}
	tt.chunks = slices.Clip(tt.chunks)
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
