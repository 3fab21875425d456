package rules

import (
	"fmt"
	"strings"

	"github.com/seams/seams-timers/lint"
)

// TimerSentinel reports the special values 0 and -1.
var TimerSentinel = &lint.Rule{
	ID:       "TMR6207",
	Name:     "timer-sentinel",
	Severity: lint.SeverityInfo,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a timer value of 0 or -1: set at run time",
	Doc: `The values 0 ("immediate") and -1 ("never") are placeholders: the process is meant to replace
them at run time with SetTimerValue, through the TimerValue_<name> process parameter. Left as
they are, the engine computes no execution time and registers nothing. The finding says where
the value must come from; next and simulate take it from --assume or the scenario.`,
	Bad:  `<Timer Name="Escalation" Type="Interval" Value="-1"/>`,
	Good: `<Timer Name="Escalation" Type="Interval" Value="2d"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkTimerSentinel) },
}

func checkTimerSentinel(v *Value) []found {
	if v.Type == "Expression" || !v.sentinel() {
		return nil
	}
	meaning := `"immediate"`
	if strings.TrimSpace(v.Text) == "-1" {
		meaning = `"never"`
	}
	return []found{{fmt.Sprintf("Value %s is the sentinel %s: no timer is registered unless the process sets TimerValue_%s", quote(v.Text), meaning, v.nameOr("<name>")),
		fmt.Sprintf("Make sure the process calls SetTimerValue for the timer before the activity is entered; next and simulate take its value from --assume %s=VALUE.", v.nameOr("NAME"))}}
}
