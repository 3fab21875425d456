package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// TimerUnused reports a timer no transition uses.
var TimerUnused = &lint.Rule{
	ID:       "TMR6104",
	Name:     "timer-unused",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a timer no transition uses",
	Doc: `A timer is registered only for the outgoing timer transitions of the activity an instance
enters. A <Timer> that no <Trigger Type="Timer"> names is never registered: the deadline it
stands for is not enforced. Trigger a transition with it, or remove it.`,
	Bad: `<Timer Name="Reminder" Type="Interval" Value="1d"/>
<!-- no transition has <Trigger Type="Timer" NameRef="Reminder"/> -->`,
	Good: `<Timer Name="Reminder" Type="Interval" Value="1d"/>
...
<Trigger Type="Timer" NameRef="Reminder"/>`,
	Run: func(p *lint.Pass) {
		for _, s := range schemes(p) {
			used := map[string]bool{}
			for _, tr := range s.Transitions {
				for _, trig := range tr.Triggers {
					if trig.IsTimer() {
						used[trig.NameRef.Value] = true
					}
				}
			}
			for _, t := range s.Timers {
				if !used[t.Name.Value] {
					p.ReportSpan(t.Name.Range, t.ID, "Name", fmt.Sprintf("timer %s is used by no transition", quote(t.Name.Value)),
						"Add <Trigger Type=\"Timer\" NameRef=\""+t.Name.Value+"\"/> to the transition it should fire, or remove the timer.")
				}
			}
		}
	},
}
