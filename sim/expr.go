package sim

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// Expr is one timer expression that ADR-0037 accepts, parsed.
type Expr struct {
	Kind bpmn.ExprKind
	// Value is the ISO 8601 text: the content of the quoted literal.
	Value    string
	Date     timeexpr.DateTime
	Duration timeexpr.Duration
	Cycle    timeexpr.Cycle
}

// Refusal says why a timer was not simulated. What ADR-0037 refuses is
// the rule engine's call, not the simulator's: Rule and Msg come from the
// caller's verdict (Input.Refused). A timer the caller did not refuse but
// whose expression the simulator cannot read has a Msg and no Rule.
type Refusal struct {
	// Rule is the catalog ID of the check that refuses the timer, such as
	// TMR1031; "" when the simulator could not read it.
	Rule string
	// Msg is what is wrong, in the caller's words: "cycle has no start
	// date-time: 'R/P1D'".
	Msg string
}

// String renders the refusal as the summary shows it: the message, then
// the rule in brackets when there is one.
func (r *Refusal) String() string {
	if r.Rule == "" {
		return r.Msg
	}
	return r.Msg + " [" + r.Rule + "]"
}

// cannotParse is the refusal of a value the simulator cannot compute due
// times for, when the caller gave no verdict.
func cannotParse(value string) *Refusal {
	return &Refusal{Msg: fmt.Sprintf("cannot parse '%s'", value)}
}

// Literal returns the value of a timer expression element's text as Spiff
// reads it: the content of one quoted string literal. ok is false for
// anything else (the rules say what is wrong with it); value is then the
// trimmed text.
func Literal(text string) (value string, ok bool) {
	b := timeexpr.Classify(text)
	if b.Kind == timeexpr.BodyQuoted && !b.Indented {
		return b.Value, true
	}
	return strings.TrimSpace(text), false
}

// ParseValue parses an ISO 8601 value (the content of a literal the rules
// accept) of the given kind into what the simulator computes due times
// from. It fails, without saying which rule refuses it, on a value it
// cannot compute due times for: one that does not parse, a date-time or a
// cycle start without an offset (its instant depends on the host), a cycle
// without a start or in another form than R[n]/<start>/<duration>, a
// period that is not positive, a negative duration, or a fractional year
// or month.
func ParseValue(kind bpmn.ExprKind, value string) (Expr, error) {
	e := Expr{Kind: kind, Value: value}
	switch kind {
	case bpmn.TimeDate:
		d, err := timeexpr.ParseDateTime(value)
		if err != nil {
			return e, err
		}
		if !d.HasOffset {
			return e, errNoOffset
		}
		e.Date = d
	case bpmn.TimeDuration:
		d, err := timeexpr.ParseDuration(value)
		if err != nil {
			return e, err
		}
		if d.Negative || d.FractionalCalendar() {
			return e, errDuration
		}
		e.Duration = d
	case bpmn.TimeCycle:
		c, err := timeexpr.ParseCycle(value)
		if err != nil {
			return e, err
		}
		if c.Form != timeexpr.CycleStartDuration {
			return e, errCycleForm
		}
		if !c.Start.HasOffset {
			return e, errNoOffset
		}
		if !positivePeriod(c.Period) {
			return e, errDuration
		}
		e.Cycle = c
	default:
		return e, errors.New("unknown timer expression kind")
	}
	return e, nil
}

var (
	errNoOffset      = errors.New("no offset: the instant depends on the host's time zone")
	errDuration      = errors.New("not a length of time the simulator can wait for")
	errCycleForm     = errors.New("not a cycle R[n]/<start>/<duration>")
	errStartDuration = errors.New("a timeDuration on a timer start has no due times of its own")
)

// positivePeriod reports a cycle period the schedules can step by: not
// negative, no fractional year or month, and at least a microsecond (or a
// whole number of years or months).
func positivePeriod(d timeexpr.Duration) bool {
	if d.Negative || d.FractionalCalendar() || d.IsZero() {
		return false
	}
	if x, ok := d.Exact(); ok && x < time.Microsecond {
		return false
	}
	return true
}

// StartSchedule is the seams scheduler's due times for the expression on a
// timer start event. A timeDuration has none: its instants would depend on
// when a container booted.
func (e Expr) StartSchedule() (timeexpr.Schedule, error) {
	switch e.Kind {
	case bpmn.TimeDate:
		return timeexpr.DateSchedule(e.Date), nil
	case bpmn.TimeCycle:
		return timeexpr.StartCycleSchedule(e.Cycle), nil
	}
	return timeexpr.Schedule{}, errStartDuration
}

// CatchSchedule is SpiffWorkflow's due times for the expression on a catch
// or boundary event that an instance reaches at arrival.
func (e Expr) CatchSchedule(arrival time.Time) timeexpr.Schedule {
	switch e.Kind {
	case bpmn.TimeDate:
		return timeexpr.DateSchedule(e.Date)
	case bpmn.TimeDuration:
		return timeexpr.DurationSchedule(e.Duration, arrival)
	}
	return timeexpr.SpiffCycleSchedule(e.Cycle)
}

// GuessKind guesses which expression element a bare value belongs to, for
// `seams-timers next` without --kind: R... is a cycle, P... (or -P...) a
// duration, anything else a date-time.
func GuessKind(value string) bpmn.ExprKind {
	v := strings.TrimSpace(value)
	switch {
	case strings.HasPrefix(v, "R") || strings.HasPrefix(v, "r"):
		return bpmn.TimeCycle
	case strings.HasPrefix(v, "P") || strings.HasPrefix(v, "-P") || strings.HasPrefix(v, "p"):
		return bpmn.TimeDuration
	}
	return bpmn.TimeDate
}
