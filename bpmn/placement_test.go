package bpmn

import "testing"

// placementModel has one event in each placement of ADR-0037's table.
const placementModel = `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">
  <bpmn:process id="P">
    <bpmn:startEvent id="Start"/>
    <bpmn:userTask id="Task"/>
    <bpmn:boundaryEvent id="Cancel" attachedToRef="Task"/>
    <bpmn:boundaryEvent id="Nag" attachedToRef="Task" cancelActivity="false"/>
    <bpmn:intermediateCatchEvent id="Wait"/>
    <bpmn:intermediateThrowEvent id="Throw"/>
    <bpmn:endEvent id="End"/>
    <bpmn:subProcess id="Sub">
      <bpmn:startEvent id="SubStart"/>
    </bpmn:subProcess>
    <bpmn:transaction id="Tx">
      <bpmn:startEvent id="TxStart"/>
    </bpmn:transaction>
    <bpmn:subProcess id="Events" triggeredByEvent="true">
      <bpmn:startEvent id="EvStart"/>
    </bpmn:subProcess>
  </bpmn:process>
</bpmn:definitions>`

func TestPlacement(t *testing.T) {
	doc := mustParse(t, placementModel)
	for id, want := range map[string]Placement{
		"Start":    PlaceProcessStart,
		"Cancel":   PlaceInterruptingBoundary,
		"Nag":      PlaceNonInterruptingBoundary,
		"Wait":     PlaceIntermediateCatch,
		"Throw":    PlaceThrow,
		"End":      PlaceEnd,
		"Task":     PlaceOther,
		"SubStart": PlaceSubProcessStart,
		"TxStart":  PlaceSubProcessStart,
		"EvStart":  PlaceEventSubProcessStart,
	} {
		got := elem(t, doc, id).Placement()
		if got != want {
			t.Errorf("%s: placement %q, want %q", id, got, want)
		}
		if start := elem(t, doc, id).Type == "startEvent"; got.IsStart() != start {
			t.Errorf("%s: IsStart %v, want %v", id, got.IsStart(), start)
		}
	}
	if got := (&Element{Type: "startEvent"}).Placement(); got != PlaceOther {
		t.Errorf("a start event outside any process: %q", got)
	}
	if got := PlaceNonInterruptingBoundary.String(); got != "a non-interrupting boundary event" {
		t.Errorf("String: %q", got)
	}
}
