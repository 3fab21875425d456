package rules

import (
	"fmt"
	"strconv"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// The runtime-behaviour rules (TMR5xxx) warn about timers that are valid
// but will not behave as their author likely expects, computed against the
// reference clock (--now) by the same code the simulator runs. Their
// messages never print the reference instant: without --now it is the
// current time, and a message (and the SARIF fingerprint hashed from it)
// must be the same bytes on every run.

// parsed is one expression whose value ADR-0037 accepts, parsed.
type parsed struct {
	*site
	place bpmn.Placement
	date  timeexpr.DateTime
	cycle timeexpr.Cycle
}

// acceptedSites returns the date and cycle expressions whose literal value
// timeexpr.ParseValue accepts: a date-time with an offset, or a cycle
// R[n]/<start>/<duration> whose start has an offset and whose period it
// can step by. The other rules report everything else.
func acceptedSites(ss []*site) []parsed {
	var out []parsed
	for _, s := range ss {
		if s.expr.Kind != bpmn.TimeDate && s.expr.Kind != bpmn.TimeCycle {
			continue
		}
		text, ok := s.literal()
		if !ok {
			continue
		}
		v, err := timeexpr.ParseValue(s.expr.Kind.ValueKind(), text)
		if err != nil {
			continue
		}
		out = append(out, parsed{site: s, place: s.event.Placement(), date: v.Date, cycle: v.Cycle})
	}
	return out
}

// docAcceptedSites returns acceptedSites of the pass's document, computed
// once per document.
func docAcceptedSites(p *lint.Pass) []parsed {
	return p.Memo(acceptedKey{}, func() any { return acceptedSites(docSites(p)) }).([]parsed)
}

// whole spans the whole value of the expression.
func (ps parsed) whole() bpmn.Span { return ps.bodySpan() }

func utc(t time.Time) string { return timeexpr.FormatTime(t) }

// StartDatePast warns about a timer start whose date has passed.
var StartDatePast = &lint.Rule{
	ID:       "TMR5001",
	Name:     "start-date-past",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Title:    "a timer start's date is in the past (it fires once at first load)",
	Doc: `A process's timer start holds a bpmn:timeDate that lies before the reference time
(--now, or the current time). ADR-0037 section 4: a timeDate already past when the
scheduler first loads the model fires once, at once, so deploying this model starts an
instance immediately. That is right for a catch-up job and wrong for a date that was meant
to be in the future (a typo in the year, a template copied from last year). Give a future
date, or remove the timer start if the run has happened.`,
	Bad: `<bpmn:startEvent id="Launch">
  <bpmn:timerEventDefinition>
    <bpmn:timeDate>"2025-12-01T09:00:00Z"</bpmn:timeDate>
  </bpmn:timerEventDefinition>
</bpmn:startEvent>`,
	Good: `<bpmn:startEvent id="Launch">
  <bpmn:timerEventDefinition>
    <bpmn:timeDate>"2026-12-01T09:00:00Z"</bpmn:timeDate>
  </bpmn:timerEventDefinition>
</bpmn:startEvent>`,
	Run: func(p *lint.Pass) {
		for _, ps := range docAcceptedSites(p) {
			if ps.place != bpmn.PlaceProcessStart || ps.expr.Kind != bpmn.TimeDate || !timeexpr.DateInPast(ps.date, p.Now) {
				continue
			}
			ps.report(p, ps.whole(),
				"date is before the reference time, so the timer start fires once as soon as the scheduler loads the model: "+sq(ps.body.Value),
				"Give a future date-time if this start was meant to wait; remove the timer start if its one run has happened.", nil)
		}
	},
}

// CycleExhausted warns about an R<n> cycle whose firings are all past.
var CycleExhausted = &lint.Rule{
	ID:       "TMR5002",
	Name:     "cycle-exhausted",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Title:    "an R<n> cycle with no firing left",
	Doc: `A bpmn:timeCycle R<n>/<start>/<duration> has n firings, at start + k*period for
k < n. When the last of them lies before the reference time (--now, or the current time)
the cycle has no firing left: on a timer start the scheduler fires the latest missed one
once and then never again (ADR-0037 section 4); on a boundary SpiffWorkflow replays all of
them at once when the task opens. Move the start forward, raise n, or write R for a cycle
that never ends.`,
	Bad:  `<bpmn:timeCycle>"R3/2026-01-05T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R3/2026-12-07T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Run: func(p *lint.Pass) {
		for _, ps := range docAcceptedSites(p) {
			c := ps.cycle
			if ps.expr.Kind != bpmn.TimeCycle || c.Repeat <= 0 || timeexpr.RemainingFirings(c, p.Now) > 0 {
				continue
			}
			last := c.Due(c.Repeat - 1)
			ps.report(p, ps.whole(),
				fmt.Sprintf("cycle has no firing left at the reference time: its last of %d firings was due %s: %s", c.Repeat, utc(last), sq(ps.body.Value)),
				"Move the start forward, raise the repeat count, or write R for a cycle that never ends.", nil)
		}
	},
}

// CycleShorterThanPoll warns about a period shorter than the poll interval.
var CycleShorterThanPoll = &lint.Rule{
	ID:       "TMR5003",
	Name:     "cycle-shorter-than-poll",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Title:    "a cycle period shorter than the scheduler poll interval",
	Doc: `The seams scheduler loop runs once per poll interval (scheduler.poll in the config,
PT1S by default). A timer start whose cycle period is shorter has several due times between
two runs of the loop, and ADR-0037 section 4 fires only the latest of them and logs the rest
as missed: most firings are skipped by design. Catch events fare no better: SpiffWorkflow
fires them in bursts at each refresh. Use a period of at least the poll interval.`,
	Bad:  `<bpmn:timeCycle>"R/2026-11-09T08:00:00Z/PT0.5S"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R/2026-11-09T08:00:00Z/PT1M"</bpmn:timeCycle>`,
	Run: func(p *lint.Pass) {
		poll, _ := PollOf(p.Config)
		for _, ps := range docAcceptedSites(p) {
			if ps.expr.Kind != bpmn.TimeCycle {
				continue
			}
			n, short := timeexpr.PeriodShorterThan(ps.cycle, poll)
			if !short {
				continue
			}
			ps.report(p, ps.whole(),
				fmt.Sprintf("cycle period %s is shorter than the scheduler poll interval %s: up to %d due times fall between two polls and all but one are skipped: %s",
					ps.cycle.Period.String(), timeexpr.FormatDuration(poll), n, sq(ps.body.Value)),
				"Use a period of at least the poll interval, or lower scheduler.poll in .seams-timers.yaml if the runtime polls faster.", nil)
		}
	},
}

// BoundaryCycleReplay warns that Spiff replays a boundary cycle's missed
// occurrences at once.
var BoundaryCycleReplay = &lint.Rule{
	ID:       "TMR5004",
	Name:     "boundary-cycle-replay",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Title:    "a non-interrupting boundary cycle whose missed occurrences SpiffWorkflow replays at once",
	Doc: `ADR-0037 accepts a bpmn:timeCycle on a non-interrupting boundary, but its "missed
firings fire once" rule is the seams scheduler's, for timer starts. A boundary cycle is
SpiffWorkflow's: after downtime, or when the task opens long after the cycle's start, Spiff
replays every missed occurrence, nothing is skipped. When the path after the boundary runs by
itself, all of them run in one scheduler tick (10 overdue occurrences gave 10 firings). When it
stops at a user or manual task, each refresh delivers one occurrence: a tick of SpiffWorkflow
main (the default of ` + "`simulate`" + `) delivers 2, one of v3.1.2 delivers 1, so the task opens that many times
per tick until the backlog is gone (measured whole run by whole run on both; ` + "`simulate`" + ` does the
same). Prefer a single bpmn:timeDuration reminder, or make the reminder path idempotent, or
accept the burst.`,
	Bad: `<bpmn:boundaryEvent id="Nag" attachedToRef="Approve" cancelActivity="false">
  <bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/PT1H"</bpmn:timeCycle>
  </bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Good: `<bpmn:boundaryEvent id="Remind" attachedToRef="Approve" cancelActivity="false">
  <bpmn:timerEventDefinition>
    <bpmn:timeDuration>"PT48H"</bpmn:timeDuration>
  </bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Run: func(p *lint.Pass) {
		for _, ps := range docAcceptedSites(p) {
			if ps.place != bpmn.PlaceNonInterruptingBoundary || ps.expr.Kind != bpmn.TimeCycle || ps.cycle.Repeat == 0 {
				continue
			}
			from, when := p.Now, "the reference time"
			if ps.cycle.Start.Time.After(from) {
				from, when = ps.cycle.Start.Time, "its start "+utc(ps.cycle.Start.Time)
			}
			day := timeexpr.SpiffReplays(ps.cycle, from, from.Add(24*time.Hour))
			if day == 0 {
				// The cycle has run out by the reference time: count a
				// day of downtime from its start instead.
				from, when = ps.cycle.Start.Time, "its start "+utc(ps.cycle.Start.Time)
				day = timeexpr.SpiffReplays(ps.cycle, from, from.Add(24*time.Hour))
			}
			var msg string
			if task := waitingTask(ps.event); task != nil && day > SpiffOverduePerTick {
				msg = fmt.Sprintf("SpiffWorkflow replays every missed occurrence of a boundary cycle: one day of downtime from %s leaves %d occurrence(s) of this path, "+
					"and as it stops at the %s %s, each scheduler tick delivers %d of them (SpiffWorkflow main; 1 on v3.1.2) until none is left: %s",
					when, day, task.Type, sq(task.ID), SpiffOverduePerTick, sq(ps.body.Value))
			} else {
				msg = fmt.Sprintf("SpiffWorkflow replays every missed occurrence of a boundary cycle at once: one day of downtime from %s fires this path %d time(s) in one scheduler tick: %s",
					when, day, sq(ps.body.Value))
			}
			ps.report(p, ps.whole(), msg,
				`Prefer one bpmn:timeDuration reminder ("PT48H"), or make the reminder path safe to run many times at once.`, nil)
		}
	},
}

// SpiffOverduePerTick is how many overdue occurrences of a cycle whose
// path stops at a user or manual task one scheduler tick (a refresh, then
// the engine steps) of SpiffWorkflow main delivers: main's
// do_engine_steps ends with refresh_timers(), a second refresh (v3.1.2
// delivers 1). simulate's sim.SpiffMain.OverduePerRefresh() is the same
// number (a test in package sim holds the two together).
const SpiffOverduePerTick = 2

// waitingTask returns the user or manual task the first flow out of a
// boundary event leads straight to, or nil: what makes SpiffWorkflow
// deliver its overdue occurrences a few per tick (simulate's rule too).
func waitingTask(ev *bpmn.Element) *bpmn.Element {
	if ev == nil || len(ev.Outgoing) == 0 || ev.Outgoing[0].Target == nil {
		return nil
	}
	switch t := ev.Outgoing[0].Target; t.Type {
	case "userTask", "manualTask", "receiveTask":
		return t
	}
	return nil
}

// DateFarAhead warns about a date or cycle start implausibly far ahead.
var DateFarAhead = &lint.Rule{
	ID:       "TMR5005",
	Name:     "date-far-ahead",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Title:    "a date or cycle start implausibly far ahead (a likely typo)",
	// Concatenated, not formatted: every run builds the rule docs at
	// start-up.
	Doc: `A bpmn:timeDate, or the start of a bpmn:timeCycle, lies more than ` + strconv.Itoa(timeexpr.FarAheadYears) + ` years after
the reference time (--now, or the current time). The timer is valid and will simply never
fire in the model's lifetime; that is almost always a typo in the year (2206 for 2026).
Check the year.`,
	Bad:  `<bpmn:timeDate>"2206-12-01T09:00:00Z"</bpmn:timeDate>`,
	Good: `<bpmn:timeDate>"2026-12-01T09:00:00Z"</bpmn:timeDate>`,
	Run: func(p *lint.Pass) {
		reportImplausible(p, timeexpr.FarAhead, "more than %d years after the reference time", timeexpr.FarAheadYears,
			"Check the year; the timer would not fire in the model's lifetime.")
	},
}

// StartFarPast warns about a date or cycle start implausibly long ago.
var StartFarPast = &lint.Rule{
	ID:       "TMR5006",
	Name:     "start-far-past",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Title:    "a date or cycle start implausibly long ago (a likely typo)",
	Doc: `A bpmn:timeDate, or the start of a bpmn:timeCycle, lies more than ` + strconv.Itoa(timeexpr.FarPastYears) + ` years before
the reference time (--now, or the current time). That is almost always a typo in the year
(1026 for 2026). A cycle that started centuries ago has its due times counted from that start
(the seams scheduler fires the latest missed one at once; SpiffWorkflow, on a catch, replays
every missed occurrence), and a date that long past fires at once. Check the year.`,
	Bad:  `<bpmn:timeCycle>"R/1026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Run: func(p *lint.Pass) {
		reportImplausible(p, timeexpr.FarPast, "more than %d years before the reference time", timeexpr.FarPastYears,
			"Check the year: every due time since then counts as missed.")
	},
}

// reportImplausible reports each date or cycle start for which far(t,
// now) holds (TMR5005, TMR5006): how says where it lies, with years.
func reportImplausible(p *lint.Pass, far func(t, now time.Time) bool, how string, years int, detail string) {
	for _, ps := range docAcceptedSites(p) {
		t, what := ps.date.Time, "date"
		if ps.expr.Kind == bpmn.TimeCycle {
			t, what = ps.cycle.Start.Time, "cycle start"
		}
		if far(t, p.Now) {
			ps.report(p, ps.whole(), fmt.Sprintf("%s %s is "+how+"; is the year a typo? %s", what, utc(t), years, sq(ps.body.Value)), detail, nil)
		}
	}
}
