// Package goload loads the Go packages of a module with go/packages, runs
// the TMR8xxx analyzers over them with the go/analysis checker, and
// returns what the engine reports (cadence/rules.Report). It is linked
// only into seams-timers-go, never into the seams-timers binary.
package goload

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/seams/seams-timers/cadence/analyzers"
	"github.com/seams/seams-timers/cadence/catalog"
	"github.com/seams/seams-timers/cadence/rules"
	"github.com/seams/seams-timers/lint"
)

// loadMode is what the analyzers need of a package: its syntax and types,
// and its dependencies' (the facts of their functions come from running
// the analyzers on them too).
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
	packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule

// Load loads the packages matching patterns in the module at root and
// analyzes them.
func Load(root string, patterns []string) *rules.Report {
	rep := &rules.Report{Files: []rules.WireFile{}, Findings: []rules.WireFinding{}, Crons: []rules.WireCron{}}
	gomod := filepath.Join(root, "go.mod")
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: root, ParseFile: parseFile}, patterns...)
	if err != nil {
		rep.Findings = append(rep.Findings, loadFinding(gomod, 1, 1, "the go command could not load the module's packages: "+firstLine(err.Error()),
			"Run go build ./... in the module and fix what it reports."))
		return rep
	}
	var ok []*packages.Package
	seenErr := map[string]bool{}
	for _, p := range pkgs {
		for _, e := range p.Errors {
			// The first error of a file is the one to fix; the parser's
			// next ones follow from it.
			w := packageError(gomod, e)
			if !seenErr[w.At.File] {
				seenErr[w.At.File] = true
				rep.Findings = append(rep.Findings, w)
			}
		}
		if len(p.Errors) == 0 && p.Types != nil {
			ok = append(ok, p)
		}
		for i, name := range p.CompiledGoFiles {
			wf := rules.WireFile{Path: name}
			if i < len(p.Syntax) && p.TypesInfo != nil {
				wf.Timers = analyzers.Timers(p.TypesInfo, p.Syntax[i])
			}
			rep.Files = append(rep.Files, wf)
		}
		for _, syn := range p.Syntax {
			if p.TypesInfo == nil {
				continue
			}
			for _, c := range analyzers.CronLiterals(p.TypesInfo, syn) {
				rep.Crons = append(rep.Crons, rules.WireCron{Spec: c.Spec, At: wireRange(p.Fset, c.Pos, c.End)})
			}
		}
	}
	if len(ok) == 0 {
		return rep
	}
	graph, err := checker.Analyze(analyzers.All(), ok, nil)
	if err != nil {
		rep.Findings = append(rep.Findings, loadFinding(gomod, 1, 1, "the analyzers could not run: "+firstLine(err.Error()),
			"This is a bug in seams-timers; please report it with the module."))
		return rep
	}
	for act := range graph.All() {
		if !act.IsRoot || act.Err != nil {
			continue
		}
		fs, _ := act.Result.(analyzers.Findings)
		for _, f := range fs {
			rep.Findings = append(rep.Findings, finding(act.Package.Fset, f))
		}
	}
	slices.SortStableFunc(rep.Findings, func(a, b rules.WireFinding) int {
		if c := strings.Compare(a.At.File, b.At.File); c != 0 {
			return c
		}
		if a.At.Offset != b.At.Offset {
			return a.At.Offset - b.At.Offset
		}
		return strings.Compare(a.Rule, b.Rule)
	})
	// A native call in a helper reached from the workflows of several
	// packages is reported once, with the chain of the first.
	rep.Findings = slices.CompactFunc(rep.Findings, func(a, b rules.WireFinding) bool {
		return a.Rule == b.Rule && a.At == b.At
	})
	return rep
}

func wireRange(fset *token.FileSet, pos, end token.Pos) rules.WireRange {
	p, e := fset.Position(pos), fset.Position(end)
	return rules.WireRange{File: p.Filename, Offset: p.Offset, End: e.Offset, Line: p.Line, Col: p.Column, EndLine: e.Line, EndCol: e.Column}
}

// finding is an analyzer's finding: at the offending call (At, when it is
// in another package), else where the analyzer reported it.
func finding(fset *token.FileSet, f analyzers.Finding) rules.WireFinding {
	w := rules.WireFinding{Rule: f.Rule, Element: f.Func, Predicate: f.Predicate, What: f.What, Detail: f.Detail}
	if f.At != nil {
		w.At = rules.WireRange{File: f.At.Filename, Offset: f.At.Offset, End: f.At.End, Line: f.At.Line, Col: f.At.Col, EndLine: f.At.EndLine, EndCol: f.At.EndCol}
		return w
	}
	w.At = wireRange(fset, f.Pos, f.End)
	if f.Fix != nil {
		fix := &rules.WireFix{Message: f.Fix.Message}
		for _, e := range f.Fix.TextEdits {
			fix.Edits = append(fix.Edits, lint.Edit{Offset: fset.Position(e.Pos).Offset, End: fset.Position(e.End).Offset, NewText: string(e.NewText)})
		}
		w.Fix = fix
	}
	return w
}

func loadFinding(file string, line, col int, what, detail string) rules.WireFinding {
	off := 0
	if src, err := os.ReadFile(file); err == nil {
		for l := 1; l < line && off < len(src); l++ {
			i := bytes.IndexByte(src[off:], '\n')
			if i < 0 {
				off = len(src)
				break
			}
			off += i + 1
		}
		off = min(off+col-1, len(src))
	}
	return rules.WireFinding{Rule: catalog.GoLoad, What: what, Detail: detail, At: rules.WireRange{File: file, Offset: off, End: off, Line: line, Col: col, EndLine: line, EndCol: col}}
}

// packageError is a go/packages error at its position.
func packageError(gomod string, e packages.Error) rules.WireFinding {
	file, line, col := gomod, 1, 1
	if parts := strings.Split(e.Pos, ":"); len(parts) >= 2 && e.Pos != "-" {
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
	return loadFinding(file, max(line, 1), max(col, 1), kind+": "+firstLine(e.Msg), "Fix the package so that go build accepts it; the analyzers did not check it.")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// parseFile parses a file for go/packages. The standard library's function
// bodies are dropped: the analyzers do not look into it (a native call
// counts where workflow code makes it), and type-checking its declarations
// alone is most of the loading time saved.
func parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	if f == nil || !analyzers.InGOROOT(filename) {
		return f, err
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			fd.Body = nil
		}
	}
	return f, err
}
