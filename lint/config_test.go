package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testSpec validates configs against testRules and two sections shaped
// as the BPMN engine's scheduler: and map: (which that engine declares,
// in bpmn/rules/config.go).
var testSpec = ConfigSpec{Rules: testRules, Sections: []*Field{
	{Key: "scheduler", Type: TypeSection, Fields: []*Field{{Key: "poll", Type: TypeDuration, Positive: true, Default: "1s"}}},
	{Key: "map", Type: TypeStringMap},
}}

var testRules = []*Rule{
	{ID: "TMR1031", Name: "cycle-no-start", Severity: SeverityError},
	{ID: "TMR1034", Name: "cycle-calendar-period", Severity: SeverityWarning},
}

func TestParseConfig(t *testing.T) {
	cfg, err := LoadConfig("testdata/config/strict.yaml", testSpec)
	if err != nil {
		t.Fatal(err)
	}
	sched, _ := cfg.Section("scheduler").(Values)
	if cfg.Extends != "strict" || sched.Duration("poll") != 5*time.Second || len(cfg.Exclude) != 2 {
		t.Errorf("unexpected config %+v", cfg)
	}
	if !cfg.Now.Equal(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)) {
		t.Errorf("now = %v", cfg.Now)
	}
	levels := cfg.Levels(testRules)
	if !levels["TMR1034"].Off || levels["TMR1031"].Severity != SeverityError {
		t.Errorf("levels = %+v", levels)
	}
	if got := cfg.Section("map").(map[string]string)["https://example.com/models/"]; got != "../models" {
		t.Errorf("map dir = %q, want it as written (its engine resolves it)", got)
	}
}

func TestStrictRaisesWarnings(t *testing.T) {
	cfg, err := ParseConfig("c.yaml", []byte("extends: strict\n"), testSpec)
	if err != nil {
		t.Fatal(err)
	}
	if l := cfg.Levels(testRules)["TMR1034"]; l.Severity != SeverityError {
		t.Errorf("strict: TMR1034 = %+v, want error", l)
	}
}

func TestConfigErrorsSuggest(t *testing.T) {
	cases := []struct{ src, want string }{
		{"extend: strict\n", `c.yaml:1: unknown key "extend"; did you mean "extends"?`},
		{"extends: strictest\n", `did you mean "strict"?`},
		{"rules:\n  TMR1032: off\n", `c.yaml:2: unknown rule "TMR1032"; did you mean "TMR1031"?`},
		{"rules:\n  cycle-no-stert: off\n", `did you mean "cycle-no-start"?`},
		{"rules:\n  TMR1031: fatal\n", `unknown level "fatal"`},
		{"scheduler:\n  poll: P1M\n", `scheduler.poll "P1M"`},
		{"now: yesterday\n", `now "yesterday"`},
		{"- a\n- b\n", "must be a mapping"},
		{"rules: [\n", "not YAML"},
	}
	for _, c := range cases {
		_, err := ParseConfig("c.yaml", []byte(c.src), testSpec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want it to contain %q", c.src, err, c.want)
		}
	}
	if _, err := ParseConfig("c.yaml", nil, testSpec); err != nil {
		t.Errorf("an empty config is valid: %v", err)
	}
}

func TestFindConfigFromNestedDirectory(t *testing.T) {
	root := t.TempDir()
	nested := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(nested, 0o755); err != nil {
		t.Fatal(err)
	}
	if got := FindConfig(nested); got != "" && strings.HasPrefix(got, root) {
		t.Fatalf("found %q before writing one", got)
	}
	want := filepath.Join(root, "a", ConfigFileName)
	if err := os.WriteFile(want, []byte("extends: strict\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(nested, "m.bpmn")
	if err := os.WriteFile(model, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, start := range []string{nested, model} {
		if got := FindConfig(start); got != want {
			t.Errorf("FindConfig(%s) = %q, want %q", start, got, want)
		}
	}
}
