package rules

import (
	"strings"

	"github.com/seams/seams-timers/lint"
)

// EventDefinitionMixed refuses a timer event with another event definition
// beside the timer.
var EventDefinitionMixed = &lint.Rule{
	ID:       "TMR2006",
	Name:     "event-definition-mixed",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a timer event with another event definition beside the timer",
	Doc: `An event has a bpmn:timerEventDefinition and another event definition beside it (a
message, a signal, a condition, or a second timer). BPMN reads such an event as a multiple
event that triggers on whichever definition happens first, so the timer may never be the
thing that fires; ADR-0037 lifts an event only when it has exactly
one timer definition (a proc:TimerStartEvent or proc:TimerCatchEvent), so the index and
the XML would disagree. Split the event: for "a message, or give up after two days" put
an event-based gateway before a message catch and a timer catch.`,
	Bad: `<bpmn:intermediateCatchEvent id="ReplyOrTimeout">
  <bpmn:messageEventDefinition messageRef="Reply"/>
  <bpmn:timerEventDefinition><bpmn:timeDuration>"P2D"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>`,
	Good: `<bpmn:eventBasedGateway id="ReplyOrTimeout"/>
<bpmn:intermediateCatchEvent id="Reply">
  <bpmn:messageEventDefinition messageRef="Reply"/>
</bpmn:intermediateCatchEvent>
<bpmn:intermediateCatchEvent id="Timeout">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"P2D"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>`,
	Run: runEventDefinitionMixed,
}

func runEventDefinitionMixed(p *lint.Pass) {
	for _, e := range timerEvents(docOf(p)) {
		if len(e.EventDefinitions) < 2 {
			continue
		}
		var others []string
		timerSeen := false
		for _, d := range e.EventDefinitions {
			if d.Type == "timerEventDefinition" && !timerSeen {
				timerSeen = true
				continue
			}
			others = append(others, sq(d.Type))
		}
		p.ReportResolution(e.Span, e.ID, "bpmn:timerEventDefinition",
			"timer event has another event definition beside the timer: "+strings.Join(others, ", "),
			"Give the event one timer definition and nothing else; to wait for a message or a timeout, put an "+
				"event-based gateway before a message catch and a timer catch.")
	}
}
