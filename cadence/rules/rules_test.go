package rules

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/seams/seams-timers/cadence/catalog"
	"github.com/seams/seams-timers/internal/linttest"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// TestMain builds seams-timers-go, the executable the engine runs for Go
// packages, and points the engine at it.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "seams-timers-go")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	helper := filepath.Join(dir, HelperName)
	if out, err := exec.Command("go", "build", "-o", helper, "../../cmd/seams-timers-go").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building seams-timers-go: %v\n%s", err, out)
		os.Exit(3)
	}
	os.Setenv(HelperEnv, helper)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var (
	idPattern   = regexp.MustCompile(`^TMR8[0-9]{3}$`)
	namePattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	// wantGo is an analysistest expectation naming a rule, pinnedGo one
	// whose regexp says something of the message before the ID, wantJSON
	// a "want" key in a history fixture (with a "wantMessage" regexp
	// beside it when it pins the message). A Go fixture's comments for a
	// loader rule are read by linttest.ParseWants.
	wantGo   = regexp.MustCompile("// want `.*\\\\\\[(TMR8[0-9]{3})`")
	pinnedGo = regexp.MustCompile("// want `[^`]*[^.*`][^`]*\\\\\\[(TMR8[0-9]{3})`")
	wantJSON = regexp.MustCompile(`"want": "(TMR8[0-9]{3})"(?:, "wantMessage": ("(?:[^"\\\\]|\\\\.)*"))?`)
)

// analyzerFixtures is where the analysistest fixtures of a rule are, by
// SDK: the directory under cadence/analyzers/testdata/src.
func analyzerFixtures(id string) string {
	switch id {
	case catalog.CronSyntax, catalog.CronNeverFires, catalog.CronTimeZone, catalog.CronEvery:
		return "cron"
	}
	return strings.ToLower(id)
}

// TestRegistry validates the family: unique IDs and names, a title, a
// doc, a bad and a good example, a kind, and fixtures that show each rule
// firing and silent (for the analyzers, both SDKs; TMR8004 is Cadence's
// only, and its Temporal fixture shows it silent).
func TestRegistry(t *testing.T) {
	ids, names := map[string]bool{}, map[string]bool{}
	for _, r := range linttest.Own(t, Engine().Rules) {
		if !idPattern.MatchString(r.ID) || !namePattern.MatchString(r.Name) {
			t.Errorf("%s %q: ID is not TMR8nnn or name is not kebab-case", r.ID, r.Name)
		}
		if ids[r.ID] || names[r.Name] {
			t.Errorf("%s (%s) is registered twice", r.ID, r.Name)
		}
		ids[r.ID], names[r.Name] = true, true
		if r.Severity == lint.SeverityInvalid || r.Engine != EngineName {
			t.Errorf("%s: severity %v, engine %q", r.ID, r.Severity, r.Engine)
		}
		if strings.TrimSpace(r.Title) == "" || strings.TrimSpace(r.Doc) == "" || strings.TrimSpace(r.Bad) == "" || strings.TrimSpace(r.Good) == "" || r.Bad == r.Good {
			t.Errorf("%s: missing title, doc, or distinct bad and good examples", r.ID)
		}
		if (r.Kind == lint.KindLoad) != (r.Run == nil) || r.Kind == 0 {
			t.Errorf("%s: kind %v with Run set %v", r.ID, r.Kind, r.Run != nil)
		}
		if catalog.Name(r.ID) != "" && catalog.Name(r.ID) != r.Name {
			t.Errorf("%s: named %q here and %q in the catalog", r.ID, r.Name, catalog.Name(r.ID))
		}
		if catalog.Name(r.ID) != "" {
			for _, sdk := range []string{"cadence", "temporal"} {
				dir := filepath.Join("..", "analyzers", "testdata", "src", analyzerFixtures(r.ID), sdk)
				firing := fixtureWants(t, filepath.Join(dir, "invalid.go"), wantGo)
				_, validErr := os.Stat(filepath.Join(dir, "valid.go"))
				if validErr != nil {
					t.Errorf("%s: no fixture showing it silent (%s/valid.go)", r.ID, dir)
				}
				if len(fixtureWants(t, filepath.Join(dir, "valid.go"), wantGo)) > 0 {
					t.Errorf("%s: %s/valid.go expects findings", r.ID, dir)
				}
				if cadenceOnly := r.ID == catalog.TimerSubsecond && sdk == "temporal"; !cadenceOnly && !slices.Contains(firing, r.ID) {
					t.Errorf("%s: no fixture showing it firing for %s (%s/invalid.go)", r.ID, sdk, dir)
				}
				if cadenceOnly := r.ID == catalog.TimerSubsecond && sdk == "temporal"; !cadenceOnly && !slices.Contains(fixtureWants(t, filepath.Join(dir, "invalid.go"), pinnedGo), r.ID) {
					t.Errorf("%s: no expectation in %s/invalid.go pins its message (// want `the message.*\\[%s`)", r.ID, dir, r.ID)
				}
			}
			continue
		}
		valid, invalid := fixtures(t, r.ID)
		if len(valid) == 0 || len(invalid) == 0 {
			t.Errorf("%s: needs valid-* and invalid-* fixtures in testdata/%s (have %d, %d)", r.ID, r.ID, len(valid), len(invalid))
		}
		if !pinned(t, r.ID) {
			t.Errorf("%s: no invalid-* fixture in testdata/%s pins its message (a \"wantMessage\" regexp beside \"want\", or `// want %q \"regexp\"`)", r.ID, r.ID, r.ID)
		}
	}
}

