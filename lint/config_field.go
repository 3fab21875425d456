package lint

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/seams/seams-timers/lint/duration"
)

// A config file is declared as data: every key of `.seams-timers.yaml`,
// the core's and each engine's section, is a Field with its type, its
// constraints, its default and its doc. ParseConfig checks a file against
// the declaration (parseField below), and the published JSON Schema,
// lint/config.schema.json, is generated from the same declaration
// (Schema, run by `go generate ./...`), so the two say the same thing: a
// value of a kind the schema refuses is refused by the parser, and the
// other way round. What the schema cannot say (that a zone exists in the
// IANA database, that a named calendar is defined) is a Field's Check or
// a section's Build, and the Field's doc says so.

// FieldType is what kind of value a config key holds.
type FieldType int

// Field types.
const (
	// TypeString is a non-empty string, matching Pattern when set.
	TypeString FieldType = iota + 1
	// TypeEnum is one of Enum.
	TypeEnum
	// TypeDuration is a length of time in the one duration grammar of
	// the config (ParseConfigDuration): Go syntax (1s, 1m30s, 500ms) or
	// an ISO 8601 duration of exact length (PT1S, P1D, P1W); Positive
	// refuses zero.
	TypeDuration
	// TypeTime is an RFC 3339 instant with a zone or Z.
	TypeTime
	// TypeList is a list of Item values.
	TypeList
	// TypeStringMap maps keys of the user's choice to non-empty strings.
	TypeStringMap
	// TypeSection is a mapping of the keys Fields declares.
	TypeSection
	// TypeSectionMap maps names of the user's choice to sections of the
	// keys Fields declares.
	TypeSectionMap
	// TypeRuleLevels maps rule IDs or names of the catalog to off, info,
	// warning or error.
	TypeRuleLevels
)

// Field declares one key of the config.
type Field struct {
	Key  string
	Type FieldType
	// Doc says what the key sets, in a sentence or two; it is the
	// schema's description.
	Doc string
	// Default is the value an absent key takes, as a config writes it (a
	// string, or a []string for a list); nil for none. It is parsed as a
	// value of the field would be, so that a default the field refuses
	// is a test failure, not a surprise.
	Default any
	// Example is a valid value, as a config writes it, for a field
	// without a default: the tests hold parser and schema to it.
	Example any
	// Enum are the values of a TypeEnum.
	Enum []string
	// Pattern is a regular expression a TypeString value matches, in the
	// syntax Go and JSON Schema (ECMA 262) share; the parser and the
	// schema both use it.
	Pattern string
	// Want says what a value that does not match reads as, after
	// "want": "utc or local:<IANA zone>, such as local:Europe/Berlin".
	Want string
	// Check refuses a value the pattern lets through, for what a schema
	// cannot know (the IANA zone database); its error is the message.
	Check func(string) error
	// Positive refuses a zero TypeDuration.
	Positive bool
	// NonEmpty refuses an empty TypeList.
	NonEmpty bool
	// Required refuses a section without the key.
	Required bool
	// Item is the field of each element of a TypeList (its Key unused).
	Item *Field
	// Fields are the keys of a TypeSection or of each section of a
	// TypeSectionMap.
	Fields []*Field
	// Build turns the parsed keys of a TypeSection (or of each section
	// of a TypeSectionMap) into the value the engine reads: a typed
	// struct. Without Build the value is the Values themselves. An error
	// it returns comes from Values.Errorf, with the key's line.
	Build func(v Values) (any, error)

	pattern func() *regexp.Regexp
}

// re is the compiled Pattern, anchored, compiled once on first use (a
// config without the key does not pay for it).
func (f *Field) re() *regexp.Regexp {
	if f.Pattern == "" {
		return nil
	}
	if f.pattern == nil {
		f.pattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^(?:" + f.Pattern + ")$") })
	}
	return f.pattern()
}

// Values are the parsed keys of a section, for its Build.
type Values struct {
	path    string // the section's dotted path: "wfe", "wfe.calendars.office"
	name    string // the section's name in a TypeSectionMap, else ""
	node    *yaml.Node
	config  string // the config file's path
	vals    map[string]any
	nodes   map[string]*yaml.Node
	badNode func(n *yaml.Node, format string, args ...any) error
}

// Path is the section's dotted path in the config ("wfe.calendars.office").
func (v Values) Path() string { return v.path }

// Name is the section's name within its TypeSectionMap ("office"), or "".
func (v Values) Name() string { return v.name }

// ConfigPath is the path of the config file being read, for values
// relative to its directory.
func (v Values) ConfigPath() string { return v.config }

