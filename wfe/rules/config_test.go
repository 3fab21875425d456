package rules

import (
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

func parse(t *testing.T, src string) (*Config, error) {
	t.Helper()
	cfg, err := lint.ParseConfig("c.yaml", []byte(src), lint.ConfigSpec{Rules: All(), Sections: Engine.ConfigSections})
	if err != nil {
		return nil, err
	}
	return ConfigOf(cfg), nil
}

func TestConfigSection(t *testing.T) {
	c, err := parse(t, `wfe:
  clock: local:Europe/Berlin
  culture: de-DE
  server: multi
  multi-server-interval: 10s
  calendar: office
  calendars:
    office:
      zone: Europe/Berlin
      weekdays: [mon, tue, wed, thu]
      hours: 08:00-16:30
      holidays: [2026-12-25]
`)
	if err != nil {
		t.Fatal(err)
	}
	cal := c.WorkCalendar()
	if c.Clock.String() != "Europe/Berlin" || c.Culture.Name != "de-DE" || !c.Multi || c.Interval != 10*time.Second ||
		cal == nil || cal.Weekdays[time.Friday] || !cal.Weekdays[time.Monday] || cal.End != 16*time.Hour+30*time.Minute || !cal.Holidays["2026-12-25"] {
		t.Errorf("config %+v, calendar %+v", c, cal)
	}
	// The config's one duration grammar: ISO 8601 as well as Go syntax.
	if c, err := parse(t, "wfe:\n  timer-period: PT1.5S\n"); err != nil || c.Period != 1500*time.Millisecond {
		t.Errorf("timer-period PT1.5S: %v, %v", c, err)
	}
	for src, want := range map[string]value.Engine{"wfe:\n  engine: 4\n": value.Engine4, "wfe:\n  engine: docs\n": value.EngineDocs, "wfe:\n  engine: \"5-6\"\n": value.Engine6} {
		if c, err := parse(t, src); err != nil || c.Engine != want {
			t.Errorf("%q: engine %v, %v; want %v", src, c, err, want)
		}
	}
	if d := DefaultConfig(); d.WorkCalendar() != nil || d.Period != time.Second || d.Culture.Name != "invariant" || d.Engine != value.Engine6 {
		t.Errorf("defaults %+v", d)
	}
}

func TestConfigSectionErrors(t *testing.T) {
	cases := map[string]string{
		"wfe:\n  culture: de-AT\n":                                 `c.yaml:2:12: wfe.culture "de-AT"; did you mean "de-DE"?`,
		"wfe:\n  cultur: en-US\n":                                  `c.yaml:2:3: wfe: unknown key "cultur"; did you mean "culture"?`,
		"wfe:\n  server: mutli\n":                                  `c.yaml:2:11: wfe.server "mutli"; did you mean "multi"?`,
		"wfe:\n  clock: Europe/Berlin\n":                           `c.yaml:2:10: wfe.clock "Europe/Berlin": want utc or local:<IANA zone>, such as local:Europe/Berlin`,
		"wfe:\n  timer-period: 0s\n":                               `c.yaml:2:17: wfe.timer-period "0s": want a positive duration such as 1s, 500ms or PT1S`,
		"wfe:\n  calendars:\n    a:\n      weekdays: []\n":         `c.yaml:4:17: wfe.calendars.a.weekdays: want a list of one of sun, mon`,
		"wfe:\n  calendars:\n    a:\n      weekdays: [mon, fry]\n": `c.yaml:4:23: wfe.calendars.a.weekdays "fry"; did you mean "fri"?`,
		"wfe:\n  calendars:\n    a:\n      hours: 17:00-09:00\n":   `c.yaml:4:7: wfe.calendars.a: the working hours end before they start`,
		"wfe:\n  calendar: offce\n  calendars:\n    office: {}\n":  `c.yaml:2:13: wfe.calendar: no calendar "offce" in wfe.calendars; did you mean "office"?`,
		"wfx:\n  culture: en-US\n":                                 `c.yaml:1:1: unknown key "wfx"; did you mean "wfe"?`,
		"wfe:\n  engine: doc\n":                                    `c.yaml:2:11: wfe.engine "doc"; did you mean "docs"?`,
	}
	for src, want := range cases {
		_, err := parse(t, src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %s", src, err, want)
		}
	}
}
