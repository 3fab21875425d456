package rules

import "github.com/seams/seams-timers/lint"

// CycleSyntax refuses a timeCycle value that is not a repeating interval.
var CycleSyntax = &lint.Rule{
	ID:       "TMR1030",
	Name:     "cycle-syntax",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "not an ISO 8601 repeating interval R[n]/<start>/<duration>",
	Doc: `A bpmn:timeCycle must hold an ISO 8601 repeating interval, and this one does not:
it has no R[n]/ part ("P1D", a plain "<start>/<end>" interval), no interval after it
("R5"), too many parts, or parts that are neither date-times nor durations. Spiff splits
the value on '/' only when the timer first waits and fails then (ValueError: invalid
literal for int(), IndexError), on the instance, in production. A cycle whose start or
period is plainly meant but malformed is reported by TMR1010 or TMR1020 instead. Write
R[n]/<start>/<duration> with a start that has Z or an offset, such as
"R/2026-11-09T08:00:00Z/P1D"; use bpmn:timeDuration to wait once, bpmn:timeDate to fire
once.`,
	Bad:  `<bpmn:timeCycle>"P1D"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Run:  runValueRule,
}
