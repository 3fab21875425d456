package rules

import (
	"github.com/seams/seams-timers/lint"
)

// SchedulesNotExecutes refuses a container that schedules a process it
// does not execute.
var SchedulesNotExecutes = &lint.Rule{
	ID:       "TMR4003",
	Name:     "schedules-not-executes",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "a container that schedules a process it does not seam:executes",
	Doc: `A container is the subject of seam:schedules for a process that it does not seam:executes.
ADR-0037 section 3 (seamsh:SchedulesShape): the scheduling container starts each instance in
process, so it must also execute the process; it is then a serving container with the runtime
image, and needs no service or binding of its own. A container that schedules without
executing would fire the timer start and have no process to start. Add the seam:executes
triple, or move seam:schedules to a container that executes the process.`,
	Bad: `<#api> a arch:Container ;
  seam:schedules <digest.bpmn#Digest> ;
  seam:storedIn <#db> .`,
	Good: `<#api> a arch:Container ;
  seam:executes <digest.bpmn#Digest> ;
  seam:schedules <digest.bpmn#Digest> ;
  seam:storedIn <#db> .`,
	Run: runSchedulesNotExecutes,
}

func runSchedulesNotExecutes(p *lint.Pass) {
	ix := IndexOf(p.Project)
	executes := ix.Vocab.Executes()
	for tr := range ix.Schedules() {
		if ix.Graph.Has(tr.S, executes, tr.O) {
			continue
		}
		file := tr.Predicate.File
		ix.ReportTriple(p, tr, tr.S, "seam:schedules",
			"schedules "+ix.DisplayTerm(tr.O, file)+" but does not seam:executes it",
			"A scheduling container starts the instances in process, so it must execute the process too (ADR-0037 "+
				"section 3): add `"+turtleRef(ix, tr.S, file)+" seam:executes "+turtleRef(ix, tr.O, file)+" .`, or "+
				"schedule the process from a container that executes it.", ix.TermRelated(tr.O, "the process: ")...)
	}
}
