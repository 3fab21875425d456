// Package catalog holds Stateflows' built-in time events as data (the
// types of Core/Stateflows.Common/Events/TimeEvents/{Delay,Interval}: how
// each rounds its start, its step, whether it recurs, what a subclass may
// override) and the trigger-time calculator: what the source computes, by
// revision, and what the documentation (seed 003) promises.
//
// The source's times are host-local DateTime values: wall-clock arithmetic
// that knows nothing of the zone's offsets. The calculator works the same
// way, on wall times (time.Time values in time.UTC standing for a DateTime
// of kind Local), and maps a wall time to the instant the host reaches it
// only when it schedules (schedule.go).
package catalog

import (
	"slices"
	"time"
)

// Rounding is how a type rounds the activation down to the start it adds
// its delay or interval to.
type Rounding int

// The roundings of the catalog.
const (
	// RoundMinutes rounds down to a multiple of Type.Minutes minutes.
	RoundMinutes Rounding = iota + 1
	// RoundHour rounds down to the hour.
	RoundHour
	// RoundTwelveHours rounds down to 00:00 or 12:00.
	RoundTwelveHours
	// RoundMidnight rounds down to midnight.
	RoundMidnight
	// RoundWeek takes midnight + (Day − DayOfWeek) days, Sunday = 0: the
	// weekday Day of the week (Sunday to Saturday) the activation is in.
	RoundWeek
	// RoundMonth takes the first day of the month at 00:00 (the source
	// calls AddMonths(1) and drops its result).
	RoundMonth
	// RoundTimeOfDay takes the activation's date at the type's time of
	// day.
	RoundTimeOfDay
)

// Override names a member a subclass may override.
type Override string

// The overridable members of the catalog.
const (
	OverrideNone      Override = ""
	OverrideHours     Override = "Hours"
	OverrideDay       Override = "Day"
	OverrideTimeOfDay Override = "TimeOfDay"
)

// Params are the values of a type's overridable members.
type Params struct {
	// Hours is AfterOneHour's hour count.
	Hours int
	// Day is the weekday of the weekly types.
	Day time.Weekday
	// TimeOfDay is the daily types' time of day, from midnight.
	TimeOfDay time.Duration
}

// Type is one built-in time event.
type Type struct {
	// Name is the C# class name.
	Name string
	// Base is the class it derives from.
	Base string
	// Recurs reports an IntervalEvent (re-registered after delivery while
	// its source stays active); false for a DelayEvent (once).
	Recurs bool
	// Round is how the start is rounded; Minutes is the multiple for
	// RoundMinutes.
	Round   Rounding
	Minutes int
	// Step is the delay or interval (for AfterOneHour, one hour per
	// Hours); zero for the month types.
	Step time.Duration
	// Sealed reports that the class cannot be derived from.
	Sealed bool
	// Overridable is the member a subclass may override, if any.
	Overridable Override
	// Defaults are the type's own values of the overridable members (and
	// the fixed ones: a named weekday, a clock time).
	Defaults Params
	// Intended is what the name promises where the source computes
	// something else (the 12AM/12PM swap, the month types); empty
	// otherwise.
	Intended string
	// Documented is the documentation's row for the type (seed 003).
	Documented string
}

// Daily reports the types that fire at a time of day.
func (t *Type) Daily() bool { return t.Round == RoundTimeOfDay }

// Weekly reports the types that fire on a weekday.
func (t *Type) Weekly() bool { return t.Round == RoundWeek }

// Monthly reports the month types.
func (t *Type) Monthly() bool { return t.Round == RoundMonth }

// Calendar reports the types whose boundaries are calendar days (daily,
// weekly, monthly, and 00:00/12:00): those whose trigger depends on the
// host's zone wherever its offset is a whole number of hours.
func (t *Type) Calendar() bool {
	switch t.Round {
	case RoundMidnight, RoundWeek, RoundMonth, RoundTimeOfDay, RoundTwelveHours:
		return true
	}
	return false
}

