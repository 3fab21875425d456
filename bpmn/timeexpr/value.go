package timeexpr

import (
	"errors"
	"strings"
	"time"
)

// ValueKind is which of the three ISO 8601 values a timer expression
// holds: a date-time, a duration or a repeating interval. Package bpmn
// names the expression elements that hold them (ExprKind.ValueKind).
type ValueKind int

// Value kinds.
const (
	// ValueDate is a date-time, the value of a timeDate.
	ValueDate ValueKind = iota + 1
	// ValueDuration is a duration, the value of a timeDuration.
	ValueDuration
	// ValueCycle is a repeating interval, the value of a timeCycle.
	ValueCycle
)

// Value is one timer value that ADR-0037 accepts, parsed: the field of its
// kind is set.
type Value struct {
	Kind ValueKind
	// Text is the ISO 8601 text: the content of the quoted literal.
	Text     string
	Date     DateTime
	Duration Duration
	Cycle    Cycle
}

// Literal returns the value of a timer expression element's text as Spiff
// reads it: the content of one quoted string literal. ok is false for
// anything else (the rules say what is wrong with it); value is then the
// trimmed text.
func Literal(text string) (value string, ok bool) {
	b := Classify(text)
	if b.Kind == BodyQuoted && !b.Indented {
		return b.Value, true
	}
	return strings.TrimSpace(text), false
}

// ParseValue parses an ISO 8601 value (the content of a literal the rules
// accept) of the given kind into what the due times are computed from. It
// fails, without saying which rule refuses it, on a value it cannot
// compute due times for: one that does not parse, a date-time or a cycle
// start without an offset (its instant depends on the host), a cycle
// without a start or in another form than R[n]/<start>/<duration>, a
// period that is not positive, a negative duration, or a fractional year
// or month.
func ParseValue(kind ValueKind, text string) (Value, error) {
	v := Value{Kind: kind, Text: text}
	switch kind {
	case ValueDate:
		d, err := ParseDateTime(text)
		if err != nil {
			return v, err
		}
		if !d.HasOffset {
			return v, errNoOffset
		}
		v.Date = d
	case ValueDuration:
		d, err := ParseDuration(text)
		if err != nil {
			return v, err
		}
		if d.Negative || d.FractionalCalendar() {
			return v, errDuration
		}
		v.Duration = d
	case ValueCycle:
		c, err := ParseCycle(text)
		if err != nil {
			return v, err
		}
		if c.Form != CycleStartDuration {
			return v, errCycleForm
		}
		if !c.Start.HasOffset {
			return v, errNoOffset
		}
		if !positivePeriod(c.Period) {
			return v, errDuration
		}
		v.Cycle = c
	default:
		return v, errors.New("unknown timer expression kind")
	}
	return v, nil
}

var (
	errNoOffset      = errors.New("no offset: the instant depends on the host's time zone")
	errDuration      = errors.New("not a length of time the simulator can wait for")
	errCycleForm     = errors.New("not a cycle R[n]/<start>/<duration>")
	errStartDuration = errors.New("a timeDuration on a timer start has no due times of its own")
)

// positivePeriod reports a cycle period the schedules can step by: not
// negative, no fractional year or month, and not zero once rounded to the
// microsecond as Spiff rounds it (or a whole number of years or months).
func positivePeriod(d Duration) bool {
	if d.Negative || d.FractionalCalendar() || d.IsZero() {
		return false
	}
	return !d.RoundsToZero()
}

// StartSchedule is the seams scheduler's due times for the value on a
// timer start event. A duration has none: its instants would depend on
// when a container booted.
func (v Value) StartSchedule() (Schedule, error) {
	switch v.Kind {
	case ValueDate:
		return DateSchedule(v.Date), nil
	case ValueCycle:
		return StartCycleSchedule(v.Cycle), nil
	}
	return Schedule{}, errStartDuration
}

// CatchSchedule is SpiffWorkflow's due times for the value on a catch or
// boundary event that an instance reaches at arrival.
func (v Value) CatchSchedule(arrival time.Time) Schedule {
	switch v.Kind {
	case ValueDate:
		return DateSchedule(v.Date)
	case ValueDuration:
		return DurationSchedule(v.Duration, arrival)
	}
	return SpiffCycleSchedule(v.Cycle)
}
