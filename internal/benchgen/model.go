// Package benchgen generates realistic BPMN models and index graphs for
// benchmarks and speed scripts.
package benchgen

import (
	"fmt"
	"strings"
)

// IndexHeader opens a generated index graph.
const IndexHeader = `@prefix proc: <https://w3id.org/seams/proc#> .
@prefix seam: <https://w3id.org/seams/seam#> .
@prefix arch: <https://w3id.org/seams/arch#> .
<#api> a arch:Container ; seam:storedIn <#db> .
<#db> a arch:PostgreSQLStore .
`

// IndexEntries lifts the timers of model i, written as name.
func IndexEntries(name string, i int) string {
	return fmt.Sprintf(`<%[1]s#Process_%[2]d> a proc:Process .
<%[1]s#Start_%[2]d> a proc:TimerStartEvent .
<%[1]s#Review_%[2]d> a proc:UserTask .
<%[1]s#Remind_%[2]d> a proc:TimerCatchEvent .
<%[1]s#Wait_%[2]d> a proc:TimerCatchEvent .
<#api> seam:executes <%[1]s#Process_%[2]d> ; seam:schedules <%[1]s#Process_%[2]d> .
`, name, i)
}

// ModelName is the file name of generated model i.
func ModelName(i int) string { return fmt.Sprintf("model%05d.bpmn", i) }

// Index is the index graph lifting the timers of models 0 to n-1, each
// written as ModelName(i): IndexHeader and each model's IndexEntries.
func Index(n int) string {
	var b strings.Builder
	b.WriteString(IndexHeader)
	for i := range n {
		b.WriteString(IndexEntries(ModelName(i), i))
	}
	return b.String()
}

// Model returns a ~15 KB BPMN model with three timers and a diagram.
func Model(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
    xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
    xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
    id="Definitions_%[1]d" targetNamespace="https://example.com/bench">
  <bpmn:process id="Process_%[1]d" name="Generated process %[1]d" isExecutable="true">
    <bpmn:startEvent id="Start_%[1]d" name="Every morning">
      <bpmn:outgoing>Flow_S_%[1]d</bpmn:outgoing>
      <bpmn:timerEventDefinition id="StartTimer_%[1]d">
        <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
      </bpmn:timerEventDefinition>
    </bpmn:startEvent>
    <bpmn:sequenceFlow id="Flow_S_%[1]d" sourceRef="Start_%[1]d" targetRef="Review_%[1]d"/>
    <bpmn:userTask id="Review_%[1]d" name="Review">
      <bpmn:incoming>Flow_S_%[1]d</bpmn:incoming>
      <bpmn:outgoing>Flow_R_%[1]d</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:boundaryEvent id="Remind_%[1]d" attachedToRef="Review_%[1]d" cancelActivity="false">
      <bpmn:outgoing>Flow_M_%[1]d</bpmn:outgoing>
      <bpmn:timerEventDefinition id="RemindTimer_%[1]d">
        <bpmn:timeDuration>"PT48H"</bpmn:timeDuration>
      </bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:sequenceFlow id="Flow_M_%[1]d" sourceRef="Remind_%[1]d" targetRef="Mail_%[1]d"/>
    <bpmn:scriptTask id="Mail_%[1]d" name="Send reminder">
      <bpmn:incoming>Flow_M_%[1]d</bpmn:incoming>
      <bpmn:outgoing>Flow_ME_%[1]d</bpmn:outgoing>
    </bpmn:scriptTask>
    <bpmn:sequenceFlow id="Flow_ME_%[1]d" sourceRef="Mail_%[1]d" targetRef="MailEnd_%[1]d"/>
    <bpmn:endEvent id="MailEnd_%[1]d"><bpmn:incoming>Flow_ME_%[1]d</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_R_%[1]d" sourceRef="Review_%[1]d" targetRef="Wait_%[1]d"/>
    <bpmn:intermediateCatchEvent id="Wait_%[1]d" name="Cool down">
      <bpmn:incoming>Flow_R_%[1]d</bpmn:incoming>
      <bpmn:outgoing>Flow_W_%[1]d</bpmn:outgoing>
      <bpmn:timerEventDefinition id="WaitTimer_%[1]d">
        <bpmn:timeDuration>"PT1H"</bpmn:timeDuration>
      </bpmn:timerEventDefinition>
    </bpmn:intermediateCatchEvent>
    <bpmn:sequenceFlow id="Flow_W_%[1]d" sourceRef="Wait_%[1]d" targetRef="Task_%[1]d_0"/>
`, i)
	// A chain of service tasks pads the model to a realistic size.
	const tasks = 30
	for k := range tasks {
		next := fmt.Sprintf("Task_%d_%d", i, k+1)
		if k == tasks-1 {
			next = fmt.Sprintf("End_%d", i)
		}
		fmt.Fprintf(&b, `    <bpmn:serviceTask id="Task_%[1]d_%[2]d" name="Step %[2]d of the generated process">
      <bpmn:incoming>Flow_T_%[1]d_%[2]d</bpmn:incoming>
      <bpmn:outgoing>Flow_T_%[1]d_%[3]d</bpmn:outgoing>
    </bpmn:serviceTask>
    <bpmn:sequenceFlow id="Flow_T_%[1]d_%[3]d" sourceRef="Task_%[1]d_%[2]d" targetRef="%[4]s"/>
`, i, k, k+1, next)
	}
	fmt.Fprintf(&b, `    <bpmn:endEvent id="End_%[1]d"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_%[1]d">
    <bpmndi:BPMNPlane id="Plane_%[1]d" bpmnElement="Process_%[1]d">
`, i)
	for k := range tasks {
		fmt.Fprintf(&b, `      <bpmndi:BPMNShape id="Shape_%[1]d_%[2]d" bpmnElement="Task_%[1]d_%[2]d"><dc:Bounds x="%[3]d" y="100" width="100" height="80"/></bpmndi:BPMNShape>
`, i, k, 200+k*150)
	}
	b.WriteString("    </bpmndi:BPMNPlane>\n  </bpmndi:BPMNDiagram>\n</bpmn:definitions>\n")
	return b.String()
}
