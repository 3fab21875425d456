package archtest

import (
	"bufio"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/seams/seams-timers"

// root is the repository root, two directories up.
const root = "../.."

// actualImports returns, for every package of the module (relative
// directory), the module's own packages its non-test files import.
func actualImports(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); p != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			// A directory with a go.mod of its own (examples/cadence) is
			// another module, not a package of this one.
			if _, err := os.Stat(filepath.Join(p, "go.mod")); p != root && err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(p))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if dep, ok := strings.CutPrefix(path, module+"/"); ok && !slices.Contains(out[pkg], dep) {
				out[pkg] = append(out[pkg], dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, deps := range out {
		slices.Sort(deps)
	}
	return out
}

// documentedImports reads the ```imports block of docs/architecture.md.
func documentedImports(t *testing.T) map[string][]string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	out := map[string][]string{}
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "```imports":
			in = true
		case in && line == "```":
			return out
		case in:
			pkg, deps, ok := strings.Cut(line, "->")
			if !ok {
				t.Fatalf("docs/architecture.md: %q is not PKG -> DEPS", line)
			}
			list := strings.Fields(deps)
			slices.Sort(list)
			out[strings.TrimSpace(pkg)] = list
		}
	}
	t.Fatal("docs/architecture.md has no ```imports block")
	return nil
}

// TestImportGraphDocumented fails when the import graph of the code and
// the one docs/architecture.md draws differ.
func TestImportGraphDocumented(t *testing.T) {
	got, doc := actualImports(t), documentedImports(t)
	for pkg, deps := range got {
		want, ok := doc[pkg]
		if !ok {
			t.Errorf("package %s is missing from docs/architecture.md's import graph (%s -> %s)", pkg, pkg, strings.Join(deps, " "))
			continue
		}
		if !slices.Equal(deps, want) {
			t.Errorf("%s imports %v; docs/architecture.md says %v", pkg, deps, want)
		}
	}
	for pkg := range doc {
		if _, ok := got[pkg]; !ok {
			t.Errorf("docs/architecture.md lists %s, which is no package", pkg)
		}
	}
}

// coreAllowed are the only module packages the engine-neutral core may
// reach: whatever engine is added, the core does not learn of it.
var coreAllowed = map[string][]string{
	"span":    {},
	"lint":    {"span", "lint/duration"},
	"project": {"lint", "span", "lint/duration", "verify", "sim"},
	// The simulators' shared grammar of run inputs (its durations are
	// the config's, lint.ParseConfigDuration).
	"sim": {"lint/duration"},
	// The core's rules (TMR0xxx), which every engine lists.
	"rules": {"lint", "project", "span", "lint/duration", "verify"},
	// The engine-neutral search of seams-timers verify.
	"verify": {},
}

// forbidden are further lines no package may cross: package -> the
// packages it must not import.
var forbidden = map[string][]string{
	"bpmn":           {"graph", "bpmn/join", "lint", "project", "bpmn/rules", "bpmn/sim"},
	"bpmn/timeexpr":  {"bpmn", "graph", "bpmn/join", "lint", "project", "bpmn/rules", "bpmn/sim"},
	"graph":          {"bpmn", "bpmn/timeexpr", "bpmn/join", "lint", "project", "bpmn/rules", "bpmn/sim"},
	"bpmn/join":      {"project", "bpmn/rules", "bpmn/sim"},
	"bpmn/rules":     {"bpmn/sim"},
	"bpmn/sim":       {"graph", "bpmn/join", "lint", "project", "bpmn/rules"},
	"wfe":            {"lint", "project", "wfe/rules", "wfe/sim"},
	"wfe/value":      {"lint", "project", "wfe", "wfe/rules", "wfe/sim"},
	"wfe/rules":      {"wfe/sim"},
	"wfe/sim":        {"lint", "project", "wfe/rules"},
	"stateflows/sim": {"lint", "project", "stateflows/rules", "stateflows/csharp"},
	"cadence/sim":    {"lint", "project", "cadence/rules", "cadence/analyzers", "cadence/goload"},
	// The Go analysis (golang.org/x/tools) lives in seams-timers-go.
	"cmd/seams-timers": {"cadence/analyzers", "cadence/goload"},
	"cadence/rules":    {"cadence/analyzers", "cadence/goload"},
}

