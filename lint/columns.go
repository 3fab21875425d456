package lint

import (
	"encoding/binary"
	"slices"
	"unicode/utf8"
)

// Columns keeps what SARIF's UTF-16 columns need of a file once its bytes
// are released: the position of each rune outside ASCII, with how many
// more bytes than UTF-16 code units it takes. An ASCII file (most models)
// keeps nothing, so that a SARIF run no longer holds the bytes of every
// file with a finding.
type Columns struct {
	// wide are the runes outside ASCII, in file order.
	wide []wideRune
}

// wideRune is a rune outside ASCII: its 1-based line, the 1-based byte
// column just after it, and how many more bytes it takes than UTF-16
// code units (1 for two bytes, 2 for three, 2 for four).
type wideRune struct {
	line, end int32
	extra     int32
}

// asciiColumns is what Columns gives for a released file that kept none
// (NewColumns found no rune wider in UTF-8 than in UTF-16): one shared
// value, so that releasing such a file (most models) allocates nothing.
var asciiColumns = &Columns{}

// NewColumns reads the runes of src that take more bytes than UTF-16
// code units; nil when there are none (an all-ASCII src, most models).
func NewColumns(src []byte) *Columns {
	i := asciiPrefix(src)
	if i == len(src) {
		return nil
	}
	c := &Columns{}
	line, lineStart := 1, 0
	for j := 0; j < i; j++ {
		if src[j] == '\n' {
			line, lineStart = line+1, j+1
		}
	}
	for i < len(src) {
		b := src[i]
		if b < utf8.RuneSelf {
			if b == '\n' {
				line, lineStart = line+1, i+1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		units := 1
		if r >= 0x10000 {
			units = 2
		}
		i += size
		if size > units {
			c.wide = append(c.wide, wideRune{line: int32(line), end: int32(i - lineStart + 1), extra: int32(size - units)})
		}
	}
	if len(c.wide) == 0 {
		return nil
	}
	c.wide = slices.Clip(c.wide)
	return c
}

// asciiPrefix is the length of src's ASCII prefix, eight bytes at a time.
func asciiPrefix(src []byte) int {
	i := 0
	for ; i+8 <= len(src); i += 8 {
		if binary.LittleEndian.Uint64(src[i:])&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(src) && src[i] < utf8.RuneSelf; i++ {
	}
	return i
}

// UTF16 converts a 1-based byte column on a line to UTF-16 code units, as
// the SARIF printer does from the bytes: the runes that end at or before
// the column count as their code units.
func (c *Columns) UTF16(line, col int) int {
	if c == nil {
		return col
	}
	i, _ := slices.BinarySearchFunc(c.wide, int32(line), func(w wideRune, l int32) int { return int(w.line - l) })
	out := col
	for ; i < len(c.wide) && c.wide[i].line == int32(line) && c.wide[i].end <= int32(col); i++ {
		out -= int(c.wide[i].extra)
	}
	return out
}

// ReleaseSource drops the file's bytes, keeping what the SARIF printer
// needs of them (Columns).
func (f *File) ReleaseSource() {
	if f.Src == nil {
		return
	}
	// An all-ASCII file keeps nothing of its own: Columns gives the
	// shared empty value.
	if c := NewColumns(f.Src); c != nil {
		f.extended().columns = c
	}
	f.released = true
	f.Src = nil
}

// Columns returns what was kept of the file's released bytes for SARIF's
// columns (nil while the bytes are kept, or when none were read).
func (f *File) Columns() *Columns {
	switch {
	case !f.released:
		return nil
	case f.ext != nil && f.ext.columns != nil:
		return f.ext.columns
	}
	return asciiColumns
}
