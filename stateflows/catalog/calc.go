package catalog

import (
	"fmt"
	"strings"
	"time"
)

// Behaviour is what computes a trigger: the source at a revision, or the
// documentation.
type Behaviour int

// The behaviours.
const (
	// Main is the source since 2024-12-17 (the default): a delay type
	// adds its delay twice.
	Main Behaviour = iota + 1
	// Before20241217 is the source before that change: the delay once.
	Before20241217
	// Documented is what the documentation's tables promise, in UTC.
	Documented
)

// Behaviours lists the behaviours' names, the default first.
var Behaviours = []string{"main", "before-2024-12-17", "documented"}

// ParseBehaviour reads a behaviour's name; "" is Main.
func ParseBehaviour(s string) (Behaviour, error) {
	switch strings.TrimSpace(s) {
	case "", "main":
		return Main, nil
	case "before-2024-12-17":
		return Before20241217, nil
	case "documented":
		return Documented, nil
	}
	return 0, fmt.Errorf("unknown revision %q (want %s)", s, strings.Join(Behaviours, ", "))
}

func (b Behaviour) String() string {
	if b >= Main && b <= Documented {
		return Behaviours[b-1]
	}
	return "invalid"
}

// Source reports a behaviour of the source (a revision), not the
// documentation.
func (b Behaviour) Source() bool { return b == Main || b == Before20241217 }

// Params returns the type's parameters with its overridable member set
// from the value given for it, when that is not nil (a nil one, or one
// for a member the type does not let a subclass override, keeps the
// type's own). A zero Hours is taken as written: the source's delay is
// then zero.
func (t *Type) Params(hours *int, day *time.Weekday, timeOfDay *time.Duration) Params {
	p := t.Defaults
	switch t.Overridable {
	case OverrideHours:
		if hours != nil {
			p.Hours = *hours
		}
	case OverrideDay:
		if day != nil {
			p.Day = *day
		}
	case OverrideTimeOfDay:
		if timeOfDay != nil {
			p.TimeOfDay = *timeOfDay
		}
	}
	return p
}

// Start is the start the source adds its delay or interval to: the wall
// time startedAt rounded down as the type rounds it.
func (t *Type) Start(p Params, startedAt time.Time) time.Time {
	s := startedAt
	y, m, d := s.Date()
	midnight := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	switch t.Round {
	case RoundMinutes:
		return time.Date(y, m, d, s.Hour(), s.Minute()-s.Minute()%t.Minutes, 0, 0, time.UTC)
	case RoundHour:
		return time.Date(y, m, d, s.Hour(), 0, 0, 0, time.UTC)
	case RoundTwelveHours:
		return time.Date(y, m, d, s.Hour()-s.Hour()%12, 0, 0, 0, time.UTC)
	case RoundMidnight:
		return midnight
	case RoundWeek:
		return midnight.AddDate(0, 0, int(p.Day)-int(s.Weekday()))
	case RoundMonth:
		return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	case RoundTimeOfDay:
		// Only the hour, minute and second of TimeOfDay are read.
		tod := p.TimeOfDay % day
		return midnight.Add(tod.Truncate(time.Second))
	}
	return s
}

// Trigger is the wall time the source registers for an activation at the
// wall time startedAt (DateTime.Now): for a delay type the start plus the
// delay, twice on Main; for an interval type the start plus the interval.
// b must be a source behaviour.
func (t *Type) Trigger(p Params, b Behaviour, startedAt time.Time) time.Time {
	start := t.Start(p, startedAt)
	step := t.StepFor(p)
	if !t.Recurs && b == Main {
		return start.Add(step).Add(step)
	}
	return start.Add(step)
}

// DocumentedTrigger is the instant the documentation promises for an
// activation at the instant at, in UTC: the next boundary for the minute,
// hour and day types, the next occurrence of the clock time or weekday for
// the daily and weekly intervals, the current hour plus twelve hours for
// EveryTwelveHours, and the first of the current month for the two month
// types (the documented caveat).
func (t *Type) DocumentedTrigger(p Params, at time.Time) time.Time {
	u := at.UTC()
	y, m, d := u.Date()
	midnight := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	switch {
	case t.Recurs && t.Round == RoundTwelveHours:
		return time.Date(y, m, d, u.Hour(), 0, 0, 0, time.UTC).Add(12 * time.Hour)
	case t.Recurs && t.Round == RoundTimeOfDay:
		next := midnight.Add((p.TimeOfDay % day).Truncate(time.Second))
		for !next.After(u) {
			next = next.Add(day)
		}
		return next
	case t.Recurs && t.Round == RoundWeek:
		next := midnight.AddDate(0, 0, (int(p.Day)-int(u.Weekday())+7)%7)
		for !next.After(u) {
			next = next.AddDate(0, 0, 7)
		}
		return next
	}
	// The delays as before 2024-12-17, and the remaining intervals: the
	// rounded start plus one step.
	return t.Trigger(p, Before20241217, u)
}

// DocumentedNext is the documentation's firing after the documented
// firing prev of a recurring type: one step later (the month types stay
// where they are).
func (t *Type) DocumentedNext(p Params, prev time.Time) time.Time {
	return prev.Add(t.StepFor(p))
}
