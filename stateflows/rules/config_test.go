package rules

import (
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/stateflows/catalog"
)

func parse(src string) (*lint.Config, error) {
	return lint.ParseConfig("c.yaml", []byte(src), lint.ConfigSpec{Rules: All(), Sections: Engine.ConfigSections})
}

// TestConfigSection reads the stateflows: section and refuses bad values
// with their line. (lint's TestExampleConfigsMatchSchema validates
// examples/.seams-timers.yaml, which has the section, against the JSON
// Schema.)
func TestConfigSection(t *testing.T) {
	cfg, err := parse("stateflows:\n  revision: before-2024-12-17\n  timezone: Europe/Berlin\n")
	if err != nil {
		t.Fatal(err)
	}
	s := SettingsOf(cfg)
	if s.Behaviour != catalog.Before20241217 || s.Zone.String() != "Europe/Berlin" || !s.ZoneSet || s.utcZone() {
		t.Errorf("settings %+v", s)
	}
	if s := SettingsOf(nil); s.Behaviour != catalog.Main || !s.utcZone() || s.ZoneSet {
		t.Errorf("defaults %+v", s)
	}
	for _, c := range []struct{ src, msg string }{
		{"stateflows:\n  revision: latest\n", `c.yaml:2:13: stateflows.revision "latest" (want one of: main, before-2024-12-17, documented)`},
		{"stateflows:\n  timezone: Mars/Olympus\n", `c.yaml:2:13: stateflows.timezone "Mars/Olympus": not a zone of the IANA database (such as Europe/Berlin or UTC)`},
		{"stateflows:\n  timezone: Local\n", `c.yaml:2:13: stateflows.timezone "Local": want an IANA zone name such as Europe/Berlin or UTC, not the machine's own zone`},
		{"stateflows:\n  zone: UTC\n", `c.yaml:2:3: stateflows: unknown key "zone" (want one of: revision, timezone)`},
		{"stateflows: main\n", `c.yaml:1:13: stateflows: want a mapping of revision, timezone`},
	} {
		_, err := parse(c.src)
		if err == nil || err.Error() != c.msg {
			t.Errorf("%q: %v, want %s", c.src, err, c.msg)
		}
	}
}
