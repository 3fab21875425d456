// Package firing says when the timers of BPMN models fire: the schedule a
// timer expression gets where it sits (the seams calendar for a timer
// start, Spiff's stride for a catch), its next due times with the
// arithmetic behind each, or the rules' refusal. `seams-timers next` prints
// it and the language server's hover shows it, from the same functions.
package firing

import (
	"errors"
	"fmt"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// Schedule reads an expression as a timer start (as "start": the seams
// scheduler) or as a catch reached at now (as "catch": SpiffWorkflow). An
// empty as means a start, except for a duration, which only a catch reads.
func Schedule(e timeexpr.Value, as string, now time.Time) (timeexpr.Schedule, error) {
	if as == "catch" || as == "" && e.Kind == timeexpr.ValueDuration {
		return e.CatchSchedule(now), nil
	}
	return e.StartSchedule()
}

// Due is one due time and the calendar arithmetic that gave it ("" when
// none was needed).
type Due struct {
	Time  time.Time
	Arith string
}

// Dues returns up to n due times of s at or after now.
func Dues(s timeexpr.Schedule, now time.Time, n int) []Due {
	var out []Due
	for k := s.Before(now); len(out) < n && s.Has(k); k++ {
		out = append(out, Due{Time: s.Due(k), Arith: s.Describe(k)})
	}
	return out
}

// NoneLeft says why an expression has no due time at or after now.
func NoneLeft(e timeexpr.Value, as string, now time.Time) string {
	switch {
	case e.Kind == timeexpr.ValueDate && as != "catch":
		return fmt.Sprintf("%s is before --now %s: on a timer start it fires once, at the scheduler's first load", e.Text, timeexpr.FormatTime(now))
	case e.Kind == timeexpr.ValueDate:
		return fmt.Sprintf("%s is before --now %s: a catch reached now fires at the first tick", e.Text, timeexpr.FormatTime(now))
	case e.Kind == timeexpr.ValueCycle && e.Cycle.Count() == 0:
		return fmt.Sprintf("%s never fires (R0)", e.Text)
	}
	return fmt.Sprintf("%s has no firing left at or after --now %s", e.Text, timeexpr.FormatTime(now))
}

// ErrNotLiteral is why a body that is not one quoted literal has no due
// time.
var ErrNotLiteral = errors.New("the body is not one quoted ISO 8601 literal")

// Timer is what one timer element of a model does from now on: refused
// by the rules, unreadable, or due at Dues.
type Timer struct {
	// Element is the timer event.
	Element *bpmn.Element
	// Expr is the expression Spiff evaluates (nil when there is none).
	Expr *bpmn.Expr
	// Mode is "start" (the seams scheduler's calendar) or "catch" (Spiff's
	// stride from the moment an instance arrives).
	Mode string
	// Value is the parsed expression, when Problem and Refusal are empty.
	Value timeexpr.Value
	// Refusal is the rules' finding when the runtime refuses the timer.
	Refusal *lint.Diagnostic
	// Problem says why the timer has no due time without it being an
	// error: it has no expression.
	Problem string
	// Err says why the due times cannot be computed although no rule
	// refused the timer: the body is not one quoted literal, the value
	// does not parse, the schedule cannot be built. Literal is the value
	// as read.
	Err     error
	Literal string
	// Arith is the arithmetic of the schedule's occurrences after the
	// first (the seams calendar, Spiff's stride, exact periods, once).
	Arith timeexpr.Arith
	// Dues are the next due times at or after now.
	Dues []Due
	// NoneLeft says why Dues is empty for a readable expression.
	NoneLeft string
}

// Of works out what the timer element el of doc does from now on: the
// verdict of the rules (rules.Verdicts, by element IRI) first, then the
// next n due times. An empty as reads a timer start as a start and every
// other timer as a catch.
func Of(doc *bpmn.Document, el *bpmn.Element, verdicts map[string]lint.Diagnostic, as string, now time.Time, n int) Timer {
	t := Timer{Element: el, Mode: as}
	if t.Mode == "" {
		t.Mode = "catch"
		if el.Placement().IsStart() {
			t.Mode = "start"
		}
	}
	if len(el.Timers) > 0 {
		t.Expr = el.Timers[0].Effective()
	}
	if v, refused := verdicts[doc.ElementIRI(el.ID)]; refused {
		t.Refusal = &v
		return t
	}
	if len(el.Timers) == 0 {
		return t // only a referenced timer: the rules refuse it
	}
	if t.Expr == nil {
		t.Problem = "no timeDate, timeDuration or timeCycle"
		return t
	}
	value, lit := timeexpr.Literal(t.Expr.Text)
	t.Literal = value
	e, err := timeexpr.ParseValue(t.Expr.Kind.ValueKind(), value)
	if !lit && err == nil {
		err = ErrNotLiteral
	}
	if err != nil {
		t.Err = err
		return t
	}
	t.Value = e
	s, err := Schedule(e, t.Mode, now)
	if err != nil {
		t.Err = err
		return t
	}
	t.Arith = s.Arith
	t.Dues = Dues(s, now, n)
	if len(t.Dues) == 0 {
		t.NoneLeft = NoneLeft(e, t.Mode, now)
	}
	return t
}
