package rules

import (
	"errors"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// FuzzConfigSection: any wfe section gives a config or a *ConfigError with
// its line, never a panic; a calendar it accepts has working time.
func FuzzConfigSection(f *testing.F) {
	for _, s := range []string{
		"wfe:\n  engine: docs\n  clock: local\n  culture: de-DE\n",
		"wfe:\n  calendars:\n    office:\n      zone: Europe/Berlin\n      weekdays: [mon, tue, wed, thu]\n      hours: 08:00-16:30\n      holidays: [2026-12-25]\n  calendar: office\n",
		"wfe:\n  calendars:\n    a:\n      hours: 17:00-09:00\n",
		"wfe:\n  timer-period: PT1M\n  multi-server-interval: 30s\n  server: [a, b]\n",
		"wfe: [1, 2]\n",
		"wfe:\n  calendar: offce\n  calendars:\n    office: {}\n",
	} {
		f.Add([]byte(s))
	}
	spec := lint.ConfigSpec{Rules: All(), Sections: Engine.ConfigSections}
	f.Fuzz(func(t *testing.T, src []byte) {
		cfg, err := lint.ParseConfig("c.yaml", src, spec)
		if err != nil {
			var ce *lint.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T %v is not a *ConfigError", err, err)
			}
			return
		}
		if c, ok := cfg.Sections[SectionKey].(*Config); ok {
			for name, cal := range c.Calendars {
				if cal != nil && cal.Valid() != nil {
					t.Fatalf("calendar %q accepted with no working time", name)
				}
			}
		}
	})
}