// engineOf names the engine a package belongs to ("" for the core, the
// commands, the language server and the shared internals): the BPMN
// engine's packages, or the top-level directory of another engine (wfe/,
// stateflows/, cadence/).
func engineOf(pkg string) string {
	switch strings.SplitN(pkg, "/", 2)[0] {
	case "bpmn", "graph":
		return "bpmn"
	case "span", "lint", "project", "cmd", "internal", "bench", "lsp", "rules", "sim", "verify":
		return ""
	}
	return strings.SplitN(pkg, "/", 2)[0]
}

// TestImportDirection fails when a package imports across the line
// between the core and the engines, or between two engines, directly or
// through another package.
func TestImportDirection(t *testing.T) {
	got := actualImports(t)
	for pkg, allowed := range coreAllowed {
		if _, ok := got[pkg]; !ok {
			t.Errorf("guarded package %s does not exist", pkg)
		}
		for _, dep := range reachable(got, pkg) {
			if !slices.Contains(allowed, dep) {
				t.Errorf("%s imports %s (directly or through another package): the core must know no engine", pkg, dep)
			}
		}
	}
	for pkg, bad := range forbidden {
		if _, ok := got[pkg]; !ok {
			t.Errorf("guarded package %s does not exist", pkg)
			continue
		}
		for _, dep := range reachable(got, pkg) {
			if slices.Contains(bad, dep) {
				t.Errorf("%s imports %s (directly or through another package): %s", pkg, dep, why(pkg))
			}
		}
	}
	for pkg := range got {
		own := engineOf(pkg)
		if own == "" {
			continue
		}
		for _, dep := range reachable(got, pkg) {
			if other := engineOf(dep); other != "" && other != own && (own == "bpmn" || !sharedWithEngines[dep]) {
				t.Errorf("%s (engine %s) imports %s (engine %s): engines meet only in the core", pkg, own, dep, other)
			}
		}
	}
	// The language server knows no engine: hover, inlay hints and where a
	// suppression goes come through project.Editor, the other place of a
	// finding through lint.Diagnostic.Related.
	if _, ok := got["lsp"]; !ok {
		t.Error("guarded package lsp does not exist")
	}
	for _, dep := range reachable(got, "lsp") {
		if engineOf(dep) != "" {
			t.Errorf("lsp imports %s (directly or through another package): the language server must know no engine; use project.Editor and lint.Diagnostic.Related", dep)
		}
	}
	// An engine's simulator is imported only by the engine's own
	// packages (its cli), and an engine's commands (its cli package) only
	// by internal/engines, which gives them to the engine: the commands
	// dispatch to project.NextCommand and project.SimulateCommand and
	// import neither. The core simulator, sim, any package may import.
	for pkg, deps := range got {
		for _, d := range deps {
			eng, leaf, nested := strings.Cut(d, "/")
			switch {
			case !nested:
			case leaf == "sim" && !strings.HasPrefix(pkg, eng+"/"):
				t.Errorf("%s imports %s; only the engine's own packages may", pkg, d)
			case leaf == "cli" && pkg != "internal/engines":
				t.Errorf("%s imports %s; only internal/engines may, which gives the engine its commands", pkg, d)
			}
		}
	}
}

// sharedWithEngines are the BPMN engine's packages that other engines may
// use as libraries: none yet. An engine that needs one should say why in
// docs/architecture.md.
var sharedWithEngines = map[string]bool{}

// reachable lists every package pkg imports, transitively.
func reachable(graph map[string][]string, pkg string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, d := range graph[p] {
			if !seen[d] {
				seen[d] = true
				walk(d)
			}
		}
	}
	walk(pkg)
	out := make([]string, 0, len(seen))
	for d := range seen {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

// why says what the line a package must not cross is for.
func why(pkg string) string {
	switch pkg {
	case "cmd/seams-timers", "cadence/rules":
		return "seams-timers must not link go/packages, go/types or go/analysis, whose init functions would slow every BPMN check; seams-timers-go holds them"
	case "bpmn/rules", "bpmn/sim", "wfe/rules", "wfe/sim":
		return "the simulator decides nothing the rules decide, and due times live in bpmn/timeexpr"
	}
	return "parsers know nothing of findings or engines"
}
