package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestVerifyAgreesWithSimulate: for every model of examples/ and of the
// SpiffWorkflow corpus, a timer that simulate shows firing is one that
// verify says can fire (no TMR9001 never-armed, no TMR9002 never-fires).
func TestVerifyAgreesWithSimulate(t *testing.T) {
	paths := []string{"../../examples", "../../../shared/corpus/spiff"}
	var so, se bytes.Buffer
	code := run(append([]string{"simulate", "--format", "json", "--now", "2026-11-01T12:00:00Z"}, paths...), &streams{Out: &so, Err: &se})
	if code > 1 {
		t.Fatalf("simulate: exit %d: %s", code, se.String())
	}
	var sim struct {
		Timers []struct {
			File, Element string
			Fired         int
		}
	}
	if err := json.Unmarshal(so.Bytes(), &sim); err != nil {
		t.Fatal(err)
	}
	var vo, ve bytes.Buffer
	code = run(append([]string{"verify", "--format", "json"}, paths...), &streams{Out: &vo, Err: &ve})
	if code > 1 {
		t.Fatalf("verify: exit %d: %s", code, ve.String())
	}
	var ver struct {
		Results []struct {
			Findings []struct{ Rule, File, Element string }
		}
	}
	if err := json.Unmarshal(vo.Bytes(), &ver); err != nil {
		t.Fatal(err)
	}
	never := map[string]string{}
	for _, r := range ver.Results {
		for _, f := range r.Findings {
			if f.Rule == "TMR9001" || f.Rule == "TMR9002" {
				never[f.File+"#"+f.Element] = f.Rule
			}
		}
	}
	fired := 0
	for _, tm := range sim.Timers {
		if tm.Fired == 0 {
			continue
		}
		fired++
		if r, ok := never[tm.File+"#"+tm.Element]; ok {
			t.Errorf("%s#%s: simulate fires it %d time(s), verify says %s", tm.File, tm.Element, tm.Fired, r)
		}
	}
	if fired == 0 {
		t.Fatal("simulate fired no timer: the cross-check checks nothing")
	}
	t.Logf("%d timers fire in simulate; verify agrees on every one", fired)
}
