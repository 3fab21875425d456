package sim

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// scenarioValidator compiles ScenarioSchema.
func scenarioValidator(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(ScenarioSchema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const url = "https://github.com/seams/seams-timers/blob/main/bpmn/sim/scenario.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// schemaValid reports whether YAML scenario bytes pass the schema.
func schemaValid(t *testing.T, sch *jsonschema.Schema, src []byte) error {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal(src, &n); err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(nodeValue(&n))
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return sch.Validate(inst)
}

// nodeValue turns a YAML node into JSON's values as a scenario reader
// sees them: a timestamp stays the text it is written as (decoding it as
// a time would pass 2026-11-01 off as an instant).
func nodeValue(n *yaml.Node) any {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return nodeValue(n.Content[0])
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			m[n.Content[i].Value] = nodeValue(n.Content[i+1])
		}
		return m
	case yaml.SequenceNode:
		l := []any{}
		for _, c := range n.Content {
			l = append(l, nodeValue(c))
		}
		return l
	}
	switch n.Tag {
	case "!!int", "!!float", "!!bool", "!!null":
		var v any
		if err := n.Decode(&v); err == nil {
			return v
		}
	}
	return n.Value
}

// shippedScenarios are every scenario in the repository: the files and
// the YAML blocks of docs/scenario.md.
func shippedScenarios(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, f := range []string{"testdata/scenario.yaml", "../../examples/scenario.yaml"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[f] = b
	}
	md, err := os.ReadFile("../../docs/scenario.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```yaml\n(.*?)```").FindAllSubmatch(md, -1)
	if len(blocks) == 0 {
		t.Fatal("docs/scenario.md has no yaml block")
	}
	for i, b := range blocks {
		out["docs/scenario.md block "+string(rune('1'+i))] = b[1]
	}
	return out
}

// TestShippedScenariosValid checks every shipped scenario against the
// parser and the schema.
func TestShippedScenariosValid(t *testing.T) {
	sch := scenarioValidator(t)
	for name, src := range shippedScenarios(t) {
		if _, err := ParseScenario(src); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if err := schemaValid(t, sch, src); err != nil {
			t.Errorf("%s: schema: %v", name, err)
		}
	}
}

// TestSchemaRefusesWhatTheParserRefuses checks mistakes against both.
func TestSchemaRefusesWhatTheParserRefuses(t *testing.T) {
	sch := scenarioValidator(t)
	for _, src := range []string{
		"replicaz: 2\n", "replicas: two\n", "from: 2026-11-01\n", "step: P1M\n", "runtime: sometimes\n",
		"crash:\n  - replica: 1\n    att: 2026-11-01T00:00:00Z\n", "processes:\n  A:\n    startz: []\n",
		"processes:\n  A:\n    complete:\n      T: soon\n", "processes:\n  A:\n    startEvery: {from: 2026-11-01T00:00:00Z, every: PT1H}\n",
	} {
		if _, err := ParseScenario([]byte(src)); err == nil {
			t.Errorf("%q: the parser accepts it", src)
		}
		if err := schemaValid(t, sch, []byte(src)); err == nil {
			t.Errorf("%q: the schema accepts it", src)
		}
	}
}

// TestSchemaKeysMatchParser checks that the schema's properties and the
// parser's keys are the same at every level.
func TestSchemaKeysMatchParser(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(ScenarioSchema, &doc); err != nil {
		t.Fatal(err)
	}
	defs := doc["$defs"].(map[string]any)
	resolve := func(n map[string]any) map[string]any {
		if ref, ok := n["$ref"].(string); ok {
			return defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		}
		return n
	}
	keysOf := func(n map[string]any) []string {
		props, _ := resolve(n)["properties"].(map[string]any)
		var ks []string
		for k := range props {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return ks
	}
	prop := func(n map[string]any, k string) map[string]any {
		return resolve(resolve(n)["properties"].(map[string]any)[k].(map[string]any))
	}
	check := func(where string, n map[string]any, sh map[string]*shape) {
		if got, want := keysOf(n), sortedShapeKeys(sh); !slices.Equal(got, want) {
			t.Errorf("%s: schema keys %v, parser keys %v", where, got, want)
		}
	}
	check("top", doc, scenarioShape().keys)
	check("crash", prop(doc, "crash")["items"].(map[string]any), scenarioShape().keys["crash"].keys)
	check("stall", prop(doc, "stall")["items"].(map[string]any), scenarioShape().keys["stall"].keys)
	process := resolve(prop(doc, "processes")["additionalProperties"].(map[string]any))
	check("process", process, scenarioShape().keys["processes"].each.keys)
	check("startEvery", prop(process, "startEvery"), scenarioShape().keys["processes"].each.keys["startEvery"].keys)
}
