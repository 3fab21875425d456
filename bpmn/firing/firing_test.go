package firing_test

import (
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/firing"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/timeexpr"
)

const model = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D" targetNamespace="https://example.com/t">
  <bpmn:process id="P" isExecutable="true">
    <bpmn:startEvent id="MonthEnd">
      <bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-01-31T18:00:00Z/P1M"</bpmn:timeCycle></bpmn:timerEventDefinition>
    </bpmn:startEvent>
    <bpmn:userTask id="Review"/>
    <bpmn:boundaryEvent id="Wait" attachedToRef="Review" cancelActivity="false">
      <bpmn:timerEventDefinition><bpmn:timeCycle>"R3/2026-01-31T18:00:00Z/P1M"</bpmn:timeCycle></bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:intermediateCatchEvent id="Bare">
      <bpmn:timerEventDefinition><bpmn:timeDuration>PT48H</bpmn:timeDuration></bpmn:timerEventDefinition>
    </bpmn:intermediateCatchEvent>
    <bpmn:intermediateCatchEvent id="Empty">
      <bpmn:timerEventDefinition/>
    </bpmn:intermediateCatchEvent>
  </bpmn:process>
</bpmn:definitions>
`

// TestOf: one period read two ways by placement (the seams calendar on a
// timer start clamps to the month's end; Spiff's stride on a catch adds a
// fixed 31 days), and two refusals: a bare value, no expression at all.
func TestOf(t *testing.T) {
	doc, perr := bpmn.Parse("t.bpmn", []byte(model))
	if perr != nil {
		t.Fatal(perr)
	}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	verdicts := rules.Verdicts([]*bpmn.Document{doc}, now)
	of := func(id string) firing.Timer {
		return firing.Of(doc, doc.ByID[id].(*bpmn.Element), verdicts, "", now, 3)
	}
	day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 18, 0, 0, 0, time.UTC) }

	start := of("MonthEnd")
	if start.Mode != "start" || start.Arith != timeexpr.ArithCalendar || len(start.Dues) != 3 ||
		!start.Dues[0].Time.Equal(day(1, 31)) || !start.Dues[1].Time.Equal(day(2, 28)) || !start.Dues[2].Time.Equal(day(3, 31)) ||
		start.Dues[1].Arith == "" {
		t.Errorf("timer start: %+v", start)
	}
	catch := of("Wait")
	if catch.Mode != "catch" || catch.Arith != timeexpr.ArithStride || len(catch.Dues) != 3 ||
		!catch.Dues[1].Time.Equal(day(3, 3)) || !catch.Dues[2].Time.Equal(day(4, 3)) {
		t.Errorf("catch: %+v", catch)
	}
	if bare := of("Bare"); bare.Refusal == nil || bare.Refusal.Rule != "TMR1004" || bare.Dues != nil {
		t.Errorf("bare duration: %+v", bare)
	}
	if empty := of("Empty"); empty.Expr != nil || empty.Refusal == nil || empty.Dues != nil {
		t.Errorf("no expression: %+v", empty)
	}
	// After the last of R3's occurrences, nothing is left, and NoneLeft says so.
	late := firing.Of(doc, doc.ByID["Wait"].(*bpmn.Element), verdicts, "", day(12, 1), 3)
	if len(late.Dues) != 0 || late.NoneLeft == "" {
		t.Errorf("a cycle run out: %+v", late)
	}
}
