package bpmn

import (
	"fmt"
	"strings"
	"testing"
)

// benchModel generates a model of about 15 KB: five processes, each with
// a timer start, user tasks with timer boundaries, a timer catch, a gateway
// with conditions and a sub-process, plus a diagram section.
func benchModel() []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Defs" targetNamespace="http://bpmn.io/schema/bpmn">
`)
	for p := range 5 {
		fmt.Fprintf(&b, `  <bpmn:process id="Process_%d" name="Process %d" isExecutable="true">
    <bpmn:startEvent id="Start_%d" name="Every morning">
      <bpmn:outgoing>Flow_%d_1</bpmn:outgoing>
      <bpmn:timerEventDefinition id="TimerStart_%d">
        <bpmn:timeCycle xsi:type="bpmn:tFormalExpression">"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
      </bpmn:timerEventDefinition>
    </bpmn:startEvent>
    <!-- seams-timers:ignore TMR5001 -->
    <bpmn:userTask id="Approve_%d" name="Approve request">
      <bpmn:incoming>Flow_%d_1</bpmn:incoming>
      <bpmn:outgoing>Flow_%d_2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:boundaryEvent id="Remind_%d" name="Remind" cancelActivity="false" attachedToRef="Approve_%d">
      <bpmn:outgoing>Flow_%d_3</bpmn:outgoing>
      <bpmn:timerEventDefinition id="TimerRemind_%d">
        <bpmn:timeDuration xsi:type="bpmn:tFormalExpression">"PT48H"</bpmn:timeDuration>
      </bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:exclusiveGateway id="Gateway_%d" default="Flow_%d_5">
      <bpmn:incoming>Flow_%d_2</bpmn:incoming>
    </bpmn:exclusiveGateway>
    <bpmn:intermediateCatchEvent id="Wait_%d" name="Wait a day">
      <bpmn:timerEventDefinition id="TimerWait_%d">
        <bpmn:timeDuration xsi:type="bpmn:tFormalExpression"><![CDATA["P1D"]]></bpmn:timeDuration>
      </bpmn:timerEventDefinition>
    </bpmn:intermediateCatchEvent>
    <bpmn:subProcess id="Sub_%d" name="Escalate">
      <bpmn:startEvent id="SubStart_%d"/>
      <bpmn:scriptTask id="Notify_%d" name="Notify"><bpmn:script>notify(&quot;boss&quot;)</bpmn:script></bpmn:scriptTask>
      <bpmn:endEvent id="SubEnd_%d"/>
      <bpmn:sequenceFlow id="Flow_%d_s1" sourceRef="SubStart_%d" targetRef="Notify_%d"/>
      <bpmn:sequenceFlow id="Flow_%d_s2" sourceRef="Notify_%d" targetRef="SubEnd_%d"/>
    </bpmn:subProcess>
    <bpmn:endEvent id="End_%d"/>
    <bpmn:sequenceFlow id="Flow_%d_1" sourceRef="Start_%d" targetRef="Approve_%d"/>
    <bpmn:sequenceFlow id="Flow_%d_2" sourceRef="Approve_%d" targetRef="Gateway_%d"/>
    <bpmn:sequenceFlow id="Flow_%d_3" sourceRef="Remind_%d" targetRef="Sub_%d"/>
    <bpmn:sequenceFlow id="Flow_%d_4" sourceRef="Gateway_%d" targetRef="Wait_%d">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">approved == False</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="Flow_%d_5" sourceRef="Gateway_%d" targetRef="End_%d"/>
    <bpmn:sequenceFlow id="Flow_%d_6" sourceRef="Wait_%d" targetRef="End_%d"/>
  </bpmn:process>
`, repeatArgs(p, 49)...)
	}
	b.WriteString("  <bpmndi:BPMNDiagram id=\"Diagram\">\n    <bpmndi:BPMNPlane id=\"Plane\" bpmnElement=\"Process_0\">\n")
	for i := range 12 {
		fmt.Fprintf(&b, "      <bpmndi:BPMNShape id=\"Shape_%d\" bpmnElement=\"Approve_%d\"><dc:Bounds x=\"%d\" y=\"80\" width=\"100\" height=\"80\"/></bpmndi:BPMNShape>\n", i, i%5, 100*i)
	}
	b.WriteString("    </bpmndi:BPMNPlane>\n  </bpmndi:BPMNDiagram>\n</bpmn:definitions>\n")
	return []byte(b.String())
}

// repeatArgs returns n copies of v for a format string.
func repeatArgs(v any, n int) []any {
	args := make([]any, n)
	for i := range args {
		args[i] = v
	}
	return args
}

func TestBenchModel(t *testing.T) {
	src := benchModel()
	doc := mustParse(t, string(src))
	timers := 0
	for _, e := range doc.Elements {
		timers += len(e.Timers)
	}
	if len(src) < 13000 || len(src) > 17000 || len(doc.Processes) != 10 || timers != 15 {
		t.Errorf("bench model: %d bytes, %d processes, %d timers", len(src), len(doc.Processes), timers)
	}
}

// BenchmarkParse parses the bench model. Besides ns/op it reports
// cpu-ns/op, the CPU time of the whole process per parse (garbage
// collection included), which a loaded machine disturbs less than wall
// time.
func BenchmarkParse(b *testing.B) {
	src := benchModel()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	start, ok := cpuTime()
	n := 0
	for b.Loop() {
		if _, err := Parse("bench.bpmn", src); err != nil {
			b.Fatal(err)
		}
		n++
	}
	if end, _ := cpuTime(); ok && n > 0 {
		b.ReportMetric(float64(end-start)/float64(n), "cpu-ns/op")
	}
}
