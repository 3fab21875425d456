package rules

import "github.com/seams/seams-timers/lint"

// DurationNegative refuses a negative duration or cycle period.
var DurationNegative = &lint.Rule{
	ID:       "TMR1022",
	Name:     "duration-negative",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a negative duration",
	Doc: `A bpmn:timeDuration, or the period of a bpmn:timeCycle, starts with a minus sign
("-P1D"). ISO 8601 has no negative durations and Spiff refuses a leading '-' with
"Exception: Invalid duration", but only when an instance first waits on the timer, in
production. A timer cannot fire before it starts waiting: give the positive length you
mean, such as "P1D".`,
	Bad:  `<bpmn:timeDuration>"-P1D"</bpmn:timeDuration>`,
	Good: `<bpmn:timeDuration>"P1D"</bpmn:timeDuration>`,
	Run:  runValueRule,
}
