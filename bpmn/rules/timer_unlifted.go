package rules

import (
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

// TimerUnlifted refuses a timer element of an indexed model that has no
// index node.
var TimerUnlifted = &lint.Rule{
	ID:       "TMR3001",
	Name:     "timer-unlifted",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "an in-scope timer element with no index node",
	Doc: `A timer element that ADR-0037 section 1 lifts (a process's timer start event, an
intermediate timer catch event, or a timer boundary on a bpmn:userTask, interrupting or not)
has no node in the index graph typed proc:TimerStartEvent or proc:TimerCatchEvent. The
runtime joins the XML and the graph on the element's IRI, <model IRI>#<bpmn id>, and finds
nothing: the timer start is never scheduled, and the catch has no claims. This is
index-payload drift (ADR-0006): the model changed and the index was not regenerated. The
rule applies to the models the graph covers: those it names, and those in a directory
that holds a graph document.`,
	Bad: `# approval.bpmn: Remind is a timer boundary on the userTask Approve
<approval.bpmn#Approval> a proc:Process .
<approval.bpmn#Approve>  a proc:UserTask .`,
	Good: `<approval.bpmn#Approval> a proc:Process .
<approval.bpmn#Approve>  a proc:UserTask .
<approval.bpmn#Remind>   a proc:TimerCatchEvent .`,
	Run: runTimerUnlifted,
}

func runTimerUnlifted(p *lint.Pass) {
	ix := IndexOf(p.Project)
	for _, doc := range ix.Models() {
		if !ix.Indexed(doc) {
			continue
		}
		for _, el := range doc.Timers {
			kind := liftOf(el)
			if (kind != liftStart && kind != liftCatch) || ix.NodeOf(doc, el) != nil || ix.Ambiguous(doc, el.ID) {
				continue
			}
			want := typeName(ix, kind == liftStart)
			home := ix.HomeGraph(doc)
			ref := turtleRef(ix, graph.NewIRI(doc.ElementIRI(el.ID)), home)
			var related []lint.Related
			if at, ok := ix.NamedAt(doc); ok {
				related = append(related, lint.RelatedAt(at, "the index graph names the model here"))
			}
			reportElement(p, doc, el, "bpmn:timerEventDefinition",
				describe(el)+" with a timer is not lifted: no index node types it "+want,
				"Lift it in the index graph (ADR-0037 section 1): add `"+ref+" a "+want+" .` to "+home+
					", or regenerate the index from the model.", related...)
		}
	}
}
