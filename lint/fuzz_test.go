package lint

import (
	"errors"
	"testing"
)

// FuzzParseConfig: any bytes give a config or a *ConfigError (or several,
// in a *ConfigErrors), never a panic.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"extends: strict\nrules:\n  TMR1004: off\n",
		"vocabulary:\n  proc: https://w3id.org/seams/proc#\n",
		"map:\n  https://example.com/m/: models\nexclude: [\"*.tmp\"]\n",
		"a: &x [1]\nb: *x\n",
		"extends: a\n---\nextends: b\n",
		"scheduler: {poll: PT1S}\nnow: 2026-11-01T12:00:00Z\n",
		"rules: {TMR1004: error, TMR1004: off}\n",
		"eng:\n  cals:\n    a: {hours: 9-17, days: [mon]}\n  every: PT1,5S\n",
		"eng: {every: 0}\n",
		"overrides:\n  - paths: [legacy/, \"!legacy/keep/\"]\n    rules: {TMR1031: off}\n",
		"overrides: [{rules: {TMR1031: fatal}}, {paths: []}, x]\nextend: 1\nrules: {TMR9: off}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		cfg, err := ParseConfig("c.yaml", src, fuzzSpec)
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T %v is not a *ConfigError", err, err)
			}
			var ces *ConfigErrors
			if errors.As(err, &ces) && (len(ces.Errs) < 2 || len(ces.Errs) > MaxConfigErrors) {
				t.Fatalf("%d problems in a *ConfigErrors", len(ces.Errs))
			}
			return
		}
		if cfg == nil {
			t.Fatal("no config and no error")
		}
	})
}

// fuzzSpec declares, besides the core's keys, a section of every field
// type, as the engines' are written.
var fuzzSpec = ConfigSpec{Rules: testRules, Sections: []*Field{
	{Key: "scheduler", Type: TypeSection, Fields: []*Field{{Key: "poll", Type: TypeDuration, Positive: true, Default: "1s"}}},
	{Key: "map", Type: TypeStringMap},
	{Key: "eng", Type: TypeSection, Fields: []*Field{
		{Key: "every", Type: TypeDuration, Default: "0"},
		{Key: "mode", Type: TypeEnum, Enum: []string{"a", "b"}},
		{Key: "cals", Type: TypeSectionMap, Fields: []*Field{
			{Key: "hours", Type: TypeString, Pattern: `[0-9]+-[0-9]+`, Check: func(string) error { return nil }},
			{Key: "days", Type: TypeList, NonEmpty: true, Item: &Field{Type: TypeEnum, Enum: []string{"mon", "tue"}}},
		}, Build: func(v Values) (any, error) { return v.Name(), nil }},
	}, Build: func(v Values) (any, error) {
		if v.Has("mode") && v.String("mode") == "b" {
			return nil, v.Errorf("mode", "eng.mode: b is refused")
		}
		return v, nil
	}},
}}
