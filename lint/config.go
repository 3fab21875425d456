package lint

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	// Now is the reference clock, when the config fixes one.
	Now time.Time
	// Exclude lists path patterns that discovery skips.
	Exclude []string
	// Overrides are rule levels for some paths, in the order of the
	// file: a later one wins over an earlier one, and each over Rules.
	Overrides []Override
	// Sections holds the engines' own top-level keys (wfe:, scheduler:,
	// ...), each the value its Field's Build returned (or its Values), by
	// key. An engine reads its own with Section.
	Sections map[string]any
}

// Override is one entry of the config's overrides: the levels of some
// rules for the files its paths match.
type Override struct {
	// Paths are patterns in .gitignore syntax, relative to the config
	// file's directory: a name at any depth (*.draft.bpmn), a path
	// (/legacy/old.bpmn, legacy/*.bpmn), a directory and all below it
	// (legacy/), ** for any depth, and !pattern to take a path back.
	Paths []string
	// Rules are the levels, by rule ID.
	Rules map[string]Level
	// Line is where the entry starts in the config.
	Line int
}

// Section is the value of an engine's top-level key, or nil when the
// config does not set it (or there is no config).
func (c *Config) Section(key string) any {
	if c == nil {
		return nil
	}
	return c.Sections[key]
}

// ConfigError is one problem of a config: an unknown key or rule, a bad
// value. Line and Col (1-based) are where it is, when known.
type ConfigError struct {
	Path string
	Line int
	Col  int
	Msg  string
}

func (e *ConfigError) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// MaxConfigErrors is how many problems of one config file are reported;
// past it, a last line says how many more there are.
const MaxConfigErrors = 20

// ConfigErrors are the problems of a config with more than one, in the
// order of the file, at most MaxConfigErrors of them; More counts those
// left out. errors.As finds the first *ConfigError in it.
type ConfigErrors struct {
	Errs []*ConfigError
	More int
}

// Lines are the problems, one a line, and the count of those left out.
func (e *ConfigErrors) Lines() []string {
	var out []string
	for _, ce := range e.Errs {
		out = append(out, ce.Error())
	}
	if e.More > 0 && len(e.Errs) > 0 {
		out = append(out, fmt.Sprintf("%s: %d more problems not shown (the first %d are)", e.Errs[0].Path, e.More, len(e.Errs)))
	}
	return out
}

func (e *ConfigErrors) Error() string { return strings.Join(e.Lines(), "\n") }

// Unwrap returns the problems, for errors.As and errors.Is.
func (e *ConfigErrors) Unwrap() []error {
	out := make([]error, len(e.Errs))
	for i, ce := range e.Errs {
		out[i] = ce
	}
	return out
}

