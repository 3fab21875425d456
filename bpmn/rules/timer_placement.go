package rules

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// TimerPlacement refuses a timer definition on an element that ADR-0037
// section 1's table has no row for.
var TimerPlacement = &lint.Rule{
	ID:       "TMR2007",
	Name:     "timer-placement",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a timer definition on an element ADR-0037's table has no row for",
	Doc: `A bpmn:timerEventDefinition sits on an element that ADR-0037 section 1's table does not
list: an end event, an intermediate throw event, or the start event of an embedded
sub-process, transaction or ad-hoc sub-process. BPMN allows a timer only on a catch event:
an end or throw event never waits, and an embedded sub-process starts the moment the flow
reaches it, with a none start event. The seams runtime neither lifts nor schedules such a
timer, so whatever the author meant by it never happens. To wait before the work, put an
intermediate catch event with the timer on the path; for a deadline on human work, a
boundary timer on the bpmn:userTask; for a process that starts on a schedule, a timer
start event of a top-level process.`,
	Bad: `<bpmn:endEvent id="Done">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT1H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:endEvent>`,
	Good: `<bpmn:intermediateCatchEvent id="WaitAnHour">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT1H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>
<bpmn:sequenceFlow id="ToDone" sourceRef="WaitAnHour" targetRef="Done"/>
<bpmn:endEvent id="Done"/>`,
	Run: runTimerPlacement,
}

func runTimerPlacement(p *lint.Pass) {
	for _, e := range timerEvents(docOf(p)) {
		place := e.Placement()
		if place.InTable() {
			continue
		}
		what, detail := placementRefusal(e, place)
		p.ReportResolution(e.Span, e.ID, "bpmn:timerEventDefinition", what, detail)
	}
}

// placementRefusal says what is wrong with a timer on a placement the
// table has no row for, and what to write instead.
func placementRefusal(e *bpmn.Element, place bpmn.Placement) (string, string) {
	const wait = "put an intermediate catch event with the timer on the path before it to wait, or a boundary " +
		"timer on the bpmn:userTask for a deadline on human work."
	switch place {
	case bpmn.PlaceEnd, bpmn.PlaceThrow:
		return "timer definition on " + place.String() + ", which never waits: " + sq(e.ID),
			"BPMN allows a timer only on a catch event and ADR-0037 lifts none here, so the timer never fires: " +
				"remove it, and " + wait
	case bpmn.PlaceSubProcessStart:
		kind, id := "sub-process", ""
		if c := e.Container; c != nil {
			id = c.ID
			switch c.Kind {
			case bpmn.KindTransaction:
				kind = "transaction"
			case bpmn.KindAdHocSubProcess:
				kind = "ad-hoc sub-process"
			}
		}
		return "timer start event of the embedded " + kind + " " + sq(id) + ", which starts when the flow reaches it",
			"An embedded " + kind + " starts with a none start event, and ADR-0037 lifts no timer there: remove the " +
				"timer definition, and " + wait
	}
	return "timer definition on " + article(e.Type) + " " + e.Type + ", which cannot wait on a timer: " + sq(e.ID),
		"ADR-0037 reads timers only on start, intermediate catch and boundary events: " + wait
}
