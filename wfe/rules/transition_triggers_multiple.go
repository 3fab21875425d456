package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// TransitionTriggersMultiple reports a transition with more than one
// trigger.
var TransitionTriggersMultiple = &lint.Rule{
	ID:       "TMR6105",
	Name:     "transition-triggers-multiple",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a transition with more than one trigger",
	Doc: `A transition has exactly one trigger: a command, a timer, or Auto. A second trigger (a timer
beside a command, two timers) is not how the engine fires transitions, so one of them is not
what the transition waits for. To let a user and a timer both move the instance, write two
transitions from the same activity.`,
	Bad: `<Transition Name="Escalate" From="InProgress" To="Escalated" Classifier="Direct">
  <Triggers>
    <Trigger Type="Command" NameRef="Escalate"/>
    <Trigger Type="Timer" NameRef="SLA"/>
  </Triggers>
</Transition>`,
	Good: `<Transition Name="Escalate" From="InProgress" To="Escalated" Classifier="Direct">
  <Triggers><Trigger Type="Command" NameRef="Escalate"/></Triggers>
</Transition>
<Transition Name="EscalateOnSLA" From="InProgress" To="Escalated" Classifier="Direct">
  <Triggers><Trigger Type="Timer" NameRef="SLA"/></Triggers>
</Transition>`,
	Run: func(p *lint.Pass) {
		for _, s := range schemes(p) {
			for _, tr := range s.Transitions {
				if len(tr.Triggers) < 2 {
					continue
				}
				second := tr.Triggers[1]
				p.ReportSpan(second.Range, tr.ID, "Triggers",
					fmt.Sprintf("transition %s has %d triggers", quote(tr.Name.Value), len(tr.Triggers)),
					"Keep one trigger per transition; for a command and a timer, write two transitions from "+quote(tr.From.Value)+".")
			}
		}
	},
}
