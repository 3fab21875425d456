package rules

import "github.com/seams/seams-timers/lint"

// DurationSyntax refuses a timeDuration value that is not a strict ISO 8601
// duration.
var DurationSyntax = &lint.Rule{
	ID:       "TMR1020",
	Name:     "duration-syntax",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "not a strict ISO 8601 duration",
	Doc: `A bpmn:timeDuration, or the period of a bpmn:timeCycle, must be a strict ISO 8601
duration, PnYnMnDTnHnMnS or PnW, and this one is not: "P36H" has no T before the hours,
"P" and "PT" have no part, "pt1h" is lower-case, "P1W2D" mixes weeks with other parts,
"PT1.5H30M" has a fraction before the last part, or it is a date-time written in the
wrong element. Spiff refuses some of these only when an instance first waits (Exception:
Invalid duration) and silently reads others ("P" and "" as zero, "pt1h" as an hour), so
what the model means depends on the engine's leniency. Write the duration the strict way,
upper-case with a T before hours, minutes and seconds, such as "PT48H" or "P2W".`,
	Bad:  `<bpmn:timeDuration>"P36H"</bpmn:timeDuration>`,
	Good: `<bpmn:timeDuration>"PT36H"</bpmn:timeDuration>`,
	Run:  runValueRule,
}
