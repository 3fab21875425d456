package sim_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/sim"
	"github.com/seams/seams-timers/lint"
)

// The rules, not the simulator, say what ADR-0037 refuses: these tests
// check the simulator's cases through rules.ExpressionVerdict and
// rules.Verdicts, which the commands wire into sim.Input.Refused.

var oracleNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// Every oracle case: what Spiff refuses the rules refuse; what Spiff
// accepts and ADR-0037 refuses the rules refuse with the rule adrRefuses
// names; what both accept the rules accept as an expression (the oracle's
// engine runs also put cycles where ADR-0037 refuses them, on purpose).
// oracle_test.go checks the due times of every case that has them.
func TestSpiffOracleVerdicts(t *testing.T) {
	cases := sim.OracleCases(t)
	if len(cases) < 80 {
		t.Fatalf("read only %d oracle lines", len(cases))
	}
	for _, c := range cases {
		place := rules.PlaceAllowed
		if c.Element == "start" {
			place = rules.PlaceStart
		}
		var errs []string
		for _, d := range rules.ExpressionVerdictAt(c.Kind, strconv.Quote(c.Expr), place, oracleNow) {
			if d.Severity == lint.SeverityError {
				errs = append(errs, d.Rule)
			}
		}
		switch {
		case !c.SpiffOK:
			if len(errs) == 0 {
				t.Errorf("%s: Spiff refuses it; the rules accept it", c.Name)
			}
		case c.ADRRule != "":
			if len(errs) == 0 || errs[0] != c.ADRRule {
				t.Errorf("%s: ADR-0037 refuses it with %s; the rules say %v", c.Name, c.ADRRule, errs)
			}
		case len(errs) > 0:
			t.Errorf("%s: Spiff and ADR-0037 accept it; the rules refuse it: %v", c.Name, errs)
		}
	}
}

// The commands' wiring: the rules' verdict is listed as the refusal, with
// the rule, and the timer is not run.
func TestRefusedTimersListed(t *testing.T) {
	doc := sim.Parse(t, "refused.bpmn", sim.RefusedSrc)
	docs := []*bpmn.Document{doc}
	verdicts := rules.Verdicts(docs, oracleNow)
	in := sim.Input{Docs: docs, Refused: func(d *bpmn.Document, el *bpmn.Element) (string, string, bool) {
		v, ok := verdicts[d.ElementIRI(el.ID)]
		return v.Rule, rules.Reason(v), ok
	}}
	sc := sim.Scenario{From: oracleNow, Until: oracleNow.Add(24 * time.Hour),
		Processes: []sim.ProcessPlan{{Process: "P", Starts: []time.Time{oracleNow.Add(time.Hour)}}}}
	r, err := sim.Run(in, sc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"Boot": "cycle has no start date-time: 'R/P1D' [TMR1031]",
		"Wait": "expression is not quoted: 'PT1H' [TMR1004]",
		"Tick": "timer start event of an event sub-process: 'Events' [TMR2003]",
	}
	for _, s := range r.Timers {
		if w := want[s.Element.ID]; s.Refusal == nil || s.Refusal.String() != w || s.Fired != 0 {
			t.Errorf("%s: %+v, want %s", s.Element.ID, s.Refusal, w)
		}
	}
	var b strings.Builder
	if err := sim.WriteText(&b, r, sim.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "not simulated: cycle has no start date-time: 'R/P1D' [TMR1031]\n") {
		t.Errorf("summary:\n%s", b.String())
	}
	var j strings.Builder
	if err := sim.WriteJSON(&j, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(j.String(), `"refused": "cycle has no start date-time: 'R/P1D'",`+"\n      \"rule\": \"TMR1031\"") {
		t.Errorf("JSON:\n%s", j.String())
	}
}
