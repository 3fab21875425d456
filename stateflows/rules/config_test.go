package rules

import (
	"os"
	"path/filepath"
	"strings"
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
		{"stateflows:\n  revision: latest\n", `c.yaml:2: stateflows.revision: unknown revision "latest" (want main, before-2024-12-17, documented)`},
		{"stateflows:\n  timezone: Mars/Olympus\n", `c.yaml:2: stateflows.timezone: "Mars/Olympus" is not a zone of the IANA database (such as Europe/Berlin or UTC)`},
		{"stateflows:\n  timezone: Local\n", `c.yaml:2: stateflows.timezone: "Local": want an IANA zone name such as Europe/Berlin or UTC, not the machine's own zone`},
		{"stateflows:\n  zone: UTC\n", `c.yaml:2: stateflows: unknown key "zone" (want revision, timezone)`},
		{"stateflows: main\n", `c.yaml:1: stateflows: want a mapping with revision and timezone`},
	} {
		_, err := parse(c.src)
		if err == nil || err.Error() != c.msg {
			t.Errorf("%q: %v, want %s", c.src, err, c.msg)
		}
	}
}

// TestReadmeAndPages keeps the README's rule table and the generated
// pages in step with the family.
func TestReadmeAndPages(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range All() {
		if !strings.Contains(string(readme), "| "+r.ID+" | `"+r.Name+"` |") {
			t.Errorf("README.md's rule table lacks %s %s", r.ID, r.Name)
		}
		page, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules", r.ID+".md"))
		if err != nil || string(page) != Markdown(r) {
			t.Errorf("docs/rules/%s.md is missing or out of date: run go generate ./...", r.ID)
		}
	}
}
