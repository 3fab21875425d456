package lint

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// ConfigFileName is the name config discovery looks for.
const ConfigFileName = ".seams-timers.yaml"

// Config is a parsed `.seams-timers.yaml`.
type Config struct {
	// Path is where the config was read from ("" for none).
	Path string
	// Extends is the preset: "recommended" (default) or "strict".
	Extends string
	// Rules maps a rule ID (names are resolved to IDs) to its level.
	Rules map[string]Level
	// Vocabulary overrides the namespace IRIs (keys proc, seam, arch).
	Vocabulary map[string]string
	// Map maps absolute IRI prefixes to directories (relative to the
	// config file's directory).
	Map map[string]string
	// Poll is the scheduler poll interval.
	Poll time.Duration
	// Now is the reference clock, when the config fixes one.
	Now time.Time
	// Exclude lists path patterns that discovery skips.
	Exclude []string
	// Sections holds the engines' own sections (wfe:, ...), as each
	// engine's ConfigSpec.Sections parser returned them, by key.
	Sections map[string]any
}

// ConfigError is an invalid config: an unknown key or rule, a bad value.
type ConfigError struct {
	Path string
	Line int
	Msg  string
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

var (
	topKeys       = []string{"extends", "rules", "vocabulary", "map", "scheduler", "now", "exclude"}
	vocabKeys     = []string{"proc", "seam", "arch"}
	schedulerKeys = []string{"poll"}
	presets       = []string{"recommended", "strict"}
	levelNames    = []string{"off", "info", "warning", "error"}
)

// FindConfig walks up from start (a file or directory) and returns the
// first ConfigFileName found, or "". The walk stops at the top of the git
// repository start lies in (the directory holding .git): a config above
// the repository, in a home or temporary directory, does not govern it.
// Outside any repository it goes on to the file system's root.
func FindConfig(start string) string {
	abs, err := filepath.Abs(start)
	if err != nil {
		return ""
	}
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		abs = filepath.Dir(abs)
	}
	for {
		p := filepath.Join(abs, ConfigFileName)
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			return p
		}
		if _, err := os.Lstat(filepath.Join(abs, ".git")); err == nil {
			return ""
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return ""
		}
		abs = parent
	}
}

// ConfigSpec is what a config is validated against: the rule catalog, and
// how the engines read their values.
type ConfigSpec struct {
	// Rules are every engine's rules.
	Rules []*Rule
	// ParseDuration reads a duration value (scheduler.poll) as the
	// engine that owns the setting writes it; it returns the exact length,
	// and an error for a value it refuses.
	ParseDuration func(string) (time.Duration, error)
	// Sections are the engines' own top-level keys: each parses its value
	// and reports a problem with bad, which gives the error the node's
	// line.
	Sections map[string]SectionParser
}

// SectionParser parses an engine's section of the config.
type SectionParser func(v *yaml.Node, bad func(n *yaml.Node, format string, args ...any) error) (any, error)

// LoadConfig reads and validates a config file.
func LoadConfig(path string, spec ConfigSpec) (*Config, error) {
	src, err := ReadInput(path, MaxInputSize)
	if err != nil {
		return nil, &ConfigError{Path: path, Msg: err.Error()}
	}
	return ParseConfig(path, src, spec)
}

