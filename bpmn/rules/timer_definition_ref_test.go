package rules

import (
	"path/filepath"
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// TestTimerDefinitionRefDetail checks that TMR2008 names the referenced
// definition's position and that the referenced timers are counted.
func TestTimerDefinitionRefDetail(t *testing.T) {
	fx := filepath.Join("testdata", "TMR2008", "invalid-referenced-timer.bpmn")
	rep, err := project.Check(project.Options{Paths: []string{fx}}, []*project.Engine{Engine}, lint.Options{Rules: All(), Now: fixtureNow})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"Morning": "SpiffWorkflow reads only event definitions written inside the event: move the bpmn:timerEventDefinition " +
			"'EveryMorning' (declared at " + fx + ":3:3) inside a startEvent 'Morning' in place of the eventDefinitionRef.",
		"Wait": "SpiffWorkflow reads only event definitions written inside the event: move the bpmn:timerEventDefinition " +
			"'TwoDays' (declared at " + fx + ":6:3) inside an intermediateCatchEvent 'Wait' in place of the eventDefinitionRef.",
	}
	for _, d := range rep.Diagnostics {
		if d.Rule != TimerDefinitionRef.ID {
			continue
		}
		if d.Detail != want[d.Element] {
			t.Errorf("%s: detail %q, want %q", d.Element, d.Detail, want[d.Element])
		}
		delete(want, d.Element)
	}
	if len(want) != 0 {
		t.Errorf("no TMR2008 on %v", want)
	}
	if rep.Timers != 2 {
		t.Errorf("timers = %d, want 2 (the referenced ones count)", rep.Timers)
	}
}
