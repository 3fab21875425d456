package rules

import (
	"path/filepath"

	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/lint"
)

// TimerLiftOrphan refuses an index node typed as a timer whose element is
// missing or holds no timer definition.
var TimerLiftOrphan = &lint.Rule{
	ID:       "TMR3003",
	Name:     "timer-lift-orphan",
	Severity: lint.SeverityError,
	Kind:     lint.KindProject,
	Engine:   EngineName,
	Title:    "an index node typed as a timer whose element is missing or has no timer definition",
	Doc: `The index graph has a node typed proc:TimerStartEvent or proc:TimerCatchEvent, but its IRI,
<model IRI>#<bpmn id>, names no element of the model, names a process or a sequence flow,
or names an element with no bpmn:timerEventDefinition. ADR-0037 section 1 lifts an element
because of its timer: Runtime.load joins the node with the XML on the IRI and raises
ResolutionError(<event>, bpmn:timerEventDefinition, ...) when there is no timer to join.
This is index-payload drift (ADR-0006): the element was renamed, deleted or lost its timer,
and the index still lifts it. A node whose model file cannot be found is reported as
TMR0004 instead. Point the node at the element that holds the timer, or remove it.`,
	Bad: `# approval.bpmn has no element "Reminder" (the boundary is "Remind")
<approval.bpmn#Reminder> a proc:TimerCatchEvent .`,
	Good: `<approval.bpmn#Remind> a proc:TimerCatchEvent .`,
	Run:  runTimerLiftOrphan,
}

func runTimerLiftOrphan(p *lint.Pass) {
	ix := IndexOf(p.Project)
	const pred = "bpmn:timerEventDefinition"
	// The two names, compacted once, not once per node.
	startName, catchName := typeName(ix, true), typeName(ix, false)
	for _, n := range ix.Nodes {
		typ := catchName
		if n.FirstStart {
			typ = startName
		}
		var what, detail string
		switch {
		case n.Term().IsBlank():
			what = "a blank node typed " + typ + " names no BPMN element"
			detail = "Give the node the IRI of the element it lifts, <model.bpmn#id> (ADR-0037 section 1)."
		case n.Local:
			what = "typed " + typ + ", but the IRI names a node of the graph document, not a BPMN element"
			detail = "Give the node the IRI of the element it lifts, <model.bpmn#id>, relative to the graph document."
		case n.Doc == nil, n.Ambiguous:
			// The model file is missing, unmapped or unreadable (TMR0004
			// or a load finding reported it), or the id is carried by
			// several elements (TMR2010 reports it in the model).
			continue
		case n.ElementID() == "":
			what = "typed " + typ + ", but the IRI names the model " + filepath.Base(n.Doc.Path) + ", not one of its elements"
			detail = "Add the element's id as the fragment: <model.bpmn#id>."
		case n.Element == nil:
			r, _ := n.Doc.ID(n.ElementID())
			switch r.What {
			case join.WhatProcess:
				what = "typed " + typ + ", but " + sq(n.ElementID()) + " is a process of " + n.Doc.Path + ", not a timer event"
				detail = "Type the process proc:Process, and lift its timer events by their own ids."
			case join.WhatFlow:
				what = "typed " + typ + ", but " + sq(n.ElementID()) + " is a sequence flow of " + n.Doc.Path + ", not a timer event"
				detail = "Lift the timer event by its own id."
			default:
				what = "typed " + typ + ", but " + n.Doc.Path + " has no element " + sq(n.ElementID())
				detail = "Point the node at the timer event's id in the model, or remove it from the index graph: " +
					"the element was renamed or deleted (index-payload drift, ADR-0006)."
			}
		case n.Element.Timers == 0:
			what = "typed " + typ + ", but " + n.Element.Type() + " " + sq(n.ElementID()) + " has no timer definition"
			detail = "Remove the timer type from the node, or give the element its bpmn:timerEventDefinition back."
		default:
			continue
		}
		ix.ReportTriple(p, ix.TypeTriple(n), n.Term(), pred, what, detail)
	}
}
