package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// TimerUnreachable reports a timer transition out of a final or
// unreachable activity.
var TimerUnreachable = &lint.Rule{
	ID:       "TMR6404",
	Name:     "timer-unreachable",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a timer out of a final or unreachable activity",
	Doc: `A timer is registered when an instance enters the activity its transition leaves. Out of an
IsFinal activity it is registered when the process has ended, for a transition that should not
be there; out of an activity that no path of transitions reaches from the initial activity it
is never registered at all. Move the transition to the activity it is meant for, or connect the
activity.`,
	Bad: `<Activity Name="Resolved" IsFinal="True"/>
<Transition Name="Reopen" From="Resolved" To="Open">
  <Triggers><Trigger Type="Timer" NameRef="Cooldown"/></Triggers>
</Transition>`,
	Good: `<Activity Name="Resolved"/>
<Transition Name="Reopen" From="Resolved" To="Open">
  <Triggers><Trigger Type="Timer" NameRef="Cooldown"/></Triggers>
</Transition>`,
	Run: func(p *lint.Pass) {
		for _, s := range schemes(p) {
			reach := reachable(s)
			for _, tr := range s.Transitions {
				trig := tr.TimerTrigger()
				if trig == nil {
					continue
				}
				from := tr.From.Value
				a := s.Activity(from)
				switch {
				case a != nil && a.IsFinal.True():
					p.ReportSpan(trig.NameRef.Range, tr.ID, "NameRef",
						fmt.Sprintf("timer %s is on transition %s out of the final activity %s", quote(trig.NameRef.Value), quote(tr.Name.Value), quote(from)),
						"Move the transition to the activity it is meant for, or remove IsFinal from "+quote(from)+".")
				case reach != nil && !reach[from]:
					p.ReportSpan(trig.NameRef.Range, tr.ID, "NameRef",
						fmt.Sprintf("timer %s is on transition %s out of %s, which no transition from the initial activity reaches: it is never registered", quote(trig.NameRef.Value), quote(tr.Name.Value), quote(from)),
						"Connect "+quote(from)+" to the process with a transition, or move the timer transition to an activity that is reached.")
				}
			}
		}
	},
}
