package graph

import (
	"sort"
	"strings"
)

// lineTable maps byte offsets of one document to lines and columns.
type lineTable struct {
	// starts holds the offset of the first byte of each line. The first
	// line starts after the BOM, if any, so that the BOM is not counted in
	// columns.
	starts []int32
}

// newLineTable indexes the line starts of src; bom is the length of a
// leading BOM (0 or 3).
func newLineTable(src string, bom int) lineTable {
	starts := make([]int32, 1, strings.Count(src, "\n")+1)
	starts[0] = int32(bom)
	for i := 0; ; {
		j := strings.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, int32(i))
	}
	return lineTable{starts: starts}
}

// lineCol returns the 1-based line and byte column of off.
func (t lineTable) lineCol(off int) (line, col int) {
	i := sort.Search(len(t.starts), func(i int) bool { return int(t.starts[i]) > off }) - 1
	if i < 0 {
		return 1, 1
	}
	col = off - int(t.starts[i]) + 1
	if col < 1 {
		col = 1
	}
	return i + 1, col
}
