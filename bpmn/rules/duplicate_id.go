package rules

import (
	"fmt"

	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/lint"
)

// DuplicateID reports an id that several elements, processes or sequence
// flows of a model carry.
var DuplicateID = &lint.Rule{
	ID:       "TMR2010",
	Name:     "duplicate-id",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Title:    "an id is carried by more than one element",
	Doc: `Two elements, processes or sequence flows of the model carry the same id. BPMN requires
ids to be unique in a file, and everything downstream names elements by id: the index graph's
IRIs (<model.bpmn#id>), attachedToRef, sourceRef and targetRef, and SpiffWorkflow's own
lookup. Which of the two a tool finds depends on their order in the file, so a timer can
vanish from the join with the index graph when someone reorders the XML. seams-timers does
not join an index node on a repeated id (the graph rules skip it) and reports every element
after the first that carries it. Give each element an id of its own (a copy-paste in a
modeller is the usual cause).`,
	Bad: `<bpmn:boundaryEvent id="Remind" cancelActivity="false" attachedToRef="Approve">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>
<bpmn:boundaryEvent id="Remind" cancelActivity="false" attachedToRef="Review">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT24H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Good: `<bpmn:boundaryEvent id="Remind" cancelActivity="false" attachedToRef="Approve">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>
<bpmn:boundaryEvent id="RemindReviewer" cancelActivity="false" attachedToRef="Review">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT24H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Run: runDuplicateID,
}

func runDuplicateID(p *lint.Pass) {
	const detail = "Give the element an id of its own, and update what names it (attachedToRef, sourceRef, targetRef, the index graph)."
	doc := docOf(p)
	if !join.HasRepeatedIDs(doc) {
		return
	}
	first := map[string]join.IDUse{}
	for _, u := range join.IDUses(doc) {
		f, seen := first[u.ID]
		if !seen {
			first[u.ID] = u
			continue
		}
		what := fmt.Sprintf("id is already carried by the %s on line %d: %s", f.What, f.Span.Start.Line, sq(u.ID))
		p.ReportResolution(u.Span, u.ID, "id", what, detail)
	}
}
