// Package cron reads a Cadence or Temporal CronSchedule as the Cadence
// server does, with github.com/robfig/cron/v3's ParseStandard in UTC, and
// computes its firings.
package cron

import (
	"fmt"
	"strings"
	"time"

	robfig "github.com/robfig/cron/v3"
)

// Problem is what is wrong with a schedule.
type Problem int

// The problems, in the order Check reports them.
const (
	// Syntax: ParseStandard refuses the schedule; the server refuses to
	// start the workflow.
	Syntax Problem = iota + 1
	// Never: the schedule parses but has no next firing (0 0 30 2 *).
	Never
	// TimeZone: a CRON_TZ= or TZ= prefix names a zone whose UTC offset
	// changes in the years concerned (daylight saving, or a change of
	// standard time) in a way that moves the firings' UTC time, or names
	// the server's Local zone.
	TimeZone
	// Every: an @every interval that robfig/cron does not run as written:
	// under a second (0s and negative ones included) it runs every second,
	// and a fraction of a second is dropped.
	Every
)

// Refuses reports whether the server refuses a schedule with the problem
// (the others are warnings: the server runs the schedule).
func (p Problem) Refuses() bool { return p == Syntax || p == Never }

// Finding is one problem of a schedule, in words.
type Finding struct {
	Problem Problem
	What    string
	Detail  string
}

// Schedule is a parsed schedule.
type Schedule struct {
	Spec  string
	sched robfig.Schedule
}

// Parse reads a schedule with ParseStandard, as the Cadence server does.
//
// robfig/cron v3.0.1 panics on a zone prefix with no space after it
// ("TZ=", found by FuzzCheck): that is refused here as the error it is.
func Parse(spec string) (s *Schedule, err error) {
	if prefix, _ := zonePrefix(spec); prefix != "" && !strings.Contains(spec, " ") {
		return nil, fmt.Errorf("%s with no schedule after the zone", prefix)
	}
	defer func() {
		if v := recover(); v != nil {
			s, err = nil, fmt.Errorf("the parser fails on it (%v)", v)
		}
	}()
	sched, err := robfig.ParseStandard(spec)
	if err != nil {
		return nil, err
	}
	return &Schedule{Spec: spec, sched: sched}, nil
}

// Next returns the first firing strictly after t, in UTC, or the zero time
// when there is none (robfig/cron gives up after five years).
func (s *Schedule) Next(t time.Time) time.Time {
	n := s.sched.Next(t.UTC())
	if n.IsZero() {
		return n
	}
	return n.UTC()
}

// neverFrom is the instant the never-fires check searches from: a fixed
// one, so that the finding does not depend on the day it is run. From it,
// robfig/cron searches five years, which holds a 29 February.
func neverFrom() time.Time { return time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC) }

// zonePrefix returns the CRON_TZ= or TZ= prefix of a spec and its zone.
func zonePrefix(spec string) (prefix, zone string) {
	for _, p := range []string{"CRON_TZ=", "TZ="} {
		if strings.HasPrefix(spec, p) {
			zone, _, _ = strings.Cut(spec[len(p):], " ")
			return p, zone
		}
	}
	return "", ""
}

// Check returns what is wrong with a schedule, in the server's terms.
func Check(spec string) []Finding {
	_, out := Read(spec)
	return out
}

// Read parses a schedule and returns what is wrong with it, as Check
// does; the schedule is nil when the server's parser refuses it.
func Read(spec string) (*Schedule, []Finding) {
	s, err := Parse(spec)
	if err != nil {
		return nil, []Finding{{
			Problem: Syntax,
			What:    fmt.Sprintf("the server's cron parser (robfig/cron/v3 ParseStandard) refuses it: %v", err),
			Detail:  `Write five fields, minute hour day-of-month month day-of-week (such as "0 9 * * 1-5"), or a descriptor such as @daily or @every 1h; the workflow does not start otherwise.`,
		}}
	}
	var out []Finding
	if s.Next(neverFrom()).IsZero() {
		out = append(out, Finding{
			Problem: Never,
			What:    "the schedule has no next firing, so the server refuses to start the workflow",
			Detail:  "Pick a day that exists in the month (February has no 30th or 31st; April, June, September and November no 31st).",
		})
	}
	if f, ok := everyFinding(spec, s); ok {
		out = append(out, f)
	}
	if f, ok := zoneFinding(spec, s, clock()); ok {
		out = append(out, f)
	}
	return s, out
}
