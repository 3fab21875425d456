package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// DateRefires reports a Date or DateAndTime timer on transitions whose
// conditions can fail.
var DateRefires = &lint.Rule{
	ID:       "TMR6401",
	Name:     "date-refires",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a Date or DateAndTime timer whose condition can fail: refires on every poll",
	Doc: `When a timer fires and no condition of the transitions it triggers passes, the runtime clears
and registers the activity's timers again. A Date or DateAndTime timer registers to the same
moment, which has passed: it is due again at once, and fires on every poll (every second by
default) for as long as the condition fails. Give the timer a transition that cannot fail (an
Always or Otherwise condition), or use an Interval timer, which starts a new delay.`,
	Bad: `<Timer Name="Deadline" Type="Date" Value="12/31/2026"/>
<Transition Name="Expire" From="Open" To="Expired">
  <Triggers><Trigger Type="Timer" NameRef="Deadline"/></Triggers>
  <Conditions><Condition Type="Action" NameRef="IsOverdue"/></Conditions>
</Transition>`,
	Good: `<Timer Name="Deadline" Type="Date" Value="12/31/2026"/>
<Transition Name="Expire" From="Open" To="Expired">
  <Triggers><Trigger Type="Timer" NameRef="Deadline"/></Triggers>
  <Conditions><Condition Type="Always"/></Conditions>
</Transition>`,
	Run: func(p *lint.Pass) {
		for _, s := range schemes(p) {
			for _, f := range flowsOf(p, s) {
				for _, t := range f.Timers {
					if !isDate(t.Type.Value) || !f.CanFail(t) {
						continue
					}
					tr := f.Uses[t][0]
					p.ReportSpan(tr.TimerTrigger().NameRef.Range, tr.ID, "NameRef",
						fmt.Sprintf("%s at %s is on transitions whose conditions can fail: once past, it refires on every poll", typeLabel(t), quote(f.Activity)),
						fmt.Sprintf("Add a transition from %s triggered by %s with an Always or Otherwise condition, or use an Interval timer.", quote(f.Activity), quote(t.Name.Value)))
				}
			}
		}
	},
}
