package rules

import (
	"time"

	"go.yaml.in/yaml/v3"

	simcore "github.com/seams/seams-timers/sim"
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

// defaultTimerLate is the lateness TMR8021 allows without a config.
const defaultTimerLate = 10 * time.Second

func parseSection(v *yaml.Node, bad func(n *yaml.Node, format string, args ...any) error) (any, error) {
	c := &Config{TimerLate: defaultTimerLate}
	if v.Kind != yaml.MappingNode {
		return nil, bad(v, "cadence: want a mapping such as {timer-late: 10s}")
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		switch k.Value {
		case "timer-late":
			d, err := simcore.ParseDuration(val.Value)
			if err != nil {
				return nil, bad(val, "cadence.timer-late %q: want a duration of zero or more, such as 10s, 1m30s or PT10S", val.Value)
			}
			c.TimerLate = d
		default:
			return nil, bad(k, "cadence: unknown key %q (want timer-late)", k.Value)
		}
	}
	return c, nil
}

// configOf returns the engine's config from a loaded config, or the
// defaults.
func configOf(sections map[string]any) *Config {
	if c, ok := sections[SectionName].(*Config); ok {
		return c
	}
	return &Config{TimerLate: defaultTimerLate}
}
