package timeexpr

import "testing"

// ParseValue reads the values the rules accept and refuses, with no rule
// of its own, what the due times cannot be computed for; which rule
// refuses what is rules.ExpressionVerdict's business (bpmn/rules/verdict_test.go).
func TestParseValue(t *testing.T) {
	for _, c := range []struct {
		kind ValueKind
		text string
		ok   bool
	}{
		{ValueCycle, `"R/2026-11-09T08:00:00Z/P1D"`, true},
		{ValueCycle, `"R0/2026-11-09T08:00:00Z/P1D"`, true},
		{ValueCycle, `"R/2026-01-31T00:00:00Z/P1M"`, true},
		{ValueDuration, ` "PT48H"` + "\n", true},
		{ValueDate, `'2026-12-01T09:00:00+01:00'`, true},
		{ValueCycle, `"R/P1D"`, false},
		{ValueCycle, `"R3/PT1H/2026-11-10T08:00:00Z"`, false},
		{ValueCycle, `"R/2026-11-09T08:00:00/P1D"`, false},
		{ValueCycle, `"R/2026-11-09T08:00:00Z/PT0S"`, false},
		{ValueCycle, `"R/2026-11-09T08:00:00Z/-P1D"`, false},
		{ValueCycle, `"R/2026-11-09T08:00:00Z/P0.5M"`, false},
		{ValueCycle, `"0 0 * * *"`, false},
		{ValueDuration, `PT48H`, false},
		{ValueDuration, "\n    \"PT48H\"", false},
		{ValueDuration, `"-P1D"`, false},
		{ValueDuration, `"P0.5Y"`, false},
		{ValueDuration, `"pt1h"`, false},
		{ValueDate, "  ", false},
		{ValueDate, `"2026-12-01T09:00:00"`, false},
		{ValueDate, `due_time`, false},
	} {
		value, lit := Literal(c.text)
		var err error
		if lit {
			_, err = ParseValue(c.kind, value)
		}
		if got := lit && err == nil; got != c.ok {
			t.Errorf("kind %v %q: read %v (literal %v, %v), want %v", c.kind, c.text, got, lit, err, c.ok)
		}
	}
	if _, err := (Value{Kind: ValueDuration}).StartSchedule(); err == nil {
		t.Error("a duration on a timer start has a schedule")
	}
}