// Has reports whether the config sets key (a default does not count).
func (v Values) Has(key string) bool { _, ok := v.nodes[key]; return ok }

// Get is the value of key: what the config sets, else the field's
// default, else nil. Its Go type follows the field's: string (TypeString,
// TypeEnum), time.Duration, time.Time, []any (TypeList, of its items'),
// map[string]string, the section's Build value or Values, []Named (a
// TypeSectionMap, in file order).
func (v Values) Get(key string) any { return v.vals[key] }

// String is the string value of key ("" when unset).
func (v Values) String(key string) string { s, _ := v.vals[key].(string); return s }

// Duration is the duration value of key (0 when unset).
func (v Values) Duration(key string) time.Duration { d, _ := v.vals[key].(time.Duration); return d }

// Time is the time value of key (zero when unset).
func (v Values) Time(key string) time.Time { t, _ := v.vals[key].(time.Time); return t }

// Strings is the value of a list of strings (nil when unset).
func (v Values) Strings(key string) []string {
	var out []string
	for _, x := range asList(v.vals[key]) {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// StringMap is the value of a TypeStringMap (nil when unset).
func (v Values) StringMap(key string) map[string]string {
	m, _ := v.vals[key].(map[string]string)
	return m
}

// Named is one section of a TypeSectionMap: its name and its value.
type Named struct {
	Name  string
	Value any
}

// Sections is the value of a TypeSectionMap, in the order of the file.
func (v Values) Sections(key string) []Named { s, _ := v.vals[key].([]Named); return s }

// Errorf is a config error on key's value (its line; the section's when
// the key is not set).
func (v Values) Errorf(key, format string, args ...any) error {
	n := v.nodes[key]
	if n == nil {
		n = v.node
	}
	return v.badNode(n, format, args...)
}

// SectionErrorf is a config error on the section as a whole.
func (v Values) SectionErrorf(format string, args ...any) error {
	return v.badNode(v.node, format, args...)
}

func asList(x any) []any { l, _ := x.([]any); return l }

// fieldParser reads values against their fields. It goes on past a bad
// value, so that one run reports every problem of a file: a value that
// fails is left out (its section's Build does not run), its error kept.
type fieldParser struct {
	config string
	rules  []*Rule
	bad    func(n *yaml.Node, format string, args ...any) error
	// errs are the problems found so far, in the order met.
	errs []error
}

// errKept is what a parse returns when it has kept its problems in errs:
// the caller leaves the value out and goes on.
var errKept = errors.New("config: the problems are kept")

// keep records a problem (errKept is already recorded).
func (p *fieldParser) keep(err error) {
	if err != nil && !errors.Is(err, errKept) {
		p.errs = append(p.errs, err)
	}
}

// since returns errKept when problems were kept after the first n.
func (p *fieldParser) since(n int) error {
	if len(p.errs) > n {
		return errKept
	}
	return nil
}

// first is err, or the first kept problem when err is errKept.
func (p *fieldParser) first(err error) error {
	if errors.Is(err, errKept) && len(p.errs) > 0 {
		return p.errs[0]
	}
	return err
}

// join is a key's dotted path under a section's.
func join(path, key string) string {
	key = clipValue(key)
	if path == "" {
		return key
	}
	return path + "." + key
}

// section parses a mapping against fields.
func (p *fieldParser) section(path, name string, n *yaml.Node, fields []*Field) (Values, error) {
	v := Values{path: path, name: name, node: n, config: p.config, vals: map[string]any{}, nodes: map[string]*yaml.Node{}, badNode: p.bad}
	keys := make([]string, len(fields))
	for i, f := range fields {
		keys[i] = f.Key
	}
	if n.Kind != yaml.MappingNode {
		if path == "" {
			return v, p.bad(n, "the config must be a mapping of keys to values")
		}
		return v, p.bad(n, "%s: want a mapping of %s", path, strings.Join(keys, ", "))
	}
	before := len(p.errs)
	failed := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		j := slices.Index(keys, k.Value)
		if j < 0 {
			sorted := slices.Clone(keys)
			if path == "" {
				slices.Sort(sorted)
				p.keep(p.bad(k, "unknown key %s%s", quoteValue(k.Value), Suggest(k.Value, sorted)))
			} else {
				p.keep(p.bad(k, "%s: unknown key %s%s", path, quoteValue(k.Value), Suggest(k.Value, sorted)))
			}
			continue
		}
		x, err := p.value(join(path, k.Value), val, fields[j])
		if err != nil {
			p.keep(err)
			failed[k.Value] = true
			continue
		}
		v.vals[k.Value] = x
		v.nodes[k.Value] = val
	}
	for _, f := range fields {
		if _, set := v.vals[f.Key]; !set && !failed[f.Key] && f.Required {
			where := path
			if where == "" {
				where = "the config"
			}
			p.keep(p.bad(n, "%s: %s is required", where, f.Key))
			continue
		}
		if _, set := v.vals[f.Key]; !set && !failed[f.Key] && f.Default != nil {
			x, err := DefaultValue(f)
			if err != nil {
				p.keep(p.bad(n, "%s: the default %v: %v", join(path, f.Key), f.Default, err))
				continue
			}
			v.vals[f.Key] = x
		}
	}
	return v, p.since(before)
}

// DefaultSection is the value of a TypeSection that the config does not
// set: its keys' defaults, through its Build. An engine reads it when
// Config.Section returns nil, so that its defaults are declared once.
func DefaultSection(f *Field) (any, error) {
	return DefaultValue(&Field{Key: f.Key, Type: f.Type, Fields: f.Fields, Build: f.Build, Default: map[string]any{}})
}

// DefaultValue is a field's default, parsed as a value of the field.
func DefaultValue(f *Field) (any, error) {
	var n yaml.Node
	if err := n.Encode(f.Default); err != nil {
		return nil, err
	}
	p := &fieldParser{bad: func(_ *yaml.Node, format string, args ...any) error { return fmt.Errorf(format, args...) }}
	x, err := p.value(f.Key, &n, f)
	return x, p.first(err)
}

// scalar reports whether n is a string value as YAML 1.2's core schema,
// which editors validate with, reads it: a YAML string, or what YAML 1.1
// would read as a timestamp (2026-12-25), which 1.2 leaves a string. A
// number, a boolean or null is not a string to the schema either.
func scalar(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && (n.Tag == "!!str" || n.Tag == "!!timestamp")
}

// value parses one value against its field.
func (p *fieldParser) value(path string, n *yaml.Node, f *Field) (any, error) {
	switch f.Type {
	case TypeSection:
		v, err := p.section(path, "", n, f.Fields)
		if err != nil || f.Build == nil {
			return v, err
		}
		return f.Build(v)
	case TypeSectionMap:
		if n.Kind != yaml.MappingNode {
			return nil, p.bad(n, "%s: want a mapping of names to sections", path)
		}
		var out []Named
		before := len(p.errs)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			v, err := p.section(join(path, k.Value), k.Value, val, f.Fields)
			if err != nil {
				p.keep(err)
				continue
			}
			var x any = v
			if f.Build != nil {
				if x, err = f.Build(v); err != nil {
					p.keep(err)
					continue
				}
			}
			out = append(out, Named{Name: k.Value, Value: x})
		}
		return out, p.since(before)
	case TypeStringMap:
		if n.Kind != yaml.MappingNode {
			return nil, p.bad(n, "%s: want a mapping", path)
		}
		out := map[string]string{}
		before := len(p.errs)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			if !scalar(val) || val.Value == "" {
				p.keep(p.bad(val, "%s: want a non-empty string", join(path, k.Value)))
				continue
			}
			out[k.Value] = val.Value
		}
		return out, p.since(before)
	case TypeList:
		if n.Kind != yaml.SequenceNode || f.NonEmpty && len(n.Content) == 0 {
			return nil, p.bad(n, "%s: want a list of %s", path, describe(f.Item))
		}
		out := []any{}
		before := len(p.errs)
		for _, item := range n.Content {
			x, err := p.value(path, item, f.Item)
			if err != nil {
				p.keep(err)
				continue
			}
			out = append(out, x)
		}
		return out, p.since(before)
	case TypeRuleLevels:
		return p.ruleLevels(n)
	case TypeDuration:
		// A YAML 0 is a number, which the schema allows for the one
		// duration a number can spell.
		yamlZero := n.Kind == yaml.ScalarNode && n.Tag == "!!int" && n.Value == "0"
		if !scalar(n) && !yamlZero {
			return nil, p.bad(n, "%s: want %s", path, describe(f))
		}
		d, err := ParseConfigDuration(n.Value)
		if err != nil || f.Positive && d <= 0 {
			return nil, p.bad(n, "%s %s: want %s", path, quoteValue(n.Value), describe(f))
		}
		return d, nil
	case TypeTime:
		if !scalar(n) || !timePattern().MatchString(n.Value) {
			return nil, p.bad(n, "%s %s: want %s", path, quoteValue(n.Value), describe(f))
		}
		t, err := time.Parse(time.RFC3339, n.Value)
		if err != nil {
			return nil, p.bad(n, "%s %s: want %s", path, quoteValue(n.Value), describe(f))
		}
		return t.UTC(), nil
	case TypeEnum:
		// An enum value that YAML reads as a number (engine: 4) is one
		// the schema lists as a number too.
		number := n.Kind == yaml.ScalarNode && n.Tag == "!!int" && enumInt(n.Value)
		if !scalar(n) && !number || !slices.Contains(f.Enum, n.Value) {
			return nil, p.bad(n, "%s %s%s", path, quoteValue(n.Value), Suggest(n.Value, f.Enum))
		}
		return n.Value, nil
	case TypeString:
		if !scalar(n) || n.Value == "" {
			return nil, p.bad(n, "%s: want %s", path, describe(f))
		}
		if re := f.re(); re != nil && !re.MatchString(n.Value) {
			return nil, p.bad(n, "%s %s: want %s", path, quoteValue(n.Value), describe(f))
		}
		if f.Check != nil {
			if err := f.Check(n.Value); err != nil {
				return nil, p.bad(n, "%s %s: %v", path, quoteValue(n.Value), err)
			}
		}
		return n.Value, nil
	}
	return nil, p.bad(n, "%s: no type declared", path)
}

