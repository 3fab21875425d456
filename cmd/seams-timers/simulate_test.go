package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/lint"
	simcore "github.com/seams/seams-timers/sim"
)

// simFixtures is where the simulator's BPMN fixtures live.
const simFixtures = "../../bpmn/sim/testdata/"

// runTimerCmd runs one command line the way run does, with the simulate
// and next commands on the root even before commands.go lists them.
func runTimerCmd(t testing.TB, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	s := &streams{In: strings.NewReader(""), Out: &out, Err: &errOut}
	root := newRootCmd(s)
	have := map[string]bool{}
	for _, c := range root.Commands() {
		have[c.Name()] = true
	}
	for _, c := range []*cobra.Command{newSimulateCmd(s), newNextCmd(s)} {
		if !have[c.Name()] {
			root.AddCommand(c)
		}
	}
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return lint.ExitOK, out.String(), errOut.String()
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintf(&errOut, "seams-timers: %v\n", ee.err)
		}
		return ee.code, out.String(), errOut.String()
	}
	fmt.Fprintf(&errOut, "seams-timers: %v\n", err)
	return lint.ExitUsage, out.String(), errOut.String()
}

// Without a scenario, simulate runs the next 30 days from --now with one
// replica and no downtime, and says so.
func TestSimulateDefaultScenario(t *testing.T) {
	code, out, errOut := runTimerCmd(t, "simulate", "--no-config", "--now", "2026-11-08T00:00:00Z", simFixtures+"digest.bpmn")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"# seams-timers simulate: 2026-11-08T00:00:00Z .. 2026-12-08T00:00:00Z step PT1S, 1 replica, seed 1, lease PT30S, no downtime, runtime starts at from (earlier due times are missed at first load), SpiffWorkflow main\n",
		"# no scenario: simulating the next 30 days from --now (2026-11-08T00:00:00Z) with one replica and no downtime\n",
		"2026-11-09T08:00:00Z r1 info  timer fire ../../bpmn/sim/testdata/digest.bpmn#EveryMorning due 2026-11-09T08:00:00Z instance Digest#1\n",
		"2026-12-07T08:00:00Z r1 info  timer fire ../../bpmn/sim/testdata/digest.bpmn#EveryMorning due 2026-12-07T08:00:00Z instance Digest#29\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " debug ") {
		t.Error("debug lines without --debug")
	}
}

