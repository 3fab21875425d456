package sim

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/stateflows/catalog"
)

func TestParseScenario(t *testing.T) {
	sc, err := ParseScenario([]byte("from: 2026-11-01T00:00:00Z\nuntil: 2026-11-03T00:00:00+01:00\ndown: 2026-11-01T10:00:00Z/2026-11-01T12:00:00Z\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !sc.From.Equal(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) || !sc.Until.Equal(time.Date(2026, 11, 2, 23, 0, 0, 0, time.UTC)) || len(sc.Down) != 1 {
		t.Errorf("ParseScenario = %+v", sc)
	}
	for src, want := range map[string]string{
		"replicas: 3\n":                "replicas does not apply to --engine stateflows",
		"step: PT1S\n":                 "step does not apply to --engine stateflows",
		"processes: {}\n":              "processes does not apply to --engine stateflows",
		"from: 2026-11-01\n":           "from: want an RFC 3339 instant",
		"down: 2026-11-01T00:00:00Z\n": "down:",
		"from: [1\n":                   "scenario:",
	} {
		if _, err := ParseScenario([]byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
	if sc, err := ParseScenario(nil); err != nil || !sc.From.IsZero() {
		t.Errorf("an empty scenario: %+v, %v", sc, err)
	}
	sc = Scenario{}
	sc.From = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	sc.Defaults()
	if sc.Until.Sub(sc.From) != 30*24*time.Hour {
		t.Errorf("Defaults: until %v", sc.Until)
	}
}

// TestWriteText: a daily event registered at the start fires at the
// minute tick after each due time, the one due in the downtime when the
// host is back, and the summary counts every delivery.
func TestWriteText(t *testing.T) {
	typ := catalog.Lookup("EveryOneHour")
	if typ == nil {
		t.Fatal("no EveryOneHour")
	}
	var sc Scenario
	sc.From = time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	sc.Until = sc.From.Add(3 * time.Hour)
	down, err := ParseScenario([]byte("down: 2026-11-01T00:30:00Z/2026-11-01T01:30:00Z\n"))
	if err != nil {
		t.Fatal(err)
	}
	sc.Down = down.Down
	in := Input{Scenario: sc, Behaviour: catalog.Main, Zone: time.UTC, Sites: []Site{
		{Where: "a.cs:3:5", Event: "AddTimeEvent<EveryOneHour>", Type: typ, Params: typ.Defaults, Recurs: true},
		{Where: "a.cs:9:5", Event: "AddTimeEvent<Mine>", Custom: true},
	}}
	var b1, b2 bytes.Buffer
	if err := WriteText(&b1, in); err != nil {
		t.Fatal(err)
	}
	if err := WriteText(&b2, in); err != nil || b1.String() != b2.String() {
		t.Fatal("the output is not deterministic")
	}
	out := b1.String()
	for _, want := range []string{
		"# seams-timers simulate --engine stateflows: 2026-11-01T00:00:00Z .. 2026-11-01T03:00:00Z, revision main, host zone UTC, every time event registered at the start, down 2026-11-01T00:30:00Z/2026-11-01T01:30:00Z\n",
		"2026-11-01T00:30:00Z host warn  runtime down until 2026-11-01T01:30:00Z\n",
		"a.cs:9:5   AddTimeEvent<Mine>",
		"not computed (its own code)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "late by") {
		t.Errorf("the delivery due in the downtime is not late:\n%s", out)
	}
}

func TestTexts(t *testing.T) {
	for d, want := range map[time.Duration]string{time.Hour: "1h", 15 * time.Minute: "15m", 36*time.Hour + 59*time.Minute + 30*time.Second: "36h59m30s"} {
		if got := DurText(d); got != want {
			t.Errorf("DurText(%v) = %q, want %q", d, got, want)
		}
	}
	if got := LocalText(time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC)); got != "2026-11-16T00:00" {
		t.Errorf("LocalText = %q", got)
	}
	if got := LocalText(time.Date(2026, 11, 16, 0, 0, 30, 0, time.UTC)); got != "2026-11-16T00:00:30" {
		t.Errorf("LocalText = %q", got)
	}
}
