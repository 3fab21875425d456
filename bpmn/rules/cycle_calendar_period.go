package rules

import "github.com/seams/seams-timers/lint"

// CycleCalendarPeriod warns about a cycle period in years or months.
var CycleCalendarPeriod = &lint.Rule{
	ID:       "TMR1034",
	Name:     "cycle-calendar-period",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a cycle period in years or months",
	Doc: `A bpmn:timeCycle's period has years or months ("P1M", "P1Y"), whose length depends on
where it is counted, and the two runtimes count it differently. On a process's timer start
the seams scheduler adds calendar multiples of the period to the start and clamps the day
to the month's end: "R/2026-01-31T00:00:00Z/P1M" fires Jan 31, Feb 28, Mar 31, Apr 30, so
a day past the 28th does not fire on that day every month. On a catch event (a
non-interrupting boundary) SpiffWorkflow converts the period once into a fixed number of
seconds, counted in the real month lengths from the start month, and adds it for every
firing: the same cycle fires Jan 31, Mar 3, Apr 3, May 4 (a 31-day stride), drifting off
the calendar. The message says which arithmetic the element gets and its first firings.
Write the period in weeks or days when a fixed stride is what you mean ("P7D", "P4W"); on
a timer start, a start day of the 28th or before fires on the same day every month.`,
	Bad:  `<bpmn:timeCycle>"R/2027-01-31T00:00:00Z/P1M"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R/2027-01-31T00:00:00Z/P4W"</bpmn:timeCycle>`,
	Run:  runValueRule,
}
