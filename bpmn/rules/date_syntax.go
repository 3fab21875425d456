package rules

import "github.com/seams/seams-timers/lint"

// DateSyntax refuses a timeDate value that is not an ISO 8601 date-time.
var DateSyntax = &lint.Rule{
	ID:       "TMR1010",
	Name:     "date-syntax",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "not an ISO 8601 date-time, or an impossible one",
	Doc: `A bpmn:timeDate must hold one ISO 8601 date-time, and this one does not: it is
malformed, names an impossible instant (February 30, 24:30), or is a duration or an
interval written in the wrong element. Spiff parses the value with Python's
datetime.fromisoformat only when an instance first waits on the timer, so the failure
(ValueError: Invalid isoformat string, or a TypeError for a duration) happens in
production, on the instance. The same rule reports a cycle's start or end that is not a
valid date-time. Write one date-time with Z or an offset, such as "2026-12-01T09:00:00Z";
to wait a length of time use bpmn:timeDuration, and to repeat use bpmn:timeCycle.`,
	Bad:  `<bpmn:timeDate>"2026-02-30T09:00:00Z"</bpmn:timeDate>`,
	Good: `<bpmn:timeDate>"2026-12-01T09:00:00Z"</bpmn:timeDate>`,
	Run:  runValueRule,
}
