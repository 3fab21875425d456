package rules

import (
	"bytes"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/seams/seams-timers/internal/fileiri"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
	"github.com/seams/seams-timers/temporal/analyzers"
)

// State is the engine's project state: the findings of the analyzers and
// of the history rules, by rule ID.
type State struct {
	Findings map[string][]lint.Diagnostic
	// Crons are the constant CronSchedule values of the Go code, in file
	// and line order: what next and simulate read from Go files.
	Crons []Cron
}

// Cron is a CronSchedule value and where it is.
type Cron struct {
	Spec string
	At   span.Range
}

// loadMode is what the analyzers need of a package: its syntax and types,
// and its dependencies' types (the facts of their functions come from
// running the analyzers on them too).
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
	packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule

func load(l *project.Loader) (any, []lint.Diagnostic, []string) {
	st := &State{Findings: map[string][]lint.Diagnostic{}}
	var diags []lint.Diagnostic
	cfg := &Config{TimerLate: defaultTimerLate}
	if c := l.Config(); c != nil {
		cfg = configOf(c.Sections)
	}
	diags = append(diags, loadHistories(l, st, cfg)...)
	goFiles := l.Paths(KindGo)
	if len(goFiles) > 0 {
		diags = append(diags, loadGo(l, st, goFiles)...)
	}
	if len(goFiles) == 0 && len(st.Findings) == 0 && !anyHistory(l) {
		return nil, diags, nil
	}
	return st, diags, nil
}

// anyHistory reports whether a history file was loaded.
func anyHistory(l *project.Loader) bool { return len(l.Paths(KindHistory)) > 0 }

// module is one Go module's share of the discovered files: its root and
// the directories of its packages.
type module struct {
	root string
	dirs []string
}

// modulesOf groups the directories of Go files by the module that holds
// them (the nearest go.mod at or above). Directories in no module are
// returned apart.
func modulesOf(files []string) (mods []*module, orphans []string) {
	byRoot := map[string]*module{}
	seenDir := map[string]bool{}
	for _, f := range files {
		dir, err := filepath.Abs(filepath.Dir(f))
		if err != nil || seenDir[dir] {
			continue
		}
		seenDir[dir] = true
		root := moduleRoot(dir)
		if root == "" {
			orphans = append(orphans, f)
			continue
		}
		m := byRoot[root]
		if m == nil {
			m = &module{root: root}
			byRoot[root] = m
			mods = append(mods, m)
		}
		m.dirs = append(m.dirs, dir)
	}
	slices.SortFunc(mods, func(a, b *module) int { return strings.Compare(a.root, b.root) })
	return mods, orphans
}

