package rules

import "github.com/seams/seams-timers/lint"

// DurationZero refuses a zero duration or cycle period.
var DurationZero = &lint.Rule{
	ID:       "TMR1021",
	Name:     "duration-zero",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a zero duration or cycle period",
	Doc: `A bpmn:timeDuration, or the period of a bpmn:timeCycle, is zero ("PT0S", "P0D").
A zero duration makes the timer fire as soon as the instance waits, which is never what
a model with a timer means; a zero cycle period is worse: Spiff adds the period to the
start for every firing and its engine loops forever on the first refresh. ADR-0037 accepts
positive durations only. Spiff's timedelta holds whole microseconds and rounds finer digits
half to even, so a length it rounds to zero ("PT0.0000004S", "PT0.0000005S") is zero too.
Give the length you mean, such as "PT48H", or remove the timer.`,
	Bad:  `<bpmn:timeCycle>"R/2026-11-09T08:00:00Z/PT0S"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Run:  runValueRule,
}
