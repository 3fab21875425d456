package rules

import (
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/seams/seams-timers/lint"
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
// second, no work calendar: the declared defaults of the wfe: section.
func DefaultConfig() *Config {
	c, err := lint.DefaultSection(configSection)
	if err != nil {
		panic("the wfe: section's defaults: " + err.Error())
	}
	return c.(*Config)
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

// engineSpellings are the names wfe.engine takes: value.EngineNames and
// the builds' own numbers, which ParseEngine reads too.
var engineSpellings = []string{"5-6", "5", "6", "6.0.2", "4", "4.x", "docs"}

// weekdayNames are the weekdays a work calendar lists, in time.Weekday
// order; the capitalised spelling is accepted too.
var weekdayNames = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// zoneProblem refuses a name that is not an IANA zone.
func zoneProblem(name string) error {
	if _, err := time.LoadLocation(name); err != nil || name == "" || strings.EqualFold(name, "local") {
		return errors.New("want an IANA zone such as Europe/Berlin")
	}
	return nil
}

// calendarSection declares a work calendar of wfe.calendars.
var calendarSection = []*lint.Field{
	{Key: "zone", Type: lint.TypeString, Default: "UTC", Check: zoneProblem,
		Doc: "The calendar's zone, an IANA name such as Europe/Berlin (checked against the zone database by the parser)."},
	{Key: "weekdays", Type: lint.TypeList, NonEmpty: true, Default: []string{"mon", "tue", "wed", "thu", "fri"},
		Doc:  "The working days.",
		Item: &lint.Field{Type: lint.TypeEnum, Enum: append(slices.Clone(weekdayNames), "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat")}},
	{Key: "hours", Type: lint.TypeString, Default: "09:00-17:00",
		Pattern: `[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?-[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?`,
		Want:    "HH:mm-HH:mm, such as 09:00-17:00",
		Check: func(s string) error {
			a, b, _ := strings.Cut(s, "-")
			if _, err := value.ParseTimeOfDay(a); err != nil {
				return err
			}
			_, err := value.ParseTimeOfDay(b)
			return err
		},
		Doc: "The working hours of a working day, HH:mm-HH:mm."},
	{Key: "holidays", Type: lint.TypeList, Example: []string{"2026-12-25"},
		Doc: "Dates (yyyy-MM-dd) that are not working days.",
		Item: &lint.Field{Type: lint.TypeString, Pattern: `[0-9]{4}-[0-9]{2}-[0-9]{2}`, Want: "a date yyyy-MM-dd",
			Check: func(s string) error {
				_, err := time.Parse("2006-01-02", s)
				return err
			}}},
}

// configSection declares the wfe: section.
var configSection = &lint.Field{
	Key: SectionKey, Type: lint.TypeSection,
	Doc: "The OptimaJet Workflow Engine runtime the schemes run on.",
	Fields: []*lint.Field{
		{Key: "engine", Type: lint.TypeEnum, Enum: engineSpellings, Default: value.EngineNames[value.Engine6],
			Doc: "The build whose timer behaviour is modelled: 5-6 (5.0 to 6.0.2, the default), 4 (4.x) or docs (the 2026 documentation)."},
		{Key: "clock", Type: lint.TypeString, Default: "utc", Pattern: `utc|local:[A-Za-z0-9_+-]+(?:/[A-Za-z0-9_+-]+)*`,
			Want: "utc or local:<IANA zone>, such as local:Europe/Berlin",
			Check: func(s string) error {
				if zone, ok := strings.CutPrefix(s, "local:"); ok {
					return zoneProblem(zone)
				}
				return nil
			},
			Doc: "The runtime's clock: utc (UseUtcDateTimeAsRuntimeTime) or local:<IANA zone>."},
		{Key: "culture", Type: lint.TypeEnum, Enum: value.CultureNames(), Default: value.DefaultCulture.Name,
			Doc: "SchemeParsingCulture, which Date and DateAndTime values are parsed under."},
		{Key: "server", Type: lint.TypeEnum, Enum: []string{"single", "multi"}, Default: "single",
			Doc: "Single-server or multi-server mode."},
		{Key: "timer-period", Type: lint.TypeDuration, Positive: true, Default: "1s",
			Doc: "The single server's TimerPeriod: a positive duration, Go syntax (1s) or ISO 8601 (PT1S)."},
		{Key: "multi-server-interval", Type: lint.TypeDuration, Positive: true, Default: "1s",
			Doc: "The multi-server timer interval: a positive duration, Go syntax (10s) or ISO 8601 (PT10S)."},
		{Key: "calendar", Type: lint.TypeString, Example: "default",
			Doc: "The calendar of wfe.calendars that work-calendar units count in (default: the one named default, or the only one)."},
		{Key: "calendars", Type: lint.TypeSectionMap, Fields: calendarSection, Build: buildCalendar, Example: map[string]any{"default": map[string]any{}},
			Doc: "Work calendars by name."},
	},
	Build: buildConfig,
}

// buildConfig turns the parsed wfe: section into the runtime's Config.
func buildConfig(v lint.Values) (any, error) {
	e, ok := value.ParseEngine(v.String("engine"))
	if !ok {
		return nil, v.Errorf("engine", "wfe.engine %q: want one of %s", v.String("engine"), strings.Join(value.EngineNames, ", "))
	}
	c := &Config{Engine: e, Clock: time.UTC, Multi: v.String("server") == "multi", Period: v.Duration("timer-period"), Interval: v.Duration("multi-server-interval")}
	if zone, ok := strings.CutPrefix(v.String("clock"), "local:"); ok {
		loc, err := time.LoadLocation(zone)
		if err != nil {
			return nil, v.Errorf("clock", "wfe.clock %q: the zone is not an IANA zone such as local:Europe/Berlin", v.String("clock"))
		}
		c.Clock = loc
	}
	cu, ok := value.LookupCulture(v.String("culture"))
	if !ok {
		return nil, v.Errorf("culture", "wfe.culture: unknown culture %q", v.String("culture"))
	}
	c.Culture = cu
	if v.Has("calendars") {
		c.Calendars = map[string]*value.Calendar{}
		for _, n := range v.Sections("calendars") {
			c.Calendars[n.Name] = n.Value.(*value.Calendar)
		}
	}
	if v.Has("calendar") {
		c.Calendar = v.String("calendar")
		if _, ok := c.Calendars[c.Calendar]; !ok {
			var names []string
			for n := range c.Calendars {
				names = append(names, n)
			}
			slices.Sort(names)
			return nil, v.Errorf("calendar", "wfe.calendar: no calendar %q in wfe.calendars%s", c.Calendar, lint.Suggest(c.Calendar, names))
		}
	}
	return c, nil
}

// buildCalendar turns a parsed calendar of wfe.calendars into a work
// calendar.
func buildCalendar(v lint.Values) (any, error) {
	cal := &value.Calendar{Name: v.Name(), Holidays: map[string]bool{}}
	loc, err := time.LoadLocation(v.String("zone"))
	if err != nil {
		return nil, v.Errorf("zone", "%s.zone %q: want an IANA zone such as Europe/Berlin", v.Path(), v.String("zone"))
	}
	cal.Zone = loc
	for _, d := range v.Strings("weekdays") {
		cal.Weekdays[slices.Index(weekdayNames, strings.ToLower(d))] = true
	}
	a, b, _ := strings.Cut(v.String("hours"), "-")
	start, err1 := value.ParseTimeOfDay(a)
	end, err2 := value.ParseTimeOfDay(b)
	if err1 != nil || err2 != nil {
		return nil, v.Errorf("hours", "%s.hours %q: want HH:mm-HH:mm, such as 09:00-17:00", v.Path(), v.String("hours"))
	}
	cal.Start, cal.End = offset(start), offset(end)
	for _, d := range v.Strings("holidays") {
		cal.Holidays[d] = true
	}
	if err := cal.Valid(); err != nil {
		return nil, v.SectionErrorf("%s: %v", v.Path(), err)
	}
	return cal, nil
}

func offset(t value.TimeOfDay) time.Duration {
	return time.Duration(t.Hour)*time.Hour + time.Duration(t.Minute)*time.Minute + time.Duration(t.Second)*time.Second
}
