package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/project"
)

var now = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func TestParseOptions(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(file, []byte("from: 2026-11-02T00:00:00Z\ndown: 2026-11-02T01:00:00Z/2026-11-02T02:00:00Z\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := ParseOptions(project.Flags{"scenario": {file}, "down": {"2026-11-03T00:00:00Z/2026-11-03T01:00:00Z"}}, now)
	sc := o.Scenario
	if err != nil || !sc.From.Equal(time.Date(2026, 11, 2, 0, 0, 0, 0, time.UTC)) || sc.Until.Sub(sc.From) != 30*24*time.Hour || len(sc.Down) != 2 {
		t.Errorf("scenario and flags: %+v, %v", sc, err)
	}
	o, err = ParseOptions(project.Flags{"until": {"2026-11-05T00:00:00Z"}}, now)
	if err != nil || !o.Scenario.From.Equal(now) || !o.Scenario.Until.Equal(time.Date(2026, 11, 5, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("until: %+v, %v", o.Scenario, err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("crash: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for want, f := range map[string]project.Flags{
		"--from":                           {"from": {"2026-11-01"}},
		"--down":                           {"down": {"x"}},
		"not after from":                   {"until": {"2026-10-01T00:00:00Z"}},
		"crash does not apply to --engine": {"scenario": {bad}},
	} {
		_, err := ParseOptions(f, now)
		var ue *project.UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v; want a usage error saying %q", f, err, want)
		}
	}
}

func TestReadNow(t *testing.T) {
	berlin := project.Flags{"tz": {"Europe/Berlin"}}
	for text, want := range map[string]time.Time{
		"2026-11-04T10:00:30":  time.Date(2026, 11, 4, 9, 0, 30, 0, time.UTC),
		"2026-11-04T10:00:30Z": time.Date(2026, 11, 4, 10, 0, 30, 0, time.UTC),
		"2026-07-04 10:00":     time.Date(2026, 7, 4, 8, 0, 0, 0, time.UTC),
	} {
		got, err := Commands.ReadNow(text, berlin, nil)
		if err != nil || !got.Equal(want) {
			t.Errorf("ReadNow(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, text := range []string{"2026-03-29T02:30", "tomorrow"} {
		var ue *project.UsageError
		if _, err := Commands.ReadNow(text, berlin, nil); !errors.As(err, &ue) {
			t.Errorf("ReadNow(%q) = %v; want a usage error", text, err)
		}
	}
	if _, err := Settings(project.Flags{"tz": {"Nowhere/Bogus"}}, nil); err == nil {
		t.Error("--tz Nowhere/Bogus accepted")
	}
	if _, err := Settings(project.Flags{"revision": {"x"}}, nil); err == nil {
		t.Error("--revision x accepted")
	}
}