// configErrors is the error of a config with the problems errs: nil for
// none, the one *ConfigError for one, else a *ConfigErrors, sorted by
// position, one per position, capped at MaxConfigErrors.
func configErrors(errs []error) error {
	var ces []*ConfigError
	seen := map[[2]int]bool{}
	for _, err := range errs {
		var ce *ConfigError
		if !errors.As(err, &ce) {
			continue
		}
		at := [2]int{ce.Line, ce.Col}
		if ce.Line > 0 && seen[at] {
			continue
		}
		seen[at] = true
		ces = append(ces, ce)
	}
	slices.SortStableFunc(ces, func(a, b *ConfigError) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	switch len(ces) {
	case 0:
		return nil
	case 1:
		return ces[0]
	}
	out := &ConfigErrors{Errs: ces}
	if len(ces) > MaxConfigErrors {
		out.Errs, out.More = ces[:MaxConfigErrors], len(ces)-MaxConfigErrors
	}
	return out
}

var (
	presets    = []string{"recommended", "strict"}
	levelNames = []string{"off", "info", "warning", "error"}
)

// CoreFields are the core's own keys of the config, which every engine
// shares.
func CoreFields() []*Field {
	return []*Field{
		{Key: "extends", Type: TypeEnum, Enum: presets, Default: "recommended",
			Doc: "The preset: recommended keeps each rule's default severity; strict raises every warning and info rule to error."},
		{Key: "rules", Type: TypeRuleLevels, Example: map[string]string{"TMR1031": "error"},
			Doc: "Rule levels by rule ID (TMR1031) or name (cycle-no-start): off, info, warning or error."},
		{Key: "now", Type: TypeTime, Example: "2026-11-01T12:00:00Z",
			Doc: "The reference clock for the runtime rules, next and simulate: an RFC 3339 time with a zone or Z."},
		{Key: "exclude", Type: TypeList, Example: []string{"vendor/*"},
			Doc: "Path patterns (filepath.Match syntax, on the slash path or the base name) that discovery skips.",
			Item: &Field{Type: TypeString, Want: "a path pattern such as vendor/*", Check: func(s string) error {
				_, err := filepath.Match(s, "")
				return err
			}}},
		overridesField(),
	}
}

// overridesField declares overrides: a list of entries, each paths and
// the rule levels for them.
func overridesField() *Field {
	return &Field{Key: "overrides", Type: TypeList,
		Example: []map[string]any{{"paths": []string{"legacy/", "*.draft.bpmn"}, "rules": map[string]string{"TMR1034": "off"}}},
		Doc: "Rule levels for some paths, over rules: each entry's rules apply to the files its paths match. " +
			"A later entry wins over an earlier one; findings are regraded or dropped as with rules, in check and the language server alike.",
		Item: &Field{Type: TypeSection, Fields: []*Field{
			{Key: "paths", Type: TypeList, NonEmpty: true, Required: true, Example: []string{"legacy/"},
				Doc: "Patterns in .gitignore syntax, relative to the config file's directory: *.draft.bpmn (a name at any depth), " +
					"legacy/ (a directory and everything below it), /models/old.bpmn (from the config's directory), ** (any depth), !pattern (takes a path back out).",
				Item: &Field{Type: TypeString, Want: "a path pattern such as legacy/ or *.draft.bpmn", Check: func(s string) error {
					_, err := filepath.Match(strings.TrimPrefix(s, "!"), "")
					return err
				}}},
			{Key: "rules", Type: TypeRuleLevels, Required: true, Example: map[string]string{"TMR1034": "off"},
				Doc: "The levels of these paths' findings, by rule ID or name: off, info, warning or error."},
		}, Build: func(v Values) (any, error) {
			levels, _ := v.Get("rules").(map[string]Level)
			return Override{Paths: v.Strings("paths"), Rules: levels, Line: v.node.Line}, nil
		}},
	}
}

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

// ConfigSpec is what a config is validated against: the rule catalog,
// and the engines' own top-level keys.
type ConfigSpec struct {
	// Rules are every engine's rules.
	Rules []*Rule
	// Sections are the engines' own top-level keys, declared as data
	// (each engine's project.Engine.ConfigSections).
	Sections []*Field
}

// Fields are every top-level key of the config: the core's, then the
// engines' sections.
func (s ConfigSpec) Fields() []*Field { return append(CoreFields(), s.Sections...) }

// LoadConfig reads and validates a config file.
func LoadConfig(path string, spec ConfigSpec) (*Config, error) {
	src, err := ReadInput(path, MaxInputSize)
	if err != nil {
		return nil, &ConfigError{Path: path, Msg: err.Error()}
	}
	return ParseConfig(path, src, spec)
}

// ParseConfig parses config bytes against the declared keys (spec.Fields).
// It reports every problem of the file (up to MaxConfigErrors): one is a
// *ConfigError with the line and column it is at, more a *ConfigErrors;
// unknown keys, presets, levels and rules suggest the nearest valid one.
func ParseConfig(path string, src []byte, spec ConfigSpec) (*Config, error) {
	cfg := &Config{Path: path, Extends: "recommended", Rules: map[string]Level{}}
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
		return nil, &ConfigError{Path: path, Line: line, Col: second.Column, Msg: "the config holds a second YAML document (after ---); write one mapping of keys to values"}
	}
	p := &fieldParser{config: path, rules: spec.Rules, bad: func(n *yaml.Node, format string, args ...any) error {
		return &ConfigError{Path: path, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
	}}
	plainYAML(p, &root)
	if len(root.Content) == 0 {
		return cfg, configErrors(p.errs)
	}
	fields := spec.Fields()
	v, err := p.section("", "", root.Content[0], fields)
	p.keep(err)
	if err := configErrors(p.errs); err != nil {
		return nil, err
	}
	cfg.Extends = v.String("extends")
	if lv, ok := v.Get("rules").(map[string]Level); ok {
		cfg.Rules = lv
	}
	cfg.Now = v.Time("now")
	cfg.Exclude = v.Strings("exclude")
	for _, o := range asList(v.Get("overrides")) {
		cfg.Overrides = append(cfg.Overrides, o.(Override))
	}
	for _, f := range spec.Sections {
		if !v.Has(f.Key) {
			continue
		}
		if cfg.Sections == nil {
			cfg.Sections = map[string]any{}
		}
		cfg.Sections[f.Key] = v.Get(f.Key)
	}
	return cfg, nil
}

// plainYAML refuses what the config has no use for and a hostile one
// could abuse: a key given twice in one mapping (which would silently
// win or lose) and aliases (which expand one node many times). It keeps
// its problems in p; an alias is not followed.
func plainYAML(p *fieldParser, n *yaml.Node) {
	if n.Kind == yaml.AliasNode {
		p.keep(p.bad(n, "the config uses a YAML alias (*%s); write the value out", clipValue(n.Value)))
		return
	}
	if n.Kind == yaml.MappingNode {
		first := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if line, dup := first[k.Value]; dup {
				p.keep(p.bad(k, "key %s appears twice (first on line %d); keep one", quoteValue(k.Value), line))
				continue
			}
			first[k.Value] = k.Line
		}
	}
	for _, c := range n.Content {
		plainYAML(p, c)
	}
}

// maxQuotedValue is how many characters of a key or a value a config
// error quotes: a longer one (a 10 MB rule name) is shortened with an
// ellipsis and its length in bytes, so that the error stays a line.
const maxQuotedValue = 64

// quoteValue quotes a key or value of the config for an error, shortened
// past maxQuotedValue characters.
func quoteValue(s string) string {
	if utf8.RuneCountInString(s) <= maxQuotedValue {
		return strconv.Quote(s)
	}
	return strconv.Quote(clipValue(s)) + " (" + strconv.Itoa(len(s)) + " bytes)"
}

// clipValue is s up to maxQuotedValue characters, the last an ellipsis
// when it is longer.
func clipValue(s string) string {
	if utf8.RuneCountInString(s) <= maxQuotedValue {
		return s
	}
	return string([]rune(s)[:maxQuotedValue-1]) + "…"
}

func parseLevel(s string) (Level, error) {
	if s == "off" {
		return Level{Off: true}, nil
	}
	sev, err := ParseSeverity(s)
	if err != nil || s == "warn" {
		return Level{}, fmt.Errorf("unknown level %s%s", quoteValue(s), Suggest(s, levelNames))
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
