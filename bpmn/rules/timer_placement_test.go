package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// TestPlacementTotal puts a timer on every kind of event in every kind of
// container and checks that each placement is either in ADR-0037's table
// or refused by TMR2007, never both and never neither.
func TestPlacementTotal(t *testing.T) {
	events := []string{"startEvent", "endEvent", "intermediateCatchEvent", "intermediateThrowEvent", "implicitThrowEvent", "boundaryEvent", `boundaryEvent cancelActivity="false"`}
	containers := []struct{ open, close string }{
		{"", ""},
		{`<bpmn:subProcess id="Sub">`, `</bpmn:subProcess>`},
		{`<bpmn:subProcess id="Sub" triggeredByEvent="true">`, `</bpmn:subProcess>`},
		{`<bpmn:transaction id="Sub">`, `</bpmn:transaction>`},
		{`<bpmn:adHocSubProcess id="Sub">`, `</bpmn:adHocSubProcess>`},
	}
	seen := map[bpmn.Placement]bool{}
	for _, c := range containers {
		for _, ev := range events {
			src := fmt.Sprintf(`<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><bpmn:process id="P">%s
<bpmn:userTask id="Task"/>
<bpmn:%s id="Timer" attachedToRef="Task"><bpmn:timerEventDefinition><bpmn:timeDuration>"PT1H"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:%s>
%s</bpmn:process></bpmn:definitions>`, c.open, ev, strings.Fields(ev)[0], c.close)
			doc, perr := bpmn.Parse("/placement.bpmn", []byte(src))
			if perr != nil {
				t.Fatal(perr)
			}
			el := doc.ByID["Timer"].(*bpmn.Element)
			place := el.Placement()
			seen[place] = true
			refused := false
			for _, d := range lint.Run(lint.Options{Rules: []*lint.Rule{TimerPlacement}, Now: fixtureNow, Jobs: 1}, ProjectOf([]*bpmn.Document{doc}), nil) {
				refused = refused || (d.Rule == TimerPlacement.ID && d.Element == "Timer")
			}
			if refused == place.InTable() {
				t.Errorf("%s in %q (%s): in the table %v, refused by TMR2007 %v", ev, c.open, place, place.InTable(), refused)
			}
		}
	}
	for _, p := range bpmn.Placements {
		if p != bpmn.PlaceOther && !seen[p] {
			t.Errorf("placement %s was never produced", p)
		}
	}
}
