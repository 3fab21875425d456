package rules

import (
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/seams/seams-timers/lint"
	simcore "github.com/seams/seams-timers/sim"
	"github.com/seams/seams-timers/wfe/value"
)

// SectionKey is the engine's top-level key of .seams-timers.yaml.
const SectionKey = "wfe"

// Config is the wfe: section of the config: how the runtime that runs the
// schemes is set up.
type Config struct {
	// Engine is the build whose timer behaviour is modelled (wfe.engine):
	// 5-6, the newest public build measured (6.0.2), by default.
	Engine value.Engine
	// Clock is the runtime's clock: UTC (UseUtcDateTimeAsRuntimeTime) or
	// a local zone.
	Clock *time.Location
	// Culture is SchemeParsingCulture, which Date and DateAndTime values
	// are parsed under.
	Culture value.Culture
	// Multi is multi-server mode; Period is the single server's
	// TimerPeriod, Interval the multi-server timer interval.
	Multi    bool
	Period   time.Duration
	Interval time.Duration
	// Calendars are the work calendars by name; Calendar names the one
	// work-calendar units count in.
	Calendars map[string]*value.Calendar
	Calendar  string
}

// DefaultConfig is the runtime's default: engine 5.0-6.0.2 (the newest
// build whose behaviour is measured), UTC, the invariant culture (the
// runtime's default SchemeParsingCulture), one server polling every
// second, no work calendar.
func DefaultConfig() *Config {
	return &Config{Clock: time.UTC, Culture: value.DefaultCulture, Period: time.Second, Interval: time.Second}
}

// WorkCalendar is the calendar work-calendar units count in, or nil when
// none is configured.
func (c *Config) WorkCalendar() *value.Calendar {
	if c == nil || len(c.Calendars) == 0 {
		return nil
	}
	if c.Calendar != "" {
		return c.Calendars[c.Calendar]
	}
	if cal, ok := c.Calendars["default"]; ok {
		return cal
	}
	if len(c.Calendars) == 1 {
		for _, cal := range c.Calendars {
			return cal
		}
	}
	return nil
}

// ConfigOf returns the wfe: section of a config, or the defaults.
func ConfigOf(cfg *lint.Config) *Config {
	if cfg != nil {
		if c, ok := cfg.Sections[SectionKey].(*Config); ok {
			return c
		}
	}
	return DefaultConfig()
}

var (
	sectionKeys  = []string{"engine", "clock", "culture", "server", "timer-period", "multi-server-interval", "calendar", "calendars"}
	calendarKeys = []string{"zone", "weekdays", "hours", "holidays"}
	weekdayNames = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}
)

type badFunc = func(n *yaml.Node, format string, args ...any) error

// parseSection reads the wfe: section.
func parseSection(v *yaml.Node, bad func(n *yaml.Node, format string, args ...any) error) (any, error) {
	c := DefaultConfig()
	if v.Kind != yaml.MappingNode {
		return nil, bad(v, "wfe: want a mapping of %s", strings.Join(sectionKeys, ", "))
	}
	var calNode *yaml.Node
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, x := v.Content[i], v.Content[i+1]
		switch k.Value {
		case "engine":
			e, ok := value.ParseEngine(x.Value)
			if !ok {
				return nil, bad(x, "wfe.engine %q: want 5-6 (5.0 to 6.0.2, the default), 4 (4.x) or docs (the 2026 documentation)%s", x.Value, lint.Suggest(x.Value, value.EngineNames))
			}
			c.Engine = e
		case "clock":
			switch {
			case x.Value == "utc":
				c.Clock = time.UTC
			case strings.HasPrefix(x.Value, "local:"):
				loc, err := time.LoadLocation(strings.TrimPrefix(x.Value, "local:"))
				if err != nil || strings.TrimPrefix(x.Value, "local:") == "" {
					return nil, bad(x, "wfe.clock %q: the zone is not an IANA zone such as local:Europe/Berlin", x.Value)
				}
				c.Clock = loc
			default:
				return nil, bad(x, "wfe.clock %q: want utc or local:<IANA zone>, such as local:Europe/Berlin", x.Value)
			}
		case "culture":
			cu, ok := value.LookupCulture(x.Value)
			if !ok {
				return nil, bad(x, "wfe.culture: unknown culture %q%s", x.Value, lint.Suggest(x.Value, value.CultureNames()))
			}
			c.Culture = cu
		case "server":
			switch x.Value {
			case "single":
				c.Multi = false
			case "multi":
				c.Multi = true
			default:
				return nil, bad(x, "wfe.server %q%s", x.Value, lint.Suggest(x.Value, []string{"single", "multi"}))
			}
		case "timer-period", "multi-server-interval":
			d, err := simcore.ParsePositiveDuration(x.Value)
			if err != nil {
				return nil, bad(x, "wfe.%s %q: want a positive duration such as 1s, 500ms or PT1S", k.Value, x.Value)
			}
			if k.Value == "timer-period" {
				c.Period = d
			} else {
				c.Interval = d
			}
		case "calendar":
			c.Calendar = x.Value
			calNode = x
		case "calendars":
			if x.Kind != yaml.MappingNode {
				return nil, bad(x, "wfe.calendars: want a mapping of calendar names to calendars")
			}
			c.Calendars = map[string]*value.Calendar{}
			for j := 0; j+1 < len(x.Content); j += 2 {
				cal, err := parseCalendar(x.Content[j].Value, x.Content[j+1], bad)
				if err != nil {
					return nil, err
				}
				c.Calendars[cal.Name] = cal
			}
		default:
			return nil, bad(k, "wfe: unknown key %q%s", k.Value, lint.Suggest(k.Value, sectionKeys))
		}
	}
	if calNode != nil {
		if _, ok := c.Calendars[c.Calendar]; !ok {
			var names []string
			for n := range c.Calendars {
				names = append(names, n)
			}
			slices.Sort(names)
			return nil, bad(calNode, "wfe.calendar: no calendar %q in wfe.calendars%s", c.Calendar, lint.Suggest(c.Calendar, names))
		}
	}
	return c, nil
}

