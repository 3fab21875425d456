package sim

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn/timeexpr"
)

func TestParseScenarioFile(t *testing.T) {
	src, err := os.ReadFile("testdata/scenario.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := ParseScenario(src)
	if err != nil {
		t.Fatal(err)
	}
	want := "2026-11-01T00:00:00Z .. 2026-12-01T00:00:00Z step PT1S, 3 replicas, seed 7, lease PT30S, " +
		"down 2026-11-10T00:00:00Z/2026-11-17T00:00:00Z, crash r2@2026-11-20T08:00:00Z/2026-11-21T00:00:00Z, " +
		"stall r1@2026-11-25T00:00:00Z for PT2M"
	if got := sc.Describe(); got != want {
		t.Errorf("Describe:\n%s\nwant\n%s", got, want)
	}
	if len(sc.Processes) != 2 || sc.Processes[0].Process != "Approval" || len(sc.Processes[0].Starts) != 9 {
		t.Fatalf("processes: %+v", sc.Processes)
	}
	ap := sc.Processes[0]
	if !ap.Starts[8].Equal(at(t, "2026-11-20T03:00:00Z")) {
		t.Errorf("startEvery: last start %s", timeexpr.FormatTime(ap.Starts[8]))
	}
	if c := ap.Complete[0]; c.Task != "Approve" || len(c.After) != 3 || c.After[1].After != 50*time.Hour || !c.After[2].Never {
		t.Errorf("complete: %+v", c)
	}
	if ch := sc.Processes[1].Choose[0]; ch.Gateway != "Route" || strings.Join(ch.Flows, ",") != "Fork,Review" {
		t.Errorf("choose: %+v", ch)
	}

	// The example runs against the fixtures.
	r := run(t, sc, load(t, "digest.bpmn"), load(t, "approval.bpmn"), load(t, "flow.bpmn"))
	if s := stats(t, r, "EveryMorning"); s.Missed != 6 || s.Fired != 16 {
		t.Errorf("digest: fired %d missed %d", s.Fired, s.Missed)
	}
}

func TestParseScenarioErrors(t *testing.T) {
	for src, want := range map[string]string{
		"replicaz: 2\n":                                    "field replicaz not found",
		"from: 2026-11-01\n":                               "scenario: from: want an RFC 3339 instant",
		"step: P1M\n":                                      "scenario: step: \"P1M\" has years or months",
		"down: [2026-11-01T00:00:00Z]\n":                   "want START/END",
		"processes:\n  A:\n    startz: []\n":               "field startz not found",
		"processes:\n  A:\n    complete:\n      T: soon\n": "processes.A.complete.T",
		"processes:\n  A:\n    startEvery: {from: 2026-11-01T00:00:00Z, every: PT1H}\n": "startEvery.count",
	} {
		_, err := ParseScenario([]byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
	if sc, err := ParseScenario(nil); err != nil || !sc.From.IsZero() {
		t.Errorf("empty file: %v", err)
	}
}

func TestFlagParsers(t *testing.T) {
	c, err := ParseCrash("r2@2026-11-10T08:00:00Z/2026-11-10T09:00:00Z")
	if err != nil || c.Replica != 2 || !c.Restart.Equal(at(t, "2026-11-10T09:00:00Z")) {
		t.Errorf("crash %+v %v", c, err)
	}
	if _, err := ParseCrash("0@2026-11-10T08:00:00Z"); err == nil {
		t.Error("replica 0")
	}
	st, err := ParseStall("1@2026-11-03T12:00:00Z/PT2M")
	if err != nil || st.For != 2*time.Minute {
		t.Errorf("stall %+v %v", st, err)
	}
	if _, err := ParseWindow("2026-11-10T00:00:00Z/2026-11-10T00:00:00Z"); err == nil {
		t.Error("an empty window")
	}
	if c, err := ParseCompletion("NEVER"); err != nil || !c.Never {
		t.Errorf("never: %+v %v", c, err)
	}
	sc := Scenario{From: at(t, "2026-11-01T00:00:00Z")}
	sc.Defaults()
	if err := sc.Validate(); err != nil || !sc.Until.Equal(at(t, "2026-12-01T00:00:00Z")) || sc.Step != time.Second || sc.Replicas != 1 {
		t.Errorf("defaults: %+v %v", sc, err)
	}
}
