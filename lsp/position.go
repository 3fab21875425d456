package lsp

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// Position encodings (LSP 3.17 PositionEncodingKind).
const (
	encUTF8  = "utf-8"
	encUTF16 = "utf-16"
	encUTF32 = "utf-32"
)

// negotiateEncoding picks the first encoding of the client's list that the
// server speaks; UTF-16, the protocol's default, when the client lists
// none it knows.
func negotiateEncoding(offered []string) string {
	for _, e := range offered {
		switch e {
		case encUTF8, encUTF16, encUTF32:
			return e
		}
	}
	return encUTF16
}

// lineIndex maps byte offsets of a text to LSP positions and back.
type lineIndex struct {
	text  []byte
	lines []int // byte offset of the start of each line
	enc   string
}

func newLineIndex(text []byte, enc string) *lineIndex {
	lines := []int{0}
	for i, c := range text {
		if c == '\n' {
			lines = append(lines, i+1)
		}
	}
	return &lineIndex{text: text, lines: lines, enc: enc}
}

// units counts the encoding's code units of b.
func units(b []byte, enc string) int {
	switch enc {
	case encUTF8:
		return len(b)
	case encUTF32:
		return utf8.RuneCount(b)
	}
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		n += utf16.RuneLen(r)
	}
	return n
}

// position is the LSP position of a byte offset (clamped to the text).
func (x *lineIndex) position(off int) Position {
	off = min(max(off, 0), len(x.text))
	lo, hi := 0, len(x.lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if x.lines[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return Position{Line: lo, Character: units(x.text[x.lines[lo]:off], x.enc)}
}

// offset is the byte offset of an LSP position. A character past the end
// of its line means the line's end (before its line break), and a line
// past the last means the end of the text, as the protocol asks.
func (x *lineIndex) offset(p Position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(x.lines) {
		return len(x.text)
	}
	start := x.lines[p.Line]
	end := len(x.text)
	if p.Line+1 < len(x.lines) {
		end = x.lines[p.Line+1] - 1 // the '\n'
		if end > start && x.text[end-1] == '\r' {
			end--
		}
	}
	return charOffset(x.text, start, end, p.Character, x.enc)
}

// charOffset is the byte offset of the character'th code unit of the
// line text[start:end] (its end when the line is shorter).
func charOffset(text []byte, start, end, character int, enc string) int {
	if character <= 0 {
		return start
	}
	if enc == encUTF8 {
		return min(start+character, end)
	}
	n := 0
	i := start
	for i < end {
		r, size := utf8.DecodeRune(text[i:end])
		w := 1
		if enc == encUTF16 {
			w = utf16.RuneLen(r)
		}
		if n+w > character {
			break
		}
		n += w
		i += size
	}
	return i
}

// offsetOf is lineIndex.offset without the index: it scans the text only
// up to the position's line, so that applying an edit near the top of a
// large buffer costs what the edit touches, not the buffer's size.
func offsetOf(text []byte, p Position, enc string) int {
	if p.Line < 0 {
		return 0
	}
	start := 0
	for range p.Line {
		i := bytes.IndexByte(text[start:], '\n')
		if i < 0 {
			return len(text)
		}
		start += i + 1
	}
	end := len(text)
	if i := bytes.IndexByte(text[start:], '\n'); i >= 0 {
		end = start + i
		if end > start && text[end-1] == '\r' {
			end--
		}
	}
	return charOffset(text, start, end, p.Character, enc)
}

// lineColOffset is the byte offset of a 1-based line and byte column, for
// findings that carry no offset.
func (x *lineIndex) lineColOffset(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(x.lines) {
		return len(x.text)
	}
	end := len(x.text)
	if line < len(x.lines) {
		end = x.lines[line] - 1 // the '\n': a column past the line's end stays on the line
		if end > x.lines[line-1] && x.text[end-1] == '\r' {
			end--
		}
	}
	return min(x.lines[line-1]+max(col-1, 0), end)
}

// rangeOf is the LSP range of the byte range [start, end).
func (x *lineIndex) rangeOf(start, end int) Range {
	return Range{Start: x.position(start), End: x.position(max(start, end))}
}
