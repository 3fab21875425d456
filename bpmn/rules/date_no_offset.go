package rules

import "github.com/seams/seams-timers/lint"

// DateNoOffset refuses a date-time, or a bare date, with no Z or offset.
var DateNoOffset = &lint.Rule{
	ID:       "TMR1011",
	Name:     "date-no-offset",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a date-time or a bare date with no Z or offset",
	Doc: `A bpmn:timeDate, or the start of a bpmn:timeCycle, gives a date-time (or a bare
date, which means midnight) without Z or a numeric offset. Spiff reads such a value in the
host's local time zone, with the offset fixed once when the engine is imported: with
TZ=America/New_York, "2026-12-01T09:00:00" is 13:00Z on a host that started in July and
14:00Z on one that started in December. The same model would fire at different instants
on different hosts, and ADR-0037 refuses it. Add Z, or the offset you mean, such as
"2026-12-01T09:00:00Z" or "2026-12-01T09:00:00+01:00".`,
	Bad:  `<bpmn:timeDate>"2026-12-01T09:00:00"</bpmn:timeDate>`,
	Good: `<bpmn:timeDate>"2026-12-01T09:00:00+01:00"</bpmn:timeDate>`,
	Run:  runValueRule,
}
