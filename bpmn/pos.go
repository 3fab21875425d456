package bpmn

import "bytes"

// lineIndex converts byte offsets into 1-based lines and byte columns.
//
// Lines end at '\n' only: in a CRLF file the '\r' is the last byte of its
// line, and a lone '\r' does not start a line. Line 1 starts after a UTF-8
// byte order mark, so that columns on line 1 match what an editor shows.
type lineIndex struct {
	file   string // the path every span names
	size   int
	starts []int // starts[i] is the offset where line i+1 starts
	// last is the line of the last offset looked up: positions are mostly
	// asked for in file order, so the next one is often on it or the next.
	last int
}

// newLineIndex indexes src, whose first bom bytes are a byte order mark.
func newLineIndex(file string, src []byte, bom int) *lineIndex {
	ix := &lineIndex{file: file, size: len(src), starts: make([]int, 1, 1+bytes.Count(src[bom:], []byte{'\n'}))}
	ix.starts[0] = bom
	for off := bom; ; {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
		ix.starts = append(ix.starts, off)
	}
	return ix
}

// pos returns the position of offset, clamped to the file.
func (ix *lineIndex) pos(offset int) Pos {
	offset = min(max(offset, 0), ix.size)
	n := ix.line(offset)
	if n == 0 {
		// Inside the byte order mark: only file-level errors point here.
		return Pos{Offset: offset, Line: 1, Col: 1}
	}
	ix.last = n
	return Pos{Offset: offset, Line: n, Col: offset - ix.starts[n-1] + 1}
}

// line returns the number of lines that start at or before offset: the
// 1-based line of offset, or 0 inside the byte order mark.
func (ix *lineIndex) line(offset int) int {
	s := ix.starts
	on := func(n int) bool { return n >= 1 && n <= len(s) && s[n-1] <= offset && (n == len(s) || offset < s[n]) }
	if n := ix.last; on(n) {
		return n
	} else if on(n + 1) {
		return n + 1
	}
	lo, hi := 0, len(s) // s[:lo] start at or before offset, s[hi:] after it
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s[m] <= offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// span returns the span of the offsets [start, end).
func (ix *lineIndex) span(start, end int) Span {
	return Span{File: ix.file, Start: ix.pos(start), End: ix.pos(end)}
}

// attrValueSpan finds the attribute written as name (with its prefix, if
// any) in the start tag src[start:end] and returns the offsets of its value,
// quotes excluded. The tag has already been checked by the tokenizer, so the
// scan only has to be safe, not to validate. When the attribute is written
// more than once, nth picks the occurrence (0 is the first).
func attrValueSpan(src []byte, start, end int, name string, nth int) (int, int, bool) {
	if start < 0 || end > len(src) || start >= end {
		return 0, 0, false
	}
	i := start + 1 // past '<'
	// Skip the element name.
	for i < end && !isXMLSpace(src[i]) && src[i] != '>' && src[i] != '/' {
		i++
	}
	for i < end {
		for i < end && isXMLSpace(src[i]) {
			i++
		}
		if i >= end || src[i] == '>' || src[i] == '/' {
			return 0, 0, false
		}
		nameStart := i
		for i < end && !isXMLSpace(src[i]) && src[i] != '=' && src[i] != '>' {
			i++
		}
		attr := src[nameStart:i]
		for i < end && isXMLSpace(src[i]) {
			i++
		}
		if i >= end || src[i] != '=' {
			return 0, 0, false
		}
		i++
		for i < end && isXMLSpace(src[i]) {
			i++
		}
		if i >= end || (src[i] != '"' && src[i] != '\'') {
			return 0, 0, false
		}
		quote := src[i]
		i++
		valStart := i
		j := bytes.IndexByte(src[i:end], quote)
		if j < 0 {
			return 0, 0, false
		}
		i += j
		if string(attr) == name {
			if nth == 0 {
				return valStart, i, true
			}
			nth--
		}
		i++ // past the closing quote
	}
	return 0, 0, false
}

// isXMLSpace reports whether b is XML white space.
func isXMLSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r'
}
