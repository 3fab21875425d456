package rules

import (
	"fmt"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// TimerDefinitionRef refuses a timer that an event names through an
// eventDefinitionRef instead of holding it inline.
var TimerDefinitionRef = &lint.Rule{
	ID:       "TMR2008",
	Name:     "timer-definition-ref",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a timer definition used through eventDefinitionRef, which SpiffWorkflow ignores",
	Doc: `An event names a bpmn:timerEventDefinition declared at the definitions level through a
bpmn:eventDefinitionRef instead of holding the timer inline. BPMN allows it, but
SpiffWorkflow's parser reads only the event definitions written inside the event, so at run
time the event has no timer at all: a start event is a none start, a catch event passes at
once. The timer silently does not exist. Write the bpmn:timerEventDefinition inside the
event, in place of the eventDefinitionRef, and remove the definitions-level one once no
event names it.`,
	Bad: `<bpmn:timerEventDefinition id="Daily">
  <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
</bpmn:timerEventDefinition>
<bpmn:process id="Digest">
  <bpmn:startEvent id="EveryMorning"><bpmn:eventDefinitionRef>Daily</bpmn:eventDefinitionRef></bpmn:startEvent>
</bpmn:process>`,
	Good: `<bpmn:process id="Digest">
  <bpmn:startEvent id="EveryMorning">
    <bpmn:timerEventDefinition id="Daily">
      <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
    </bpmn:timerEventDefinition>
  </bpmn:startEvent>
</bpmn:process>`,
	Run: runTimerDefinitionRef,
}

func runTimerDefinitionRef(p *lint.Pass) {
	doc := docOf(p)
	for _, e := range doc.Elements {
		for _, d := range e.RefTimers() {
			p.ReportResolution(d.Span, e.ID, "bpmn:eventDefinitionRef",
				"timer definition is referenced, not inline, so SpiffWorkflow ignores it and the event has no timer: "+sq(d.Ref),
				refDetail(doc, e, d.Target))
		}
	}
}

// refDetail says where the referenced definition is and what to write.
func refDetail(doc *bpmn.Document, e *bpmn.Element, target *bpmn.EventDefinition) string {
	at := fmt.Sprintf("%s:%d:%d", doc.Path, target.Span.Start.Line, target.Span.Start.Col)
	return fmt.Sprintf("SpiffWorkflow reads only event definitions written inside the event: move the "+
		"bpmn:timerEventDefinition %s (declared at %s) inside %s %s in place of the eventDefinitionRef.",
		sq(target.ID), at, article(e.Type)+" "+e.Type, sq(e.ID))
}
