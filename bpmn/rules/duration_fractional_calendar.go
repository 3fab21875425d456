package rules

import "github.com/seams/seams-timers/lint"

// DurationFractionalCalendar refuses a fractional year or month.
var DurationFractionalCalendar = &lint.Rule{
	ID:       "TMR1023",
	Name:     "duration-fractional-calendar",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a fractional year or month",
	Doc: `A duration or cycle period has a fractional year or month ("P0.5Y", "P1.5M"). ISO
8601 allows a fraction in the last part, but a year or a month has no fixed length, so
half of one means nothing exact; Spiff parses the value and then crashes when the instance
first waits on it (TypeError for "P0.5Y", IllegalMonthError for "P1.5M"). Write whole
years and months, or the length in smaller units: "P6M" rather than "P0.5Y", "P45D"
rather than "P1.5M".`,
	Bad:  `<bpmn:timeDuration>"P1.5M"</bpmn:timeDuration>`,
	Good: `<bpmn:timeDuration>"P45D"</bpmn:timeDuration>`,
	Run:  runValueRule,
}