func moduleRoot(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			return d
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// loadGo loads the packages of the discovered Go files, module by module,
// runs the analyzers over them and records their findings.
func loadGo(l *project.Loader, st *State, goFiles []string) []lint.Diagnostic {
	var diags []lint.Diagnostic
	shown := map[string]string{} // absolute path -> path as discovered
	for _, f := range goFiles {
		if a, err := filepath.Abs(f); err == nil {
			shown[a] = f
		}
	}
	mods, orphans := modulesOf(goFiles)
	for _, f := range orphans {
		diags = append(diags, lint.LoadDiagnostic(RuleGoLoad, span.At(f, span.Pos{Line: 1, Col: 1}),
			"Go file in no module: no go.mod at or above its directory",
			"Run seams-timers check in a Go module (a directory holding go.mod, or below one)."))
	}
	added := map[string]bool{}
	for _, m := range mods {
		patterns := make([]string, len(m.dirs))
		for i, d := range m.dirs {
			rel, err := filepath.Rel(m.root, d)
			if err != nil {
				rel = d
			}
			patterns[i] = "./" + filepath.ToSlash(rel)
		}
		pcfg := &packages.Config{Mode: loadMode, Dir: m.root, Tests: false}
		pkgs, err := packages.Load(pcfg, patterns...)
		if err != nil {
			diags = append(diags, lint.LoadDiagnostic(RuleGoLoad, span.At(displayPath(shown, filepath.Join(m.root, "go.mod")), span.Pos{Line: 1, Col: 1}),
				"the go command could not load the module's packages: "+firstLine(err.Error()),
				"Run go build ./... in the module and fix what it reports."))
			continue
		}
		broken := false
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				if !slices.Contains(pkgs, p) {
					continue
				}
				broken = true
				diags = append(diags, packageError(shown, m.root, e))
			}
		})
		for _, p := range pkgs {
			for _, name := range p.CompiledGoFiles {
				if added[name] {
					continue
				}
				added[name] = true
				l.Add(goFile(l, displayPath(shown, name), name, p))
			}
			for _, syn := range p.Syntax {
				if p.TypesInfo == nil {
					continue
				}
				for _, c := range analyzers.CronLiterals(p.TypesInfo, syn) {
					ps, pe := p.Fset.Position(c.Pos), p.Fset.Position(c.End)
					st.Crons = append(st.Crons, Cron{Spec: c.Spec, At: span.Range{File: displayPath(shown, ps.Filename),
						Start: span.Pos{Offset: ps.Offset, Line: ps.Line, Col: ps.Column}, End: span.Pos{Offset: pe.Offset, Line: pe.Line, Col: pe.Column}}})
				}
			}
		}
		if broken {
			// Type errors leave the analyzers partial information; the
			// packages that did load are still checked.
			pkgs = slices.DeleteFunc(slices.Clone(pkgs), func(p *packages.Package) bool { return len(p.Errors) > 0 || p.Types == nil })
		}
		if len(pkgs) == 0 {
			continue
		}
		graph, err := checker.Analyze(analyzers.All(), pkgs, nil)
		if err != nil {
			diags = append(diags, lint.LoadDiagnostic(RuleGoLoad, span.At(displayPath(shown, filepath.Join(m.root, "go.mod")), span.Pos{Line: 1, Col: 1}),
				"the analyzers could not run: "+firstLine(err.Error()),
				"This is a bug in seams-timers; please report it with the module."))
			continue
		}
		for act := range graph.All() {
			if !act.IsRoot || act.Err != nil {
				continue
			}
			fs, ok := act.Result.(analyzers.Findings)
			if !ok {
				continue
			}
			for _, f := range fs {
				st.add(findingDiagnostic(shown, act.Package.Fset, f))
			}
		}
	}
	st.dedupe()
	slices.SortStableFunc(st.Crons, func(a, b Cron) int {
		if c := strings.Compare(a.At.File, b.At.File); c != 0 {
			return c
		}
		return a.At.Start.Offset - b.At.Start.Offset
	})
	return diags
}

// add records a finding under its rule.
func (st *State) add(d lint.Diagnostic) { st.Findings[d.Rule] = append(st.Findings[d.Rule], d) }

// dedupe keeps one finding per rule and place: a native call in a shared
// helper reached from the workflows of several packages is reported once,
// with the chain of the first.
func (st *State) dedupe() {
	for id, ds := range st.Findings {
		lint.Sort(ds)
		st.Findings[id] = slices.CompactFunc(ds, func(a, b lint.Diagnostic) bool {
			return a.File == b.File && a.Offset == b.Offset && a.EndOffset == b.EndOffset
		})
	}
}

