package rules

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// TimerLiftOutOfScope refuses an index node that lifts a timer element the
// ADR leaves unlifted.
var TimerLiftOutOfScope = &lint.Rule{
	ID:       "TMR3004",
	Name:     "timer-lift-out-of-scope",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "a lifted element that the ADR leaves unlifted",
	Doc: `The index graph types as a timer an element that ADR-0037 section 1 leaves out of the index:
a timer boundary attached to an activity other than a bpmn:userTask (a service-call timeout is
an error, ADR-0013), or the timer start event of an event sub-process. The seams runtime does
not schedule or claim these timers, so a node that lifts one claims something no runtime
does, and the model itself is refused by TMR2002 or TMR2003. Remove the node from the index
graph, and fix the model: catch a failing call with an error boundary, or move the reminder
to the user task.`,
	Bad: `# orders.bpmn: BankTimeout is a timer boundary on the serviceTask CallBank
<orders.bpmn#BankTimeout> a proc:TimerCatchEvent .`,
	Good: `# orders.bpmn: an error boundary on the serviceTask, not lifted as a timer
<orders.bpmn#CallBank> a proc:ServiceTask .`,
	Run: runTimerLiftOutOfScope,
}

func runTimerLiftOutOfScope(p *lint.Pass) {
	ix := IndexOf(p.Project)
	for _, n := range ix.Nodes {
		el := liftedElement(n)
		if el == nil || liftOf(el) != liftOutOfScope {
			continue
		}
		detail := "ADR-0037 lifts a timer boundary only on a bpmn:userTask: remove the node from the index graph, and " +
			"catch a failing call with an error boundary (ADR-0013) or move the reminder to the user task."
		if el.Placement == bpmn.PlaceEventSubProcessStart {
			detail = "ADR-0037 does not lift the timer start of an event sub-process: remove the node from the index graph, " +
				"and start the work from a timer start event of its own process."
		}
		ix.ReportTriple(p, ix.TypeTriple(n), n.Term(), "bpmn:timerEventDefinition",
			"typed "+typeName(ix, n.FirstStart)+", but the element is "+describe(el)+", which ADR-0037 leaves unlifted",
			detail)
	}
}