// The flags of the issue: a week of downtime, three replicas and a crash;
// the JSON output holds every event and the summary.
func TestSimulateFlagsJSON(t *testing.T) {
	code, out, errOut := runTimerCmd(t, "simulate", "--no-config", "--format", "json",
		"--from", "2026-11-08T00:00:00Z", "--until", "2026-11-20T00:00:00Z", "--step", "PT1M",
		"--replicas", "3", "--seed", "4", "--down", "2026-11-10T00:00:00Z/2026-11-17T00:00:00Z",
		"--crash", "1@2026-11-18T08:00:00Z",
		"--start", "Approval@2026-11-08T09:00:00Z", "--start", "Approval@2026-11-08T10:00:00Z",
		"--complete", "Approve=PT47H,never",
		simFixtures+"digest.bpmn", simFixtures+"approval.bpmn")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Schema   string
		Engine   string
		Notes    []string
		Scenario struct {
			Replicas int
			Down     []string
		}
		Timers []struct {
			Timer            string
			Fired, Missed    int
			ClaimedElsewhere int
			RolledBack       int
			Cancelled        int
		}
		Events []struct {
			Time, Replica, Level, Kind, Due, CorrelationKey, Message string
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if doc.Schema != "seams-timers/simulate/1" || doc.Engine != "bpmn" || len(doc.Notes) != 1 || doc.Scenario.Replicas != 3 || len(doc.Scenario.Down) != 1 {
		t.Errorf("header: %+v", doc)
	}
	got := map[string][3]int{}
	for _, tm := range doc.Timers {
		got[filepath.Base(tm.Timer)] = [3]int{tm.Fired, tm.Missed, tm.RolledBack}
	}
	// Digest: 11-08 (none: the cycle starts 11-09), 11-09, then six
	// missed and one fired at 11-17, then 11-17, 11-18 (claim rolled
	// back by the crash, fired by another replica), 11-19.
	if got["digest.bpmn#EveryMorning"] != [3]int{5, 6, 1} {
		t.Errorf("digest: %v", got["digest.bpmn#EveryMorning"])
	}
	// The first approval is approved after 47 h, the second never: one
	// reminder fires.
	if got["approval.bpmn#Remind"][0] != 1 {
		t.Errorf("remind: %v", got["approval.bpmn#Remind"])
	}
	keys, debug := 0, 0
	for _, ev := range doc.Events {
		if ev.Kind == "timer-fire" && ev.CorrelationKey != "" {
			keys++
			if ev.CorrelationKey != ev.Due {
				t.Errorf("correlation key %s for due %s", ev.CorrelationKey, ev.Due)
			}
		}
		if ev.Level == "debug" {
			debug++
		}
	}
	if keys != 5 || debug == 0 {
		t.Errorf("%d timer-start firings with a key, %d debug events", keys, debug)
	}
}

// A scenario file, with a flag that overrides it, and the SVG written to a
// file.
func TestSimulateScenarioFileSVG(t *testing.T) {
	dir := t.TempDir()
	scen := writeFile(t, dir, "scenario.yaml", []byte(`# One approval, reminded after 48 h.
from: 2026-11-01T00:00:00Z
until: 2026-11-05T00:00:00Z
step: PT1S
replicas: 2
processes:
  Approval:
    start: [2026-11-01T12:00:00Z]
    complete:
      Approve: never
`))
	svg := filepath.Join(dir, "t.svg")
	code, out, errOut := runTimerCmd(t, "simulate", "--no-config", "--scenario", scen, "--replicas", "1",
		"--format", "svg", "-o", svg, simFixtures+"approval.bpmn")
	if code != 0 || out != "" {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.HasPrefix(s, "<svg ") || !strings.Contains(s, "1 replica,") || !strings.Contains(s, "approval.bpmn#Remind (boundary-ni)") {
		t.Errorf("svg: %.300s", s)
	}

	code, out, _ = runTimerCmd(t, "simulate", "--no-config", "--scenario", scen, simFixtures+"approval.bpmn")
	if code != 0 || !strings.Contains(out, "2026-11-03T12:00:01Z r") || !strings.Contains(out, "timer fire ../../bpmn/sim/testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z instance Approval#1") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// Usage errors exit 2 and say what is wrong.
func TestSimulateUsageErrors(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.yaml", []byte("from: 2026-11-01T00:00:00Z\nreplicaz: 2\n"))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--format", "xml"}, `--format "xml"`},
		{[]string{"--crash", "x"}, "--crash"},
		{[]string{"--down", "2026-11-02T00:00:00Z/2026-11-01T00:00:00Z"}, "the end is not after the start"},
		{[]string{"--step", "P1M"}, "--step"},
		{[]string{"--from", "2026-11-01"}, "--from"},
		{[]string{"--replicas", "2", "--crash", "3@2026-11-02T00:00:00Z"}, "replicas are numbered 1 to 2"},
		{[]string{"--start", "Nope@2026-11-02T00:00:00Z"}, `no process "Nope"`},
		{[]string{"--complete", "Approve=soon"}, "--complete"},
		{[]string{"--scenario", bad}, "replicaz"},
	} {
		args := append([]string{"simulate", "--no-config", "--now", "2026-11-01T00:00:00Z"}, c.args...)
		args = append(args, simFixtures+"approval.bpmn")
		code, _, errOut := runTimerCmd(t, args...)
		if code != lint.ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	code, _, _ := runTimerCmd(t, "simulate", "--no-config", "does/not/exist")
	if code != lint.ExitUsage {
		t.Errorf("missing path: exit %d", code)
	}
}

// A file that is not BPMN is reported and the rest is simulated; the exit
// code says a file could not be loaded.
func TestSimulateBrokenFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "broken.bpmn", []byte("<bpmn:definitions"))
	code, out, errOut := runTimerCmd(t, "simulate", "--no-config", "--now", "2026-11-08T00:00:00Z", dir, simFixtures+"digest.bpmn")
	if code != lint.ExitFindings || !strings.Contains(errOut, "broken.bpmn:") || !strings.Contains(out, "timer fire") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errOut)
	}
	// The finding names its rule, as check prints it.
	if !strings.Contains(errOut, "[TMR0002 xml-syntax]") {
		t.Errorf("the finding does not name its rule:\n%s", errOut)
	}
}

// timerStartModel is a process P whose timer start T runs a script task.
func timerStartModel(proc, cycle string) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="https://example.org/t">
  <bpmn:process id="` + proc + `" isExecutable="true">
    <bpmn:startEvent id="` + proc + `Timer"><bpmn:outgoing>f1</bpmn:outgoing><bpmn:timerEventDefinition><bpmn:timeCycle>"` + cycle + `"</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="` + proc + `Timer" targetRef="Run"/>
    <bpmn:scriptTask id="Run"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:scriptTask>
    <bpmn:sequenceFlow id="f2" sourceRef="Run" targetRef="End"/>
    <bpmn:endEvent id="End"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
  </bpmn:process>
