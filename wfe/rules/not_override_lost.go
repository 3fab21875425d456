package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// NotOverrideLost reports a NotOverrideIfExists timer whose condition can
// fail.
var NotOverrideLost = &lint.Rule{
	ID:       "TMR6402",
	Name:     "not-override-lost",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a NotOverrideIfExists timer whose condition can fail: the instance is left with no timer",
	Doc: `With NotOverrideIfExists="true", a timer's row is kept, not re-created, when the activity's
timers are registered again. When such a timer fires and no condition passes, the clear-and-
register cycle keeps the fired row, and the fired row is then deleted: the timer is not created
again, and the instance waits in the activity with no timer at all (the engine's maintainers
confirmed this behaviour). Give the timer a transition that cannot fail, or leave
NotOverrideIfExists false so that a failed firing registers it again.`,
	Bad: `<Timer Name="Reminder" Type="Interval" Value="1d" NotOverrideIfExists="true"/>
<Transition Name="Remind" From="Review" To="Review">
  <Triggers><Trigger Type="Timer" NameRef="Reminder"/></Triggers>
  <Conditions><Condition Type="Action" NameRef="HasOpenItems"/></Conditions>
</Transition>`,
	Good: `<Timer Name="Reminder" Type="Interval" Value="1d" NotOverrideIfExists="false"/>
<Transition Name="Remind" From="Review" To="Review">
  <Triggers><Trigger Type="Timer" NameRef="Reminder"/></Triggers>
  <Conditions><Condition Type="Action" NameRef="HasOpenItems"/></Conditions>
</Transition>`,
	Run: func(p *lint.Pass) {
		for _, s := range schemes(p) {
			for _, f := range flowsOf(p, s) {
				for _, t := range f.Timers {
					if !t.NotOverride() || !f.CanFail(t) {
						continue
					}
					tr := f.Uses[t][0]
					p.ReportSpan(tr.TimerTrigger().NameRef.Range, tr.ID, "NameRef",
						fmt.Sprintf("%s has NotOverrideIfExists=\"true\" and its conditions at %s can fail: the fired row is deleted and not re-created", typeLabel(t), quote(f.Activity)),
						fmt.Sprintf("Set NotOverrideIfExists=\"false\" on %s, or add a transition from %s for it with an Always or Otherwise condition.", quote(t.Name.Value), quote(f.Activity)))
				}
			}
		}
	},
}
