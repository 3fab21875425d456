package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// fixtureNow is the reference clock of every fixture, the one SPIFF.md's
// measurements use.
var fixtureNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

var (
	idPattern   = regexp.MustCompile(`^TMR[0-9]{4}$`)
	namePattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	wantPattern = regexp.MustCompile(`want((?:\s+"TMR[0-9]{4}")+)`)
	wantID      = regexp.MustCompile(`"(TMR[0-9]{4})"`)
)

// TestRegistry validates the registry itself: unique IDs and names, a doc,
// a bad and a good example, a title and a severity for every rule, and a
// valid and an invalid fixture for each.
func TestRegistry(t *testing.T) {
	ids := map[string]bool{}
	names := map[string]bool{}
	for _, r := range All() {
		if !idPattern.MatchString(r.ID) {
			t.Errorf("rule %q: ID is not TMRnnnn", r.ID)
		}
		if !namePattern.MatchString(r.Name) {
			t.Errorf("%s: name %q is not kebab-case", r.ID, r.Name)
		}
		if ids[r.ID] || names[r.Name] {
			t.Errorf("%s (%s) is registered twice", r.ID, r.Name)
		}
		ids[r.ID], names[r.Name] = true, true
		if r.Severity == lint.SeverityInvalid {
			t.Errorf("%s: no default severity", r.ID)
		}
		if strings.TrimSpace(r.Title) == "" || strings.TrimSpace(r.Doc) == "" {
			t.Errorf("%s: missing title or doc", r.ID)
		}
		if strings.TrimSpace(r.Bad) == "" || strings.TrimSpace(r.Good) == "" {
			t.Errorf("%s: missing bad or good example", r.ID)
		}
		if r.Bad == r.Good {
			t.Errorf("%s: the bad and the good example are the same", r.ID)
		}
		switch r.Kind {
		case lint.KindLoad:
			if r.Run != nil {
				t.Errorf("%s: a load rule has a Run function", r.ID)
			}
		case lint.KindFile, lint.KindProject:
			if r.Run == nil {
				t.Errorf("%s: no Run function", r.ID)
			}
		default:
			t.Errorf("%s: no kind", r.ID)
		}
		if Lookup(r.ID) != r || Lookup(r.Name) != r {
			t.Errorf("%s: Lookup does not find it by ID and name", r.ID)
		}
		valid, invalid := fixtures(t, r.ID)
		if len(valid) == 0 || len(invalid) == 0 {
			t.Errorf("%s: needs at least one valid-* and one invalid-* fixture in testdata/%s (have %d valid, %d invalid)",
				r.ID, r.ID, len(valid), len(invalid))
		}
	}
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if idPattern.MatchString(e.Name()) && !ids[e.Name()] {
			t.Errorf("testdata/%s has fixtures for a rule that is not registered", e.Name())
		}
	}
}

// fixtures lists a rule's valid-* and invalid-* fixtures (files or
// directories).
func fixtures(t *testing.T, id string) (valid, invalid []string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join("testdata", id))
	if err != nil {
		return nil, nil
	}
	for _, e := range entries {
		p := filepath.Join("testdata", id, e.Name())
		switch {
		case strings.HasPrefix(e.Name(), "valid-"):
			valid = append(valid, p)
		case strings.HasPrefix(e.Name(), "invalid-"):
			invalid = append(invalid, p)
		}
	}
	return valid, invalid
}

// expectation is one finding a fixture expects: file, line, rule.
type expectation struct {
	file string
	line int
	rule string
}

func (e expectation) String() string { return fmt.Sprintf("%s:%d %s", e.file, e.line, e.rule) }

// wants reads the `want "TMRnnnn"` comments of every file of a fixture.
func wants(t *testing.T, files []string) []expectation {
	t.Helper()
	var out []expectation
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			for _, m := range wantPattern.FindAllStringSubmatch(line, -1) {
				for _, id := range wantID.FindAllStringSubmatch(m[1], -1) {
					out = append(out, expectation{file: f, line: i + 1, rule: id[1]})
				}
			}
		}
	}
	return out
}

// TestFixtures runs every rule over every fixture and compares what it
// reports with what the fixture expects, exactly: a missing finding and an
// unexpected one both fail. A valid-* fixture must not expect its own rule;
// an invalid-* one must.
func TestFixtures(t *testing.T) {
	for _, r := range All() {
		valid, invalid := fixtures(t, r.ID)
		for _, fx := range append(valid, invalid...) {
			t.Run(filepath.ToSlash(fx), func(t *testing.T) {
				files := fixtureFiles(t, fx)
				want := wants(t, files)
				ownRule := slices.ContainsFunc(want, func(e expectation) bool { return e.rule == r.ID })
				if strings.HasPrefix(filepath.Base(fx), "valid-") && ownRule {
					t.Errorf("a valid fixture expects its own rule %s", r.ID)
				}
				if strings.HasPrefix(filepath.Base(fx), "invalid-") && !ownRule {
					t.Errorf("an invalid fixture does not expect its rule %s", r.ID)
				}
				rep, err := project.Check(project.Options{Paths: []string{fx}}, []*project.Engine{Engine}, lint.Options{Rules: All(), Now: fixtureNow})
				if err != nil {
					t.Fatal(err)
				}
				var got []expectation
				for _, d := range rep.Diagnostics {
					got = append(got, expectation{file: d.File, line: d.Line, rule: d.Rule})
				}
				compare(t, got, want, rep.Diagnostics)
			})
		}
	}
}

func fixtureFiles(t *testing.T, fx string) []string {
	t.Helper()
	info, err := os.Stat(fx)
	if err != nil {
		t.Fatal(err)
	}
	if !info.IsDir() {
		return []string{fx}
	}
	var files []string
	err = filepath.WalkDir(fx, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func compare(t *testing.T, got, want []expectation, ds []lint.Diagnostic) {
	t.Helper()
	key := func(e expectation) string { return e.String() }
	count := map[string]int{}
	for _, w := range want {
		count[key(w)]++
	}
	for _, g := range got {
		count[key(g)]--
	}
	for k, n := range count {
		switch {
		case n > 0:
			t.Errorf("missing finding: %s", k)
		case n < 0:
			for _, d := range ds {
				if key(expectation{d.File, d.Line, d.Rule}) == k {
					t.Errorf("unexpected finding: %s: %s", k, d.Message)
				}
			}
		}
	}
}
