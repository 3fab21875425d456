package sim_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	bpmnsim "github.com/seams/seams-timers/bpmn/sim"
	"github.com/seams/seams-timers/sim"
	sfsim "github.com/seams/seams-timers/stateflows/sim"
	wfesim "github.com/seams/seams-timers/wfe/sim"
)

// scenarioKind is one engine's scenario: its schema, its keys and its
// parser.
type scenarioKind struct {
	name   string
	schema []byte
	keys   []string
	parse  func([]byte) error
	// valid are scenarios the parser and the schema accept.
	valid []string
}

func kinds() []scenarioKind {
	return []scenarioKind{
		{"bpmn", bpmnsim.ScenarioSchema, bpmnsim.ScenarioKeys(), func(b []byte) error { _, err := bpmnsim.ParseScenario(b); return err },
			[]string{"from: 2026-11-01T00:00:00Z\nstep: 1m\nlease: PT30S\ndown: 2026-11-02T00:00:00Z/2026-11-03T00:00:00Z\n"}},
		{"wfe", wfesim.ScenarioSchema, wfesim.ScenarioKeys, func(b []byte) error { _, err := wfesim.ParseScenario(b); return err },
			[]string{"from: 2026-11-01T00:00:00Z\nstep: PT2S\ninterval: 500ms\ndown: [2026-11-02T00:00:00Z/2026-11-03T00:00:00Z]\n"}},
		{"stateflows", sfsim.ScenarioSchema, sfsim.ScenarioKeys, func(b []byte) error { _, err := sfsim.ParseScenario(b); return err },
			[]string{"from: 2026-11-01T00:00:00Z\nuntil: 2026-11-08T00:00:00Z\ndown: 2026-11-02T00:00:00Z/2026-11-03T00:00:00Z\n"}},
	}
}

