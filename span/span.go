// Package span is the one position and range value of seams-timers: BPMN
// elements and expression bodies, graph triples, scheme elements and Go
// calls all carry a Range, and a diagnostic is built from one.
//
// Lines and columns are 1-based and columns count bytes, as go vet does;
// offsets are 0-based byte offsets into the file as read. A Range is
// half-open: End is the first byte after it.
package span

import "fmt"

// Pos is a place in a file.
type Pos struct {
	Offset int
	Line   int
	Col    int
}

// IsValid reports whether the position is set (lines start at 1).
func (p Pos) IsValid() bool { return p.Line > 0 }

// Range is the half-open text [Start, End) of one file.
type Range struct {
	// File is the file's path as the user gave it or as it was found.
	File  string
	Start Pos
	End   Pos
}

// IsValid reports whether the range's start is set.
func (r Range) IsValid() bool { return r.Start.IsValid() }

// At is the empty range at a position.
func At(file string, p Pos) Range { return Range{File: file, Start: p, End: p} }

// Through is the range from the start of r to the end of s, both in the
// same file.
func (r Range) Through(s Range) Range { return Range{File: r.File, Start: r.Start, End: s.End} }

// String renders the start as file:line:col.
func (r Range) String() string { return fmt.Sprintf("%s:%d:%d", r.File, r.Start.Line, r.Start.Col) }