// enumInt reports whether an enum value is written as YAML reads an
// integer (4), so that the schema lists it as a number as well.
func enumInt(s string) bool {
	v, err := strconv.ParseInt(s, 10, 64)
	return err == nil && strconv.FormatInt(v, 10) == s
}

// describe says what a field's values look like, after "want".
func describe(f *Field) string {
	if f.Want != "" {
		return f.Want
	}
	switch f.Type {
	case TypeDuration:
		if f.Positive {
			return "a positive duration such as 1s, 500ms or PT1S"
		}
		return "a duration of zero or more such as 10s, 1m30s or PT10S"
	case TypeTime:
		return "an RFC 3339 time such as 2026-11-01T12:00:00Z"
	case TypeEnum:
		return "one of " + strings.Join(f.Enum, ", ")
	}
	return "a non-empty string"
}

// ruleLevels reads rules: rule IDs or names to levels.
func (p *fieldParser) ruleLevels(v *yaml.Node) (map[string]Level, error) {
	if v.Kind != yaml.MappingNode {
		return nil, p.bad(v, "rules: want a mapping of rule ID or name to off, info, warning or error")
	}
	out := map[string]Level{}
	before := len(p.errs)
	for j := 0; j+1 < len(v.Content); j += 2 {
		rk, rv := v.Content[j], v.Content[j+1]
		r := FindRule(p.rules, rk.Value)
		if r != nil && r.ID != rk.Value && r.Name != rk.Value {
			// The schema lists the IDs as written: tmr1031 is not one.
			p.keep(p.bad(rk, "unknown rule %s; did you mean %s?", quoteValue(rk.Value), quoteValue(r.ID)))
			continue
		}
		if r == nil {
			var keys []string
			for _, r := range p.rules {
				keys = append(keys, r.ID, r.Name)
			}
			p.keep(p.bad(rk, "unknown rule %s%s", quoteValue(rk.Value), Suggest(rk.Value, keys)))
			continue
		}
		if !scalar(rv) {
			p.keep(p.bad(rv, "rule %s: want off, info, warning or error", rk.Value))
			continue
		}
		lvl, err := parseLevel(rv.Value)
		if err != nil {
			p.keep(p.bad(rv, "rule %s: %v", rk.Value, err))
			continue
		}
		out[r.ID] = lvl
	}
	return out, p.since(before)
}

// The one duration grammar of the config (lint/duration, which the
// simulators' run inputs read too), and the patterns the schema checks
// values with.
const (
	// DurationPattern is what a duration value of the config matches.
	DurationPattern = duration.Pattern
	// zeroPattern matches a duration without a non-zero digit: zero.
	zeroPattern = `^[^1-9]*$`
	// timeLayoutPattern is the form of an RFC 3339 instant.
	timeLayoutPattern = `[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?(?:Z|[+-][0-9]{2}:[0-9]{2})`
)

var (
	// durationRE is DurationPattern compiled; the parser does not use it
	// (a start-up pays nothing for it), the tests hold the two together.
	durationRE  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^(?:" + DurationPattern + ")$") })
	timePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^" + timeLayoutPattern + "$") })
)

// ParseConfigDuration reads a duration value of the config: every
// duration-typed key of every section goes through it. It accepts what
// DurationPattern matches, Go syntax or ISO 8601 of exact length, and
// returns the exact length (truncated to the nanosecond).
func ParseConfigDuration(s string) (time.Duration, error) { return duration.Parse(s) }
