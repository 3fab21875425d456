package rules

import (
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// ExpressionVerdict names the expression itself as subject and keeps the
// rule's name, severity and detail.
func TestExpressionVerdictMessage(t *testing.T) {
	ds := ExpressionVerdict(bpmn.TimeCycle, `"R/P1D"`, fixtureNow)
	if len(ds) != 1 {
		t.Fatalf("%d findings: %+v", len(ds), ds)
	}
	d := ds[0]
	want := `ResolutionError(<R/P1D>, bpmn:timeCycle, "cycle has no start date-time: 'R/P1D'")`
	if d.Rule != "TMR1031" || d.Name != "cycle-no-start" || d.Severity != lint.SeverityError ||
		d.Message != want || d.Subject != "R/P1D" || d.Predicate != "bpmn:timeCycle" ||
		!strings.HasPrefix(d.Detail, "Give the first firing's date-time") || d.File != "" || d.Line != 0 {
		t.Errorf("%+v\nwant message %s", d, want)
	}
	if got := Reason(d); got != "cycle has no start date-time: 'R/P1D'" {
		t.Errorf("Reason: %q", got)
	}
}

func TestExpressionVerdictRules(t *testing.T) {
	for _, c := range []struct {
		kind  bpmn.ExprKind
		text  string
		place Placement
		// want is the rules found, a "!" marking an error.
		want string
	}{
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/P1D"`, PlaceAllowed, ""},
		{bpmn.TimeDuration, `"PT48H"`, PlaceAllowed, ""},
		{bpmn.TimeDate, `"2026-12-01T09:00:00+01:00"`, PlaceAllowed, ""},
		{bpmn.TimeDuration, ` "PT48H"` + "\n", PlaceAllowed, ""},
		{bpmn.TimeCycle, `"R/P1D"`, PlaceAllowed, "!TMR1031"},
		{bpmn.TimeDuration, `PT48H`, PlaceAllowed, "!TMR1004"},
		{bpmn.TimeCycle, `"0 0 * * *"`, PlaceAllowed, "!TMR1006"},
		{bpmn.TimeDuration, `"-P1D"`, PlaceAllowed, "!TMR1022"},
		{bpmn.TimeDuration, `"P0.5Y"`, PlaceAllowed, "!TMR1023"},
		{bpmn.TimeCycle, `"R0/2026-11-09T08:00:00Z/P1D"`, PlaceAllowed, "TMR1033"},
		{bpmn.TimeCycle, `"R/2026-01-31T00:00:00Z/P1M"`, PlaceAllowed, "TMR1034"},
		{bpmn.TimeCycle, `"R/2026-01-31T00:00:00/P1M"`, PlaceAllowed, "!TMR1011 TMR1034"},
		{bpmn.TimeDate, "  ", PlaceAllowed, "!TMR1003"},
		{bpmn.TimeDuration, "\n    \"PT48H\"", PlaceAllowed, "!TMR1007"},
		{bpmn.TimeDate, `"2026-12-01T09:00:00"`, PlaceAllowed, "!TMR1011"},
		{bpmn.TimeDate, `due_time`, PlaceAllowed, "!TMR1005"},
		// XML's special characters reach the rules as written.
		{bpmn.TimeDate, `"<&>]]>"`, PlaceAllowed, "!TMR1010"},
		{bpmn.TimeDuration, `"PT48H"`, PlaceStart, "!TMR2004"},
		{bpmn.TimeCycle, `"R/2026-01-31T00:00:00Z/P1M"`, PlaceCatch, "TMR1034"},
		{bpmn.TimeDate, `"2026-12-01T09:00:00Z"`, PlaceCatch, ""},
	} {
		var got []string
		for _, d := range ExpressionVerdictAt(c.kind, c.text, c.place, fixtureNow) {
			s := d.Rule
			if d.Severity == lint.SeverityError {
				s = "!" + s
			}
			got = append(got, s)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s %q at %d: %v, want %q", c.kind, c.text, c.place, got, c.want)
		}
	}
	ds := ExpressionVerdict(bpmn.TimeDate, `"<&>"`, fixtureNow)
	if len(ds) != 1 || !strings.HasPrefix(ds[0].Message, `ResolutionError(<<&>>, bpmn:timeDate, "`) {
		t.Errorf("%+v", ds)
	}
}

// Verdicts gives, per refused timer event, the first error of a TMR1xxx or
// TMR2xxx rule; accepted timers and warnings give none.
func TestVerdicts(t *testing.T) {
	src := `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="https://example.org/t">
<bpmn:process id="P" isExecutable="true">
<bpmn:startEvent id="Boot"><bpmn:timerEventDefinition><bpmn:timeCycle>"R/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
<bpmn:startEvent id="Daily"><bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
<bpmn:startEvent id="Monthly"><bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-01-31T00:00:00Z/P1M"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
<bpmn:intermediateCatchEvent id="Wait"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
<bpmn:intermediateCatchEvent id="Nightly"><bpmn:timerEventDefinition><bpmn:timeCycle>"0 0 * * *"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
<bpmn:subProcess id="Events" triggeredByEvent="true">
<bpmn:startEvent id="Tick"><bpmn:timerEventDefinition><bpmn:timeDuration>"PT5M"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:startEvent>
</bpmn:subProcess>
</bpmn:process></bpmn:definitions>
`
	doc, perr := bpmn.Parse("v.bpmn", []byte(src))
	if perr != nil {
		t.Fatal(perr)
	}
	vs := Verdicts([]*bpmn.Document{doc}, fixtureNow)
	want := map[string]string{"Boot": "TMR1031", "Wait": "TMR1004", "Nightly": "TMR2001", "Tick": "TMR2003"}
	if len(vs) != len(want) {
		t.Errorf("%d verdicts: %v", len(vs), vs)
	}
	for id, rule := range want {
		d, ok := vs[doc.ElementIRI(id)]
		if !ok || d.Rule != rule || d.Severity != lint.SeverityError || d.Element != id || d.File != "v.bpmn" {
			t.Errorf("%s: %+v, want %s", id, d, rule)
		}
	}
	if got := Reason(vs[doc.ElementIRI("Boot")]); got != "cycle has no start date-time: 'R/P1D'" {
		t.Errorf("Reason: %q", got)
	}
}

// BenchmarkExpressionVerdict is what `next EXPR` adds to compute due
// times: one in-memory model, parsed and checked.
func BenchmarkExpressionVerdict(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if ds := ExpressionVerdict(bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/P1D"`, fixtureNow); len(ds) != 0 {
			b.Fatal(ds)
		}
	}
}
