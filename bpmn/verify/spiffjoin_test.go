package verify

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/verify"
)

// TestParallelJoinAgreesWithSpiff: testdata/spiff-join holds models with a
// parallel join one of whose inputs a run may never reach (behind the other
// branch of an exclusive gateway, behind a non-interrupting boundary timer
// that does not fire), and SpiffWorkflow's own runs of them recorded with
// spiff-drive.py (<model>.<case>.json, from <model>.<case>.yaml). Where
// Spiff's instance never ends, verify must report it stuck (TMR9004) at
// the join, with a counterexample that completes the same tasks, takes the
// same gateway flows and fires the same timers as Spiff's run; where Spiff
// fires a timer after the join, verify must say it can fire.
func TestParallelJoinAgreesWithSpiff(t *testing.T) {
	runs, _ := filepath.Glob("testdata/spiff-join/*.json")
	if len(runs) == 0 {
		t.Fatal("no recorded runs")
	}
	for _, run := range runs {
		base := strings.TrimSuffix(filepath.Base(run), ".json")
		model, _, _ := strings.Cut(base, ".")
		src, err := os.ReadFile(run)
		if err != nil {
			t.Fatal(err)
		}
		var rec struct {
			Events [][]any
		}
		if err := json.Unmarshal(src, &rec); err != nil {
			t.Fatal(err)
		}
		scen, _ := os.ReadFile(strings.TrimSuffix(run, ".json") + ".yaml")
		ended := false
		var completes, fires []string
		for _, e := range rec.Events {
			kind, el := e[1].(string), ""
			if s, ok := e[2].(string); ok {
				el = s
			}
			switch kind {
			case "end":
				ended = true
			case "complete":
				completes = append(completes, el)
			case "fire":
				fires = append(fires, el)
			}
		}
		rs := Verify(load(t, filepath.Join("testdata/spiff-join", model+".bpmn")), Config{})
		var stuck *verify.Finding
		never := map[string]bool{}
		for _, r := range rs {
			for i, f := range r.Findings {
				switch f.Rule {
				case verify.RuleStuck:
					stuck = &r.Findings[i]
				case verify.RuleNeverArmed, verify.RuleNeverFires:
					never[f.Element] = true
				}
			}
		}
		if ended {
			for _, x := range fires {
				if never[x] {
					t.Errorf("%s: Spiff fires %s, verify says it never does", base, x)
				}
			}
			continue
		}
		if stuck == nil {
			t.Errorf("%s: Spiff's instance never ends; verify finds no stuck state", base)
			continue
		}
		var moves []string
		for _, s := range stuck.Trace {
			moves = append(moves, s.Move)
		}
		trace := strings.Join(moves, "; ")
		if !strings.Contains(stuck.Message, "parallel join") {
			t.Errorf("%s: stuck, but not at the join: %s", base, stuck.Message)
		}
		for _, x := range completes {
			if !strings.Contains(trace, "complete "+x) {
				t.Errorf("%s: Spiff completes %s before it waits forever; verify's counterexample does not: %s", base, x, trace)
			}
		}
		if strings.Contains(trace, "fire ") && len(fires) == 0 {
			t.Errorf("%s: verify's counterexample fires a timer, Spiff's run none: %s", base, trace)
		}
		// the gateway flows the scenario chose
		for _, line := range strings.Split(string(scen), "\n") {
			if g, flow, ok := strings.Cut(strings.TrimSpace(line), ": to"); ok && !strings.Contains(g, " ") {
				target := strings.TrimPrefix("to"+flow, "to")
				if !strings.Contains(trace, g+" takes "+target) {
					t.Errorf("%s: the scenario takes %s at %s; verify's counterexample does not: %s", base, target, g, trace)
				}
			}
		}
	}
}
