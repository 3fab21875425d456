package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// TimerImmediate reports the sentinel 0, whose transition executes on
// entering the activity.
var TimerImmediate = &lint.Rule{
	ID:       "TMR6210",
	Name:     "timer-immediate",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a timer value of 0: the transition executes at once on entering the activity",
	Doc: `A timer whose Value is exactly 0 (and no TimerValue_<name> process parameter set) is not a
timer at all: on entering the activity the runtime executes its timer transition at once, with
no timer row and no poll, so the instance passes straight through the activity. The value is
meant to be replaced at run time with SetTimerValue. Any other spelling of zero (" 0", "00",
"0ms") is not the sentinel: it is an interval of 0 (TMR6201). Set the value the timer needs, or
make sure the process sets TimerValue_<name> before the activity is entered.`,
	Bad:  `<Timer Name="Escalation" Type="Interval" Value="0"/>`,
	Good: `<Timer Name="Escalation" Type="Interval" Value="2d"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkTimerImmediate) },
}

func checkTimerImmediate(v *Value) []found {
	if v.Type == "Expression" || v.Text != "0" {
		return nil
	}
	return []found{{fmt.Sprintf("Value \"0\" is the sentinel \"immediate\": on entering the activity the timer transition executes at once, unless the process sets TimerValue_%s", v.nameOr("<name>")),
		fmt.Sprintf("Set the delay the timer needs, or make sure the process calls SetTimerValue before the activity is entered; next and simulate take its value from --assume %s=VALUE.", v.nameOr("NAME"))}}
}
