package cron

import (
	"fmt"
	"strings"
	"time"

	robfig "github.com/robfig/cron/v3"
)

// clock is the instant the zone check counts the years concerned from
// (tests set it).
var clock = time.Now

// zoneYears is how many years after the current one the zone check looks
// at: the span robfig/cron's Next searches.
const zoneYears = 5

// offsetChange is a change of a zone's UTC offset.
type offsetChange struct {
	at       time.Time
	from, to int // seconds east of UTC
	dst      bool
}

// offsetChanges returns the changes of loc's UTC offset in [from, to),
// read from Go's time zone database, and whether loc observes daylight
// saving in that span.
func offsetChanges(loc *time.Location, from, to time.Time) (out []offsetChange, dst bool) {
	t := from.In(loc)
	for range 1000 { // a zone changes a few times a year: a bound, not a limit
		_, off := t.Zone()
		dst = dst || t.IsDST()
		_, end := t.ZoneBounds()
		if end.IsZero() || !end.Before(to) {
			break
		}
		end = end.In(loc)
		if _, next := end.Zone(); next != off {
			out = append(out, offsetChange{at: end, from: off, to: next, dst: t.IsDST() || end.IsDST()})
		}
		t = end
	}
	return out, dst
}

// minuteOfDay is a set of minutes of the day [0, 1440).
type minuteOfDay [1440]bool

// firesAt returns the minutes of the day a spec fires at (its seconds
// field is 0 in the standard form).
func firesAt(s *robfig.SpecSchedule) (m minuteOfDay) {
	for h := range 24 {
		if s.Hour&(1<<h) == 0 {
			continue
		}
		for mi := range 60 {
			if s.Minute&(1<<mi) != 0 {
				m[h*60+mi] = true
			}
		}
	}
	return m
}

// everyDay reports whether a spec's day fields match every day.
func everyDay(s *robfig.SpecSchedule) bool {
	const months = (1<<13 - 1) &^ 1 // 1..12
	const doms = (1<<32 - 1) &^ 1   // 1..31
	const dows = 1<<7 - 1           // 0..6
	return s.Month&months == months && s.Dom&doms == doms && s.Dow&dows == dows
}

// moves reports whether shifting a spec's local times by delta seconds
// changes its firings: the firings' UTC time moves when the zone's offset
// changes by delta. The firings stay only when the spec fires every day
// and its minutes of the day are the same when rotated by delta ("0 * * *
// *" across a one-hour change): a nonempty set of minutes that a rotation
// keeps crosses midnight, so a day the spec skips moves a firing.
func moves(s *robfig.SpecSchedule, delta int) bool {
	if delta%60 != 0 {
		return true
	}
	if !everyDay(s) {
		return true
	}
	m := firesAt(s)
	d := ((delta/60)%1440 + 1440) % 1440
	for i := range m {
		if m[i] != m[(i+d)%1440] {
			return true
		}
	}
	return false
}

// formatShift writes seconds as a shift such as 1h, 30m or 1h30m.
func formatShift(sec int) string {
	h, m := sec/3600, sec%3600/60
	switch {
	case m == 0:
		return fmt.Sprintf("%dh", h)
	case h == 0:
		return fmt.Sprintf("%dm", m)
	}
	return fmt.Sprintf("%dh%dm", h, m)
}

// zoneFinding reports a CRON_TZ= or TZ= prefix whose zone changes its UTC
// offset in the years concerned (the current one and the zoneYears after
// it) so that the firings' UTC time moves; a zone with one offset there
// (UTC, Asia/Kolkata) gets none, nor does an @every schedule (its
// firings do not depend on the zone).
func zoneFinding(spec string, s *Schedule, now time.Time) (Finding, bool) {
	prefix, zone := zonePrefix(spec)
	spec0, ok := s.sched.(*robfig.SpecSchedule)
	if prefix == "" || !ok {
		return Finding{}, false
	}
	if zone == "Local" {
		return Finding{
			Problem: TimeZone,
			What:    fmt.Sprintf("%sLocal reads the schedule in the local time zone of the machine the server runs on, which the code does not say", prefix),
			Detail:  "Write the schedule in UTC without the prefix, or name the zone (such as CRON_TZ=Europe/Berlin).",
		}, true
	}
	from := time.Date(now.UTC().Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	to := from.AddDate(zoneYears+1, 0, 0)
	changes, dst := offsetChanges(spec0.Location, from, to)
	lo, hi, moved := 0, 0, false
	for i, c := range changes {
		if i == 0 {
			lo, hi = min(c.from, c.to), max(c.from, c.to)
		}
		lo, hi = min(lo, c.from, c.to), max(hi, c.from, c.to)
		if moves(spec0, c.to-c.from) {
			moved = true
		}
	}
	if !moved {
		return Finding{}, false
	}
	what := fmt.Sprintf("%s%s makes the firings' UTC time move by %s with %s's daylight saving, while the server's cron schedules are read in UTC", prefix, zone, formatShift(hi-lo), zone)
	detail := "Write the schedule in UTC without the prefix, so that every firing is at the same UTC time, or keep it and accept the shift at each change."
	if !dst {
		what = fmt.Sprintf("%s%s makes the firings' UTC time move by %s when %s changes its UTC offset (%d times in %d-%d), while the server's cron schedules are read in UTC", prefix, zone, formatShift(hi-lo), zone, len(changes), from.Year(), to.Year()-1)
	}
	return Finding{Problem: TimeZone, What: what, Detail: detail}, true
}

// everyFinding reports an @every interval that robfig/cron runs at
// another interval than written: Every raises one under a second to a
// second and drops a fraction of a second.
func everyFinding(spec string, s *Schedule) (Finding, bool) {
	c, ok := s.sched.(robfig.ConstantDelaySchedule)
	if !ok {
		return Finding{}, false
	}
	_, rest, _ := strings.Cut(spec, "@every ")
	written, err := time.ParseDuration(rest)
	if err != nil || written == c.Delay {
		return Finding{}, false
	}
	what := fmt.Sprintf("@every %s runs every %s: robfig/cron runs an interval under a second every second", rest, c.Delay)
	if written >= time.Second {
		what = fmt.Sprintf("@every %s runs every %s: robfig/cron drops the fraction of a second", rest, c.Delay)
	}
	return Finding{
		Problem: Every,
		What:    what,
		Detail:  "Write the interval in whole seconds, one second or more (such as @every 1m), as the server will run it.",
	}, true
}
