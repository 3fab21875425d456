package value

import (
	"fmt"
	"time"
)

// Runtime is what a due time depends on beside the value: the runtime's
// clock (UTC or a local zone), the parsing culture, the work calendar.
type Runtime struct {
	// Engine is the build modelled; the zero value is 5.0-6.0.2.
	Engine   Engine
	Clock    *time.Location
	Culture  Culture
	Calendar *Calendar
}

// Due is when a timer of the type with the value, registered at now, is
// due on the runtime's clock. ok is false when the engine registers no
// timer row, and why says why (Plan tells the cases apart). An Expression
// is never computed here: pass the value assumed for it to Assumed
// instead.
func Due(typ, text string, now time.Time, rt Runtime) (due time.Time, why string, ok bool) {
	due, reg, why := Plan(typ, text, now, rt)
	return due, why, reg == Registered
}

// Plan is what the engine does with a timer of the type with the value on
// entering the activity at now: a row due at due, no row, the sentinel
// 0's immediate transition, or a failure; why says why when there is no
// row.
func Plan(typ, text string, now time.Time, rt Runtime) (due time.Time, reg Registration, why string) {
	clock := rt.Clock
	if clock == nil {
		clock = time.UTC
	}
	now = now.In(clock)
	if typ != "Expression" {
		switch text {
		case "0":
			return due, Immediate, "the sentinel 0: the timer transition executes at once on entering the activity, with no timer row"
		case "-1":
			return due, Never, "the sentinel -1: never"
		}
	}
	switch typ {
	case "Interval":
		iv := ReadIntervalAs(text, rt.Engine)
		switch {
		case iv.Mixed():
			return due, NotRegistered, "plain and work-calendar units mixed: the engine refuses the value"
		case iv.HasWork() && rt.Calendar == nil:
			return due, NotRegistered, "work-calendar units and no work calendar"
		case iv.HasWork() || iv.Months != 0:
			t, ok := iv.Due(now, rt.Calendar)
			if !ok {
				return due, NotRegistered, fmt.Sprintf("read as %s: no execution time", iv.Reading())
			}
			return t, Registered, ""
		}
		t, reg := iv.Register(now)
		switch reg {
		case Fails:
			return due, Fails, fmt.Sprintf("read as %s, past the range of .NET's TimeSpan or DateTime: the command that enters the activity fails", iv.Reading())
		case NotRegistered:
			if iv.Ms < 0 {
				return due, NotRegistered, fmt.Sprintf("read as %s: an interval below 0 is never registered", iv.Reading())
			}
			return due, NotRegistered, fmt.Sprintf("read as %s: engine 4.x registers no interval of 0 or less", iv.Reading())
		}
		return t, Registered, ""
	case "Time":
		// DateTime.Parse, then today at its time of day, or tomorrow when
		// that has passed (equal is today).
		p, err := ParseDotNet(text, rt.Culture, now, clock)
		if err != nil {
			return due, Fails, err.Error()
		}
		at := time.Date(now.Year(), now.Month(), now.Day(), p.Hour(), p.Minute(), p.Second(), p.Nanosecond(), clock)
		if at.Before(now) {
			at = time.Date(now.Year(), now.Month(), now.Day()+1, p.Hour(), p.Minute(), p.Second(), p.Nanosecond(), clock)
		}
		return at, Registered, ""
	case "Date", "DateAndTime":
		p, err := ParseDotNet(text, rt.Culture, now, clock)
		if err != nil {
			return due, Fails, err.Error()
		}
		if typ == "Date" {
			p = time.Date(p.Year(), p.Month(), p.Day(), 0, 0, 0, 0, clock)
		}
		return p, Registered, ""
	case "Expression":
		return due, NotRegistered, "an Expression is computed at run time"
	}
	return due, NotRegistered, fmt.Sprintf("%q is not a timer type", typ)
}

// Assumed is when an Expression timer is due, given the value assumed for
// its result: an RFC 3339 instant, a date or date and time under the
// culture, or else an interval as the engine reads it, from now.
func Assumed(text string, now time.Time, rt Runtime) (time.Time, string, bool) {
	if t, err := time.Parse(time.RFC3339, text); err == nil {
		return t, "", true
	}
	if _, err := ParseDateTime(text, rt.Culture); err == nil {
		return Due("DateAndTime", text, now, rt)
	}
	return Due("Interval", text, now, rt)
}
