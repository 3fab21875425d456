package rules

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// DueOutOfRange refuses a timer whose due time lies past year 9999.
var DueOutOfRange = &lint.Rule{
	ID:       "TMR1024",
	Name:     "due-out-of-range",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a due time past year 9999, the last that Python's datetime holds",
	Doc: `A bpmn:timeDuration or bpmn:timeCycle reaches a due time after
9999-12-31T23:59:59.999999Z, the last instant Python's datetime holds. SpiffWorkflow and
the seams scheduler compute due times with it, so the waiting instance fails with
OverflowError when the due time is computed: for a duration, when an instance arrives (an
instance arriving at the reference time, --now or the current time, is checked); for a
cycle, when the firing before it happens (Spiff computes the next due time after every
firing, the last one included, so an R<n> cycle fails at its last firing). An unbounded R
cycle is checked at its second due time. Give a shorter duration or period, or fewer
repetitions.`,
	Bad:  `<bpmn:timeCycle>"R3/2026-11-09T08:00:00Z/P3000Y"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R3/2026-11-09T08:00:00Z/P300Y"</bpmn:timeCycle>`,
	Run: func(p *lint.Pass) {
		for _, s := range docSites(p) {
			if what, ok := s.outOfRange(p.Now); ok {
				s.report(p, s.bodySpan(), what,
					"SpiffWorkflow raises OverflowError on the waiting instance when it computes that due time: "+
						"give a shorter duration or period, or fewer repetitions, so that every due time falls in year 9999 or before.", nil)
			}
		}
	},
}

// outOfRange says what is wrong when the site's value, as the runtime
// reads it on the site's element, reaches a due time past MaxTime.
func (s *site) outOfRange(now time.Time) (string, bool) {
	v, ok := s.literal()
	if !ok {
		return "", false
	}
	for _, f := range s.findings() {
		if !valueWarning(f.rule) {
			return "", false // A value rule refuses the value itself.
		}
	}
	e, err := timeexpr.ParseValue(s.expr.Kind.ValueKind(), v)
	if err != nil {
		return "", false
	}
	var sched timeexpr.Schedule
	if s.event.Placement() == bpmn.PlaceProcessStart {
		if sched, err = e.StartSchedule(); err != nil {
			return "", false
		}
	} else {
		sched = e.CatchSchedule(now)
	}
	t, over := sched.Overflow()
	if !over {
		return "", false
	}
	limit := timeexpr.FormatTime(timeexpr.MaxTime)
	if e.Kind == timeexpr.ValueDuration {
		return fmt.Sprintf("duration puts the due time of an instance that arrives at the reference time past %s, "+
			"the last instant Python's datetime holds: %s", limit, sq(v)), true
	}
	return fmt.Sprintf("cycle reaches a due time past %s, the last instant Python's datetime holds (%s): %s",
		limit, timeexpr.FormatTime(t), sq(v)), true
}
