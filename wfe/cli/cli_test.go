package cli

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/project"
)

var now = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions(project.Flags{}, now, nil)
	sc := o.Scenario
	if err != nil || !sc.From.Equal(now) || sc.Period != time.Second || sc.Replicas != 1 || sc.Multi || !strings.HasPrefix(o.Note, "no scenario") {
		t.Errorf("defaults: %+v, %q, %v", sc, o.Note, err)
	}
	o, err = ParseOptions(project.Flags{"from": {"2026-11-02T00:00:00Z"}, "step": {"PT2S"}, "replicas": {"3"}, "start": {"T@2026-11-02T09:00:00Z"},
		"assume": {"A=1h"}, "down": {"2026-11-02T01:00:00Z/2026-11-02T02:00:00Z"}}, now, nil)
	sc = o.Scenario
	if err != nil || sc.Period != 2*time.Second || sc.Replicas != 3 || !sc.Multi || len(sc.Instances) != 1 || sc.Assume["A"] != "1h" || len(sc.Down) != 1 || o.Note != "" {
		t.Errorf("flags: %+v, %v", sc, err)
	}
	for want, f := range map[string]project.Flags{
		"--from":   {"from": {"2026-11-01"}},
		"--step":   {"step": {"PT0S"}},
		"--start":  {"start": {"T"}},
		"--assume": {"assume": {"A"}},
		"--down":   {"down": {"x/y"}},
	} {
		_, err := ParseOptions(f, now, nil)
		var ue *project.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v; want a usage error saying %q", f, err, want)
		}
	}
}
