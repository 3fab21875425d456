// Package timeexpr is the timer expression language of BPMN bodies as the
// seams runtime reads them: what a body is (a quoted Python string literal,
// an unquoted ISO value, cron, FEEL, JUEL, a variable, another expression),
// strict ISO 8601 date-times, durations and repeating intervals, and the
// due-time arithmetic of the seams scheduler and of SpiffWorkflow.
//
// The package is strict on purpose: it accepts what ADR-0037 accepts and
// names the form of everything else, so that a refusal can say what it saw.
package timeexpr

import "time"

// BodyKind says what the text of a timer expression element is.
type BodyKind int

// Body kinds.
const (
	// BodyEmpty is an empty or all-whitespace body.
	BodyEmpty BodyKind = iota + 1
	// BodyQuoted is one Python string literal, "..." or '...', with the
	// surrounding whitespace Spiff tolerates. Value holds its content.
	BodyQuoted
	// BodyUnquotedISO is an ISO 8601-looking value with no quotes
	// (PT48H, 2026-12-01T09:00:00Z, R/P1D).
	BodyUnquotedISO
	// BodyCron is a cron string (5, 6 or 7 fields, or @daily and friends),
	// quoted or not. Quoted reports which.
	BodyCron
	// BodyFEEL is a FEEL expression, `=...`.
	BodyFEEL
	// BodyJUEL is a JUEL expression, `${...}` or `#{...}`.
	BodyJUEL
	// BodyVariable is a bare Python identifier (or dotted name).
	BodyVariable
	// BodyExpression is any other Python expression: a call, a
	// concatenation, an f-string, a subscript...
	BodyExpression
)

// String names the kind in words for messages ("a cron string").
func (k BodyKind) String() string {
	switch k {
	case BodyEmpty:
		return "an empty body"
	case BodyQuoted:
		return "a quoted string literal"
	case BodyUnquotedISO:
		return "an unquoted ISO 8601 value"
	case BodyCron:
		return "a cron string"
	case BodyFEEL:
		return "a FEEL expression"
	case BodyJUEL:
		return "a JUEL expression"
	case BodyVariable:
		return "a variable"
	case BodyExpression:
		return "a Python expression"
	}
	return "an unknown body"
}

// Body is the classification of an expression element's text.
type Body struct {
	Kind BodyKind
	// Value is the literal's content for BodyQuoted (escapes decoded), the
	// trimmed text for BodyUnquotedISO and BodyCron, and the trimmed text
	// for every other kind. A quoted cron string holds the literal's
	// content, as BodyQuoted does. BodyEmpty has an empty Value.
	Value string
	// Start and End are the byte offsets in the original text of Value's
	// source (for BodyQuoted: the content between the quotes), so that a
	// diagnostic can underline exactly the value. For BodyEmpty they span
	// the whole text.
	Start, End int
	// Quote is the quote character of a literal ('"' or '\''), 0 otherwise.
	// A cron string may be quoted too.
	Quote byte
	// Indented reports a body that Python's eval refuses with an
	// IndentationError: one that starts with a newline whose first
	// non-blank line is indented, any later indented line outside
	// brackets, or a last line that holds only spaces or tabs after a
	// newline (a closing tag indented on its own line, "'PT48H'\n    ").
	// IndentStart is the offset of the offending line's start and
	// IndentEnd the offset of the first non-whitespace byte on it (the
	// end of the text for a trailing whitespace line), so that
	// text[IndentStart:IndentEnd] is the indentation. Leading spaces on
	// the first line and trailing newlines are fine (eval strips the
	// former and ignores blank lines).
	Indented    bool
	IndentEnd   int
	IndentStart int
	// Python is the form of a BodyExpression in words ("a function call",
	// "a concatenation", "an f-string"), for messages.
	Python string
}

// SyntaxError says why a value is not a strict ISO 8601 value, and where.
type SyntaxError struct {
	// Offset is the byte offset in the value where the problem starts.
	Offset int
	// Msg is a lower-case sentence fragment: "month 13 out of range".
	Msg string
}

func (e *SyntaxError) Error() string { return e.Msg }

// DateForm names the ISO 8601 form of a date-time, for messages.
type DateForm int

// Date-time forms.
const (
	FormExtended DateForm = iota + 1 // 2026-12-01T09:00:00Z
	FormBasic                        // 20261201T090000Z
	FormWeek                         // 2026-W49-2T09:00:00Z
	FormOrdinal                      // 2026-335T09:00:00Z (never parsed: SpiffWorkflow cannot read it)
)

// DateTime is a parsed ISO 8601 date-time or bare date.
type DateTime struct {
	// Time is the instant when HasOffset; otherwise the wall-clock reading
	// placed in UTC (what a host on UTC would read).
	Time time.Time
	// HasOffset reports a `Z` or a numeric offset.
	HasOffset bool
	// Offset is the written offset in seconds east of UTC (0 for `Z` and
	// when there is none).
	Offset int
	// DateOnly reports a bare date with no time part (midnight).
	DateOnly bool
	Form     DateForm
}

// Duration is a parsed strict ISO 8601 duration. Fields hold the number
// written for each designator; only the last written part may be
// fractional.
type Duration struct {
	Years, Months, Weeks, Days, Hours, Minutes, Seconds float64
	Negative                                            bool
	// Text is the duration as written.
	Text string
}

// CycleForm names the ISO 8601 repeating-interval form.
type CycleForm int

// Repeating-interval forms (ISO 8601-1 4.5.2 interval forms after R[n]/).
const (
	// CycleStartDuration is R[n]/<start>/<duration>: the form ADR-0037 accepts.
	CycleStartDuration CycleForm = iota + 1
	// CycleDurationOnly is R[n]/<duration>: no start.
	CycleDurationOnly
	// CycleDurationEnd is R[n]/<duration>/<end>.
	CycleDurationEnd
	// CycleStartEnd is R[n]/<start>/<end>.
	CycleStartEnd
)

// String describes the form for messages: "R[n]/<start>/<end>".
func (f CycleForm) String() string {
	switch f {
	case CycleStartDuration:
		return "R[n]/<start>/<duration>"
	case CycleDurationOnly:
		return "R[n]/<duration>"
	case CycleDurationEnd:
		return "R[n]/<duration>/<end>"
	case CycleStartEnd:
		return "R[n]/<start>/<end>"
	}
	return "unknown"
}

// Cycle is a parsed repeating interval.
type Cycle struct {
	// Repeat is n of R<n>; -1 for R and R-1 (unbounded).
	Repeat int
	Form   CycleForm
	// Start, Period and End are set according to Form.
	Start  DateTime
	Period Duration
	End    DateTime
	// Text is the cycle as written.
	Text string
}
