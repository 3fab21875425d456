package sim

import (
	"errors"
	"os"
	"slices"
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
		"stall r1@2026-11-25T00:00:00Z for PT2M, runtime starts at from (earlier due times are missed at first load), SpiffWorkflow main"
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
		"replicaz: 2\n":                            `line 1: unknown key "replicaz" (want one of: crash, down, from, lease, processes, replicas, runtime, seed, spiff, stall, step, until)`,
		"from: 2026-11-01\n":                       "line 1: from: want an RFC 3339 instant",
		"seed: 1\nstep: P1M\n":                     "line 2: step: \"P1M\" is not a duration such as PT1S, P7D, 90s or 1h30m (years and months have no fixed length",
		"down: [2026-11-01T00:00:00Z]\n":           "want START/END",
		"processes:\n  A:\n    startz: []\n":       `line 3: unknown key "startz" in processes.A (want one of: choose, complete, start, startEvery)`,
		"replicas: two\n":                          `line 1: replicas: want a whole number, not "two"`,
		"crash: 2\n":                               `line 1: crash: want a list of {replica, at, restart}, not "2"`,
		"crash:\n  - replica: 1\n    att: x\n":     `line 3: unknown key "att" in crash[0] (want one of: at, replica, restart)`,
		"runtime: already-runing\n":                `line 1: runtime: unknown reading "already-runing" (want one of: starts-at-from, already-running)`,
		"from: [1, 2]\n":                           "line 1: from: want a value such as 2026-11-01T00:00:00Z or PT1S, not a list",
		"from: 2026-11-01T00:00:00Z\n  until: x\n": "line 2: not valid YAML",
		"- a\n": "the scenario: want",
		"processes:\n  A:\n    complete:\n      T: soon\n":                              "processes.A.complete.T",
		"processes:\n  A:\n    startEvery: {from: 2026-11-01T00:00:00Z, every: PT1H}\n": "startEvery.count",
	} {
		_, err := ParseScenario([]byte(src))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
	// A wrong choice carries what was written and the choices, for the
	// command's did-you-mean.
	var se *ScenarioError
	if _, err := ParseScenario([]byte("seed: 1\nreplicaz: 2\n")); !errors.As(err, &se) || se.Line != 2 || se.Got != "replicaz" || !slices.Contains(se.Choices, "replicas") {
		t.Errorf("unknown key: %#v", err)
	}
	if _, err := ParseScenario([]byte("runtime: x\n")); !errors.As(err, &se) || se.Got != "x" || len(se.Choices) != 2 {
		t.Errorf("unknown reading: %#v", err)
	}
	// No error names a Go type, whatever the mistake.
	for _, src := range []string{"replicas: two\n", "seed: [1]\n", "processes: [a]\n", "processes:\n  A:\n    complete: x\n",
		"processes:\n  A:\n    startEvery: {count: many}\n", "stall: {replica: 1}\n", "down: {a: b}\n"} {
		_, err := ParseScenario([]byte(src))
		if err == nil {
			t.Errorf("%q: no error", src)
			continue
		}
		for _, goName := range []string{"int", "string", "[]", "map[", "sim.", "yaml", "struct", "unmarshal"} {
			if strings.Contains(strings.ReplaceAll(err.Error(), "not valid YAML", ""), goName) {
				t.Errorf("%q: %v names %q", src, err, goName)
			}
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

// TestRuntimeReadings checks the two readings of --from for a daily timer
// start whose first due time lies three days before it: a runtime that
// starts at from counts those firings as missed and fires the latest at
// once; one already running handled them, and fires next at 08:00.
func TestRuntimeReadings(t *testing.T) {
	digest := load(t, "digest.bpmn")
	from, until := at(t, "2026-11-12T00:00:00Z"), at(t, "2026-11-14T00:00:00Z")
	starts := run(t, Scenario{From: from, Until: until}, digest)
	if s := stats(t, starts, "EveryMorning"); s.Missed != 2 || s.Fired != 3 {
		t.Errorf("starts at from: fired %d, missed %d; want 3 fired (the latest at from, then two) and 2 missed", s.Fired, s.Missed)
	}
	running := run(t, Scenario{From: from, Until: until, AlreadyRunning: true}, digest)
	if s := stats(t, running, "EveryMorning"); s.Missed != 0 || s.Fired != 2 {
		t.Errorf("already running: fired %d, missed %d; want 2 fired and none missed", s.Fired, s.Missed)
	}
	sc, err := ParseScenario([]byte("from: 2026-11-12T00:00:00Z\nruntime: already-running\n"))
	if err != nil || !sc.AlreadyRunning || !strings.Contains(sc.Describe(), "runtime already running at from") {
		t.Errorf("runtime: already-running: %+v, %v", sc, err)
	}
}
