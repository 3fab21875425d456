package sim

import (
	"strings"

	"github.com/seams/seams-timers/bpmn"
	"testing"
	"time"
)

// forkModel is a parallel split on a loop through two timers: every
// minute each token comes back to the split and becomes two.
func forkModel(t testing.TB) []byte {
	wait := func(id string) string {
		return `<bpmn:intermediateCatchEvent id="` + id + `">` + timerXML("timeDuration", "PT1M") + `</bpmn:intermediateCatchEvent>`
	}
	return []byte(defsHead + `<bpmn:process id="P" isExecutable="true">
<bpmn:startEvent id="S"/><bpmn:sequenceFlow id="f0" sourceRef="S" targetRef="X"/>
<bpmn:exclusiveGateway id="X"/><bpmn:sequenceFlow id="fx" sourceRef="X" targetRef="G"/>
<bpmn:parallelGateway id="G"/><bpmn:sequenceFlow id="f1" sourceRef="G" targetRef="W"/><bpmn:sequenceFlow id="f2" sourceRef="G" targetRef="W2"/>
` + wait("W") + wait("W2") + `
<bpmn:sequenceFlow id="f3" sourceRef="W" targetRef="X"/><bpmn:sequenceFlow id="f4" sourceRef="W2" targetRef="X"/>
</bpmn:process></bpmn:definitions>
`)
}

// TestForkBombStops: the simulation of a parallel split on a loop stops
// with an error naming the process and the split, instead of running for
// ever.
func TestForkBombStops(t *testing.T) {
	doc := parse(t, "fork.bpmn", forkModel(t))
	from := at(t, "2026-11-01T00:00:00Z")
	sc := func(d time.Duration) Scenario {
		return Scenario{From: from, Until: from.Add(d), Step: time.Second,
			Processes: []ProcessPlan{{Process: "P", Starts: []time.Time{from}}}}
	}
	_, err := Run(Input{Docs: []*bpmn.Document{doc}}, sc(24*time.Hour))
	if err == nil || !strings.Contains(err.Error(), "process P") || !strings.Contains(err.Error(), "split at G") {
		t.Fatalf("err = %v, want the fork named", err)
	}
}
