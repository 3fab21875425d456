package cli

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/project"
)

var now = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func TestParseNextOptions(t *testing.T) {
	o, err := ParseNextOptions(project.Flags{"kind": {"cycle"}, "as": {"catch"}})
	if err != nil || o.Kind != bpmn.TimeCycle || o.As != "catch" {
		t.Errorf("%+v, %v", o, err)
	}
	for _, f := range []project.Flags{{"kind": {"cron"}}, {"as": {"both"}}} {
		var ue *project.UsageError
		if _, err := ParseNextOptions(f); !errors.As(err, &ue) {
			t.Errorf("%v: %v; want a usage error", f, err)
		}
	}
}

func TestParseSimulateOptions(t *testing.T) {
	o, err := ParseSimulateOptions(project.Flags{}, now, nil)
	sc := o.Scenario
	if err != nil || !sc.From.Equal(now) || sc.Step != time.Second || sc.Replicas != 1 || !strings.HasSuffix(o.Note, "with one replica and no downtime") {
		t.Errorf("defaults: %+v, %q, %v", sc, o.Note, err)
	}
	o, err = ParseSimulateOptions(project.Flags{"step": {"5s"}, "lease": {"PT1M"}, "replicas": {"2"}, "seed": {"4"}, "debug": {"true"},
		"crash": {"2@2026-11-02T00:00:00Z"}, "runtime": {"already-running"}, "start": {"P@2026-11-02T00:00:00Z"}, "complete": {"T=PT1H,never"}}, now, nil)
	sc = o.Scenario
	if err != nil || sc.Step != 5*time.Second || sc.Lease != time.Minute || sc.Replicas != 2 || sc.Seed != 4 || !o.Debug || len(sc.Crashes) != 1 || !sc.AlreadyRunning || len(sc.Processes) != 2 {
		t.Errorf("flags: %+v, %v", sc, err)
	}
	for want, f := range map[string]project.Flags{
		"--step":     {"step": {"P1M"}},
		"--lease":    {"lease": {"0s"}},
		"--crash":    {"crash": {"x"}},
		"--runtime":  {"runtime": {"already-runing"}},
		"--complete": {"complete": {"T"}},
		"replicas":   {"replicas": {"2000"}},
	} {
		_, err := ParseSimulateOptions(f, now, nil)
		var ue *project.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v; want a usage error saying %q", f, err, want)
		}
	}
}
