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
		ids, reason, ok := parseSuppression(c.text)
		if ok != c.ok || reason != c.reason || !reflect.DeepEqual(ids, c.ids) {
			t.Errorf("%q: got %v %q %v", c.text, ids, reason, ok)
		}
	}
}

func TestGraphSuppressionsTargetNextStatementLine(t *testing.T) {
	src := []byte("@prefix seam: <https://w3id.org/seams/seam#> .\n" +
		"# seams-timers:ignore TMR4002 two schedulers during the migration\n" +
		"\n" +
		"# an ordinary comment\n" +
		"<#a> seam:schedules <p.bpmn#P> .\n" +
		"  # seams-timers:ignore TMR4003\n" +
		"<#b> seam:schedules <p.bpmn#P> .\n")
	got := graphSuppressions("index.ttl", src)
	if len(got) != 2 {
		t.Fatalf("got %d suppressions", len(got))
	}
	if got[0].TargetLine != 5 || got[0].Line != 2 || got[0].Reason == "" {
		t.Errorf("first: %+v", *got[0])
	}
	if got[1].TargetLine != 7 || got[1].Col != 3 || got[1].Reason != "" {
		t.Errorf("second: %+v", *got[1])
	}
}

func TestApplySuppressionsOnGraphLines(t *testing.T) {
	src := []byte("# seams-timers:ignore TMR4002 accepted during the migration\n<#a> <#p> <#o> .\n# seams-timers:ignore TMR4002 stale\n<#b> <#p> <#o> .\n")
	proj := &Project{Index: &Index{Files: []string{"index.ttl"}}}
	ds := []Diagnostic{
		{Rule: "TMR4002", File: "index.ttl", Line: 2, Severity: SeverityError},
		{Rule: "TMR4003", File: "index.ttl", Line: 2, Severity: SeverityError},
	}
	known := func(id string) (string, bool) { return id, id == "TMR4002" || id == "TMR4003" }
	out := applySuppressions(proj, func(string) []byte { return src }, known, ds)
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
