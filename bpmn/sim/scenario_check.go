package sim

import (
	"fmt"
	"maps"
	"sort"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// ScenarioError is a mistake in a scenario file, at a line (0 when the
// file as a whole is wrong). Its text never names a Go type: it says which
// key, what is wrong and what to write. A wrong choice (an unknown key or
// reading) also carries what was written and the valid choices, so that
// the command can name the nearest one as the config's errors do; Error
// lists the choices.
type ScenarioError struct {
	Line    int
	Msg     string
	Got     string
	Choices []string
}

func (e *ScenarioError) Error() string {
	msg := e.Msg
	if len(e.Choices) > 0 {
		msg += " (want one of: " + strings.Join(e.Choices, ", ") + ")"
	}
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, msg)
	}
	return msg
}

// shape is what a scenario key holds.
type shape struct {
	kind string // "text", "int", "texts" (a value or a list), "list" (of maps), "map" (fixed keys), "names" (free keys)
	// keys are the keys of a "map", or of each item of a "list".
	keys map[string]*shape
	// each is the shape under every free key of "names".
	each *shape
	// want says what to write, for the error about a wrong kind.
	want string
}

// scenarioShape is the shape of a scenario document, built on first use
// (a run that reads no scenario builds none of its maps).
var scenarioShape = sync.OnceValue(func() *shape {
	shText := &shape{kind: "text", want: "a value such as 2026-11-01T00:00:00Z or PT1S"}
	shInt := &shape{kind: "int", want: "a whole number"}
	shTexts := &shape{kind: "texts", want: "a value or a list of values"}
	shReplica := map[string]*shape{"replica": shInt, "at": shText}
	return &shape{kind: "map", want: "a map of keys such as from, until and processes", keys: map[string]*shape{
		"from": shText, "until": shText, "step": shText, "lease": shText, "runtime": shText, "spiff": shText,
		"replicas": shInt, "seed": shInt,
		"down":  {kind: "texts", want: "a list of START/END windows"},
		"crash": {kind: "list", want: "a list of {replica, at, restart}", keys: merge(shReplica, map[string]*shape{"restart": shText})},
		"stall": {kind: "list", want: "a list of {replica, at, for}", keys: merge(shReplica, map[string]*shape{"for": shText})},
		"processes": {kind: "names", want: "a map from process id to what users do", each: &shape{
			kind: "map", want: "a map with start, startEvery, complete and choose", keys: map[string]*shape{
				"start":      shTexts,
				"startEvery": {kind: "map", want: "a map with from, every and count", keys: map[string]*shape{"from": shText, "every": shText, "count": shInt}},
				"complete":   {kind: "names", want: "a map from task id to delays (PT30H, never)", each: shTexts},
				"choose":     {kind: "names", want: "a map from gateway id to flows", each: shTexts},
			}}},
	}}
})

// merge returns the keys of a and b in one new map.
func merge(a, b map[string]*shape) map[string]*shape {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// checkScenarioNode checks a scenario document's keys and the kind of
// each value before it is decoded, so that a typo gets the nearest key
// and a wrong kind says what to write, with the line.
func checkScenarioNode(doc *yaml.Node) error {
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		doc = doc.Content[0]
	}
	return checkNode(doc, scenarioShape(), "")
}

func checkNode(n *yaml.Node, sh *shape, path string) error {
	where := path
	if where == "" {
		where = "the scenario"
	}
	wrong := func() error {
		return &ScenarioError{Line: n.Line, Msg: fmt.Sprintf("%s: want %s, not %s", where, sh.want, describeNode(n))}
	}
	switch sh.kind {
	case "text":
		if n.Kind != yaml.ScalarNode {
			return wrong()
		}
	case "int":
		if n.Kind != yaml.ScalarNode {
			return wrong()
		}
		if _, err := strconv.ParseInt(n.Value, 10, 64); err != nil {
			return &ScenarioError{Line: n.Line, Msg: fmt.Sprintf("%s: want a whole number, not %q", where, n.Value)}
		}
	case "texts":
		if n.Kind == yaml.ScalarNode {
			return nil
		}
		if n.Kind != yaml.SequenceNode {
			return wrong()
		}
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode {
				return &ScenarioError{Line: c.Line, Msg: fmt.Sprintf("%s: want %s, not %s in the list", where, sh.want, describeNode(c))}
			}
		}
	case "list":
		if n.Kind != yaml.SequenceNode {
			return wrong()
		}
		for i, c := range n.Content {
			if err := checkNode(c, &shape{kind: "map", keys: sh.keys, want: sh.want}, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case "map", "names":
		if n.Kind == yaml.ScalarNode && n.Tag == "!!null" && path == "" {
			return nil
		}
		if n.Kind != yaml.MappingNode {
			return wrong()
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			sub := join(path, k.Value)
			if sh.kind == "names" {
				if err := checkNode(v, sh.each, sub); err != nil {
					return err
				}
				continue
			}
			child, ok := sh.keys[k.Value]
			if !ok {
				return &ScenarioError{Line: k.Line, Msg: fmt.Sprintf("unknown key %q%s", k.Value, inWhere(path)), Got: k.Value, Choices: sortedShapeKeys(sh.keys)}
			}
			if err := checkNode(v, child, sub); err != nil {
				return err
			}
		}
	}
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func inWhere(path string) string {
	if path == "" {
		return ""
	}
	return " in " + path
}

func sortedShapeKeys(m map[string]*shape) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// describeNode names what a YAML node holds, in the file's terms.
func describeNode(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a map"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	v := n.Value
	if len(v) > 40 {
		v = v[:40] + "..."
	}
	return strconv.Quote(strings.TrimSpace(v))
}
