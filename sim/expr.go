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

// Refusal says why an expression cannot be simulated, in the ADR's terms:
// the message is the third argument of ResolutionError(<subject>,
// predicate, "message").
type Refusal struct {
	// Rule is the catalog ID of the check that refuses the same thing.
	Rule string
	// Predicate is the expression element's predicate: bpmn:timeCycle.
	Predicate string
	// Msg is what is wrong: "cycle has no start date-time: 'R/P1D'".
	Msg string
	// Detail says what to write instead, in one sentence.
	Detail string
	// Warning marks a refusal that is only a warning in `check` (R0): the
	// expression is valid but never fires.
	Warning bool
}

// Error renders the refusal in the ADR's form for a subject.
func (r *Refusal) Error() string { return r.Message("expression") }

// Message renders ResolutionError(<subject>, predicate, "msg").
func (r *Refusal) Message(subject string) string {
	return fmt.Sprintf("ResolutionError(<%s>, %s, %s)", subject, r.Predicate, quoteMsg(r.Msg))
}

// quoteMsg double-quotes a message, escaping only backslash, double quote
// and control characters so that the ADR's single-quoted values stay as
// they are.
func quoteMsg(s string) string {
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
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func refuse(rule string, kind bpmn.ExprKind, detail, format string, args ...any) *Refusal {
	return &Refusal{Rule: rule, Predicate: kind.Predicate(), Msg: fmt.Sprintf(format, args...), Detail: detail}
}

// syntaxMsg returns the parser's reason, or a generic one.
func syntaxMsg(err error) string {
	var se *timeexpr.SyntaxError
	if errors.As(err, &se) && se.Msg != "" {
		return se.Msg
	}
	if err != nil {
		return err.Error()
	}
	return "syntax error"
}

// ParseBody reads the text of a timeDate, timeDuration or timeCycle
// element as Spiff would (one quoted string literal) and parses its value.
func ParseBody(kind bpmn.ExprKind, text string) (Expr, *Refusal) {
	b := timeexpr.Classify(text)
	switch b.Kind {
	case timeexpr.BodyQuoted:
		if b.Indented {
			return Expr{}, refuse("TMR1007", kind, "Put the quoted literal on the element's first line.",
				"expression starts with a newline and indentation: Spiff fails with IndentationError")
		}
		return ParseValue(kind, b.Value)
	case timeexpr.BodyEmpty:
		return Expr{}, refuse("TMR1003", kind, "Write one quoted ISO 8601 literal.", "expression is empty")
	case timeexpr.BodyUnquotedISO:
		return Expr{}, refuse("TMR1004", kind, fmt.Sprintf("Quote it: \"%s\".", b.Value),
			"expression is not quoted: '%s' (Spiff evaluates it as Python)", b.Value)
	case timeexpr.BodyCron:
		return Expr{}, refuse("TMR1006", kind, "Write an ISO 8601 repeating interval such as \"R/2026-11-09T08:00:00Z/P1D\".",
			"cron string, not ISO 8601: '%s'", b.Value)
	}
	return Expr{}, refuse("TMR1005", kind, "Write one quoted ISO 8601 literal; its due time must be known ahead of time.",
		"expression is %s, not a literal: '%s'", b.Kind, b.Value)
}

// ParseValue parses an ISO 8601 value (the content of the literal) of the
// given kind and refuses what ADR-0037 refuses.
func ParseValue(kind bpmn.ExprKind, value string) (Expr, *Refusal) {
	e := Expr{Kind: kind, Value: value}
	switch kind {
	case bpmn.TimeDate:
		d, err := timeexpr.ParseDateTime(value)
		if err != nil {
			return e, refuse("TMR1010", kind, "Write a date-time such as \"2026-12-01T09:00:00Z\".",
				"not an ISO 8601 date-time: '%s' (%s)", value, syntaxMsg(err))
		}
		if !d.HasOffset {
			return e, refuse("TMR1011", kind, fmt.Sprintf("Add Z or an offset: '%sZ'.", value),
				"date-time has no offset: '%s' (Spiff reads it in the host's time zone)", value)
		}
		e.Date = d
	case bpmn.TimeDuration:
		d, r := parseDuration(kind, value)
		if r != nil {
			return e, r
		}
		e.Duration = d
	case bpmn.TimeCycle:
		c, err := timeexpr.ParseCycle(value)
		if err != nil {
			return e, refuse("TMR1030", kind, "Write R[n]/<start date-time>/<duration>, such as \"R/2026-11-09T08:00:00Z/P1D\".",
				"not an ISO 8601 repeating interval: '%s' (%s)", value, syntaxMsg(err))
		}
		switch c.Form {
		case timeexpr.CycleStartDuration:
		case timeexpr.CycleDurationOnly:
			return e, refuse("TMR1031", kind,
				fmt.Sprintf("Give the cycle a start date-time: '%s/<start>/%s'; without one its firings depend on when a container booted.", repeatPart(c), c.Period.String()),
				"cycle has no start date-time: '%s'", value)
		default:
			return e, refuse("TMR1032", kind, "Write R[n]/<start date-time>/<duration>.",
				"cycle has the %s form, not R[n]/<start>/<duration>: '%s'", c.Form, value)
		}
		if !c.Start.HasOffset {
			return e, refuse("TMR1011", kind, "Add Z or an offset to the start date-time.",
				"cycle start has no offset: '%s' (Spiff reads it in the host's time zone)", value)
		}
		if r := checkDuration(kind, c.Period, c.Period.String()); r != nil {
			return e, r
		}
		if c.Count() == 0 {
			r := refuse("TMR1033", kind, "Remove the timer, or repeat it at least once: R1/...", "cycle never fires: '%s'", value)
			r.Warning = true
			e.Cycle = c
			return e, r
		}
		e.Cycle = c
	default:
		return e, refuse("TMR1001", kind, "Use timeDate, timeDuration or timeCycle.", "unknown timer expression kind")
	}
	return e, nil
}

// repeatPart returns the R[n] part of a cycle's text.
func repeatPart(c timeexpr.Cycle) string {
	if i := strings.IndexByte(c.Text, '/'); i > 0 {
		return c.Text[:i]
	}
	return "R"
}

func parseDuration(kind bpmn.ExprKind, value string) (timeexpr.Duration, *Refusal) {
	d, err := timeexpr.ParseDuration(value)
	if err != nil {
		return d, refuse("TMR1020", kind, "Write a strict ISO 8601 duration such as \"PT48H\" or \"P1D\".",
			"not an ISO 8601 duration: '%s' (%s)", value, syntaxMsg(err))
	}
	return d, checkDuration(kind, d, value)
}

// checkDuration refuses a parsed duration that cannot be waited for.
func checkDuration(kind bpmn.ExprKind, d timeexpr.Duration, value string) *Refusal {
	switch {
	case d.Negative:
		return refuse("TMR1022", kind, "A timer waits forward in time: drop the sign.", "duration is negative: '%s'", value)
	case d.IsZero():
		return refuse("TMR1021", kind, "Give a positive duration; a zero cycle period hangs the engine.", "duration is zero: '%s'", value)
	case d.FractionalCalendar():
		return refuse("TMR1023", kind, "Write whole years and months, or use days: P15D.", "fractional year or month: '%s' (Spiff crashes)", value)
	}
	if x, ok := d.Exact(); ok && x < time.Microsecond {
		return refuse("TMR1021", kind, "Give a duration of at least a microsecond.", "duration is zero at Python's microsecond resolution: '%s'", value)
	}
	return nil
}

// StartSchedule is the seams scheduler's due times for the expression on a
// timer start event. A timeDuration has none: its instants would depend on
// when a container booted (TMR2004).
func (e Expr) StartSchedule() (Schedule, *Refusal) {
	switch e.Kind {
	case bpmn.TimeDate:
		return DateSchedule(e.Date), nil
	case bpmn.TimeCycle:
		return StartCycleSchedule(e.Cycle), nil
	}
	return Schedule{}, refuse("TMR2004", e.Kind, "Use a timeDate or a timeCycle with a start date-time on a timer start.",
		"timeDuration on a process's timer start: its instants would depend on when a container booted")
}

// CatchSchedule is SpiffWorkflow's due times for the expression on a catch
// or boundary event that an instance reaches at arrival.
func (e Expr) CatchSchedule(arrival time.Time) Schedule {
	switch e.Kind {
	case bpmn.TimeDate:
		return DateSchedule(e.Date)
	case bpmn.TimeDuration:
		return DurationSchedule(e.Duration, arrival)
	}
	return SpiffCycleSchedule(e.Cycle)
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
