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
	Doc: `A bpmn:timeCycle's period has years or months ("P1M", "P1Y"). Spiff converts the
period once into a fixed number of seconds, counted in the real month lengths from the
start month, and adds that same length for every firing: "R/2026-01-31T00:00:00Z/P1M"
fires on Jan 31, Mar 3, Apr 3 and May 4 (a 31-day stride), and a yearly cycle from
2028-02-29 fires on 2029-03-01 and 2030-03-02. The firings drift off the calendar the
model seems to describe, so this is a warning. Write the period in weeks or days when a
fixed stride is what you mean ("P7D", "P4W"); Spiff cannot fire on the same day of every
month.`,
	Bad:  `<bpmn:timeCycle>"R/2027-01-31T00:00:00Z/P1M"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R/2027-01-31T00:00:00Z/P4W"</bpmn:timeCycle>`,
	Run:  runValueRule,
}
