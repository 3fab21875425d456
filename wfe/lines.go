package wfe

import (
	"bytes"
	"sort"

	"github.com/seams/seams-timers/span"
)

// lines turns byte offsets of a file into 1-based lines and byte columns.
// Lines end at '\n'; a UTF-8 byte order mark at the start is not counted
// in the columns of line 1.
type lines struct {
	file   string
	size   int
	bom    int
	starts []int
}

func newLines(file string, src []byte) *lines {
	l := &lines{file: file, size: len(src)}
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		l.bom = 3
	}
	l.starts = append(l.starts, l.bom)
	for i, b := range src {
		if b == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

// pos returns the position of a file offset, clamped to the file.
func (l *lines) pos(off int) span.Pos {
	off = min(max(off, l.bom), l.size)
	n := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off })
	return span.Pos{Offset: off, Line: n, Col: off - l.starts[n-1] + 1}
}

// rng returns the range of the file offsets [start, end).
func (l *lines) rng(start, end int) span.Range {
	return span.Range{File: l.file, Start: l.pos(start), End: l.pos(end)}
}
