package genschema

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// TestSchemaUpToDate fails when lint/config.schema.json is not what the
// declared keys generate: run go generate ./... and commit the result.
func TestSchemaUpToDate(t *testing.T) {
	want, err := lint.GenerateConfigSchema(Spec())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../lint/config.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("lint/config.schema.json is stale: run go generate ./... and commit the result")
	}
	if !bytes.Equal(lint.ConfigSchema, want) {
		t.Error("the schema embedded in lint is not the generated one")
	}
}

// leaf is a key of the config that holds a value (not a section), with
// the dotted path to it; a section of a TypeSectionMap is named "x".
type leaf struct {
	path []string
	f    *lint.Field
}

func leaves(path []string, fields []*lint.Field) []leaf {
	var out []leaf
	for _, f := range fields {
		p := append(slices.Clone(path), f.Key)
		switch f.Type {
		case lint.TypeSection:
			out = append(out, leaves(p, f.Fields)...)
		case lint.TypeSectionMap:
			out = append(out, leaves(append(p, "x"), f.Fields)...)
		default:
			out = append(out, leaf{p, f})
		}
	}
	return out
}

// configAt is a config that sets the key at path to the YAML text value.
func configAt(path []string, value string) string {
	var b strings.Builder
	for i, k := range path {
		b.WriteString(strings.Repeat("  ", i) + k + ":")
		if i == len(path)-1 {
			b.WriteString(" " + value)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// yamlText writes a Default or Example as flow YAML.
func yamlText(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("%q", x)
	case []string:
		q := make([]string, len(x))
		for i, s := range x {
			q[i] = fmt.Sprintf("%q", s)
		}
		return "[" + strings.Join(q, ", ") + "]"
	case map[string]string:
		var kv []string
		for k, s := range x {
			kv = append(kv, fmt.Sprintf("%q: %q", k, s))
		}
		slices.Sort(kv)
		return "{" + strings.Join(kv, ", ") + "}"
	case map[string]any:
		var kv []string
		for k, v := range x {
			kv = append(kv, fmt.Sprintf("%q: %s", k, yamlText(v)))
		}
		slices.Sort(kv)
		return "{" + strings.Join(kv, ", ") + "}"
	case []map[string]any:
		items := make([]string, len(x))
		for i, m := range x {
			items[i] = yamlText(m)
		}
		return "[" + strings.Join(items, ", ") + "]"
	}
	panic(fmt.Sprintf("no YAML for %T", v))
}

// candidates are values of every kind the config's keys take, right and
// wrong: every key is given each of them, and the parser and the schema
// must agree on it.
var candidates = []string{
	`0`, `1`, `""`, `x`, `true`, `null`, `[a]`, `[]`, `{a: b}`, `{}`,
	`1s`, `500ms`, `1m30s`, `"0"`, `0s`, `PT0S`, `PT1S`, `P1D`, `P1W`, `PT1.5H`, `PT1,5S`, `P1DT2H`, `-1s`, `+1s`, `P1M`, `P1Y`, `PT`, `P`, `P1DT`, `1`, `1.5`, `.5s`, `1h2`, `10µs`,
	`2026-12-25`, `"2026-12-25"`, `2026-11-01T12:00:00Z`, `"2026-11-01T12:00:00+01:00"`, `2026-11-01 12:00:00`, `yesterday`,
	`utc`, `local:Europe/Berlin`, `local:`, `Europe/Berlin`, `UTC`, `Local`, `Mars/Olympus`,
	`mon`, `Mon`, `MON`, `[mon, fri]`, `[Mon, SUN]`, `[fry]`, `["2026-12-25"]`, `[2026-12-25]`, `[2026-13-45]`,
	`09:00-17:00`, `9:00-17:30:15`, `17:00-09:00`, `25:00-26:00`, `0900-1700`,
	`https://w3id.org/seams/proc#`, `urn:x:seam/`, `https://example.com/seam`, `"not an iri#"`, `"https://example.com/a>#"`,
	`{TMR1031: error}`, `{cycle-no-start: off}`, `{TMR1031: fatal}`, `{TMR9999: off}`, `[vendor/*]`, `["["]`,
	`[{paths: [legacy/], rules: {TMR1031: off}}]`, `[{paths: [legacy/]}]`, `[{rules: {TMR1031: off}}]`, `[{paths: [], rules: {TMR1031: off}}]`,
	`[{paths: [x], rules: {TMR9999: off}}]`, `[{paths: [x], rules: {}, extra: 1}]`, `[{paths: x, rules: {}}]`,
	`single`, `multi`, `mutli`, `en-US`, `de-AT`, `main`, `documented`, `latest`, `recommended`, `strict`,
}

// semantic are the keys whose section's Build refuses values the schema
// cannot judge alone: wfe.calendar must name one of wfe.calendars, and a
// calendar's working hours must end after they start.
var semantic = map[string]bool{"wfe.calendar": true, "wfe.calendars.x.hours": true}

// TestParserAndSchemaAgree holds every key of every section, the core's
// and each engine's, to both the parser and the published schema: its
// default or example is valid to both, and every candidate value is
// accepted by both or refused by both, except where the parser checks
// what a schema cannot (Field.Check: an IANA zone, a date that exists).
func TestParserAndSchemaAgree(t *testing.T) {
	spec := Spec()
	all := leaves(nil, spec.Fields())
	if len(all) < 20 {
		t.Fatalf("only %d keys declared", len(all))
	}
	for _, l := range all {
		key := strings.Join(l.path, ".")
		values := slices.Clone(candidates)
		for _, e := range l.f.Enum {
			values = append(values, e, e+"x")
		}
		good := l.f.Default
		if good == nil {
			good = l.f.Example
		}
		if good == nil {
			t.Errorf("%s declares neither a default nor an example", key)
		} else {
			values = append(values, yamlText(good))
			src := configAt(l.path, yamlText(good))
			if _, err := lint.ParseConfig("c.yaml", []byte(src), spec); err != nil && !semantic[key] {
				t.Errorf("%s: its default or example %s is refused: %v", key, yamlText(good), err)
			}
			if problems, err := ValidateConfigSchema([]byte(src)); err != nil || len(problems) > 0 {
				t.Errorf("%s: the schema refuses its default or example %s: %v %v", key, yamlText(good), problems, err)
			}
		}
		if l.f.Doc == "" && l.f.Key != "" && len(l.path) > 0 && l.f.Type != lint.TypeRuleLevels {
			t.Errorf("%s has no doc", key)
		}
		for _, v := range values {
			src := configAt(l.path, v)
			_, perr := lint.ParseConfig("c.yaml", []byte(src), spec)
			problems, err := ValidateConfigSchema([]byte(src))
			if err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			parserOK, schemaOK := perr == nil, len(problems) == 0
			if parserOK == schemaOK {
				continue
			}
			if !parserOK && schemaOK && (semantic[key] || checkRefuses(l.f, v)) {
				continue
			}
			t.Errorf("%s: %s: the parser says %v, the schema %v", key, v, errText(perr), problems)
		}
	}
}

// checkRefuses reports whether the field's Check (or its items') refuses
// the value written as YAML text v: a refusal the schema cannot make.
func checkRefuses(f *lint.Field, v string) bool {
	if f.Type == lint.TypeList && f.Item != nil {
		f = f.Item
		v = strings.Trim(v, "[]")
	}
	if f.Check == nil {
		return false
	}
	for _, s := range strings.Split(v, ",") {
		if f.Check(strings.Trim(strings.TrimSpace(s), `"`)) != nil {
			return true
		}
	}
	return false
}

func errText(err error) string {
	var ce *lint.ConfigError
	if errors.As(err, &ce) {
		return "no: " + ce.Msg
	}
	if err != nil {
		return err.Error()
	}
	return "yes"
}

// TestIssueExample: `cadence: {timer-late: 0}`, which `config validate`
// passed and the hand-written schema refused, is valid to both now, and
// a negative lateness invalid to both.
func TestIssueExample(t *testing.T) {
	for src, valid := range map[string]bool{"cadence: {timer-late: 0}\n": true, "cadence: {timer-late: \"-1s\"}\n": false} {
		_, perr := lint.ParseConfig("c.yaml", []byte(src), Spec())
		problems, err := ValidateConfigSchema([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if (perr == nil) != valid || (len(problems) == 0) != valid {
			t.Errorf("%q: parser %v, schema %v; want valid=%v", src, perr, problems, valid)
		}
	}
}

// TestExampleConfigsMatchSchema validates every config the repository
// ships against the JSON Schema, and checks that the schema refuses what
// the parser refuses.
func TestExampleConfigsMatchSchema(t *testing.T) {
	files := []string{"../../lint/testdata/config/strict.yaml", "../../lint/testdata/config/valid-overrides.yaml", "../../examples/" + lint.ConfigFileName, "../../examples/wfe/" + lint.ConfigFileName, "../../examples/wfe/broken/" + lint.ConfigFileName}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		problems, err := ValidateConfigSchema(src)
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) > 0 {
			t.Errorf("%s: %v", f, problems)
		}
		if _, err := lint.ParseConfig(f, src, Spec()); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	invalid, err := os.ReadFile("../../lint/testdata/config/invalid-overrides.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"extend: strict\n", "rules:\n  TMR1031: fatal\n", "scheduler:\n  poll: 0s\n", "exclude: x\n", "now: yesterday\n", string(invalid)} {
		problems, err := ValidateConfigSchema([]byte(bad))
		if err != nil {
			t.Fatal(err)
		}
		if len(problems) == 0 {
			t.Errorf("the schema accepts %q", bad)
		}
	}
}