// ParseConfig parses config bytes. Every problem is a *ConfigError with
// the line it is on; unknown keys, presets, levels and rules suggest the
// nearest valid one.
func ParseConfig(path string, src []byte, spec ConfigSpec) (*Config, error) {
	rules := spec.Rules
	cfg := &Config{Path: path, Extends: "recommended", Rules: map[string]Level{}, Map: map[string]string{}, Vocabulary: map[string]string{}}
	var root yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	if err := dec.Decode(&root); err != nil {
		if errors.Is(err, io.EOF) {
			return cfg, nil
		}
		return nil, &ConfigError{Path: path, Msg: "not YAML: " + err.Error()}
	}
	var second yaml.Node
	if err := dec.Decode(&second); !errors.Is(err, io.EOF) {
		line := second.Line
		if err != nil {
			line = 0
		}
		return nil, &ConfigError{Path: path, Line: line, Msg: "the config holds a second YAML document (after ---); write one mapping of keys to values"}
	}
	if err := plainYAML(path, &root); err != nil {
		return nil, err
	}
	if len(root.Content) == 0 {
		return cfg, nil
	}
	doc := root.Content[0]
	if doc.Kind != yaml.MappingNode {
		return nil, &ConfigError{Path: path, Line: doc.Line, Msg: "the config must be a mapping of keys to values"}
	}
	bad := func(n *yaml.Node, format string, args ...any) error {
		return &ConfigError{Path: path, Line: n.Line, Msg: fmt.Sprintf(format, args...)}
	}
	for i := 0; i+1 < len(doc.Content); i += 2 {
		k, v := doc.Content[i], doc.Content[i+1]
		switch k.Value {
		case "extends":
			if !slices.Contains(presets, v.Value) {
				return nil, bad(v, "unknown preset %q%s", v.Value, Suggest(v.Value, presets))
			}
			cfg.Extends = v.Value
		case "rules":
			if v.Kind != yaml.MappingNode {
				return nil, bad(v, "rules: want a mapping of rule ID or name to off, info, warning or error")
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				rk, rv := v.Content[j], v.Content[j+1]
				r := FindRule(rules, rk.Value)
				if r == nil {
					var keys []string
					for _, r := range rules {
						keys = append(keys, r.ID, r.Name)
					}
					return nil, bad(rk, "unknown rule %q%s", rk.Value, Suggest(rk.Value, keys))
				}
				lvl, err := parseLevel(rv.Value)
				if err != nil {
					return nil, bad(rv, "rule %s: %v", rk.Value, err)
				}
				cfg.Rules[r.ID] = lvl
			}
		case "vocabulary":
			if err := stringMap(v, vocabKeys, cfg.Vocabulary, bad); err != nil {
				return nil, err
			}
			for j := 0; j+1 < len(v.Content); j += 2 {
				if msg := namespaceProblem(v.Content[j+1].Value); msg != "" {
					return nil, bad(v.Content[j+1], "vocabulary.%s %q: %s", v.Content[j].Value, v.Content[j+1].Value, msg)
				}
			}
		case "map":
			if err := stringMap(v, nil, cfg.Map, bad); err != nil {
				return nil, err
			}
			for prefix, dir := range cfg.Map {
				if !filepath.IsAbs(dir) {
					cfg.Map[prefix] = filepath.Join(filepath.Dir(path), dir)
				}
			}
		case "scheduler":
			m := map[string]string{}
			if err := stringMap(v, schedulerKeys, m, bad); err != nil {
				return nil, err
			}
			if s, ok := m["poll"]; ok {
				var exact time.Duration
				err := errors.New("no duration reader")
				if spec.ParseDuration != nil {
					exact, err = spec.ParseDuration(s)
				}
				if err != nil || exact <= 0 {
					return nil, bad(v, "scheduler.poll %q: want a positive ISO 8601 duration without years or months, such as PT1S", s)
				}
				cfg.Poll = exact
			}
		case "now":
			t, err := time.Parse(time.RFC3339, v.Value)
			if err != nil {
				return nil, bad(v, "now %q: want an RFC 3339 time such as 2026-11-01T12:00:00Z", v.Value)
			}
			cfg.Now = t.UTC()
		case "exclude":
			if v.Kind != yaml.SequenceNode {
				return nil, bad(v, "exclude: want a list of path patterns")
			}
			for _, n := range v.Content {
				if _, err := filepath.Match(n.Value, ""); err != nil {
					return nil, bad(n, "exclude pattern %q: %v", n.Value, err)
				}
				cfg.Exclude = append(cfg.Exclude, n.Value)
			}
		default:
			section, ok := spec.Sections[k.Value]
			if !ok {
				keys := slices.Clone(topKeys)
				for name := range spec.Sections {
					keys = append(keys, name)
				}
				slices.Sort(keys)
				return nil, bad(k, "unknown key %q%s", k.Value, Suggest(k.Value, keys))
			}
			val, err := section(v, bad)
			if err != nil {
				return nil, err
			}
			if cfg.Sections == nil {
				cfg.Sections = map[string]any{}
			}
			cfg.Sections[k.Value] = val
		}
	}
	return cfg, nil
}

