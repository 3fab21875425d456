package lint

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestParseConfigDuration: the config's one duration grammar, Go syntax
// and ISO 8601 of exact length, with the exact length of each.
func TestParseConfigDuration(t *testing.T) {
	for s, want := range map[string]time.Duration{
		"0": 0, "1s": time.Second, "500ms": 500 * time.Millisecond, "1m30s": 90 * time.Second, "2h": 2 * time.Hour, "10µs": 10 * time.Microsecond,
		"PT1S": time.Second, "PT0S": 0, "PT1.5S": 1500 * time.Millisecond, "PT1,5S": 1500 * time.Millisecond, "PT0.5H": 30 * time.Minute,
		"P1D": 24 * time.Hour, "PT1M": time.Minute, "PT1H30M": 90 * time.Minute, "P2DT1M": 48*time.Hour + time.Minute, "P1W": 7 * 24 * time.Hour, "P1DT2H3M4S": 26*time.Hour + 3*time.Minute + 4*time.Second, "PT90M": 90 * time.Minute,
		"PT0.000000001S": 1,
	} {
		got, err := ParseConfigDuration(s)
		if err != nil || got != want {
			t.Errorf("ParseConfigDuration(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "1", "-1s", "+1s", ".5s", "1.s", "P", "PT", "P1DT", "P1M", "P1Y", "P1W1D", "PT1H1H", "PT1S1M", "P1DT1D", "PT1M1H", "P1.5", "P1,D", "pt1s", "1 s", "P-1D", "PT1S ", "P99999999999D"} {
		if d, err := ParseConfigDuration(s); err == nil {
			t.Errorf("ParseConfigDuration(%q) = %v, want an error", s, d)
		}
	}
}

// TestFieldParser: keys are checked against their declaration (unknown
// keys suggest the nearest, nested paths name the key), defaults fill
// what is not set, sections of a TypeSectionMap keep the file's order,
// and a Build's error has the key's line.
func TestFieldParser(t *testing.T) {
	type cal struct {
		name  string
		hours string
	}
	section := &Field{Key: "eng", Type: TypeSection, Fields: []*Field{
		{Key: "mode", Type: TypeEnum, Enum: []string{"fast", "slow"}, Default: "slow"},
		{Key: "every", Type: TypeDuration, Positive: true, Default: "PT1S"},
		{Key: "pick", Type: TypeString},
		{Key: "cals", Type: TypeSectionMap, Fields: []*Field{{Key: "hours", Type: TypeString, Default: "9-17", Pattern: `[0-9]+-[0-9]+`, Want: "H-H"}},
			Build: func(v Values) (any, error) { return cal{v.Name(), v.String("hours")}, nil }},
	}, Build: func(v Values) (any, error) {
		if v.Has("pick") {
			for _, c := range v.Sections("cals") {
				if c.Name == v.String("pick") {
					return v, nil
				}
			}
			return nil, v.Errorf("pick", "eng.pick: no calendar %q", v.String("pick"))
		}
		return v, nil
	}}
	spec := ConfigSpec{Sections: []*Field{section}}
	cfg, err := ParseConfig("c.yaml", []byte("eng:\n  mode: fast\n  cals:\n    b: {hours: 8-16}\n    a: {}\n  pick: a\n"), spec)
	if err != nil {
		t.Fatal(err)
	}
	v := cfg.Section("eng").(Values)
	cals := v.Sections("cals")
	if v.String("mode") != "fast" || v.Duration("every") != time.Second || len(cals) != 2 ||
		cals[0].Value != (cal{"b", "8-16"}) || cals[1].Value != (cal{"a", "9-17"}) || !v.Has("mode") || v.Has("every") {
		t.Errorf("values %+v", v.vals)
	}
	for src, want := range map[string]string{
		"eng:\n  mod: fast\n":                `c.yaml:2:3: eng: unknown key "mod"; did you mean "mode"?`,
		"eng:\n  mode: fats\n":               `c.yaml:2:9: eng.mode "fats"; did you mean "fast"?`,
		"eng:\n  mode: 1\n":                  `c.yaml:2:9: eng.mode "1"`,
		"eng:\n  every: 0s\n":                `c.yaml:2:10: eng.every "0s": want a positive duration such as 1s, 500ms or PT1S`,
		"eng:\n  every: 0\n":                 `c.yaml:2:10: eng.every "0": want a positive duration`,
		"eng:\n  cals:\n    a: {hours: x}\n": `c.yaml:3:16: eng.cals.a.hours "x": want H-H`,
		"eng:\n  cals: {}\n  pick: z\n":      `c.yaml:3:9: eng.pick: no calendar "z"`,
		"eng:\n  pick: 12\n":                 `c.yaml:2:9: eng.pick: want a non-empty string`,
		"eng: [a]\n":                         `c.yaml:1:6: eng: want a mapping of mode, every, pick, cals`,
		"engx: {}\n":                         `c.yaml:1:1: unknown key "engx"; did you mean "eng"?`,
	} {
		_, err := ParseConfig("c.yaml", []byte(src), spec)
		var ce *ConfigError
		if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("config\n%s: err = %v, want %q", src, err, want)
		}
	}
	if d, err := DefaultSection(section); err != nil || d.(Values).Duration("every") != time.Second || d.(Values).String("mode") != "slow" {
		t.Errorf("DefaultSection = %+v, %v", d, err)
	}
}

// FuzzParseConfigDuration: a value is accepted only when it matches
// DurationPattern (what the schema checks; the parser refuses beyond it
// only a length past 290 years), never negative, and a Go form has
// time.ParseDuration's length.
func FuzzParseConfigDuration(f *testing.F) {
	for _, s := range []string{"1s", "0", "PT1.5S", "P1DT2H3M4S", "P1W", "1m30s", "-1s", "P1M", "PT", "10µs", "P99999999999D"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseConfigDuration(s)
		matches := durationRE().MatchString(s)
		if err == nil && !matches {
			t.Fatalf("%q accepted but the pattern refuses it", s)
		}
		if err != nil {
			if matches && !strings.Contains(err.Error(), "too long") && !strings.Contains(err.Error(), "invalid duration") {
				t.Fatalf("%q matches the pattern but is refused: %v", s, err)
			}
			return
		}
		if d < 0 {
			t.Fatalf("%q = %v, negative", s, d)
		}
		if !strings.HasPrefix(s, "P") {
			if want, _ := time.ParseDuration(s); want != d {
				t.Fatalf("%q = %v, time.ParseDuration says %v", s, d, want)
			}
		}
	})
}
