package genschema

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/seams/seams-timers/lint"
)

// compiled is the schema lint embeds (lint.ConfigSchema, the committed
// file), compiled once.
var compiled = sync.OnceValues(func() (*jsonschema.Schema, error) {
	const url = "https://github.com/seams/seams-timers/blob/main/lint/config.schema.json"
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(lint.ConfigSchema))
	if err != nil {
		return nil, fmt.Errorf("embedded schema: %w", err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
})

// ValidateConfigSchema checks config bytes against the published schema,
// as an editor's YAML language server does, and returns one message per
// violation (empty when valid). The YAML is read as YAML 1.2's core
// schema reads it, which is what editors use: a plain 2026-12-25 is a
// string, 0 a number, true a boolean, an empty value null.
func ValidateConfigSchema(src []byte) ([]string, error) {
	var root yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(src)).Decode(&root); err != nil {
		if strings.TrimSpace(string(src)) == "" {
			return nil, nil
		}
		return []string{"not YAML: " + err.Error()}, nil
	}
	sch, err := compiled()
	if err != nil {
		return nil, err
	}
	inst, err := jsonValue(&root)
	if err != nil {
		return []string{err.Error()}, nil
	}
	err = sch.Validate(inst)
	if err == nil {
		return nil, nil
	}
	ve, ok := err.(*jsonschema.ValidationError) //nolint:errorlint // Validate returns the type itself.
	if !ok {
		return nil, err
	}
	var out []string
	collectLeaves(ve, &out)
	return out, nil
}

// jsonValue is the JSON value of a YAML node under YAML 1.2's core
// schema.
func jsonValue(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return jsonValue(n.Content[0])
	case yaml.MappingNode:
		m := map[string]any{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			v, err := jsonValue(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		l := []any{}
		for _, c := range n.Content {
			v, err := jsonValue(c)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
		}
		return l, nil
	case yaml.AliasNode:
		return jsonValue(n.Alias)
	}
	switch n.Tag {
	case "!!null":
		return nil, nil
	case "!!bool":
		return n.Value == "true", nil
	case "!!int", "!!float":
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil {
			// 0x1F, 0o17, .inf: a number all the same.
			return 1.0, nil //nolint:nilerr // any number does for the schema's type checks.
		}
		return f, nil
	}
	return n.Value, nil
}

func collectLeaves(ve *jsonschema.ValidationError, out *[]string) {
	if len(ve.Causes) == 0 {
		loc := "/" + strings.Join(ve.InstanceLocation, "/")
		*out = append(*out, fmt.Sprintf("%s: %s", loc, ve.ErrorKind.LocalizedString(message.NewPrinter(language.English))))
		return
	}
	for _, c := range ve.Causes {
		collectLeaves(c, out)
	}
}
