package rules

import "github.com/seams/seams-timers/lint"

// CycleIntervalForm refuses the R[n]/<start>/<end> and R[n]/<duration>/<end>
// forms of a repeating interval.
var CycleIntervalForm = &lint.Rule{
	ID:       "TMR1032",
	Name:     "cycle-interval-form",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a cycle in the <start>/<end> or <duration>/<end> form",
	Doc: `A bpmn:timeCycle uses one of the ISO 8601 interval forms that ADR-0037 refuses:
R[n]/<start>/<end> or R[n]/<duration>/<end>. Spiff fails on the first when the timer
first waits (AttributeError), and reads the second backwards, taking the end minus the
duration as the start, which few readers of the model would guess. Only
R[n]/<start>/<duration> is accepted: give the first firing and the period, such as
"R/2026-11-09T08:00:00Z/P1D".`,
	Bad:  `<bpmn:timeCycle>"R3/PT1H/2026-11-10T08:00:00Z"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R3/2026-11-10T07:00:00Z/PT1H"</bpmn:timeCycle>`,
	Run:  runValueRule,
}