</bpmn:definitions>
`)
}

// With an index graph, only the timer starts of the processes a container
// seam:schedules run, and the header says which container schedules which;
// without one, every timer start runs and the header says so.
func TestSimulateIndexGraphSchedules(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "nightly.bpmn", timerStartModel("Nightly", "R/2026-11-01T02:00:00Z/P1D"))
	writeFile(t, dir, "hourly.bpmn", timerStartModel("Hourly", "R/2026-11-01T00:30:00Z/PT1H"))
	writeFile(t, dir, "index.ttl", []byte(`@prefix proc: <https://w3id.org/seams/proc#> .
@prefix seam: <https://w3id.org/seams/seam#> .
@prefix arch: <https://w3id.org/seams/arch#> .
<nightly.bpmn#Nightly> a proc:Process .
<nightly.bpmn#NightlyTimer> a proc:TimerStartEvent .
<hourly.bpmn#Hourly> a proc:Process .
<#batch> a arch:Container ;
  seam:executes <nightly.bpmn#Nightly>, <hourly.bpmn#Hourly> ;
  seam:schedules <nightly.bpmn#Nightly> .
`))
	args := []string{"simulate", "--no-config", "--from", "2026-11-01T00:00:00Z", "--until", "2026-11-03T00:00:00Z", "--step", "PT1M"}
	code, out, errOut := runTimerCmd(t, append(args, dir)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	nightly := filepath.Join(dir, "nightly.bpmn")
	hourly := filepath.Join(dir, "hourly.bpmn")
	for _, want := range []string{
		"# index graph: " + filepath.Join(dir, "index.ttl") + "#batch schedules " + nightly + "#Nightly\n",
		"timer fire " + nightly + "#NightlyTimer due 2026-11-01T02:00:00Z instance Nightly#1\n",
		"timer fire " + nightly + "#NightlyTimer due 2026-11-02T02:00:00Z instance Nightly#2\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "timer fire "+hourly) || !strings.Contains(out, "no container schedules it") {
		t.Errorf("the hourly timer start is not scheduled:\n%s", out)
	}

	// The same models given by path: the graph beside them still decides.
	code, out, errOut = runTimerCmd(t, append(args, nightly, hourly)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Contains(out, "timer fire "+hourly) || !strings.Contains(out, "timer fire "+nightly+"#NightlyTimer due 2026-11-01T02:00:00Z") {
		t.Errorf("models given by path, with the graph beside them:\n%s", out)
	}

	// The same models where no graph covers them: both run.
	bare := t.TempDir()
	for _, p := range []string{nightly, hourly} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, bare, filepath.Base(p), b)
	}
	nightly, hourly = filepath.Join(bare, "nightly.bpmn"), filepath.Join(bare, "hourly.bpmn")
	code, out, errOut = runTimerCmd(t, append(args, nightly, hourly)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "# no index graph: every process with a timer start is scheduled\n") ||
		!strings.Contains(out, "timer fire "+hourly+"#HourlyTimer due 2026-11-01T00:30:00Z") ||
		!strings.Contains(out, "timer fire "+nightly+"#NightlyTimer due 2026-11-01T02:00:00Z") {
		t.Errorf("without the graph:\n%s", out)
	}

	// JSON carries the header line too.
	code, out, _ = runTimerCmd(t, append(args, "--format", "json", dir)...)
	var doc struct{ Notes []string }
	if err := json.Unmarshal([]byte(out), &doc); code != 0 || err != nil || len(doc.Notes) != 1 || !strings.Contains(doc.Notes[0], "#batch schedules ") {
		t.Errorf("exit %d, %v: %+v", code, err, doc)
	}
}

// A timer the rules refuse is listed with the rules' finding and not run.
func TestSimulateRefusedByRules(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "boot.bpmn", timerStartModel("Boot", "R/P1D"))
	code, out, errOut := runTimerCmd(t, "simulate", "--no-config", "--now", "2026-11-01T00:00:00Z", dir, simFixtures+"digest.bpmn")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "not simulated: cycle has no start date-time: 'R/P1D' [TMR1031]\n") ||
		!strings.Contains(out, "timer fire ../../bpmn/sim/testdata/digest.bpmn#EveryMorning") {
		t.Errorf("output:\n%s", out)
	}
}

// TestExcludeEveryCommand: a model the config excludes is skipped by check,
// and neither fired by simulate nor listed by next DIR, whichever
// directory the command runs from.
func TestExcludeEveryCommand(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".seams-timers.yaml", []byte("exclude: [models/legacy]\n"))
	if err := os.MkdirAll(filepath.Join(dir, "models", "legacy"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "models"), "hourly.bpmn", timerStartModel("Hourly", "R/2026-11-01T00:30:00Z/PT1H"))
	writeFile(t, filepath.Join(dir, "models", "legacy"), "boot.bpmn", timerStartModel("Boot", "R/P1D"))
	models := filepath.Join(dir, "models")
	for _, wd := range []string{dir, models, t.TempDir()} {
		t.Run(filepath.Base(wd), func(t *testing.T) {
			t.Chdir(wd)
			code, out, errOut := runTimerCmd(t, "check", "--now", "2026-11-01T00:00:00Z", models)
			if code != 0 || strings.Contains(out+errOut, "boot.bpmn") {
				t.Errorf("check: exit %d:\n%s%s", code, out, errOut)
			}
			code, out, errOut = runTimerCmd(t, "simulate", "--now", "2026-11-01T00:00:00Z", "--until", "2026-11-01T02:00:00Z", models)
			if code != 0 || strings.Contains(out, "Boot") || !strings.Contains(out, "timer fire "+filepath.Join(models, "hourly.bpmn")+"#HourlyTimer") {
				t.Errorf("simulate: exit %d:\n%s%s", code, out, errOut)
			}
			code, out, errOut = runTimerCmd(t, "next", "--now", "2026-11-01T00:00:00Z", "-n", "1", models)
			if want := "2026-11-01T00:30:00Z  " + filepath.Join(models, "hourly.bpmn") + "#HourlyTimer\n"; code != 0 || out != want {
				t.Errorf("next: exit %d:\n%s%s\nwant:\n%s", code, out, errOut, want)
			}
		})
	}
}

// TestSimulateJSONSchema runs simulate --format json on every engine, as a
// script would, and validates each document against
// sim/simulate.schema.json (with sim/output.schema.json, the definitions
// it shares with next); the timers carry the identity fields and each
// event's timer names one of them.
func TestSimulateJSONSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	for _, s := range []struct {
		url string
		src []byte
	}{
		{"https://github.com/seams/seams-timers/blob/main/sim/output.schema.json", simcore.OutputSchema},
		{"https://github.com/seams/seams-timers/blob/main/sim/simulate.schema.json", simcore.SimulateJSONSchema},
	} {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s.src))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(s.url, doc); err != nil {
			t.Fatal(err)
		}
	}
	sch, err := c.Compile("https://github.com/seams/seams-timers/blob/main/sim/simulate.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	window := []string{"--from", "2026-11-01T00:00:00Z", "--until", "2026-11-20T00:00:00Z"}
	for _, tc := range []struct {
		engine string
		args   []string
		code   int
		// findings is a rule some timer's findings hold ("" for none).
		findings string
	}{
		{"bpmn", append(append([]string{"--replicas", "2", "--down", "2026-11-10T00:00:00Z/2026-11-12T00:00:00Z"}, window...), "../../examples/"), 0, ""},
		{"bpmn", append(append([]string{}, window...), "../../examples/broken/"), 0, "TMR"},
		{"wfe", append([]string{"--scenario", "../../examples/wfe/scenario.yaml"}, "../../examples/wfe/service-desk.xml"), 0, ""},
		{"stateflows", append(append([]string{}, window...), "../../examples/stateflows/"), 0, "TMR7010"},
		{"cadence", append(append([]string{"--run-time", "90m"}, window...), "cron:*/30 * * * *", "cron:61 * * * *"), 1, "TMR"},
	} {
		args := append([]string{"simulate", "--no-config", "--engine", tc.engine, "--format", "json"}, tc.args...)
		code, out, errOut := runCLI(t, "", args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d: %s", strings.Join(args, " "), code, tc.code, errOut)
			continue
		}
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Errorf("%s: %v", tc.engine, err)
			continue
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s: %s\n%v", strings.Join(args, " "), err, out)
			continue
		}
		var doc struct {
			Engine string
			Events []struct{ Timer string }
			Timers []struct {
				Engine, File, Timer, ID string
				Line, Column            int
				Findings                []struct{ Rule string }
			}
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatal(err)
		}
		names := map[string]bool{}
		found := tc.findings == ""
		for _, tm := range doc.Timers {
			names[tm.Timer] = true
			if tm.Engine != tc.engine {
				t.Errorf("%s: timer %s of engine %q", tc.engine, tm.Timer, tm.Engine)
			}
			if tc.engine != "cadence" && (tm.File == "" || tm.Line == 0 || tm.Column == 0 || tm.ID == "") {
				t.Errorf("%s: timer %s without its place or id: %+v", tc.engine, tm.Timer, tm)
			}
			for _, f := range tm.Findings {
				found = found || strings.HasPrefix(f.Rule, tc.findings)
			}
		}
		if doc.Engine != tc.engine || len(doc.Timers) == 0 || len(doc.Events) == 0 || !found {
			t.Errorf("%s: engine %q, %d timers, %d events, findings %s found %v", tc.engine, doc.Engine, len(doc.Timers), len(doc.Events), tc.findings, found)
		}
		for _, ev := range doc.Events {
			if ev.Timer != "" && !names[ev.Timer] {
				t.Errorf("%s: an event of timer %q, which the timers do not list", tc.engine, ev.Timer)
			}
		}
	}
}
