package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// TimerSentinel reports the special value -1 ("never"); 0 is
// TimerImmediate's.
var TimerSentinel = &lint.Rule{
	ID:       "TMR6207",
	Name:     "timer-sentinel",
	Severity: lint.SeverityInfo,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a timer value of -1: never, unless set at run time",
	Doc: `The value -1 ("never") is a placeholder: the process is meant to replace it at run time with
SetTimerValue, through the TimerValue_<name> process parameter. Left as it is, the engine
registers nothing and the timer never fires. The engine compares the raw value: " -1" is an
interval read as -1 ms, never registered either (TMR6201). The value 0 is TMR6210's. The finding
says where the value must come from; next and simulate take it from --assume or the scenario.`,
	Bad:  `<Timer Name="Escalation" Type="Interval" Value="-1"/>`,
	Good: `<Timer Name="Escalation" Type="Interval" Value="2d"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkTimerSentinel) },
}

func checkTimerSentinel(v *Value) []found {
	if v.Type == "Expression" || v.Text != "-1" {
		return nil
	}
	return []found{{fmt.Sprintf("Value %s is the sentinel \"never\": no timer is registered unless the process sets TimerValue_%s", quote(v.Text), v.nameOr("<name>")),
		fmt.Sprintf("Make sure the process calls SetTimerValue for the timer before the activity is entered; next and simulate take its value from --assume %s=VALUE.", v.nameOr("NAME"))}}
}