// StepFor is the type's delay or interval with the given parameters.
func (t *Type) StepFor(p Params) time.Duration {
	if t.Overridable == OverrideHours {
		return time.Duration(p.Hours) * time.Hour
	}
	return t.Step
}

const (
	day  = 24 * time.Hour
	week = 7 * day
)

func minutes(name, base string, n int, recurs bool, doc string) *Type {
	return &Type{Name: name, Base: base, Recurs: recurs, Round: RoundMinutes, Minutes: n,
		Step: time.Duration(n) * time.Minute, Sealed: true, Documented: doc}
}

func weekday(name string, d time.Weekday) *Type {
	return &Type{Name: name, Base: "EveryOneWeek", Recurs: true, Round: RoundWeek, Step: week,
		Defaults: Params{Day: d}, Documented: "Weekly at 00:00 UTC on the named weekday."}
}

func clock(name string, h int, intended, doc string) *Type {
	return &Type{Name: name, Base: "EveryOneDay", Recurs: true, Round: RoundTimeOfDay, Step: day, Sealed: true,
		Defaults: Params{TimeOfDay: time.Duration(h) * time.Hour}, Intended: intended, Documented: doc}
}

// types is the catalog, in the order of the seed's two tables.
var types = []*Type{
	minutes("AfterOneMinute", "DelayEvent", 1, false, "Next UTC minute boundary."),
	minutes("AfterFiveMinutes", "DelayEvent", 5, false, "Next five-minute UTC boundary."),
	minutes("AfterTenMinutes", "DelayEvent", 10, false, "Next ten-minute UTC boundary."),
	minutes("AfterFifteenMinutes", "DelayEvent", 15, false, "Next fifteen-minute UTC boundary."),
	minutes("AfterThirtyMinutes", "DelayEvent", 30, false, "Next half-hour UTC boundary."),
	{Name: "AfterOneHour", Base: "DelayEvent", Round: RoundHour, Step: time.Hour, Overridable: OverrideHours,
		Defaults: Params{Hours: 1}, Documented: "Next UTC hour boundary; subclasses can override Hours to change the hour count."},
	{Name: "AfterTwelveHours", Base: "DelayEvent", Round: RoundTwelveHours, Step: 12 * time.Hour, Sealed: true,
		Documented: "Next UTC 00:00 or 12:00 boundary."},
	{Name: "AfterOneDay", Base: "DelayEvent", Round: RoundMidnight, Step: day, Sealed: true,
		Documented: "Next UTC midnight."},
	{Name: "AfterOneWeek", Base: "DelayEvent", Round: RoundWeek, Step: week, Overridable: OverrideDay,
		Defaults: Params{Day: time.Monday}, Documented: "Seven days after a calculated UTC weekday boundary; subclasses can override the weekday."},
	{Name: "AfterOneMonth", Base: "DelayEvent", Round: RoundMonth, Sealed: true, Intended: "one month later",
		Documented: "Implementation caveat: currently calculates the first day of the current month at 00:00 UTC, not one month later."},
	minutes("EveryOneMinute", "IntervalEvent", 1, true, "At each UTC minute boundary."),
	minutes("EveryFiveMinutes", "IntervalEvent", 5, true, "At each five-minute boundary."),
	minutes("EveryTenMinutes", "IntervalEvent", 10, true, "At each ten-minute boundary."),
	minutes("EveryFifteenMinutes", "IntervalEvent", 15, true, "At each fifteen-minute boundary."),
	minutes("EveryThirtyMinutes", "IntervalEvent", 30, true, "At each half-hour boundary."),
	{Name: "EveryOneHour", Base: "IntervalEvent", Recurs: true, Round: RoundHour, Step: time.Hour, Sealed: true,
		Documented: "At each UTC hour boundary."},
	{Name: "EveryTwelveHours", Base: "IntervalEvent", Recurs: true, Round: RoundTwelveHours, Step: 12 * time.Hour, Sealed: true,
		Documented: "Every twelve hours from the current UTC hour boundary."},
	{Name: "EveryOneDay", Base: "IntervalEvent", Recurs: true, Round: RoundTimeOfDay, Step: day, Overridable: OverrideTimeOfDay,
		Documented: "Daily at 00:00 UTC by default; subclasses can choose a time of day."},
	{Name: "EveryOneWeek", Base: "IntervalEvent", Recurs: true, Round: RoundWeek, Step: week, Overridable: OverrideDay,
		Defaults: Params{Day: time.Monday}, Documented: "Weekly at 00:00 UTC on Monday; subclasses can choose another weekday."},
	{Name: "EveryOneMonth", Base: "IntervalEvent", Recurs: true, Round: RoundMonth, Sealed: true, Intended: "the first of every month",
		Documented: "Implementation caveat: currently calculates the first day of the current month at 00:00 UTC, not the next month."},
	weekday("EveryMonday", time.Monday),
	weekday("EveryTuesday", time.Tuesday),
	weekday("EveryWednesday", time.Wednesday),
	weekday("EveryThursday", time.Thursday),
	weekday("EveryFriday", time.Friday),
	weekday("EverySaturday", time.Saturday),
	weekday("EverySunday", time.Sunday),
	clock("AtEveryMidnight", 0, "", "Daily at 00:00 UTC."),
	clock("AtEveryNoon", 12, "", "Daily at 12:00 UTC."),
	clock("AtEvery3AM", 3, "", "Daily at the named UTC clock time."),
	clock("AtEvery6AM", 6, "", "Daily at the named UTC clock time."),
	clock("AtEvery9AM", 9, "", "Daily at the named UTC clock time."),
	clock("AtEvery12AM", 12, "midnight (00:00)", "Implementation caveat: currently calculates 12:00 UTC (noon), not midnight."),
	clock("AtEvery3PM", 15, "", "Daily at the named UTC clock time."),
	clock("AtEvery6PM", 18, "", "Daily at the named UTC clock time."),
	clock("AtEvery9PM", 21, "", "Daily at the named UTC clock time."),
	clock("AtEvery12PM", 0, "noon (12:00)", "Implementation caveat: currently calculates 00:00 UTC (midnight), not noon."),
}

