// Package lint runs rules over loaded models and reports diagnostics.
//
// It owns the Diagnostic type (the public JSON contract of DESIGN.md
// section 6), the Rule and Pass types that rules are written against, the
// driver that isolates a panicking rule, the printers and the exit codes.
package lint

import (
	"fmt"
	"strings"

	"github.com/seams/seams-timers/span"
)

// Severity orders findings. The zero value is invalid on purpose, so that a
// diagnostic built without a severity is caught rather than printed.
type Severity int

// Severities, in increasing order of weight.
const (
	SeverityInvalid Severity = iota
	SeverityInfo
	SeverityWarning
	SeverityError
)

// String returns the lower-case name used in text and JSON output.
func (s Severity) String() string {
	switch s {
	case SeverityInfo:
		return "info"
	case SeverityWarning:
		return "warning"
	case SeverityError:
		return "error"
	}
	return "invalid"
}

// ParseSeverity reads "info", "warning" or "error".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(s) {
	case "info":
		return SeverityInfo, nil
	case "warning", "warn":
		return SeverityWarning, nil
	case "error":
		return SeverityError, nil
	}
	return SeverityInvalid, fmt.Errorf("unknown severity %q (want info, warning or error)", s)
}

// MarshalText renders the severity as its name.
func (s Severity) MarshalText() ([]byte, error) {
	if s == SeverityInvalid {
		return nil, fmt.Errorf("invalid severity")
	}
	return []byte(s.String()), nil
}

// Edit replaces the bytes [Offset, End) of a file with NewText.
type Edit struct {
	Offset  int
	End     int
	NewText string
}

// Fix is a change that cannot alter the meaning of the model.
type Fix struct {
	Message string
	Edits   []Edit
}

// Diagnostic is one finding. Line and column are 1-based; columns count
// bytes, as go vet does. EndLine/EndColumn are exclusive-end positions of
// the expression text or element the finding is about.
type Diagnostic struct {
	Rule      string   `json:"rule"`
	Name      string   `json:"name"`
	Severity  Severity `json:"severity"`
	File      string   `json:"file"`
	Line      int      `json:"line"`
	Column    int      `json:"column"`
	EndLine   int      `json:"endLine"`
	EndColumn int      `json:"endColumn"`
	Element   string   `json:"element"`
	Subject   string   `json:"subject"`
	Predicate string   `json:"predicate"`
	Message   string   `json:"message"`
	Detail    string   `json:"detail"`
	Fix       *Fix     `json:"-"`
	// What is what is wrong, in a few words: the third argument of the
	// ResolutionError form, unquoted, or the message itself. Tools that
	// show a finding somewhere else (the simulator's refusals, next)
	// print it; it is never parsed back out of Message.
	What string `json:"-"`
	// Related are the other places the finding concerns, each with a
	// label saying what it is there: hcl's Context beside the Subject. A
	// rule that joins two places (a triple and the element it names, two
	// triples that contradict each other) sets them; the text printer
	// (with source), SARIF's relatedLocations and the language server's
	// relatedInformation show them. Not part of JSON, whose fields are a
	// contract.
	Related []Related `json:"-"`

	// Offset and EndOffset are the byte offsets of the span in the file,
	// used by the source snippet printer and by --fix. Not part of JSON.
	Offset    int `json:"-"`
	EndOffset int `json:"-"`

	// excerpt is the source line the text printer shows under the
	// finding, taken while its file's bytes were at hand (a streaming
	// check releases them early); nil to look it up when printing.
	excerpt *excerpt
}

// Related is another place a finding concerns: its range (file, start
// and end, 1-based lines, byte columns and offsets) and a label saying
// what is there, such as "the element: approval.bpmn#T".
type Related struct {
	Range span.Range
	Label string
}

// RelatedAt is a related location at r labelled label, its lines and
// columns at least 1.
func RelatedAt(r span.Range, label string) Related {
	r.Start.Line, r.Start.Col = max(r.Start.Line, 1), max(r.Start.Col, 1)
	r.End.Line, r.End.Col = max(r.End.Line, 1), max(r.End.Col, 1)
	return Related{Range: r, Label: label}
}

// AtRange is a diagnostic that spans r (its file, start and end), to be
// completed by the caller.
func AtRange(r span.Range) Diagnostic {
	return Diagnostic{
		File:      r.File,
		Line:      max(r.Start.Line, 1),
		Column:    max(r.Start.Col, 1),
		EndLine:   max(r.End.Line, 1),
		EndColumn: max(r.End.Col, 1),
		Offset:    r.Start.Offset,
		EndOffset: r.End.Offset,
	}
}

// Range is the span of the diagnostic in its file.
func (d Diagnostic) Range() span.Range {
	return span.Range{
		File:  d.File,
		Start: span.Pos{Offset: d.Offset, Line: d.Line, Col: d.Column},
		End:   span.Pos{Offset: d.EndOffset, Line: d.EndLine, Col: d.EndColumn},
	}
}

// Resolution renders the ADR-0037 form ResolutionError(<subject>,
// predicate, "what") for a subject shown as display. When what already
// starts with '[' (a list of IRIs, as TMR4001/TMR4002 print) it is not quoted.
func Resolution(display, predicate, what string) string {
	arg := what
	if !strings.HasPrefix(what, "[") {
		arg = quote(what)
	}
	return fmt.Sprintf("ResolutionError(<%s>, %s, %s)", display, predicate, arg)
}

// quote wraps s in double quotes, escaping only backslash, double quote and
// control characters, so that the ADR's single-quoted values stay readable.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// UnmarshalText reads a severity name, so that JSON output reads back.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
