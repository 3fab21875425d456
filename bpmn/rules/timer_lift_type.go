package rules

import (
	"github.com/seams/seams-timers/lint"
)

// TimerLiftType refuses an index node whose timer type disagrees with
// where its element sits in the model.
var TimerLiftType = &lint.Rule{
	ID:       "TMR3002",
	Name:     "timer-lift-type",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "a timer element lifted with the wrong type",
	Doc: `The index graph types a timer element with the type that ADR-0037 section 1 does not give
it. A process's timer start event is a proc:TimerStartEvent; an intermediate timer catch
event, and a timer boundary on a bpmn:userTask, interrupting or not, are proc:TimerCatchEvent
nodes. Runtime.load joins the graph and the XML on the element's IRI and checks that they
agree, raising ResolutionError(<event>, bpmn:timerEventDefinition, <what disagrees>)
otherwise: a start event typed as a catch would never be scheduled, and a catch typed as a
start would be scheduled as if it started the process. The finding is reported at the
rdf:type triple that is wrong. Fix the type in the index graph, or regenerate the index.`,
	Bad: `# digest.bpmn: EveryMorning is the process's start event, with a timeCycle
<digest.bpmn#EveryMorning> a proc:TimerCatchEvent .`,
	Good: `<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`,
	Run:  runTimerLiftType,
}

func runTimerLiftType(p *lint.Pass) {
	ix := IndexOf(p.Project)
	for _, n := range ix.Nodes {
		el := liftedElement(n)
		if el == nil {
			continue
		}
		switch liftOf(el) {
		case liftStart:
			if n.Catch {
				ix.ReportTriple(p, ix.CatchType(n), n.Term(), "bpmn:timerEventDefinition",
					"typed "+typeName(ix, false)+", but the element is "+describe(el)+": a "+typeName(ix, true),
					"Type it "+typeName(ix, true)+" in the index graph (ADR-0037 section 1), and drop the "+typeName(ix, false)+" type.")
			}
		case liftCatch:
			if n.Start {
				ix.ReportTriple(p, ix.StartType(n), n.Term(), "bpmn:timerEventDefinition",
					"typed "+typeName(ix, true)+", but the element is "+describe(el)+": a "+typeName(ix, false),
					"Type it "+typeName(ix, false)+" in the index graph (ADR-0037 section 1), and drop the "+typeName(ix, true)+" type.")
			}
		case liftInvalid:
			ix.ReportTriple(p, ix.TypeTriple(n), n.Term(), "bpmn:timerEventDefinition",
				"typed "+typeName(ix, n.FirstStart)+", but the element is "+describe(el)+
					", which is neither a start, an intermediate catch nor a boundary event",
				"A proc:TimerStartEvent is a process's start event and a proc:TimerCatchEvent a catch or boundary event "+
					"(ADR-0037 section 1): move the timer to such an event, or remove the node from the index graph.")
		}
	}
}