// displayPath is a file's path as discovery found it, else relative to the
// working directory when below it, else absolute.
func displayPath(shown map[string]string, abs string) string {
	if p, ok := shown[abs]; ok {
		return p
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return abs
}

// findingDiagnostic turns an analyzer's finding into a diagnostic: at the
// offending call (At, when it is in another package), else where the
// analyzer reported it.
func findingDiagnostic(shown map[string]string, fset *token.FileSet, f analyzers.Finding) lint.Diagnostic {
	var r span.Range
	if f.At != nil {
		r = span.Range{
			File:  displayPath(shown, f.At.Filename),
			Start: span.Pos{Offset: f.At.Offset, Line: f.At.Line, Col: f.At.Col},
			End:   span.Pos{Offset: f.At.End, Line: f.At.EndLine, Col: f.At.EndCol},
		}
	} else {
		p, e := fset.Position(f.Pos), fset.Position(f.End)
		r = span.Range{
			File:  displayPath(shown, p.Filename),
			Start: span.Pos{Offset: p.Offset, Line: p.Line, Col: p.Column},
			End:   span.Pos{Offset: e.Offset, Line: e.Line, Col: e.Column},
		}
	}
	element := f.Func
	if element == "" {
		element = "package"
	}
	abs, _ := filepath.Abs(r.File)
	d := lint.ElementDiagnostic(r.File, fileiri.FromPath(abs), r, element, f.Predicate, f.What, f.Detail)
	d.Rule = f.Rule
	if f.Fix != nil && f.At == nil {
		fix := &lint.Fix{Message: f.Fix.Message}
		for _, e := range f.Fix.TextEdits {
			fix.Edits = append(fix.Edits, lint.Edit{Offset: fset.Position(e.Pos).Offset, End: fset.Position(e.End).Offset, NewText: string(e.NewText)})
		}
		d.Fix = fix
	}
	return d
}

// packageError is a go/packages error at its position.
func packageError(shown map[string]string, root string, e packages.Error) lint.Diagnostic {
	file, line, col := filepath.Join(root, "go.mod"), 1, 1
	if parts := strings.Split(e.Pos, ":"); len(parts) >= 2 && e.Pos != "" && e.Pos != "-" {
		file = parts[0]
		line, _ = strconv.Atoi(parts[1])
		if len(parts) >= 3 {
			col, _ = strconv.Atoi(parts[2])
		}
	}
	kind := "the go command refused the package"
	switch e.Kind {
	case packages.ParseError:
		kind = "Go syntax error"
	case packages.TypeError:
		kind = "Go type error"
	}
	return lint.LoadDiagnostic(RuleGoLoad, span.At(displayPath(shown, file), span.Pos{Line: max(line, 1), Col: max(col, 1)}),
		kind+": "+firstLine(e.Msg), "Fix the package so that go build accepts it; the analyzers did not check it.")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// goFile is the lint file of a Go source file of a loaded package: its
// bytes, its suppression comments, its timer count.
func goFile(l *project.Loader, path, abs string, p *packages.Package) *lint.File {
	src, err := l.Read(path)
	if err != nil {
		src, _ = os.ReadFile(abs)
	}
	f := &lint.File{Path: path, IRI: fileiri.FromPath(abs), Kind: KindGo, Src: src, Reported: true}
	for _, syn := range p.Syntax {
		if p.Fset.File(syn.Pos()).Name() != abs {
			continue
		}
		f.Timers = analyzers.Timers(p.TypesInfo, syn)
		f.Suppressions = suppressions(path, p.Fset, syn, src)
	}
	return f
}

// suppressions reads a file's // seams-timers:ignore comments. A comment
// alone on its line covers the next line; a comment after code covers its
// own line.
func suppressions(path string, fset *token.FileSet, file *ast.File, src []byte) []*lint.Suppression {
	var out []*lint.Suppression
	for _, cg := range file.Comments {
		for _, c := range cg.List {
			text := strings.TrimPrefix(c.Text, "//")
			if text == c.Text || !strings.Contains(text, lint.SuppressPrefix) {
				continue
			}
			ids, reason, ok := lint.ParseSuppression(text)
			if !ok {
				continue
			}
			p := fset.Position(c.Pos())
			lineStart := bytes.LastIndexByte(src[:min(p.Offset, len(src))], '\n') + 1
			target := p.Line + 1
			if strings.TrimSpace(string(src[lineStart:min(p.Offset, len(src))])) != "" {
				target = p.Line
			}
			out = append(out, &lint.Suppression{File: path, Line: p.Line, Col: p.Column, EndCol: p.Column + len(c.Text),
				Offset: p.Offset, IDs: ids, Reason: reason, TargetLine: target})
		}
	}
	return out
}

// StateOf returns the engine's state of a loaded project, or nil.
func StateOf(p *lint.Project) *State {
	st, _ := p.States[EngineName].(*State)
	return st
}
