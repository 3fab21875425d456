package rules

import (
	"slices"
	"strings"

	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

// SchedulesMultiple refuses a timer-started process that more than one
// container schedules.
var SchedulesMultiple = &lint.Rule{
	ID:       "TMR4002",
	Name:     "schedules-multiple",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "a process holding a proc:TimerStartEvent scheduled by more than one container",
	Doc: `A process whose model holds a proc:TimerStartEvent is the object of more than one
seam:schedules triple. ADR-0037 section 3 (seamsh:TimerStartedProcessShape) wants exactly one
scheduling container, and ModelGraph.scheduling_container(process) raises
ResolutionError(<process>, seam:schedules, <sorted container IRIs>) otherwise: which
container keeps time must be one decision. (Replicas of that one container agree through
the shared store, section 4; two containers are not replicas.) The message lists the
containers sorted by IRI, and the finding is reported at the first of the seam:schedules
triples. Keep the one that should run the timer starts and remove the others.`,
	Bad: `<digest.bpmn#Digest> a proc:Process .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
<#api>    seam:executes <digest.bpmn#Digest> ; seam:schedules <digest.bpmn#Digest> .
<#worker> seam:executes <digest.bpmn#Digest> ; seam:schedules <digest.bpmn#Digest> .`,
	Good: `<digest.bpmn#Digest> a proc:Process .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .
<#api>    seam:executes <digest.bpmn#Digest> ; seam:schedules <digest.bpmn#Digest> .
<#worker> seam:executes <digest.bpmn#Digest> .`,
	Run: runSchedulesMultiple,
}

func runSchedulesMultiple(p *lint.Pass) {
	ix := IndexOf(p.Project)
	starts := timerStarts(ix)
	count := scheduledCount(ix)
	for _, trs := range scheduledBy(ix, func(proc *join.Process) bool { return count[proc] > 1 && starts[proc] }) {
		var containers []graph.Term
		for _, tr := range trs {
			if !slices.Contains(containers, tr.S) {
				containers = append(containers, tr.S)
			}
		}
		if len(containers) < 2 {
			continue
		}
		slices.SortFunc(containers, func(a, b graph.Term) int { return strings.Compare(a.Value, b.Value) })
		first := trs[0]
		names := make([]string, len(containers))
		for i, c := range containers {
			names[i] = "<" + ix.DisplayTerm(c, first.Predicate.File) + ">"
		}
		var others []lint.Related
		for _, tr := range trs[1:] {
			if tr.S != first.S {
				others = append(others, lint.RelatedAt(join.TripleRange(tr), "also scheduled by <"+ix.DisplayTerm(tr.S, tr.Predicate.File)+">"))
			}
		}
		ix.ReportTriple(p, first, first.O, "seam:schedules", "["+strings.Join(names, ", ")+"]",
			"Keep exactly one seam:schedules for the process (ADR-0037 section 3): the container that runs its timer "+
				"starts. Replicas of that container share the firings through the store.", others...)
	}
}
