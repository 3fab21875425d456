package lint

import (
	"bytes"
	_ "embed" // for the config schema
	"encoding/json"
	"fmt"
	"strconv"
)

// ConfigSchema is the JSON Schema of `.seams-timers.yaml`, generated from
// the declared keys (GenerateConfigSchema, run by `go generate ./...`
// through internal/genschema; a test fails when the committed file is
// stale). ParseConfig checks the same declaration. The binary does not
// link a schema validator: its init alone cost 10 ms of every run's
// start-up, which an editor pays per save.
//
//go:embed config.schema.json
var ConfigSchema []byte

// configSchemaID is the schema's $id, where it is published.
const configSchemaID = "https://github.com/seams/seams-timers/blob/main/lint/config.schema.json"

// obj is a JSON object that keeps its keys in the order they were set,
// so that the schema reads in the order the keys are declared.
type obj []kv

type kv struct {
	k string
	v any
}

func (o obj) set(k string, v any) obj { return append(o, kv{k, v}) }

// MarshalJSON writes the object's keys in order.
func (o obj) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshal(e.k)
		if err != nil {
			return nil, err
		}
		v, err := marshal(e.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshal is json.Marshal without HTML escapes (the patterns hold < and
// >, which read better as themselves).
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// GenerateConfigSchema writes the JSON Schema of a config with the keys
// spec declares (the core's and the engines' sections).
func GenerateConfigSchema(spec ConfigSpec) ([]byte, error) {
	root := obj{}.
		set("$schema", "https://json-schema.org/draft/2020-12/schema").
		set("$id", configSchemaID).
		set("title", "seams-timers configuration (.seams-timers.yaml)").
		set("description", "Generated from the keys the core and each engine declare (lint.Field); do not edit: run go generate ./...").
		set("type", "object").
		set("additionalProperties", false)
	props := obj{}
	for _, f := range spec.Fields() {
		s, err := fieldSchema(f, spec.Rules)
		if err != nil {
			return nil, err
		}
		props = props.set(f.Key, s)
	}
	root = root.set("properties", props).
		set("$defs", obj{}.set("duration", obj{}.
			set("description", "The one duration grammar of the config: Go syntax (1s, 1m30s, 500ms) or an ISO 8601 duration of exact length (PT1S, P1D, P1W), without a sign, years or months.").
			set("type", "string").set("pattern", "^(?:"+DurationPattern+")$")))
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(root); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// fieldSchema is the schema of one key's values; rules are the catalog
// the rules: key names.
func fieldSchema(f *Field, rules []*Rule) (obj, error) {
	s := obj{}
	if f.Doc != "" {
		s = s.set("description", f.Doc)
	}
	if f.Default != nil {
		if _, err := DefaultValue(f); err != nil {
			return nil, fmt.Errorf("%s: the default %v is not a valid value: %w", f.Key, f.Default, err)
		}
		s = s.set("default", f.Default)
	}
	switch f.Type {
	case TypeString:
		s = s.set("type", "string").set("minLength", 1)
		if f.Pattern != "" {
			s = s.set("pattern", "^(?:"+f.Pattern+")$")
		}
	case TypeEnum:
		enum := []any{}
		for _, e := range f.Enum {
			enum = append(enum, e)
			if enumInt(e) {
				n, _ := strconv.ParseInt(e, 10, 64)
				enum = append(enum, n)
			}
		}
		s = s.set("enum", enum)
	case TypeDuration:
		str := obj{}.set("$ref", "#/$defs/duration")
		if f.Positive {
			return s.set("allOf", []obj{str, {{"not", obj{}.set("pattern", zeroPattern)}}}), nil
		}
		// A YAML 0 is a number.
		return s.set("anyOf", []obj{str, {{"const", 0}}}), nil
	case TypeTime:
		s = s.set("type", "string").set("pattern", "^"+timeLayoutPattern+"$").set("format", "date-time")
	case TypeList:
		item, err := fieldSchema(f.Item, rules)
		if err != nil {
			return nil, err
		}
		s = s.set("type", "array").set("items", item)
		if f.NonEmpty {
			s = s.set("minItems", 1)
		}
	case TypeStringMap:
		s = s.set("type", "object").set("additionalProperties", obj{}.set("type", "string").set("minLength", 1))
	case TypeSection:
		sec, err := sectionSchema(f.Fields, rules)
		if err != nil {
			return nil, err
		}
		s = append(s, sec...)
	case TypeSectionMap:
		sec, err := sectionSchema(f.Fields, rules)
		if err != nil {
			return nil, err
		}
		s = s.set("type", "object").set("additionalProperties", sec)
	case TypeRuleLevels:
		var names []string
		for _, r := range rules {
			names = append(names, r.ID, r.Name)
		}
		s = s.set("type", "object").
			set("propertyNames", obj{}.set("enum", names)).
			set("additionalProperties", obj{}.set("enum", levelNames))
	default:
		return nil, fmt.Errorf("%s: no type declared", f.Key)
	}
	return s, nil
}

// sectionSchema is the schema of a mapping of the keys fields declares.
func sectionSchema(fields []*Field, rules []*Rule) (obj, error) {
	props := obj{}
	var required []string
	for _, f := range fields {
		s, err := fieldSchema(f, rules)
		if err != nil {
			return nil, err
		}
		props = props.set(f.Key, s)
		if f.Required {
			required = append(required, f.Key)
		}
	}
	out := obj{}.set("type", "object").set("additionalProperties", false).set("properties", props)
	if len(required) > 0 {
		out = out.set("required", required)
	}
	return out, nil
}
