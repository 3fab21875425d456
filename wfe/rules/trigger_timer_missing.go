package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// TriggerTimerMissing reports a Timer trigger whose NameRef names no
// timer.
var TriggerTimerMissing = &lint.Rule{
	ID:       "TMR6103",
	Name:     "trigger-timer-missing",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a Timer trigger names no timer of the scheme",
	Doc: `A transition's <Trigger Type="Timer" NameRef="..."/> must name a <Timer> of the scheme's
<Timers>. When it names none (a typo, a renamed or deleted timer), nothing is registered when the
instance enters the activity, and the transition never fires. Name an existing timer.`,
	Bad: `<Timer Name="SLA" Type="Interval" Value="4h"/>
...
<Trigger Type="Timer" NameRef="Sla"/>`,
	Good: `<Timer Name="SLA" Type="Interval" Value="4h"/>
...
<Trigger Type="Timer" NameRef="SLA"/>`,
	Run: func(p *lint.Pass) {
		for _, s := range schemes(p) {
			var names []string
			for _, t := range s.Timers {
				names = append(names, t.Name.Value)
			}
			for _, tr := range s.Transitions {
				for _, trig := range tr.Triggers {
					if !trig.IsTimer() || s.Timer(trig.NameRef.Value) != nil {
						continue
					}
					detail := "Declare the timer in <Timers>, or name one that is declared."
					if len(names) > 0 {
						detail = "Name a timer of <Timers>" + lint.Suggest(trig.NameRef.Value, names)
					}
					p.ReportSpan(trig.NameRef.Range, tr.ID, "NameRef",
						fmt.Sprintf("Timer trigger of transition %s names no timer %s", quote(tr.Name.Value), quote(trig.NameRef.Value)), detail)
				}
			}
		}
	},
}
