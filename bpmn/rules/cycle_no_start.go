package rules

import "github.com/seams/seams-timers/lint"

// CycleNoStart refuses a repeating interval with no start: R[n]/<duration>.
var CycleNoStart = &lint.Rule{
	ID:       "TMR1031",
	Name:     "cycle-no-start",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a cycle with no start date-time",
	Doc: `A bpmn:timeCycle of the form R[n]/<duration> ("R/P1D", "R3/PT1H") has no start.
Spiff then counts the first firing from the moment the timer starts waiting (now plus the
period), so the instants a cycle fires at would depend on when a container booted or an
instance arrived, and replicas could not compute the same due times ahead of time to claim
each firing once (ADR-0037 sections 2 and 4). Give the first firing's date-time, with Z or
an offset: "R/2026-11-09T08:00:00Z/P1D".`,
	Bad:  `<bpmn:timeCycle>"R/P1D"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Run:  runValueRule,
}
