// Package linttest is what the engines' rule tests share: the registry
// checks every family needs, the valid-*/invalid-* fixtures of a rule, and
// the expectations written inside them, compared with a check's findings
// exactly. It knows no engine.
//
// An expectation is `want "TMR1003"` on the line a finding is reported on,
// in the comment syntax of the file. As in go/analysis's analysistest, an
// ID may be followed by a regular expression that the finding's message
// must match: `want "TMR1003" "is not quoted"`. A string is Go-quoted
// ("a\\.b") or raw (`a\.b`). Several expectations may share a line:
// `want "TMR1003" "re" "TMR1004"`.
package linttest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
	core "github.com/seams/seams-timers/rules"
)

var (
	namePattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	// wantPattern is `want` followed by quoted strings, the first a rule
	// ID.
	wantPattern = regexp.MustCompile("want((?:\\s+\"TMR[0-9]{4}\")(?:\\s+(?:\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`))*)")
	wantString  = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`")
	ruleID      = regexp.MustCompile(`^TMR[0-9]{4}$`)
)

// Want is one expectation written in a fixture: a finding of Rule on
// File:Line, whose message matches Message when it is set.
type Want struct {
	File    string
	Line    int
	Rule    string
	Message *regexp.Regexp
}

// String is the expectation as the comparison prints it.
func (w Want) String() string {
	s := fmt.Sprintf("%s:%d %s", w.File, w.Line, w.Rule)
	if w.Message != nil {
		s += fmt.Sprintf(" %q", w.Message.String())
	}
	return s
}

// Registry checks a family of rules: the core's rules (TMR0xxx, package
// rules) each listed exactly once, first; and, for the engine's own rules,
// IDs that start with family and have four digits, in ID order, unique IDs
// and kebab-case names, the engine, a severity, a title, a doc, a bad and a
// different good example, a Run function exactly for the kinds that run
// (with a file kind for KindFile), a valid-* and an invalid-* fixture in
// dir/<ID>, and an invalid-* fixture that pins the rule's message (Pinned);
// and that dir holds no fixtures of a rule that is not the engine's own.
func Registry(t *testing.T, rules []*lint.Rule, family, engine, dir string) {
	t.Helper()
	checkFamily(t, Own(t, rules), family, engine, dir)
}

// Own checks that an engine's rule list starts with the core's rules
// (TMR0xxx, package rules), each listed exactly once, and returns the
// engine's own rules, the rest.
func Own(t *testing.T, rules []*lint.Rule) []*lint.Rule {
	t.Helper()
	n := len(core.Core())
	if len(rules) < n || !slices.Equal(rules[:n], core.Core()) {
		t.Errorf("the registry does not start with the core's rules (%d of them)", n)
	}
	for _, c := range core.Core() {
		if k := countOf(rules, c); k != 1 {
			t.Errorf("%s, a core rule, is listed %d times; want once", c.ID, k)
		}
	}
	var own []*lint.Rule
	for _, r := range rules {
		if !core.IsCore(r) {
			own = append(own, r)
		}
	}
	return own
}

// CoreRegistry checks the core's own rules as Registry checks an engine's,
// in dir (rules/testdata), and their examples: one per kind of file, the
// first equal to the rule's Bad and Good.
func CoreRegistry(t *testing.T, dir string) {
	t.Helper()
	checkFamily(t, core.Core(), "TMR0", "", dir)
	for _, r := range core.Core() {
		if len(r.Examples) == 0 || r.Examples[0].Bad != r.Bad || r.Examples[0].Good != r.Good {
			t.Errorf("%s: a core rule needs Examples, the first equal to Bad and Good", r.ID)
		}
		kinds := map[string]bool{}
		for _, ex := range r.Examples {
			if ex.Kind == "" || ex.Lang == "" || kinds[ex.Kind] {
				t.Errorf("%s: example of kind %q, language %q (each kind once, both set)", r.ID, ex.Kind, ex.Lang)
			}
			kinds[ex.Kind] = true
			if strings.TrimSpace(ex.Bad) == "" || strings.TrimSpace(ex.Good) == "" || ex.Bad == ex.Good {
				t.Errorf("%s: the %s example needs a bad and a different good one", r.ID, ex.Kind)
			}
		}
	}
}

func countOf(rules []*lint.Rule, r *lint.Rule) int {
	n := 0
	for _, x := range rules {
		if x == r {
			n++
		}
	}
	return n
}

func checkFamily(t *testing.T, rules []*lint.Rule, family, engine, dir string) {
	t.Helper()
	idPattern := regexp.MustCompile(`^` + family + `[0-9]{` + fmt.Sprint(7-len(family)) + `}$`)
	if !slices.IsSortedFunc(rules, func(a, b *lint.Rule) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("the registry is not in ID order")
	}
	ids, names := map[string]bool{}, map[string]bool{}
	for _, r := range rules {
		if !idPattern.MatchString(r.ID) {
			t.Errorf("rule %q: ID is not %snnn", r.ID, family)
		}
		if !namePattern.MatchString(r.Name) {
			t.Errorf("%s: name %q is not kebab-case", r.ID, r.Name)
		}
		if ids[r.ID] || names[r.Name] {
			t.Errorf("%s (%s) is registered twice", r.ID, r.Name)
		}
		ids[r.ID], names[r.Name] = true, true
		if r.Engine != engine || r.Severity == lint.SeverityInvalid {
			t.Errorf("%s: engine %q, severity %v", r.ID, r.Engine, r.Severity)
		}
		if strings.TrimSpace(r.Title) == "" || strings.TrimSpace(r.Doc) == "" {
			t.Errorf("%s: missing title or doc", r.ID)
		}
		if strings.TrimSpace(r.Bad) == "" || strings.TrimSpace(r.Good) == "" || r.Bad == r.Good {
			t.Errorf("%s: needs a bad and a different good example", r.ID)
		}
		switch r.Kind {
		case lint.KindLoad:
			if r.Run != nil {
				t.Errorf("%s: a load rule has a Run function", r.ID)
			}
		case lint.KindFile:
			if r.Run == nil || r.FileKind == "" {
				t.Errorf("%s: a file rule needs a Run function and a file kind", r.ID)
			}
		case lint.KindProject:
			if r.Run == nil {
				t.Errorf("%s: a project rule needs a Run function", r.ID)
			}
		default:
			t.Errorf("%s: kind %d", r.ID, r.Kind)
		}
		valid, invalid := Fixtures(dir, r.ID)
		if len(valid) == 0 || len(invalid) == 0 {
			t.Errorf("%s: needs a valid-* and an invalid-* fixture in %s/%s (have %d, %d)", r.ID, dir, r.ID, len(valid), len(invalid))
		}
		if !Pinned(t, dir, r.ID) {
			t.Errorf("%s: no invalid-* fixture in %s/%s pins its message: write `want %q \"a regexp\"` on one finding's line", r.ID, dir, r.ID, r.ID)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	anyID := regexp.MustCompile(`^TMR[0-9]{4}$`)
	for _, e := range entries {
		if anyID.MatchString(e.Name()) && !ids[e.Name()] {
			t.Errorf("%s/%s has fixtures for a rule that is not registered here", dir, e.Name())
		}
	}
}

