package sim

import (
	"testing"

	"github.com/seams/seams-timers/bpmn"
)

// The simulator reads the values the rules accept and refuses, with no
// rule of its own, what it cannot compute due times for; which rule
// refuses what is rules.ExpressionVerdict's business (verdict_test.go).
func TestParseValue(t *testing.T) {
	for _, c := range []struct {
		kind bpmn.ExprKind
		text string
		ok   bool
	}{
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/P1D"`, true},
		{bpmn.TimeCycle, `"R0/2026-11-09T08:00:00Z/P1D"`, true},
		{bpmn.TimeCycle, `"R/2026-01-31T00:00:00Z/P1M"`, true},
		{bpmn.TimeDuration, ` "PT48H"` + "\n", true},
		{bpmn.TimeDate, `'2026-12-01T09:00:00+01:00'`, true},
		{bpmn.TimeCycle, `"R/P1D"`, false},
		{bpmn.TimeCycle, `"R3/PT1H/2026-11-10T08:00:00Z"`, false},
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00/P1D"`, false},
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/PT0S"`, false},
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/-P1D"`, false},
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/P0.5M"`, false},
		{bpmn.TimeCycle, `"0 0 * * *"`, false},
		{bpmn.TimeDuration, `PT48H`, false},
		{bpmn.TimeDuration, "\n    \"PT48H\"", false},
		{bpmn.TimeDuration, `"-P1D"`, false},
		{bpmn.TimeDuration, `"P0.5Y"`, false},
		{bpmn.TimeDuration, `"pt1h"`, false},
		{bpmn.TimeDate, "  ", false},
		{bpmn.TimeDate, `"2026-12-01T09:00:00"`, false},
		{bpmn.TimeDate, `due_time`, false},
	} {
		value, lit := Literal(c.text)
		var err error
		if lit {
			_, err = ParseValue(c.kind, value)
		}
		if got := lit && err == nil; got != c.ok {
			t.Errorf("%s %q: read %v (literal %v, %v), want %v", c.kind, c.text, got, lit, err, c.ok)
		}
	}
	if _, err := (Expr{Kind: bpmn.TimeDuration}).StartSchedule(); err == nil {
		t.Error("a duration on a timer start has a schedule")
	}
}
