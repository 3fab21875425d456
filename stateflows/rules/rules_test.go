package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// The family's IDs and names, and a fixture's expectations: `// want
// "TMR7010" "TMR7040"` on the line of the findings.
var (
	idPattern, namePattern = regexp.MustCompile(`^TMR7[0-9]{3}$`), regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	wantPattern, wantID    = regexp.MustCompile(`want((?:\s+"TMR[0-9]{4}")+)`), regexp.MustCompile(`"(TMR[0-9]{4})"`)
)

// TestRegistry validates the family: IDs in TMR7xxx, unique IDs and
// names, a title, doc, severity, a bad and a good example, the kind's Run
// function, and a valid and an invalid fixture for every rule.
func TestRegistry(t *testing.T) {
	ids, names := map[string]bool{}, map[string]bool{}
	if !slices.IsSortedFunc(All(), func(a, b *lint.Rule) int { return strings.Compare(a.ID, b.ID) }) {
		t.Error("the registry is not in ID order")
	}
	for _, r := range All() {
		if !idPattern.MatchString(r.ID) {
			t.Errorf("rule %q: ID is not TMR7nnn", r.ID)
		}
		if !namePattern.MatchString(r.Name) {
			t.Errorf("%s: name %q is not kebab-case", r.ID, r.Name)
		}
		if ids[r.ID] || names[r.Name] {
			t.Errorf("%s (%s) is registered twice", r.ID, r.Name)
		}
		ids[r.ID], names[r.Name] = true, true
		if r.Engine != EngineName || r.Severity == lint.SeverityInvalid {
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
			if r.Run == nil || r.FileKind != KindCS {
				t.Errorf("%s: a file rule needs Run and the cs kind", r.ID)
			}
		default:
			t.Errorf("%s: unexpected kind %v", r.ID, r.Kind)
		}
		if Lookup(r.ID) != r || Lookup(r.Name) != r {
			t.Errorf("%s: Lookup does not find it by ID and name", r.ID)
		}
		valid, invalid := fixtures(r.ID)
		if len(valid) == 0 || len(invalid) == 0 {
			t.Errorf("%s: needs a valid-* and an invalid-* fixture in testdata/%s", r.ID, r.ID)
		}
		if page := Markdown(r); !strings.Contains(page, "```csharp") || !strings.Contains(page, "// seams-timers:ignore "+r.ID) {
			t.Errorf("%s: the page has no C# examples or suppression line", r.ID)
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

// check runs the engine over a fixture, with the .seams-timers.yaml of a
// fixture directory when it has one.
func check(t *testing.T, fx string) *lint.Report {
	t.Helper()
	opts := project.Options{Paths: []string{fx}}
	if cfgPath := filepath.Join(fx, lint.ConfigFileName); fileExists(cfgPath) {
		cfg, err := lint.LoadConfig(cfgPath, lint.ConfigSpec{Rules: All(), Sections: Engine.ConfigSections})
		if err != nil {
			t.Fatal(err)
		}
		opts.Config = cfg
	}
	rep, err := project.Check(opts, []*project.Engine{Engine}, lint.Options{Rules: All()})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func fileExists(p string) bool {
	info, err := os.Stat(p)
	return err == nil && !info.IsDir()
}

// TestFixtures runs the rules over every fixture and compares the
// findings with the fixture's `want` comments exactly.
func TestFixtures(t *testing.T) {
	for _, r := range All() {
		valid, invalid := fixtures(r.ID)
		for _, fx := range append(valid, invalid...) {
			t.Run(filepath.ToSlash(fx), func(t *testing.T) {
				var want []string
				err := filepath.WalkDir(fx, func(p string, d os.DirEntry, err error) error {
					if err != nil || d.IsDir() || !IsCSPath(p) {
						return err
					}
					src, err := os.ReadFile(p)
					for i, line := range strings.Split(string(src), "\n") {
						for _, m := range wantPattern.FindAllStringSubmatch(line, -1) {
							for _, id := range wantID.FindAllStringSubmatch(m[1], -1) {
								want = append(want, fmt.Sprintf("%s:%d %s", p, i+1, id[1]))
							}
						}
					}
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				own := slices.ContainsFunc(want, func(w string) bool { return strings.HasSuffix(w, " "+r.ID) })
				if strings.HasPrefix(filepath.Base(fx), "valid-") == own {
					t.Errorf("a valid fixture must not expect %s, an invalid one must", r.ID)
				}
				var got []string
				for _, d := range check(t, fx).Diagnostics {
					got = append(got, fmt.Sprintf("%s:%d %s", d.File, d.Line, d.Rule))
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("findings\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
				}
			})
		}
	}
}
