package rules

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// EventSubprocessTimer refuses a timer start event of an event sub-process.
var EventSubprocessTimer = &lint.Rule{
	ID:       "TMR2003",
	Name:     "event-subprocess-timer",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a timer start event of an event sub-process",
	Doc: `The start event of an event sub-process (a sub-process with triggeredByEvent="true")
has a timer definition. ADR-0037 leaves these out of scope: they are not lifted into the
index graph, and the seams scheduler neither computes nor claims their firings, so the
timer would run only as far as Spiff alone runs it. Put the deadline where ADR-0037 reads
it: a boundary timer on the bpmn:userTask whose work is due (non-interrupting for a
reminder), or a separate process with a timer start.`,
	Bad: `<bpmn:subProcess id="Escalation" triggeredByEvent="true">
  <bpmn:startEvent id="EscalateAfter" isInterrupting="false">
    <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition>
  </bpmn:startEvent>
</bpmn:subProcess>`,
	Good: `<bpmn:userTask id="Approve"/>
<bpmn:boundaryEvent id="Remind" cancelActivity="false" attachedToRef="Approve">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Run: runEventSubprocessTimer,
}

func runEventSubprocessTimer(p *lint.Pass) {
	for _, e := range timerEvents(docOf(p)) {
		if e.Placement() != bpmn.PlaceEventSubProcessStart {
			continue
		}
		p.ReportResolution(e.Span, e.ID, "bpmn:timerEventDefinition",
			"timer start event of an event sub-process: "+sq(e.Container.ID),
			"ADR-0037 leaves timers of event sub-processes out of scope: put a boundary timer on the bpmn:userTask "+
				"whose work is due, or start a separate process with a timer start.")
	}
}
