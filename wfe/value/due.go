package value

import (
	"fmt"
	"time"
)

// Runtime is what a due time depends on beside the value: the runtime's
// clock (UTC or a local zone), the parsing culture, the work calendar.
type Runtime struct {
	Clock    *time.Location
	Culture  Culture
	Calendar *Calendar
}

// Due is when a timer of the type with the value, registered at now, is
// due on the runtime's clock. ok is false when the engine computes no
// execution time, so that no timer is registered; why says why. An
// Expression is never computed here: pass the value assumed for it to
// Assumed instead.
func Due(typ, text string, now time.Time, rt Runtime) (due time.Time, why string, ok bool) {
	clock := rt.Clock
	if clock == nil {
		clock = time.UTC
	}
	now = now.In(clock)
	switch typ {
	case "Interval":
		iv := ReadInterval(text)
		switch {
		case iv.Mixed():
			return due, "plain and work-calendar units mixed: the engine refuses the value", false
		case iv.HasWork() && rt.Calendar == nil:
			return due, "work-calendar units and no work calendar", false
		case iv.Overflowed():
			return due, "a number beyond the engine's 32-bit integer", false
		}
		t, ok := iv.Due(now, rt.Calendar)
		if !ok {
			return due, fmt.Sprintf("read as %s: an interval of 0 or less is never registered", iv.Reading()), false
		}
		return t, "", true
	case "Time":
		t, err := ParseTimeOfDay(text)
		if err != nil {
			return due, err.Error(), false
		}
		return t.Next(now, clock), "", true
	case "Date", "DateAndTime":
		d, err := ParseDateTime(text, rt.Culture)
		if err != nil {
			return due, err.Error(), false
		}
		return d.At(clock, typ == "Date"), "", true
	case "Expression":
		return due, "an Expression is computed at run time", false
	}
	return due, fmt.Sprintf("%q is not a timer type", typ), false
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
