package sim

import (
	"strings"
	"testing"
	"time"
)

// TestParseScenarioGrammar: the scenario's header and durations follow
// the core's grammar (ISO 8601 or Go syntax alike), step is the single
// server's period, and a key the engine does not read is named.
func TestParseScenarioGrammar(t *testing.T) {
	for src, want := range map[string]time.Duration{
		"step: PT2S\n":     2 * time.Second,
		"step: 2s\n":       2 * time.Second,
		"period: PT0.5S\n": 500 * time.Millisecond,
		"period: 500ms\n":  500 * time.Millisecond,
	} {
		sc, err := ParseScenario([]byte(src))
		if err != nil || sc.Period != want {
			t.Errorf("%q: period %v, %v; want %v", src, sc.Period, err, want)
		}
	}
	sc, err := ParseScenario([]byte("from: 2026-11-06T09:00:00+01:00\ninterval: PT10S\ndown: 2026-11-06T18:00:00Z/2026-11-09T08:00:00Z\n"))
	if err != nil || !sc.From.Equal(time.Date(2026, 11, 6, 8, 0, 0, 0, time.UTC)) || sc.Interval != 10*time.Second || len(sc.Down) != 1 {
		t.Errorf("header: %+v, %v", sc, err)
	}
	for src, want := range map[string]string{
		"step: 1s\nperiod: 1s\n":    "step and period are one setting",
		"crash: []\n":               `unknown key "crash": a wfe scenario has from, until, step, down`,
		"period: P1M\n":             "period:",
		"interval: 0s\n":            "interval:",
		"from: 2026-11-06\n":        "from: want an RFC 3339 instant",
		"down: [x]\n":               "down:",
		"server: both\n":            "want single or multi",
		"instances: [{start: x}]\n": "no scheme",
	} {
		if _, err := ParseScenario([]byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v; want %q", src, err, want)
		}
	}
}
