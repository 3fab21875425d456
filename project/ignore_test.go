package project

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/lint"
)

// everyFile is an engine that reads every file: discovery's choice of
// files, without a kind's.
func everyFile(found *[]string) []*Engine {
	return []*Engine{{
		Name:  "all",
		Kinds: []Kind{{Name: "any", Match: func(string) bool { return true }}},
		Load: func(l *Loader) (any, []lint.Diagnostic, []string) {
			*found = slices.Clone(l.Paths("any"))
			return nil, nil, nil
		},
	}}
}

// ignoreTreeFiles are the files of the git oracle's tree, and the ignore
// files that name some of them (each git rule, and the escapes).
var ignoreTreeFiles = map[string]string{
	".gitignore": strings.Join([]string{
		"# a comment", "", "*.log", "!keep.log", "/rootonly.txt", "docs/build", "**/gen/*.out", "a/**/z.txt",
		"dironly/", "?.tmp", "[abc].x", "[!d].y", `\#hash.txt`, `\!bang.txt`, "trailing.txt   ", `sp\ `,
		"**/deep", "lib/**", "{a,b}.brace", "mid/*/end", "*.LOG.txt", "escaped\\*.md",
	}, "\n") + "\n",
	".git/info/exclude": "excluded.md\n",
	"n/.gitignore":      "*.txt\n!/keep.txt\n",
	"n/m/.gitignore":    "!a.txt\n",
}

var ignoreTreeData = []string{
	"a.log", "keep.log", "sub/b.log", "sub/keep.log", "rootonly.txt", "sub/rootonly.txt",
	"docs/build/x.txt", "other/docs/build/y.txt", "docs/builder.txt",
	"gen/1.out", "x/gen/2.out", "x/gen/y/3.out", "a/z.txt", "a/b/z.txt", "a/b/c/z.txt", "b/a/z.txt",
	"dironly/f", "sub/dironly/f", "named/dironly",
	"1.tmp", "12.tmp", "a.x", "d.x", "a.y", "d.y", "#hash.txt", "!bang.txt", "trailing.txt", "sp ", "sp",
	"q/deep/r.txt", "deep", "lib/x/y.txt", "libx/y.txt", "{a,b}.brace", "a.brace",
	"mid/x/end", "mid/x/y/end", "mid/end", "a.LOG.txt", "a.log.txt", "escaped*.md", "escapedx.md",
	"n/keep.txt", "n/a.txt", "n/b.md", "n/m/keep.txt", "n/m/a.txt", "excluded.md", "sub/excluded.md",
}

// TestIgnoreAgreesWithGit: the files discovery finds in a tree with
// .gitignore files (nested, negated, anchored, with globs and escapes)
// and .git/info/exclude are the files git itself does not ignore (git
// ls-files --others --exclude-standard), the ignore files aside.
func TestIgnoreAgreesWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git := exec.Command("git", "init", "-q", dir)
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	write := func(name, data string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range ignoreTreeFiles {
		write(name, data)
	}
	for _, name := range ignoreTreeData {
		write(name, "x")
	}
	ls := exec.Command("git", "-c", "core.excludesFile=/dev/null", "ls-files", "-z", "--others", "--exclude-standard")
	ls.Dir = dir
	out, err := ls.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	var want []string
	for _, f := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		if !strings.HasSuffix(f, ".gitignore") {
			want = append(want, f)
		}
	}
	slices.Sort(want)
	if len(want) < 20 || len(want) > len(ignoreTreeData)-20 {
		t.Fatalf("git keeps %d of the %d files; the tree does not exercise the rules:\n%s", len(want), len(ignoreTreeData), strings.Join(want, "\n"))
	}

	var found []string
	if _, err := Load(Options{Paths: []string{dir}}, everyFile(&found)); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range found {
		rel, err := filepath.Rel(dir, f)
		if err != nil {
			t.Fatal(err)
		}
		if rel = filepath.ToSlash(rel); !strings.HasSuffix(rel, ".gitignore") {
			got = append(got, rel)
		}
	}
	slices.Sort(got)
	t.Logf("git keeps %d of %d files; discovery %d", len(want), len(ignoreTreeData), len(got))
	for _, f := range want {
		if !slices.Contains(got, f) {
			t.Errorf("git keeps %s; discovery ignores it", f)
		}
	}
	for _, f := range got {
		if !slices.Contains(want, f) {
			t.Errorf("git ignores %s; discovery keeps it", f)
		}
	}
}

// FuzzIgnoreLine: any line of an ignore file parses without a panic, and
// its negation (!line) says the opposite of it on every path it matches.
func FuzzIgnoreLine(f *testing.F) {
	for _, s := range []string{"*.log", "/build/", "a/**/b", "**/x", `\#a`, `\!b`, "sp\\ ", "[a-", "{a,b}", "!x", "lib/**", "a/b/", "\\", "", "#c", "?"} {
		f.Add(s, "a/b/c.log")
	}
	f.Fuzz(func(t *testing.T, line, path string) {
		p, ok := parseIgnoreLine(line, []string{"d"})
		if !ok || strings.HasPrefix(line, "!") || strings.HasPrefix(line, "#") {
			return
		}
		neg, nok := parseIgnoreLine("!"+line, []string{"d"})
		if !nok {
			t.Fatalf("%q parses, !%q does not", line, line)
		}
		components := append([]string{"d"}, strings.Split(path, "/")...)
		for _, dir := range []bool{false, true} {
			r, nr := p.match(components, dir), neg.match(components, dir)
			if r == ignoreInclude || (r == ignoreExclude) != (nr == ignoreInclude) {
				t.Fatalf("%q on %q (dir %v): %v, its negation %v", line, path, dir, r, nr)
			}
		}
	})
}