func compile(t *testing.T, name string, src []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	url := "https://example.invalid/" + name + ".schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// yamlJSON reads a YAML scenario into JSON values, timestamps as text.
func yamlJSON(t *testing.T, src string) any {
	t.Helper()
	var v any
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(src), &n); err != nil {
		t.Fatal(err)
	}
	var walk func(*yaml.Node) any
	walk = func(n *yaml.Node) any {
		switch n.Kind {
		case yaml.DocumentNode:
			return walk(n.Content[0])
		case yaml.MappingNode:
			m := map[string]any{}
			for i := 0; i+1 < len(n.Content); i += 2 {
				m[n.Content[i].Value] = walk(n.Content[i+1])
			}
			return m
		case yaml.SequenceNode:
			l := []any{}
			for _, c := range n.Content {
				l = append(l, walk(c))
			}
			return l
		}
		var x any
		if n.Tag == "!!int" || n.Tag == "!!bool" {
			_ = n.Decode(&x)
			return x
		}
		return n.Value
	}
	raw, err := json.Marshal(walk(&n))
	if err != nil {
		t.Fatal(err)
	}
	if v, err = jsonschema.UnmarshalJSON(bytes.NewReader(raw)); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestScenarioSchemas: every scenario kind's schema holds the core's
// definitions of an instant, a duration and a window as sim/defs.schema.json
// writes them, names exactly the keys its parser reads, and accepts what
// the parser accepts; and the header's keys are each kind's (stateflows'
// without step).
func TestScenarioSchemas(t *testing.T) {
	var core struct {
		Defs map[string]any `json:"$defs"`
	}
	src, err := os.ReadFile("defs.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(src, &core); err != nil {
		t.Fatal(err)
	}
	for _, k := range kinds() {
		var s struct {
			Defs       map[string]any `json:"$defs"`
			Properties map[string]any `json:"properties"`
		}
		if err := json.Unmarshal(k.schema, &s); err != nil {
			t.Fatalf("%s: %v", k.name, err)
		}
		for _, d := range []string{"instant", "duration", "window"} {
			if got, ok := s.Defs[d]; ok && !reflect.DeepEqual(got, core.Defs[d]) {
				t.Errorf("%s: $defs.%s differs from sim/defs.schema.json's", k.name, d)
			}
		}
		props := slices.Sorted(maps.Keys(s.Properties))
		if keys := slices.Sorted(slices.Values(k.keys)); !slices.Equal(props, keys) {
			t.Errorf("%s: the schema's keys %v, the parser's %v", k.name, props, keys)
		}
		for _, h := range sim.HeaderKeys {
			if !slices.Contains(k.keys, h) && (k.name != "stateflows" || h != "step") {
				t.Errorf("%s: the scenario lacks the header's %s", k.name, h)
			}
		}
		sch := compile(t, k.name, k.schema)
		for _, v := range k.valid {
			if err := k.parse([]byte(v)); err != nil {
				t.Errorf("%s: the parser refuses %q: %v", k.name, v, err)
			}
			if err := sch.Validate(yamlJSON(t, v)); err != nil {
				t.Errorf("%s: the schema refuses %q: %v", k.name, v, err)
			}
		}
		for _, bad := range []string{"from: 2026-11-01\n", "until: tomorrow\n", "down: 2026-11-02T00:00:00Z\n", "nosuchkey: 1\n"} {
			if k.parse([]byte(bad)) == nil {
				t.Errorf("%s: the parser accepts %q", k.name, bad)
			}
			if sch.Validate(yamlJSON(t, bad)) == nil {
				t.Errorf("%s: the schema accepts %q", k.name, bad)
			}
		}
	}
	// The config's durations are the same grammar.
	var cfg struct {
		Defs map[string]any `json:"$defs"`
	}
	src, err = os.ReadFile(filepath.Join("..", "lint", "config.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(src, &cfg); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cfg.Defs["duration"], core.Defs["duration"]) {
		t.Error("lint/config.schema.json's $defs.duration differs from sim/defs.schema.json's")
	}
	// The scenarios docs/scenario.md shows for each kind are valid.
	md, err := os.ReadFile(filepath.Join("..", "docs", "scenario.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range kinds()[1:] {
		blocks := regexp.MustCompile("(?s)```yaml "+k.name+"\n(.*?)```").FindAllStringSubmatch(string(md), -1)
		if len(blocks) == 0 {
			t.Errorf("docs/scenario.md shows no %s scenario", k.name)
		}
		for _, b := range blocks {
			if err := k.parse([]byte(b[1])); err != nil {
				t.Errorf("docs/scenario.md's %s scenario: %v", k.name, err)
			}
			if err := compile(t, k.name, k.schema).Validate(yamlJSON(t, b[1])); err != nil {
				t.Errorf("docs/scenario.md's %s scenario: %v", k.name, err)
			}
		}
	}
	// The shipped Workflow Engine scenario is valid.
	wfe := kinds()[1]
	src, err = os.ReadFile(filepath.Join("..", "examples", "wfe", "scenario.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := compile(t, "wfe", wfe.schema).Validate(yamlJSON(t, string(src))); err != nil {
		t.Errorf("examples/wfe/scenario.yaml: %v", err)
	}
}

// TestDurationSchema: the core's duration pattern accepts the durations
// the parser reads, in both syntaxes, and refuses what it refuses by form.
func TestDurationSchema(t *testing.T) {
	var core struct {
		Defs map[string]struct{ Pattern string } `json:"$defs"`
	}
	src, _ := os.ReadFile("defs.schema.json")
	if err := json.Unmarshal(src, &core); err != nil {
		t.Fatal(err)
	}
	doc := []byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string", "pattern": ` + mustJSON(t, core.Defs["duration"].Pattern) + `}`)
	sch := compile(t, "duration", doc)
	for _, good := range []string{"PT1S", "P7D", "P2W", "P1DT2H3M4S", "PT0.5S", "1s", "90m", "1h30m", "500ms", "1.5h"} {
		if _, err := sim.ParseDuration(good); err != nil {
			t.Errorf("the parser refuses %q: %v", good, err)
		}
		if err := sch.Validate(good); err != nil {
			t.Errorf("the schema refuses %q: %v", good, err)
		}
	}
	for _, bad := range []string{"P1M", "P1Y", "-PT1S", "1", "1 second", "PT1X", "-1s"} {
		if _, err := sim.ParseDuration(bad); err == nil {
			t.Errorf("the parser accepts %q", bad)
		}
		if err := sch.Validate(bad); err == nil {
			t.Errorf("the schema accepts %q", bad)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
