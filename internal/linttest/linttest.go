// Package linttest is what the engines' rule tests share: the registry
// checks every family needs, the valid-*/invalid-* fixtures of a rule, and
// the `want "TMRnnnn"` expectations written inside them, compared with a
// check's findings exactly. It knows no engine.
package linttest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

var (
	namePattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	wantPattern = regexp.MustCompile(`want((?:\s+"TMR[0-9]{4}")+)`)
	wantID      = regexp.MustCompile(`"(TMR[0-9]{4})"`)
)

// Registry checks a family of rules: IDs that start with family and have
// four digits, in ID order, unique IDs and kebab-case names, the engine,
// a severity, a title, a doc, a bad and a different good example, a Run
// function exactly for the kinds that run (with a file kind for KindFile),
// and a valid-* and an invalid-* fixture in dir/<ID>; and that dir holds no
// fixtures of a rule that is not registered.
func Registry(t *testing.T, rules []*lint.Rule, family, engine, dir string) {
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
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if idPattern.MatchString(e.Name()) && !ids[e.Name()] {
			t.Errorf("%s/%s has fixtures for a rule that is not registered", dir, e.Name())
		}
	}
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
// fixture itself, or the files below it that keep reports it), one
// "file:line RULE" per ID of every `want "TMRnnnn" ...` on a line, sorted.
func Wants(t *testing.T, fixture string, keep func(path string) bool) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(fixture, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !keep(p) {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(src), "\n") {
			for _, m := range wantPattern.FindAllStringSubmatch(line, -1) {
				for _, id := range wantID.FindAllStringSubmatch(m[1], -1) {
					out = append(out, fmt.Sprintf("%s:%d %s", p, i+1, id[1]))
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// Compare checks a fixture of rule id: a valid-* fixture expects no finding
// of id and an invalid-* one at least one, and the findings are exactly the
// expectations.
func Compare(t *testing.T, fixture, id string, want []string, ds []lint.Diagnostic) {
	t.Helper()
	own := slices.ContainsFunc(want, func(w string) bool { return strings.HasSuffix(w, " "+id) })
	if strings.HasPrefix(filepath.Base(fixture), "valid-") == own {
		t.Errorf("a valid fixture must not expect %s, an invalid one must", id)
	}
	got := make([]string, 0, len(ds))
	for _, d := range ds {
		got = append(got, fmt.Sprintf("%s:%d %s", d.File, d.Line, d.Rule))
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("findings\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
		for _, d := range ds {
			t.Logf("  %s:%d:%d %s %s", d.File, d.Line, d.Column, d.Rule, d.Message)
		}
	}
}
