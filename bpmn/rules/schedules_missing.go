package rules

import (
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

// SchedulesMissing refuses a timer-started process that no container
// schedules.
var SchedulesMissing = &lint.Rule{
	ID:       "TMR4001",
	Name:     "schedules-missing",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "a process holding a proc:TimerStartEvent with no seam:schedules",
	Doc: `A process whose model holds a proc:TimerStartEvent is the object of no seam:schedules triple.
ADR-0037 section 3 (seamsh:TimerStartedProcessShape) wants exactly one: the container that
runs the process's timer starts is a decision the graph lists, never derived from
seam:executes, because a process may be executed by more than one container. With none,
nothing starts the process on its schedule, and ModelGraph.scheduling_container(process)
raises ResolutionError(<process>, seam:schedules, []). The finding is reported at the
process's first triple in the index graph (or the timer start's, when the graph does not
name the process). Add one seam:schedules from the container that also executes it.`,
	Bad: `<digest.bpmn#Digest>       a proc:Process .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
<#api> a arch:Container ; seam:executes <digest.bpmn#Digest> ; seam:storedIn <#db> .
<#db> a arch:PostgreSQLStore .`,
	Good: `<digest.bpmn#Digest>       a proc:Process .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
<#api> a arch:Container ; seam:executes <digest.bpmn#Digest> ;
  seam:schedules <digest.bpmn#Digest> ; seam:storedIn <#db> .
<#db> a arch:PostgreSQLStore .`,
	Run: runSchedulesMissing,
}

func runSchedulesMissing(p *lint.Pass) {
	ix := IndexOf(p.Project)
	scheduled := scheduledCount(ix)
	done := map[*join.Process]bool{}
	for _, n := range ix.Nodes {
		el := liftedElement(n)
		if el == nil || !n.Start || liftOf(el) != liftStart || done[el.Process] || scheduled[el.Process] > 0 {
			continue
		}
		proc := el.Process
		done[proc] = true
		subject, named := ix.ProcessTerm(n.Doc, proc)
		if !named {
			subject = graph.NewIRI(ix.ProcessIRI(n.Doc, proc, n.ModelIRI()))
		}
		const what = "[]"
		detail := func(file string) string {
			return "Name the one container that runs its timer starts (ADR-0037 section 3): add `<#container> seam:schedules " +
				turtleRef(ix, subject, file) + " .` to a container that also seam:executes it."
		}
		start := join.ElementRelated(n.Doc, el.ID, "the timer start: ")
		if pos, ok := ix.Graph.SubjectRange(subject); ok && named {
			ix.ReportAt(p, pos, subject, "seam:schedules", what, detail(pos.File), start...)
			continue
		}
		pos := ix.StartType(n).Subject
		ix.ReportAt(p, pos, subject, "seam:schedules", what, detail(pos.File), start...)
	}
}