// Pinned reports whether an invalid-* fixture of rule id in dir/<id>
// expects a finding of id with a message regexp.
func Pinned(t *testing.T, dir, id string) bool {
	t.Helper()
	_, invalid := Fixtures(dir, id)
	for _, fx := range invalid {
		for _, w := range Wants(t, fx, func(string) bool { return true }) {
			if w.Rule == id && w.Message != nil {
				return true
			}
		}
	}
	return false
}

// Fixtures returns the valid-* and invalid-* fixtures (files or
// directories) of rule id in dir/<id>.
func Fixtures(dir, id string) (valid, invalid []string) {
	entries, _ := os.ReadDir(filepath.Join(dir, id))
	for _, e := range entries {
		p := filepath.Join(dir, id, e.Name())
		switch {
		case strings.HasPrefix(e.Name(), "valid-"):
			valid = append(valid, p)
		case strings.HasPrefix(e.Name(), "invalid-"):
			invalid = append(invalid, p)
		}
	}
	return valid, invalid
}

// Wants returns the expectations written in the files a fixture holds (the
// fixture itself, or the files below it that keep reports), sorted by
// file, line and rule.
func Wants(t *testing.T, fixture string, keep func(path string) bool) []Want {
	t.Helper()
	var out []Want
	err := filepath.WalkDir(fixture, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !keep(p) {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			ws, err := ParseWants(line)
			if err != nil {
				t.Errorf("%s:%d: %v", p, i+1, err)
			}
			for _, w := range ws {
				w.File, w.Line = p, i+1
				out = append(out, w)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortStableFunc(out, func(a, b Want) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	return out
}

// ParseWants reads the expectations of one line: every `want "TMRnnnn"`,
// each ID optionally followed by a message regexp. File and Line are left
// for the caller.
func ParseWants(line string) ([]Want, error) {
	var out []Want
	for _, m := range wantPattern.FindAllStringSubmatch(line, -1) {
		for _, q := range wantString.FindAllString(m[1], -1) {
			s, err := unquote(q)
			if err != nil {
				return nil, fmt.Errorf("want %s: %w", q, err)
			}
			if ruleID.MatchString(s) {
				out = append(out, Want{Rule: s})
				continue
			}
			last := &out[len(out)-1]
			if last.Message != nil {
				return nil, fmt.Errorf("want %q: two message regexps for one finding", last.Rule)
			}
			re, err := regexp.Compile(s)
			if err != nil {
				return nil, fmt.Errorf("want %q: the message regexp: %w", last.Rule, err)
			}
			last.Message = re
		}
	}
	return out, nil
}

func unquote(q string) (string, error) {
	if strings.HasPrefix(q, "`") {
		return strings.Trim(q, "`"), nil
	}
	return strconv.Unquote(q)
}

// Compare checks a fixture of rule id: a valid-* fixture expects no finding
// of id and an invalid-* one at least one, and the findings are exactly the
// expectations: one finding for each, of its rule on its line, whose
// message matches the expectation's regexp when it has one.
func Compare(t *testing.T, fixture, id string, want []Want, ds []lint.Diagnostic) {
	t.Helper()
	own := slices.ContainsFunc(want, func(w Want) bool { return w.Rule == id })
	if strings.HasPrefix(filepath.Base(fixture), "valid-") == own {
		t.Errorf("a valid fixture must not expect %s, an invalid one must", id)
	}
	if unmatched, extra := Match(want, ds); len(unmatched) > 0 || len(extra) > 0 {
		var w, g []string
		for _, x := range unmatched {
			w = append(w, x.String())
		}
		for _, d := range extra {
			g = append(g, fmt.Sprintf("%s:%d %s %q", d.File, d.Line, d.Rule, d.Message))
		}
		t.Errorf("findings not expected\n  %s\nexpectations not met\n  %s", strings.Join(g, "\n  "), strings.Join(w, "\n  "))
		for _, d := range ds {
			t.Logf("  %s:%d:%d %s %s", d.File, d.Line, d.Column, d.Rule, d.Message)
		}
	}
}

// Match pairs findings with expectations, one to one: an expectation with
// a message regexp takes a finding on its line of its rule whose message
// matches; one without takes any finding on its line of its rule. It
// returns the expectations no finding met and the findings no expectation
// took.
func Match(want []Want, ds []lint.Diagnostic) (unmatched []Want, extra []lint.Diagnostic) {
	used := make([]bool, len(ds))
	take := func(w Want, pinned bool) bool {
		for i, d := range ds {
			if used[i] || d.File != w.File || d.Line != w.Line || d.Rule != w.Rule {
				continue
			}
			if pinned && !w.Message.MatchString(d.Message) {
				continue
			}
			used[i] = true
			return true
		}
		return false
	}
	// The pinned expectations choose first, so that a plain one on the
	// same line does not take the finding a regexp needs.
	for _, w := range want {
		if w.Message != nil && !take(w, true) {
			unmatched = append(unmatched, w)
		}
	}
	for _, w := range want {
		if w.Message == nil && !take(w, false) {
			unmatched = append(unmatched, w)
		}
	}
	for i, d := range ds {
		if !used[i] {
			extra = append(extra, d)
		}
	}
	return unmatched, extra
}
