package join

import (
	"maps"
	"testing"

	"github.com/seams/seams-timers/bpmn"
)

// repeatedModel carries the id Flow_1 twice, on a task and on a flow, and
// Task_2 once.
const repeatedModel = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="https://example.com">
  <bpmn:process id="P" isExecutable="true">
    <bpmn:startEvent id="Start"/>
    <bpmn:task id="Flow_1"/>
    <bpmn:task id="Task_2"/>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="Start" targetRef="Task_2"/>
    <bpmn:sequenceFlow id="Flow_3" sourceRef="Task_2" targetRef="Flow_1"/>
  </bpmn:process>
</bpmn:definitions>
`

// TestRepeatedIDsAfterDropFlows: the join finds the same repeated ids in a
// model whose flows check released as in the whole model, and ByID still
// says which ids name flows.
func TestRepeatedIDsAfterDropFlows(t *testing.T) {
	doc, err := bpmn.Parse("repeated.bpmn", []byte(repeatedModel))
	if err != nil {
		t.Fatal(err)
	}
	before := RepeatedIDs(doc)
	if !maps.Equal(before, map[string]bool{"Flow_1": true}) {
		t.Fatalf("repeated ids %v; want Flow_1", before)
	}
	doc.DropFlows()
	if doc.Flows != nil || doc.Processes[0].Flows != nil {
		t.Error("the flows are still listed")
	}
	for _, e := range doc.Elements {
		if e.Incoming != nil || e.Outgoing != nil {
			t.Errorf("%s still lists its flows", e.ID)
		}
	}
	if got := RepeatedIDs(doc); !maps.Equal(got, before) || !HasRepeatedIDs(doc) {
		t.Errorf("after DropFlows: repeated ids %v (HasRepeatedIDs %v); want %v", got, HasRepeatedIDs(doc), before)
	}
	if doc.ByID["Flow_3"] != bpmn.DroppedFlow {
		t.Errorf("ByID[Flow_3] = %v; want DroppedFlow", doc.ByID["Flow_3"])
	}
	if _, ok := doc.ByID["Flow_1"].(*bpmn.Element); !ok {
		t.Errorf("ByID[Flow_1] = %T; want the task, the first in document order", doc.ByID["Flow_1"])
	}
	doc.DropFlows() // a second call changes nothing
	if len(doc.FlowIDs) != 2 {
		t.Errorf("FlowIDs %v; want Flow_1 and Flow_3", doc.FlowIDs)
	}
}
