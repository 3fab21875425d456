package lint

import (
	"reflect"
	"testing"
)

func TestParseSuppression(t *testing.T) {
	cases := []struct {
		text   string
		ids    []string
		reason string
		ok     bool
	}{
		{" seams-timers:ignore TMR1034 monthly close strides ", []string{"TMR1034"}, "monthly close strides", true},
		{"seams-timers:ignore TMR1034,cycle-no-start two at once", []string{"TMR1034", "cycle-no-start"}, "two at once", true},
		{" seams-timers:ignore TMR1034 ", []string{"TMR1034"}, "", true},
		{" seams-timers:ignore", nil, "", true},
		{" an ordinary comment ", nil, "", false},
		{" seams-timers:ignored TMR1034 x", nil, "", false},
	}
	for _, c := range cases {
		ids, reason, ok := ParseSuppression(c.text)
		if ok != c.ok || reason != c.reason || !reflect.DeepEqual(ids, c.ids) {
			t.Errorf("%q: got %v %q %v", c.text, ids, reason, ok)
		}
	}
}

func TestApplySuppressionsOnGraphLines(t *testing.T) {
	// As the BPMN engine reads "# seams-timers:ignore TMR4002 accepted
	// during the migration" on line 1 and "# seams-timers:ignore TMR4002
	// stale" on line 3, each before a triple.
	proj := &Project{Files: []*File{{Path: "index.ttl", Suppressions: []*Suppression{
		{File: "index.ttl", Line: 1, Col: 1, EndCol: 60, IDs: []string{"TMR4002"}, Reason: "accepted during the migration", TargetLine: 2},
		{File: "index.ttl", Line: 3, Col: 1, EndCol: 36, Offset: 77, IDs: []string{"TMR4002"}, Reason: "stale", TargetLine: 4},
	}}}}
	ds := []Diagnostic{
		{Rule: "TMR4002", File: "index.ttl", Line: 2, Severity: SeverityError},
		{Rule: "TMR4003", File: "index.ttl", Line: 2, Severity: SeverityError},
	}
	known := func(id string) (string, bool) { return id, id == "TMR4002" || id == "TMR4003" }
	out := applySuppressions(proj, known, ds)
	var rules []string
	for _, d := range out {
		rules = append(rules, d.Rule)
	}
	want := []string{"TMR4003", "TMR0012"}
	if !reflect.DeepEqual(rules, want) {
		t.Errorf("got %v, want %v", rules, want)
	}
	if out[1].Line != 3 {
		t.Errorf("the unused suppression is reported at line %d, want 3", out[1].Line)
	}
}
