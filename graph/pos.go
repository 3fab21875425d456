package graph

import (
	"sort"
	"strings"
)

// lineTable maps byte offsets of one document to lines and columns.
//
// It holds the offset of the first byte of each line, in groups of
// lineGroup lines: the offset of a group's first line, and each line's
// distance from it in 16 bits (two bytes a line, not four). A document
// with a group that spans 64 KiB or more (very long lines) keeps every
// offset in full instead. The first line starts after the BOM, if any, so
// that the BOM is not counted in columns.
type lineTable struct {
	bases []int32
	rel   []uint16
	// wide holds every line's offset, for a document whose groups do not
	// fit; bases and rel are then nil.
	wide []int32
}

// lineGroup is the number of lines of a group (a power of two).
const lineGroup = 32

// newLineTable indexes the line starts of src; bom is the length of a
// leading BOM (0 or 3).
func newLineTable(src string, bom int) lineTable {
	n := strings.Count(src, "\n") + 1
	t := lineTable{bases: make([]int32, 0, (n+lineGroup-1)/lineGroup), rel: make([]uint16, 0, n)}
	for i, base := bom, bom; ; {
		if len(t.rel)%lineGroup == 0 {
			base = i
			t.bases = append(t.bases, int32(i))
		}
		if i-base > 1<<16-1 {
			return wideLineTable(src, bom, n)
		}
		t.rel = append(t.rel, uint16(i-base))
		j := strings.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return t
}

// wideLineTable is the lineTable of a document with very long lines.
func wideLineTable(src string, bom, n int) lineTable {
	starts := make([]int32, 1, n)
	starts[0] = int32(bom)
	for i := 0; ; {
		j := strings.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, int32(i))
	}
	return lineTable{wide: starts}
}

// lineCol returns the 1-based line and byte column of off.
func (t lineTable) lineCol(off int) (line, col int) {
	var i, start int
	if t.wide != nil {
		i = sort.Search(len(t.wide), func(i int) bool { return int(t.wide[i]) > off }) - 1
		if i < 0 {
			return 1, 1
		}
		start = int(t.wide[i])
	} else {
		g := sort.Search(len(t.bases), func(g int) bool { return int(t.bases[g]) > off }) - 1
		if g < 0 {
			return 1, 1
		}
		base, lo := int(t.bases[g]), g*lineGroup
		grp := t.rel[lo:min(lo+lineGroup, len(t.rel))]
		k := sort.Search(len(grp), func(k int) bool { return base+int(grp[k]) > off }) - 1
		i, start = lo+k, base+int(grp[k])
	}
	col = off - start + 1
	if col < 1 {
		col = 1
	}
	return i + 1, col
}