// fixtureWants returns the rule IDs a fixture file expects, in order.
func fixtureWants(t *testing.T, path string, re *regexp.Regexp) []string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []string
	for _, m := range re.FindAllStringSubmatch(string(src), -1) {
		out = append(out, m[1])
	}
	return out
}

// fixtures lists the valid-* and invalid-* entries of testdata/<id>.
func fixtures(t *testing.T, id string) (valid, invalid []string) {
	t.Helper()
	return linttest.Fixtures("testdata", id)
}

// expected returns the expectations written inside a fixture (a history
// file or a Go module directory): the Go files' `// want "TMR8000"
// "regexp"` comments, read as every engine's fixtures are
// (linttest.ParseWants), and a history's "want" keys with their
// "wantMessage" regexps.
func expected(t *testing.T, path string) []linttest.Want {
	t.Helper()
	var out []linttest.Want
	read := func(p string, json bool) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if !json {
				ws, err := linttest.ParseWants(line)
				if err != nil {
					t.Errorf("%s:%d: %v", p, i+1, err)
				}
				for _, w := range ws {
					w.File, w.Line = p, i+1
					out = append(out, w)
				}
				continue
			}
			for _, m := range wantJSON.FindAllStringSubmatch(line, -1) {
				w := linttest.Want{File: p, Line: i + 1, Rule: m[1]}
				if m[2] != "" {
					re, err := strconv.Unquote(m[2])
					if err == nil {
						w.Message, err = regexp.Compile(re)
					}
					if err != nil {
						t.Errorf("%s:%d: wantMessage %s: %v", p, i+1, m[2], err)
					}
				}
				out = append(out, w)
			}
		}
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		files, _ := filepath.Glob(filepath.Join(path, "*.go*"))
		for _, f := range files {
			read(f, false)
		}
	} else {
		read(path, true)
	}
	return out
}

// pinned reports whether an invalid-* fixture of rule id pins the
// message of one of its findings.
func pinned(t *testing.T, id string) bool {
	t.Helper()
	_, invalid := fixtures(t, id)
	for _, fx := range invalid {
		for _, w := range expected(t, fx) {
			if w.Rule == id && w.Message != nil {
				return true
			}
		}
	}
	return false
}

func check(t *testing.T, paths ...string) *lint.Report {
	t.Helper()
	rep, err := project.Check(project.Options{Paths: paths}, []*project.Engine{Engine()}, lint.Options{Rules: Engine().Rules})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestFixtures checks every fixture of the loader and history rules: the
// findings are exactly those written inside it, on their lines.
func TestFixtures(t *testing.T) {
	dirs, _ := filepath.Glob("testdata/TMR8*")
	for _, dir := range dirs {
		valid, invalid := fixtures(t, filepath.Base(dir))
		for _, p := range append(valid, invalid...) {
			t.Run(p, func(t *testing.T) {
				// A Go module is checked from a copy: discovery skips
				// the Go files under testdata, as the go command does.
				target, rename := p, func(f string) string { return f }
				if st, err := os.Stat(p); err == nil && st.IsDir() {
					target = copyDir(t, p)
					rename = func(f string) string {
						name := filepath.Base(f)
						if _, err := os.Stat(filepath.Join(p, name+".txt")); err == nil {
							name += ".txt"
						}
						return filepath.Join(p, name)
					}
				}
				ds := check(t, target).Diagnostics
				for i, d := range ds {
					ds[i].File = rename(d.File)
					if d.Column < 1 || d.EndLine < d.Line {
						t.Errorf("%s: bad range %d:%d-%d:%d", d.Message, d.Line, d.Column, d.EndLine, d.EndColumn)
					}
				}
				want := expected(t, p)
				if unmatched, extra := linttest.Match(want, ds); len(unmatched) > 0 || len(extra) > 0 {
					var w, g []string
					for _, x := range unmatched {
						w = append(w, x.String())
					}
					for _, d := range extra {
						g = append(g, fmt.Sprintf("%s:%d %s %q", d.File, d.Line, d.Rule, d.Message))
					}
					t.Errorf("findings not expected\n%s\nexpectations not met\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
				}
				if strings.HasPrefix(filepath.Base(p), "invalid-") && len(want) == 0 {
					t.Errorf("an invalid fixture expects nothing")
				}
			})
		}
	}
}

// copyDir copies a fixture directory (flat) into a temporary one. A file
// named *.go.txt becomes *.go: a Go file that must not parse is kept out
// of gofmt's way.
func copyDir(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), filepath.Base(dir))
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, strings.TrimSuffix(e.Name(), ".txt")), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}
