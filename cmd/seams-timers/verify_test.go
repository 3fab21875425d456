package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerifyAgreesWithSimulate: for every model of examples/ and of the
// SpiffWorkflow corpus, a timer that simulate shows firing is one that
// verify says can fire (no TMR9001 never-armed, no TMR9002 never-fires).
func TestVerifyAgreesWithSimulate(t *testing.T) {
	// The SpiffWorkflow corpus sits beside the project when the workplace
	// has it; without it, examples/ alone.
	paths := []string{"../../examples"}
	if _, err := os.Stat("../../../shared/corpus/spiff"); err == nil {
		paths = append(paths, "../../../shared/corpus/spiff")
	}
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

// TestVerifyAgreesWithSimulateWFE: the same for the Workflow Engine's
// schemes of examples/wfe, under its scenario.
func TestVerifyAgreesWithSimulateWFE(t *testing.T) {
	var so, se bytes.Buffer
	code := run([]string{"simulate", "--engine", "wfe", "--format", "json", "--scenario", "../../examples/wfe/scenario.yaml", "../../examples/wfe"}, &streams{Out: &so, Err: &se})
	if code > 1 {
		t.Fatalf("simulate: exit %d: %s", code, se.String())
	}
	var sim struct {
		Timers []struct {
			Scheme, Timer string
			Fired         int
		}
	}
	if err := json.Unmarshal(so.Bytes(), &sim); err != nil {
		t.Fatal(err)
	}
	var vo, ve bytes.Buffer
	code = run([]string{"verify", "--format", "json", "../../examples/wfe"}, &streams{Out: &vo, Err: &ve})
	if code > 1 {
		t.Fatalf("verify: exit %d: %s", code, ve.String())
	}
	var ver struct {
		Results []struct {
			Model    string
			Findings []struct{ Rule, Element string }
		}
	}
	if err := json.Unmarshal(vo.Bytes(), &ver); err != nil {
		t.Fatal(err)
	}
	never := map[string]string{}
	for _, r := range ver.Results {
		for _, f := range r.Findings {
			if f.Rule == "TMR9001" || f.Rule == "TMR9002" {
				never[r.Model+"#"+f.Element] = f.Rule
			}
		}
	}
	fired := 0
	for _, tm := range sim.Timers {
		if tm.Fired == 0 {
			continue
		}
		fired++
		if r, ok := never[tm.Scheme+"#"+tm.Timer]; ok {
			t.Errorf("%s#%s: simulate fires it %d time(s), verify says %s", tm.Scheme, tm.Timer, tm.Fired, r)
		}
	}
	if fired == 0 {
		t.Fatal("simulate fired no timer: the cross-check checks nothing")
	}
	t.Logf("%d timers fire in simulate; verify agrees on every one", fired)
}

// TestVerifyAgreesWithSimulateSpiffDrive: the whole runs the simulator was
// compared with SpiffWorkflow on (bpmn/sim/testdata/spiff-drive: a model
// and a scenario each); every timer those scenarios fire is one verify
// says can fire.
func TestVerifyAgreesWithSimulateSpiffDrive(t *testing.T) {
	models, _ := filepath.Glob("../../bpmn/sim/testdata/spiff-drive/*.bpmn")
	if len(models) == 0 {
		t.Fatal("no spiff-drive models")
	}
	fired, checked := 0, 0
	for _, m := range models {
		sc := strings.TrimSuffix(m, ".bpmn") + ".yaml"
		if _, err := os.Stat(sc); err != nil {
			continue
		}
		var so, se bytes.Buffer
		if code := run([]string{"simulate", "--format", "json", "--scenario", sc, m}, &streams{Out: &so, Err: &se}); code > 1 {
			t.Errorf("%s: simulate exit %d: %s", m, code, se.String())
			continue
		}
		var sim struct {
			Timers []struct {
				Element string
				Fired   int
			}
		}
		if err := json.Unmarshal(so.Bytes(), &sim); err != nil {
			t.Fatal(err)
		}
		var vo, ve bytes.Buffer
		if code := run([]string{"verify", "--format", "json", m}, &streams{Out: &vo, Err: &ve}); code > 1 {
			t.Errorf("%s: verify exit %d: %s", m, code, ve.String())
			continue
		}
		var ver struct {
			Results []struct {
				Findings []struct{ Rule, Element string }
			}
		}
		if err := json.Unmarshal(vo.Bytes(), &ver); err != nil {
			t.Fatal(err)
		}
		never := map[string]string{}
		for _, r := range ver.Results {
			for _, f := range r.Findings {
				if f.Rule == "TMR9001" || f.Rule == "TMR9002" {
					never[f.Element] = f.Rule
				}
			}
		}
		checked++
		for _, tm := range sim.Timers {
			if tm.Fired == 0 {
				continue
			}
			fired++
			if r, ok := never[tm.Element]; ok {
				t.Errorf("%s#%s: simulate fires it %d time(s), verify says %s", filepath.Base(m), tm.Element, tm.Fired, r)
			}
		}
	}
	if fired == 0 {
		t.Fatal("simulate fired no timer: the cross-check checks nothing")
	}
	t.Logf("%d models, %d firing timers; verify agrees on every one", checked, fired)
}
