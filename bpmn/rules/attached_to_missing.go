package rules

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// AttachedToMissing refuses a timer boundary whose attachedToRef names no
// activity.
var AttachedToMissing = &lint.Rule{
	ID:       "TMR2005",
	Name:     "attached-to-missing",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "attachedToRef names no activity",
	Doc: `A boundary event with a timer has no attachedToRef, or its attachedToRef names no
element of the model, or names one that is not an activity (an event, a gateway). A
boundary timer runs while the activity it is attached to is open, so without one it has
no meaning, and neither the runtime nor the index can tell whether the timer is in scope
(ADR-0037 lifts boundary timers on user tasks only). Set attachedToRef to the id of the bpmn:userTask the timer watches
(a renamed or deleted task is the usual cause).`,
	Bad: `<bpmn:boundaryEvent id="Remind" cancelActivity="false" attachedToRef="Aprove">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Good: `<bpmn:boundaryEvent id="Remind" cancelActivity="false" attachedToRef="Approve">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Run: runAttachedToMissing,
}

func runAttachedToMissing(p *lint.Pass) {
	const detail = "Set attachedToRef to the id of the bpmn:userTask the timer watches."
	for _, e := range timerEvents(docOf(p)) {
		if e.Type != "boundaryEvent" || (e.AttachedTo != nil && e.AttachedTo.IsActivity()) {
			continue
		}
		span := e.AttachedSpan
		if e.AttachedToRef == "" || span == (bpmn.Span{}) {
			span = e.Span
		}
		var what string
		switch {
		case e.AttachedToRef == "":
			what = "boundary event has no attachedToRef: ''"
		case e.AttachedTo == nil:
			what = "attachedToRef names no element of the model: " + sq(e.AttachedToRef)
		default:
			what = "attachedToRef names " + article(e.AttachedTo.Type) + " " + e.AttachedTo.Type +
				", not an activity: " + sq(e.AttachedToRef)
		}
		p.ReportResolution(span, e.ID, "bpmn:attachedToRef", what, detail)
	}
}
