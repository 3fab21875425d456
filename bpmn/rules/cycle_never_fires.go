package rules

import "github.com/seams/seams-timers/lint"

// CycleNeverFires warns about an R0 cycle.
var CycleNeverFires = &lint.Rule{
	ID:       "TMR1033",
	Name:     "cycle-never-fires",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a cycle that repeats zero times (R0)",
	Doc: `A bpmn:timeCycle starts with R0: it repeats zero times, so Spiff completes the timer
without ever firing it and its path never runs. That is legal ISO 8601 and Spiff accepts
it, so this is a warning, but it is almost always a typo or a timer left disabled. Give
the number of firings you mean (R1 fires once, R without a number never stops), or
remove the timer.`,
	Bad:  `<bpmn:timeCycle>"R0/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R5/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Run:  runValueRule,
}
