package lint

import (
	"errors"
	"fmt"
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
		{"extend: strict\n", `c.yaml:1:1: unknown key "extend"; did you mean "extends"?`},
		{"extends: strictest\n", `did you mean "strict"?`},
		{"rules:\n  TMR1032: off\n", `c.yaml:2:3: unknown rule "TMR1032"; did you mean "TMR1031"?`},
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

// TestConfigReportsEveryProblem: every problem of a file is reported, in
// file order, each with its line and column, not only the first; past
// MaxConfigErrors a last line counts the rest.
func TestConfigReportsEveryProblem(t *testing.T) {
	src := "extend: strict\nrules:\n  TMR1032: off\n  TMR1031: fatal\n  cycle-no-start: warning\nscheduler:\n  poll: 0s\n  pol: 1s\nnow: yesterday\nexclude: [a, 3]\n"
	_, err := ParseConfig("c.yaml", []byte(src), testSpec)
	var ces *ConfigErrors
	if !errors.As(err, &ces) {
		t.Fatalf("err = %v (%T), want *ConfigErrors", err, err)
	}
	want := []string{
		`c.yaml:1:1: unknown key "extend"; did you mean "extends"?`,
		`c.yaml:3:3: unknown rule "TMR1032"; did you mean "TMR1031"?`,
		`c.yaml:4:12: rule TMR1031: unknown level "fatal"`,
		`c.yaml:7:9: scheduler.poll "0s": want a positive duration`,
		`c.yaml:8:3: scheduler: unknown key "pol"; did you mean "poll"?`,
		`c.yaml:9:6: now "yesterday": want an RFC 3339 time`,
		`c.yaml:10:14: exclude: want a path pattern`,
	}
	lines := ces.Lines()
	if len(lines) != len(want) {
		t.Fatalf("%d problems, want %d:\n%s", len(lines), len(want), err)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("problem %d = %q, want it to start with %q", i+1, lines[i], w)
		}
	}
	var first *ConfigError
	if !errors.As(err, &first) || first.Line != 1 {
		t.Errorf("errors.As finds %+v, want the first problem", first)
	}

	var many strings.Builder
	many.WriteString("rules:\n")
	for i := range MaxConfigErrors + 7 {
		fmt.Fprintf(&many, "  TMR9%03d: off\n", i)
	}
	_, err = ParseConfig("c.yaml", []byte(many.String()), testSpec)
	if !errors.As(err, &ces) || len(ces.Errs) != MaxConfigErrors || ces.More != 7 ||
		!strings.HasSuffix(err.Error(), fmt.Sprintf("c.yaml: 7 more problems not shown (the first %d are)", MaxConfigErrors)) {
		t.Errorf("%d unknown rules: %v", MaxConfigErrors+7, err)
	}
}

// TestConfigErrorQuotesLongValuesShort: a long rule name (or key, or
// value; 1 MB here, as the 10 MB one, which YAML takes seconds to
// read) is quoted up to an ellipsis, with its length: the error stays a
// line.
func TestConfigErrorQuotesLongValuesShort(t *testing.T) {
	name := strings.Repeat("x", 1<<20)
	// YAML reads a key past 1024 characters only in the explicit form.
	for _, src := range []string{"rules:\n  ? " + name + "\n  : off\n", "? " + name + "\n: 1\n", "extends: " + name + "\n", "scheduler:\n  poll: " + name + "\n"} {
		_, err := ParseConfig("c.yaml", []byte(src), testSpec)
		if err == nil || len(err.Error()) > 400 || !strings.Contains(err.Error(), `…" (1048576 bytes)`) {
			msg := "<nil>"
			if err != nil {
				msg = err.Error()[:min(400, len(err.Error()))]
			}
			t.Errorf("error on a 1 MB value: %d bytes, want a short one with the length: %s", len(msg), msg)
		}
	}
}

// TestConfigFixtures: each valid-* config of testdata/config parses
// clean; each invalid-* one reports exactly the problems its "# want
// LINE:COL message" comments expect, every one at once.
func TestConfigFixtures(t *testing.T) {
	paths, err := filepath.Glob("testdata/config/*-*.yaml")
	if err != nil || len(paths) < 2 {
		t.Fatalf("fixtures: %v %v", paths, err)
	}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, perr := ParseConfig(path, src, testSpec)
		if strings.HasPrefix(filepath.Base(path), "valid-") {
			if perr != nil {
				t.Errorf("%s: %v", path, perr)
			}
			continue
		}
		var want []string
		for _, line := range strings.Split(string(src), "\n") {
			if _, w, ok := strings.Cut(line, "# want "); ok {
				want = append(want, path+":"+strings.Replace(w, " ", ": ", 1))
			}
		}
		var got []string
		var ces *ConfigErrors
		var ce *ConfigError
		switch {
		case errors.As(perr, &ces):
			got = ces.Lines()
		case errors.As(perr, &ce):
			got = []string{ce.Error()}
		}
		if len(want) == 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: problems\n%s\nwant\n%s", path, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestOverridesParsed: the entries of overrides, in order, with their
// paths and levels by rule ID.
func TestOverridesParsed(t *testing.T) {
	cfg, err := LoadConfig("testdata/config/valid-overrides.yaml", testSpec)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Overrides) != 2 {
		t.Fatalf("overrides = %+v", cfg.Overrides)
	}
	o := cfg.Overrides[0]
	if strings.Join(o.Paths, " ") != "legacy/ *.draft.bpmn" || !o.Rules["TMR1031"].Off || o.Rules["TMR1034"].Severity != SeverityWarning || o.Line != 5 {
		t.Errorf("first override = %+v", o)
	}
	if o := cfg.Overrides[1]; o.Rules["TMR1031"].Severity != SeverityError || len(o.Paths) != 2 {
		t.Errorf("second override = %+v", o)
	}
}
