package join

import (
	"maps"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/span"
)

// repeatedModel carries the id Flow_1 twice, on a task and on a flow, and
// Task_2 once; its start event has a timer.
const repeatedModel = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="https://example.com">
  <bpmn:process id="P" isExecutable="true">
    <bpmn:startEvent id="Start"><bpmn:timerEventDefinition><bpmn:timeCycle>R/PT1H</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:task id="Flow_1"/>
    <bpmn:task id="Task_2"/>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="Start" targetRef="Task_2"/>
    <bpmn:sequenceFlow id="Flow_3" sourceRef="Task_2" targetRef="Flow_1"/>
  </bpmn:process>
</bpmn:definitions>
`

// TestSummarize: a model's summary keeps its timer elements, its
// top-level processes and what each id names, the first carrier of a
// repeated id winning as in ByID; keeping only some ids leaves the same
// answers for those.
func TestSummarize(t *testing.T) {
	doc, err := bpmn.Parse("repeated.bpmn", []byte(repeatedModel))
	if err != nil {
		t.Fatal(err)
	}
	m := Summarize(doc)
	if !maps.Equal(m.repeated, map[string]bool{"Flow_1": true}) {
		t.Errorf("repeated ids %v; want Flow_1", m.repeated)
	}
	if len(m.Processes) != 1 || m.Processes[0].ID != "P" || m.Processes[0].Index != 0 {
		t.Fatalf("processes %+v", m.Processes)
	}
	if len(m.Timers) != 1 || m.Timers[0].ID != "Start" || m.Timers[0].Placement != bpmn.PlaceProcessStart ||
		m.Timers[0].Process != m.Processes[0] || m.Timers[0].Timers != 1 {
		t.Fatalf("timers %+v", m.Timers)
	}
	want := map[string]string{"P": WhatProcess, "Start": "startEvent", "Flow_1": "task", "Task_2": "task", "Flow_3": WhatFlow}
	for id, what := range want {
		r, ok := m.ID(id)
		if !ok || r.What != what {
			t.Errorf("%s: %+v %v; want %s", id, r, ok, what)
		}
		if v := doc.ByID[id]; r.Span != startTag(v) {
			t.Errorf("%s: span %v; want %v", id, r.Span, startTag(v))
		}
	}
	if r, _ := m.ID("P"); r.Process != m.Processes[0] {
		t.Errorf("P names %+v", r)
	}
	if r, _ := m.ID("Start"); r.Element != m.Timers[0] {
		t.Errorf("Start names %+v", r)
	}
	// Start and P are answered by Timers and Processes.
	if len(m.ids) != 3 {
		t.Errorf("ids %v; want Flow_1, Flow_3 and Task_2", m.ids)
	}

	// Kept: the ids asked for, and the processes'.
	keep := []string{"Flow_3", "Nope", "Start"}
	kept := summarizeKept(doc, keep)
	m.keep(keep)
	for _, got := range []*Model{kept, m} {
		if len(got.ids) != 1 {
			t.Errorf("kept ids %v; want Flow_3", got.ids)
		}
		for _, id := range []string{"Flow_3", "Start", "P"} {
			if r, ok := got.ID(id); !ok || r.What != want[id] {
				t.Errorf("kept %s: %+v %v", id, r, ok)
			}
		}
		if _, ok := got.ID("Task_2"); ok {
			t.Error("Task_2 is kept")
		}
		if _, ok := got.ID("Flow_1"); ok {
			t.Error("Flow_1, repeated and not asked for, is kept")
		}
	}
}

func startTag(v any) span.Range {
	r, _ := StartTag(v)
	return r
}