// parseCalendar reads one work calendar.
func parseCalendar(name string, v *yaml.Node, bad badFunc) (*value.Calendar, error) {
	cal := &value.Calendar{Name: name, Zone: time.UTC, Start: 9 * time.Hour, End: 17 * time.Hour, Holidays: map[string]bool{}}
	for _, d := range []time.Weekday{time.Monday, time.Tuesday, time.Wednesday, time.Thursday, time.Friday} {
		cal.Weekdays[d] = true
	}
	if v.Kind != yaml.MappingNode {
		return nil, bad(v, "wfe.calendars.%s: want a mapping of %s", name, strings.Join(calendarKeys, ", "))
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, x := v.Content[i], v.Content[i+1]
		switch k.Value {
		case "zone":
			loc, err := time.LoadLocation(x.Value)
			if err != nil || x.Value == "" {
				return nil, bad(x, "wfe.calendars.%s.zone %q: want an IANA zone such as Europe/Berlin", name, x.Value)
			}
			cal.Zone = loc
		case "weekdays":
			if x.Kind != yaml.SequenceNode {
				return nil, bad(x, "wfe.calendars.%s.weekdays: want a list such as [mon, tue, wed, thu, fri]", name)
			}
			cal.Weekdays = [7]bool{}
			for _, d := range x.Content {
				i := slices.Index(weekdayNames, strings.ToLower(d.Value))
				if i < 0 {
					return nil, bad(d, "wfe.calendars.%s.weekdays: unknown weekday %q%s", name, d.Value, lint.Suggest(d.Value, weekdayNames))
				}
				cal.Weekdays[i] = true
			}
		case "hours":
			a, b, ok := strings.Cut(x.Value, "-")
			start, err1 := value.ParseTimeOfDay(a)
			end, err2 := value.ParseTimeOfDay(b)
			if !ok || err1 != nil || err2 != nil {
				return nil, bad(x, "wfe.calendars.%s.hours %q: want HH:mm-HH:mm, such as 09:00-17:00", name, x.Value)
			}
			cal.Start = offset(start)
			cal.End = offset(end)
		case "holidays":
			if x.Kind != yaml.SequenceNode {
				return nil, bad(x, "wfe.calendars.%s.holidays: want a list of dates such as [2026-12-25]", name)
			}
			for _, d := range x.Content {
				if _, err := time.Parse("2006-01-02", d.Value); err != nil {
					return nil, bad(d, "wfe.calendars.%s.holidays: %q is not a date yyyy-MM-dd", name, d.Value)
				}
				cal.Holidays[d.Value] = true
			}
		default:
			return nil, bad(k, "wfe.calendars.%s: unknown key %q%s", name, k.Value, lint.Suggest(k.Value, calendarKeys))
		}
	}
	if err := cal.Valid(); err != nil {
		return nil, bad(v, "wfe.calendars.%s: %v", name, err)
	}
	return cal, nil
}

func offset(t value.TimeOfDay) time.Duration {
	return time.Duration(t.Hour)*time.Hour + time.Duration(t.Minute)*time.Minute + time.Duration(t.Second)*time.Second
}
