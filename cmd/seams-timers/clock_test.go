package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// clockModel has a timer for each runtime rule, whose message would name
// the reference instant if any did.
const clockModel = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="https://example.com/models">
  <bpmn:process id="Launch" isExecutable="true">
    <bpmn:startEvent id="Once"><bpmn:timerEventDefinition><bpmn:timeDate>"2020-01-01T09:00:00Z"</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:startEvent id="Three"><bpmn:timerEventDefinition><bpmn:timeCycle>"R3/2020-01-05T08:00:00Z/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:startEvent id="Typo"><bpmn:timerEventDefinition><bpmn:timeCycle>"R/1026-11-09T08:00:00Z/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:startEvent id="Later"><bpmn:timerEventDefinition><bpmn:timeDate>"2206-12-01T09:00:00Z"</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:userTask id="Approve"/>
    <bpmn:boundaryEvent id="Nag" cancelActivity="false" attachedToRef="Approve">
      <bpmn:timerEventDefinition><bpmn:timeCycle>"R/2020-11-09T08:00:00Z/PT1H"</bpmn:timeCycle></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:intermediateCatchEvent id="Keep"><bpmn:timerEventDefinition><bpmn:timeDuration>"P7974Y"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
  </bpmn:process>
</bpmn:definitions>
`

// TestNoWallClockInFindings runs check twice without --now, a second apart
// on an injected clock, and compares the bytes of every format: no message
// and no SARIF fingerprint may hold the current time.
func TestNoWallClockInFindings(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "clock.bpmn", []byte(clockModel))
	defer func(c func() time.Time) { wallClock = c }(wallClock)
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 123456789, time.UTC)
	for _, format := range []string{"sarif", "json", "text"} {
		var outs [2]string
		for i := range outs {
			at := t0.Add(time.Duration(i) * time.Second)
			wallClock = func() time.Time { return at }
			_, outs[i], _ = runCLI(t, "", "check", "--format", format, filepath.ToSlash(p))
		}
		if outs[0] != outs[1] {
			t.Errorf("--format %s: two runs a second apart differ:\n%s\n---\n%s", format, outs[0], outs[1])
		}
		for _, id := range []string{"TMR5001", "TMR5002", "TMR5004", "TMR5005", "TMR5006", "TMR1024"} {
			if !strings.Contains(outs[0], id) {
				t.Errorf("--format %s: no %s finding, so the test checks nothing about it", format, id)
			}
		}
		if strings.Contains(outs[0], "2026-11-01T12:00:0") {
			t.Errorf("--format %s: the output holds the reference instant", format)
		}
	}
}
