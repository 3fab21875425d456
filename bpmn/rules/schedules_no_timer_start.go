package rules

import (
	"github.com/seams/seams-timers/lint"
)

// SchedulesNoTimerStart refuses seam:schedules pointing at a process with
// no timer start.
var SchedulesNoTimerStart = &lint.Rule{
	ID:       "TMR4004",
	Name:     "schedules-no-timer-start",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "seam:schedules pointing at a process with no timer start",
	Doc: `A seam:schedules triple points at a process whose model holds no proc:TimerStartEvent for
it: no start event of that process has a timer definition lifted as a proc:TimerStartEvent,
or the IRI names no process of the model at all. ADR-0037 section 3 (seamsh:SchedulesShape):
the object of seam:schedules is a proc:Process whose BPMN model holds a proc:TimerStartEvent,
since scheduling means running its timer starts. Timer catch events need no seam:schedules:
every container that executes the process wakes them (section 4). Remove the triple, or
give the process its timer start event and lift it.`,
	Bad: `# approval.bpmn#Approval starts on a user's request; its only timer is a boundary
<approval.bpmn#Remind> a proc:TimerCatchEvent .
<#api> seam:executes <approval.bpmn#Approval> ; seam:schedules <approval.bpmn#Approval> .`,
	Good: `<approval.bpmn#Remind> a proc:TimerCatchEvent .
<#api> seam:executes <approval.bpmn#Approval> .`,
	Run: runSchedulesNoTimerStart,
}

func runSchedulesNoTimerStart(p *lint.Pass) {
	ix := IndexOf(p.Project)
	starts := timerStarts(ix)
	for tr := range ix.Schedules() {
		doc, proc := ix.Process(tr.O)
		if doc == nil {
			// Not a loaded model: a missing one is TMR0004, and a node of
			// another kind is TMR4005's.
			continue
		}
		file := tr.Predicate.File
		switch {
		case proc == nil:
			ix.ReportTriple(p, tr, tr.S, "seam:schedules",
				"schedules "+ix.DisplayTerm(tr.O, file)+", which is not a process of "+doc.Path+", so it has no timer start",
				"Point seam:schedules at the process whose start event has the timer (ADR-0037 section 3), or remove the triple.",
				ix.TermRelated(tr.O, "what it schedules: ")...)
		case !starts[proc]:
			ix.ReportTriple(p, tr, tr.S, "seam:schedules",
				"schedules "+ix.DisplayTerm(tr.O, file)+", whose model holds no "+typeName(ix, true)+" for it",
				"Only a process with a lifted timer start event is scheduled (ADR-0037 section 3): remove the triple, or give "+
					"the process a timer start event and lift it as "+typeName(ix, true)+". Timer catch events need no seam:schedules.",
				ix.TermRelated(tr.O, "the process: ")...)
		}
	}
}
