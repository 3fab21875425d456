package graph

import "fmt"

// Rule IDs of the findings this package reports (DESIGN.md section 5).
const (
	// RuleUnreadable is TMR0001: the file cannot be read, or is not an RDF
	// graph file.
	RuleUnreadable = "TMR0001"
	// RuleSyntax is TMR0003: the document is not valid Turtle or
	// N-Triples, or the RDF reader could not read it.
	RuleSyntax = "TMR0003"
)

// Error is a document that could not be loaded. Line and Col are 1-based
// and always at least 1; Col counts bytes, as go vet does (a UTF-8 BOM at
// the start of a file is not counted). For TMR0001 the position is 1:1.
type Error struct {
	Rule string
	File string
	Line int
	Col  int
	Msg  string
}

// Error renders the error as "file:line:col: message [rule]".
func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s [%s]", e.File, e.Line, e.Col, e.Msg, e.Rule)
}

// errUnreadable builds a TMR0001 for path.
func errUnreadable(path, format string, args ...any) *Error {
	return &Error{Rule: RuleUnreadable, File: path, Line: 1, Col: 1, Msg: fmt.Sprintf(format, args...)}
}