// plainYAML refuses what the config has no use for and a hostile one
// could abuse: a key given twice in one mapping (which would silently
// win or lose) and aliases (which expand one node many times).
func plainYAML(path string, n *yaml.Node) error {
	if n.Kind == yaml.AliasNode {
		return &ConfigError{Path: path, Line: n.Line, Msg: "the config uses a YAML alias (*" + n.Value + "); write the value out"}
	}
	if n.Kind == yaml.MappingNode {
		first := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if line, dup := first[k.Value]; dup {
				return &ConfigError{Path: path, Line: k.Line, Msg: fmt.Sprintf("key %q appears twice (first on line %d); keep one", k.Value, line)}
			}
			first[k.Value] = k.Line
		}
	}
	for _, c := range n.Content {
		if err := plainYAML(path, c); err != nil {
			return err
		}
	}
	return nil
}

// namespaceProblem says what is wrong with a vocabulary namespace, or "":
// it must be an absolute IRI that ends in '#' or '/', as the index
// graph's prefixes do.
func namespaceProblem(ns string) string {
	u, err := url.Parse(ns)
	switch {
	case err != nil || u.Scheme == "" || strings.ContainsAny(ns, " <>\"{}|\\^`\t\n\r"):
		return "want an absolute IRI such as https://w3id.org/seams/proc#"
	case !strings.HasSuffix(ns, "#") && !strings.HasSuffix(ns, "/"):
		return "a namespace ends in '#' or '/', as https://w3id.org/seams/proc# does"
	}
	return ""
}

func stringMap(v *yaml.Node, allowed []string, into map[string]string, bad func(*yaml.Node, string, ...any) error) error {
	if v.Kind != yaml.MappingNode {
		return bad(v, "want a mapping")
	}
	for j := 0; j+1 < len(v.Content); j += 2 {
		k, val := v.Content[j], v.Content[j+1]
		if allowed != nil && !slices.Contains(allowed, k.Value) {
			return bad(k, "unknown key %q%s", k.Value, Suggest(k.Value, allowed))
		}
		if val.Kind != yaml.ScalarNode || val.Value == "" {
			return bad(val, "%s: want a non-empty string", k.Value)
		}
		into[k.Value] = val.Value
	}
	return nil
}

func parseLevel(s string) (Level, error) {
	if s == "off" {
		return Level{Off: true}, nil
	}
	sev, err := ParseSeverity(s)
	if err != nil || s == "warn" {
		return Level{}, fmt.Errorf("unknown level %q%s", s, Suggest(s, levelNames))
	}
	return Level{Severity: sev}, nil
}

// FindRule returns the rule whose ID (in any case) or name is key, or
// nil: how the config, suppressions and the commands name a rule.
func FindRule(rules []*Rule, key string) *Rule {
	for _, r := range rules {
		if strings.EqualFold(r.ID, key) || r.Name == key {
			return r
		}
	}
	return nil
}

// Levels returns the effective rule levels of a config: the preset, then
// the per-rule settings.
func (c *Config) Levels(rules []*Rule) map[string]Level {
	out := map[string]Level{}
	if c == nil {
		return out
	}
	if c.Extends == "strict" {
		for _, r := range rules {
			if r.Severity < SeverityError {
				out[r.ID] = Level{Severity: SeverityError}
			}
		}
	}
	for id, l := range c.Rules {
		out[id] = l
	}
	return out
}

// Suggest returns `; did you mean "x"?` for the nearest candidate within a
// small edit distance, else the list of candidates: what the config
// appends to an unknown key or value, and an engine's config section too.
func Suggest(got string, candidates []string) string {
	best, bestD := "", 1<<30
	limit := max(2, len(got)/3)
	lower, n := strings.ToLower(got), utf8.RuneCountInString(got)
	for _, c := range candidates {
		// The distance is at least the difference of the lengths: a
		// candidate that far off is never suggested, and its distance is
		// not computed, so that the time is linear in got (a 10 MB
		// unknown name took 87 s against every rule name).
		if m := utf8.RuneCountInString(c); m-n > limit || n-m > limit {
			continue
		}
		d := editDistance(lower, strings.ToLower(c))
		if d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || bestD > limit {
		return fmt.Sprintf(" (want one of: %s)", strings.Join(firstN(candidates, 8), ", "))
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return append(slices.Clone(s[:n]), "...")
	}
	return s
}

// editDistance is the Levenshtein distance between two strings.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