// Types returns the catalog, in the order of the documentation's tables.
func Types() []*Type { return slices.Clone(types) }

// Lookup finds a type by its class name.
func Lookup(name string) *Type {
	for _, t := range types {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Bases are the framework's abstract time-event classes a custom event
// derives from; the trigger of such an event is its own code.
var Bases = []string{"TimeEvent", "DelayEvent", "IntervalEvent", "RecurringEvent", "SpecificMomentEvent"}

// Unit is the length of the boundary a minute or hour type rounds its
// start down to (Minutes minutes, or an hour); 0 for the types whose
// boundaries are calendar ones (see Calendar).
func (t *Type) Unit() time.Duration {
	switch t.Round {
	case RoundMinutes:
		return time.Duration(t.Minutes) * time.Minute
	case RoundHour:
		return time.Hour
	}
	return 0
}

// OffBoundary returns a UTC offset that loc takes in the year of at whose
// local boundaries of the type fall between the type's UTC boundaries
// (Asia/Kolkata, UTC+05:30, for the hour types; Asia/Kathmandu, UTC+05:45,
// for the half-hour ones), and whether there is one. The source rounds
// the local wall time (DateTime.Now), so in such a zone every trigger of
// the type misses the UTC boundary the documentation promises. Calendar
// types report none here: any offset moves them.
func (t *Type) OffBoundary(loc *time.Location, at time.Time) (offset time.Duration, ok bool) {
	unit := t.Unit()
	if unit == 0 || loc == nil {
		return 0, false
	}
	// Noon UTC of every day of the year: every offset a zone takes lasts
	// longer than a day.
	first := time.Date(at.UTC().Year(), 1, 1, 12, 0, 0, 0, time.UTC)
	for d := first; d.Year() == first.Year(); d = d.AddDate(0, 0, 1) {
		_, sec := d.In(loc).Zone()
		off := time.Duration(sec) * time.Second
		if off%unit != 0 {
			return off, true
		}
	}
	return 0, false
}
