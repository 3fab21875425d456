package rules

import "testing"

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
