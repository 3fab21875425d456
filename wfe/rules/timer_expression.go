package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// TimerExpression reports an Expression timer: its due time is computed
// at run time.
var TimerExpression = &lint.Rule{
	ID:       "TMR6305",
	Name:     "timer-expression",
	Severity: lint.SeverityInfo,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "an Expression timer: not computed ahead of time",
	Doc: `An Expression timer's value is C#, compiled against the process instance at run time (a
DateTime, a TimeSpan, milliseconds or an interval string). seams-timers does not run C#, so its
due time is not known ahead of time. next and simulate take a value for it from --assume
NAME=VALUE (an RFC 3339 instant, or an interval as the engine reads it) or the scenario's
assume: section.`,
	Bad:  `<Timer Name="HardDeadline" Type="Expression" Value="new DateTime(DateTime.Now.Year + 1, 1, 1)"/>`,
	Good: `<Timer Name="HardDeadline" Type="Date" Value="01/01/2027"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkTimerExpression) },
}

func checkTimerExpression(v *Value) []found {
	if v.Type != "Expression" {
		return nil
	}
	return []found{{fmt.Sprintf("Expression %s is computed at run time: its due time is not known ahead", v.label()),
		fmt.Sprintf("next and simulate take its value from --assume %s=VALUE (an RFC 3339 instant or an interval) or the scenario's assume:.", v.nameOr("NAME"))}}
}
