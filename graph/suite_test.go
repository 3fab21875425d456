package graph

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The syntax suite under testdata/syntax, written in the spirit of the W3C
// Turtle and N-Triples test suites: good/ holds documents that must load,
// bad/ documents that must be refused with a TMR0003 at the position that
// bad/errors.txt gives, and eval/ documents whose triples must be those of
// the .expected file beside them.

func suiteFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join("testdata", "syntax", dir))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if IsGraphPath(e.Name()) {
			out = append(out, filepath.Join("testdata", "syntax", dir, e.Name()))
		}
	}
	if len(out) == 0 {
		t.Fatalf("no tests in %s", dir)
	}
	return out
}

func TestSyntaxPositive(t *testing.T) {
	for _, path := range suiteFiles(t, "good") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			g, errs := Load([]string{path})
			for _, e := range errs {
				t.Fatalf("refused: %v", e)
			}
			// The triples, written out as N-Triples, read back the same.
			lines := ntLines(g)
			back := parseOK(t, "roundtrip.nt", strings.Join(lines, "\n")+"\n")
			if got, want := normalizeBlanks(ntLines(back)), normalizeBlanks(lines); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("N-Triples round trip differs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

func TestSyntaxNegative(t *testing.T) {
	want := map[string]string{}
	f, err := os.Open(filepath.Join("testdata", "syntax", "bad", "errors.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, exp, _ := strings.Cut(line, " ")
		want[name] = exp
	}
	files := suiteFiles(t, "bad")
	seen := map[string]bool{}
	for _, path := range files {
		name := filepath.Base(path)
		seen[name] = true
		t.Run(name, func(t *testing.T) {
			exp, ok := want[name]
			if !ok {
				t.Fatalf("no expectation in errors.txt")
			}
			pos, frag, _ := strings.Cut(exp, " ")
			g, errs := Load([]string{path})
			if len(errs) != 1 {
				t.Fatalf("got %d errors %v, want 1", len(errs), errs)
			}
			e := errs[0]
			if e.Rule != RuleSyntax || e.File != path || e.Line < 1 || e.Col < 1 {
				t.Errorf("error %+v", e)
			}
			if got := itoa(e.Line) + ":" + itoa(e.Col); got != pos || !strings.Contains(e.Msg, frag) {
				t.Errorf("got %s %s\nwant %s ...%s...", got, e.Msg, pos, frag)
			}
			if g.Len() != 0 {
				t.Errorf("a refused document contributed %d triples", g.Len())
			}
		})
	}
	var missing []string
	for name := range want {
		if !seen[name] {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("errors.txt names files that do not exist: %v", missing)
	}
}

func TestSyntaxEval(t *testing.T) {
	dir, err := FileIRI(filepath.Join("testdata", "syntax", "eval") + string(filepath.Separator))
	if err != nil {
		t.Fatal(err)
	}
	dir = strings.TrimSuffix(dir, "/") + "/"
	parent := dir[:strings.LastIndex(strings.TrimSuffix(dir, "/"), "/")+1]
	for _, path := range suiteFiles(t, "eval") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			g, errs := Load([]string{path})
			for _, e := range errs {
				t.Fatalf("refused: %v", e)
			}
			data, err := os.ReadFile(strings.TrimSuffix(path, ".ttl") + ".expected")
			if err != nil {
				t.Fatal(err)
			}
			exp := strings.NewReplacer("@DIR@", dir, "@PARENT@", parent).Replace(strings.TrimSpace(string(data)))
			if got := strings.Join(normalizeBlanks(ntLines(g)), "\n"); got != exp {
				t.Errorf("got:\n%s\nwant:\n%s", got, exp)
			}
		})
	}
}
