package cli

import (
	"errors"
	"strings"
	"testing"
	"time"

	cadencesim "github.com/seams/seams-timers/cadence/sim"
	"github.com/seams/seams-timers/project"
)

var now = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions(project.Flags{}, now)
	if err != nil || !o.From.Equal(now) || o.Until.Sub(o.From) != 7*24*time.Hour || o.Seed != 1 || o.Overlap != cadencesim.Skip || o.RunTime != 0 {
		t.Errorf("defaults: %+v, %v", o, err)
	}
	o, err = ParseOptions(project.Flags{"from": {"2026-11-02T00:00:00+01:00"}, "until": {"2026-11-03T00:00:00Z"}, "run-time": {"PT90M"}, "jitter": {"30s"},
		"overlap": {"buffer-one"}, "seed": {"9"}, "down": {"2026-11-02T01:00:00Z/2026-11-02T02:00:00Z"}}, now)
	if err != nil || !o.From.Equal(time.Date(2026, 11, 1, 23, 0, 0, 0, time.UTC)) || o.RunTime != 90*time.Minute || o.Jitter != 30*time.Second ||
		o.Overlap != cadencesim.BufferOne || o.Seed != 9 || len(o.Down) != 1 {
		t.Errorf("flags: %+v, %v", o, err)
	}
	for name, f := range map[string]project.Flags{
		"--from":     {"from": {"tomorrow"}},
		"--until":    {"until": {"2026-11-01"}},
		"--run-time": {"run-time": {"P1M"}},
		"--jitter":   {"jitter": {"-1s"}},
		"--overlap":  {"overlap": {"sometimes"}},
		"--down":     {"down": {"2026-11-02T00:00:00Z"}},
		"until":      {"until": {"2026-10-01T00:00:00Z"}},
	} {
		_, err := ParseOptions(f, now)
		var ue *project.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), name) {
			t.Errorf("%v: %v; want a usage error naming %s", f, err, name)
		}
	}
}

func TestClaimsArg(t *testing.T) {
	if !Commands.ClaimsArg("cron:0 9 * * *") || Commands.ClaimsArg("R/P1D") || Commands.ClaimsArg("models/") {
		t.Error("ClaimsArg claims what is not cron:SPEC, or not cron:SPEC")
	}
}
