package rules

import (
	"time"

	"github.com/seams/seams-timers/lint"
)

// SectionName is the engine's key in .seams-timers.yaml.
const SectionName = "cadence"

// Config is the engine's section:
//
//	cadence:
//	  timer-late: 10s   # a TimerFired later than this after its due time is late
type Config struct {
	// TimerLate is how late a TimerFired may be before TMR8021 reports it.
	TimerLate time.Duration
}

// configSection declares the cadence: key.
var configSection = &lint.Field{
	Key: SectionName, Type: lint.TypeSection,
	Doc: "The Cadence and Temporal engine's settings.",
	Fields: []*lint.Field{{
		Key: "timer-late", Type: lint.TypeDuration, Default: "10s",
		Doc: "How late a history's TimerFired may be after its due time before TMR8021 reports it: a duration of zero or more, Go syntax (10s, 1m30s) or ISO 8601 (PT10S).",
	}},
	Build: func(v lint.Values) (any, error) { return &Config{TimerLate: v.Duration("timer-late")}, nil },
}

// configOf returns the engine's config from a loaded config, or the
// defaults.
func configOf(sections map[string]any) *Config {
	if c, ok := sections[SectionName].(*Config); ok {
		return c
	}
	c, err := lint.DefaultSection(configSection)
	if err != nil {
		panic("the cadence: section's defaults: " + err.Error())
	}
	return c.(*Config)
}
