package rules

import (
	"strings"

	"github.com/seams/seams-timers/lint"
)

// EventGatewayTimer reports an event-based gateway with a timer branch:
// SpiffWorkflow does not run it as BPMN means it.
var EventGatewayTimer = &lint.Rule{
	ID:       "TMR2011",
	Name:     "event-gateway-timer",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Title:    "an event-based gateway with a timer branch, which SpiffWorkflow never completes",
	Doc: `An event-based gateway leads to an intermediate catch event with a timer. BPMN means a
race: the first event to arrive wins and the other branches are withdrawn. SpiffWorkflow
(v3.1.2 and main) does not run it so: its gateway waits for events that a timer never
reports, so it never completes. Every timer after it is armed on its own, each one fires
at its due time and runs its branch, the losing branches are never cancelled, and the
gateway's token stays, so the instance may never end. A reminder raced against an
answer therefore fires even after the answer, and both paths run. seams-timers' simulate
runs it as SpiffWorkflow does. Model the race without the gateway: put the timer as a
boundary event on the bpmn:userTask that waits for the answer (interrupting to give up,
non-interrupting to remind), which SpiffWorkflow cancels when the task completes.`,
	Bad: `<bpmn:eventBasedGateway id="AnswerOrTimeout"/>
<bpmn:sequenceFlow id="ToAnswer" sourceRef="AnswerOrTimeout" targetRef="Answer"/>
<bpmn:sequenceFlow id="ToTimeout" sourceRef="AnswerOrTimeout" targetRef="TwoDays"/>
<bpmn:intermediateCatchEvent id="Answer"><bpmn:messageEventDefinition messageRef="Reply"/></bpmn:intermediateCatchEvent>
<bpmn:intermediateCatchEvent id="TwoDays">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>`,
	Good: `<bpmn:userTask id="Answer"/>
<bpmn:boundaryEvent id="TwoDays" attachedToRef="Answer">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Run: runEventGatewayTimer,
}

func runEventGatewayTimer(p *lint.Pass) {
	const detail = "SpiffWorkflow never completes an event-based gateway with a timer branch: every timer after it " +
		"fires on its own and runs its branch, no branch is cancelled, and the instance may never end. Put the timer " +
		"as a boundary event on the bpmn:userTask that waits instead."
	for _, g := range docOf(p).Elements {
		if g.Type != "eventBasedGateway" {
			continue
		}
		var timers []string
		for _, f := range g.Outgoing {
			t := f.Target
			if t == nil || t.Type != "intermediateCatchEvent" || len(t.Timers) == 0 {
				continue
			}
			timers = append(timers, sq(t.ID))
		}
		if len(timers) == 0 {
			continue
		}
		noun := "timer branch"
		if len(timers) > 1 {
			noun = "timer branches"
		}
		what := "event-based gateway " + sq(g.ID) + " has the " + noun + " " + strings.Join(timers, ", ") +
			": SpiffWorkflow never completes it, so no branch is cancelled and every timer fires"
		p.ReportResolution(g.Span, g.ID, "bpmn:outgoing", what, detail)
	}
}
