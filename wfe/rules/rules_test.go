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

var fixtureNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

var (
	idPattern   = regexp.MustCompile(`^TMR6[0-9]{3}$`)
	namePattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	wantPattern = regexp.MustCompile(`want((?:\s+"TMR[0-9]{4}")+)`)
	wantID      = regexp.MustCompile(`"(TMR[0-9]{4})"`)
)

// TestRegistry validates the family: IDs in TMR6xxx, unique IDs and names,
// a title, a doc, a bad and a good example, a severity and a kind for each
// rule, and a valid-* and an invalid-* fixture.
func TestRegistry(t *testing.T) {
	ids, names := map[string]bool{}, map[string]bool{}
	for _, r := range All() {
		if !idPattern.MatchString(r.ID) {
			t.Errorf("rule %q: ID is not TMR6nnn", r.ID)
		}
		if !namePattern.MatchString(r.Name) {
			t.Errorf("%s: name %q is not kebab-case", r.ID, r.Name)
		}
		if ids[r.ID] || names[r.Name] {
			t.Errorf("%s (%s) is registered twice", r.ID, r.Name)
		}
		ids[r.ID], names[r.Name] = true, true
		if r.Engine != EngineName {
			t.Errorf("%s: engine %q", r.ID, r.Engine)
		}
		if r.Severity == lint.SeverityInvalid {
			t.Errorf("%s: no default severity", r.ID)
		}
		if strings.TrimSpace(r.Title) == "" || strings.TrimSpace(r.Doc) == "" {
			t.Errorf("%s: missing title or doc", r.ID)
		}
		if strings.TrimSpace(r.Bad) == "" || strings.TrimSpace(r.Good) == "" || r.Bad == r.Good {
			t.Errorf("%s: missing or equal bad and good examples", r.ID)
		}
		switch r.Kind {
		case lint.KindLoad:
			if r.Run != nil {
				t.Errorf("%s: a load rule has a Run function", r.ID)
			}
		case lint.KindFile:
			if r.Run == nil || r.FileKind != Kind {
				t.Errorf("%s: no Run function, or file kind %q", r.ID, r.FileKind)
			}
		default:
			t.Errorf("%s: kind %d", r.ID, r.Kind)
		}
		if Lookup(r.ID) != r || Lookup(r.Name) != r {
			t.Errorf("%s: Lookup does not find it by ID and name", r.ID)
		}
		valid, invalid := fixtures(r.ID)
		if len(valid) == 0 || len(invalid) == 0 {
			t.Errorf("%s: needs a valid-* and an invalid-* fixture in testdata/%s (have %d, %d)", r.ID, r.ID, len(valid), len(invalid))
		}
	}
	if ids := slices.Collect(func(yield func(string) bool) {
		for _, r := range All() {
			if !yield(r.ID) {
				return
			}
		}
	}); !slices.IsSorted(ids) {
		t.Errorf("All is not in ID order: %v", ids)
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
	for _, vr := range valueRules {
		if vr.rule.Kind != lint.KindFile {
			t.Errorf("%s: a value rule is not a file rule", vr.rule.ID)
		}
	}
}

func fixtures(id string) (valid, invalid []string) {
	entries, _ := os.ReadDir(filepath.Join("testdata", id))
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

type expectation struct {
	file string
	line int
	rule string
}

func (e expectation) String() string { return fmt.Sprintf("%s:%d %s", e.file, e.line, e.rule) }

// TestFixtures checks every fixture (with the config beside it, if any)
// against the `want "TMRnnnn"` comments on its lines, exactly.
func TestFixtures(t *testing.T) {
	for _, r := range All() {
		valid, invalid := fixtures(r.ID)
		for _, fx := range append(valid, invalid...) {
			t.Run(filepath.ToSlash(fx), func(t *testing.T) {
				files, cfg := fixtureFiles(t, fx)
				want := wants(t, files)
				own := slices.ContainsFunc(want, func(e expectation) bool { return e.rule == r.ID })
				if strings.HasPrefix(filepath.Base(fx), "valid-") == own {
					t.Errorf("a valid fixture must not expect %s, an invalid one must", r.ID)
				}
				rep, err := project.Check(project.Options{Paths: []string{fx}, Config: cfg}, []*project.Engine{Engine}, lint.Options{Rules: All(), Now: fixtureNow})
				if err != nil {
					t.Fatal(err)
				}
				var got []expectation
				for _, d := range rep.Diagnostics {
					got = append(got, expectation{d.File, d.Line, d.Rule})
				}
				compare(t, got, want, rep.Diagnostics)
			})
		}
	}
}

// fixtureFiles lists a fixture's files and reads the config beside them.
func fixtureFiles(t *testing.T, fx string) ([]string, *lint.Config) {
	t.Helper()
	info, err := os.Stat(fx)
	if err != nil {
		t.Fatal(err)
	}
	if !info.IsDir() {
		return []string{fx}, nil
	}
	var files []string
	var cfg *lint.Config
	entries, err := os.ReadDir(fx)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		p := filepath.Join(fx, e.Name())
		if e.Name() == lint.ConfigFileName {
			cfg, err = lint.LoadConfig(p, lint.ConfigSpec{Rules: All(), Sections: Engine.ConfigSections})
			if err != nil {
				t.Fatal(err)
			}
			continue
		}
		files = append(files, p)
	}
	return files, cfg
}

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
					out = append(out, expectation{f, i + 1, id[1]})
				}
			}
		}
	}
	return out
}

func compare(t *testing.T, got, want []expectation, ds []lint.Diagnostic) {
	t.Helper()
	count := map[string]int{}
	for _, w := range want {
		count[w.String()]++
	}
	for _, g := range got {
		count[g.String()]--
	}
	for k, n := range count {
		switch {
		case n > 0:
			t.Errorf("missing finding: %s", k)
		case n < 0:
			for _, d := range ds {
				if (expectation{d.File, d.Line, d.Rule}).String() == k {
					t.Errorf("unexpected finding: %s: %s", k, d.Message)
				}
			}
		}
	}
}
