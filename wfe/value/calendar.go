package value

import (
	"errors"
	"time"
)

// Calendar is a work calendar: the working weekdays, the working hours of
// a working day, the holidays, in a zone.
type Calendar struct {
	Name     string
	Zone     *time.Location
	Weekdays [7]bool
	// Start and End are the working hours, as offsets from midnight.
	Start, End time.Duration
	// Holidays are dates (yyyy-MM-dd) that are not working days.
	Holidays map[string]bool
}

// Valid reports a calendar that has working time.
func (c *Calendar) Valid() error {
	any := false
	for _, w := range c.Weekdays {
		any = any || w
	}
	if !any {
		return errors.New("no working weekday")
	}
	if c.End <= c.Start {
		return errors.New("the working hours end before they start")
	}
	return nil
}

// lastHoliday is the latest holiday (yyyy-MM-dd), or "" when none.
func (c *Calendar) lastHoliday() string {
	last := ""
	for d, ok := range c.Holidays {
		if ok && d > last {
			last = d
		}
	}
	return last
}

// working reports whether the day of t is a working day.
func (c *Calendar) working(t time.Time) bool {
	return c.Weekdays[t.Weekday()] && !c.Holidays[t.Format("2006-01-02")]
}

// dayAt is t's day at the offset from midnight.
func dayAt(t time.Time, off time.Duration) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location()).Add(off)
}

// snap moves t to the first working instant at or after it.
func (c *Calendar) snap(t time.Time) time.Time {
	for range 3660 {
		if c.working(t) {
			if s := dayAt(t, c.Start); t.Before(s) {
				return s
			}
			if t.Before(dayAt(t, c.End)) {
				return t
			}
		}
		t = dayAt(t.AddDate(0, 0, 1), c.Start)
	}
	return t
}

// Add adds working time to t: calendar months first, then working days
// (the same working time of day on the Nth next working day), then
// working hours and minutes counted inside the working hours.
func (c *Calendar) Add(t time.Time, w Work) time.Time {
	t = t.In(c.Zone)
	if w.Months != 0 {
		t = t.AddDate(0, int(w.Months), 0)
	}
	t = c.snap(t)
	days := w.Days
	// From a working instant, the (k times the working days of a week)th
	// next working day is k weeks later when no holiday lies between:
	// past the last holiday, whole weeks are added at once, so that the
	// time is linear in the holidays, not in the days (2,000,000,000wd).
	perWeek := int64(0)
	for _, wd := range c.Weekdays {
		if wd {
			perWeek++
		}
	}
	last := c.lastHoliday()
	for days > 0 {
		if perWeek > 0 && days > perWeek && t.Format("2006-01-02") > last && c.working(t) {
			weeks := (days - 1) / perWeek
			// AddDate takes an int; beyond a few hundred million years
			// the instant is past anything the calendar can print.
			weeks = min(weeks, 1<<31)
			t = c.snap(t.AddDate(0, 0, int(7*weeks)))
			days -= weeks * perWeek
			continue
		}
		days--
		n := t.AddDate(0, 0, 1)
		for i := 0; i < 3660 && !c.working(n); i++ {
			n = n.AddDate(0, 0, 1)
		}
		t = c.snap(n)
	}
	rest := time.Duration(w.Hours)*time.Hour + time.Duration(w.Minutes)*time.Minute
	for i := 0; rest > 0 && i < 1<<20; i++ {
		end := dayAt(t, c.End)
		avail := end.Sub(t)
		if rest <= avail {
			return t.Add(rest)
		}
		rest -= avail
		t = c.snap(dayAt(t.AddDate(0, 0, 1), 0))
	}
	return t
}

// Due is when an Interval registered at now is due, on the runtime's
// clock; ok is false when the engine computes no time (a reading of 0 or
// less, or plain and work units mixed), or work units have no calendar.
func (iv Interval) Due(now time.Time, cal *Calendar) (time.Time, bool) {
	if !iv.Positive() || iv.Mixed() || iv.RangeErr {
		return time.Time{}, false
	}
	if iv.HasWork() {
		if cal == nil {
			return time.Time{}, false
		}
		return cal.Add(now, iv.Work).In(now.Location()), true
	}
	return AddMs(now.AddDate(0, int(iv.Months), 0), iv.Ms)
}
