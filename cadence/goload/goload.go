// Package goload loads the Go packages of a module with go/packages, runs
// the TMR8xxx analyzers over them with the go/analysis checker, and
// returns what the engine reports (cadence/rules.Report). It is linked
// only into seams-timers-go, never into the seams-timers binary.
package goload

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
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
	"github.com/seams/seams-timers/project"
)

// loadMode is what the analyzers need of a package: its syntax and types,
// and its dependencies' (the facts of their functions come from running
// the analyzers on them too). With cgo off, a package's compiled files
// are its Go files: nothing is generated.
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
	packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule

// goEnv is the environment of the go command: the user's, with everything
// that could make it run a program of the checked tree, or fetch one,
// turned off. The tree can reach the go command only through go.mod,
// go.work and the files themselves, and the user's environment (and go
// env file) is overridden where it would let them:
//
//   - CGO_ENABLED=0: no cgo processing, so no #cgo flag or preamble
//     reaches the C compiler (files that import "C" are left out, with a
//     finding);
//   - GOTOOLCHAIN=local: a go or toolchain line asking for a newer Go is
//     an error, not a download and run of another toolchain;
//   - GOWORK=off: no go.work (which may name directories anywhere) is read,
//     and GO111MODULE=on: no GOPATH mode, which would read outside the
//     module;
//   - GOFLAGS=-buildvcs=false: no -toolexec, -overlay, -modfile or -mod
//     from a GOFLAGS setting, and no version control program for stamping;
//   - GOVCS=*:off: a module missing from the cache comes from the module
//     proxy or not at all, never from running git, hg or svn on a server
//     the pull request names;
//   - GOPACKAGESDRIVER=off: go/packages runs the go command, not a driver.
func goEnv() []string {
	return append(os.Environ(), "CGO_ENABLED=0", "GOTOOLCHAIN=local", "GOWORK=off", "GO111MODULE=on", "GOFLAGS=-buildvcs=false",
		"GOVCS=*:off", "GOPACKAGESDRIVER=off")
}

// cgoPredicate marks the finding of a file left out because it uses cgo:
// a warning, since the rest of its package is still checked.
const cgoPredicate = rules.CgoPredicate

// Load loads the packages matching patterns in the module at root and
// analyzes them, within the project of root (RootsFor).
func Load(root string, patterns []string) *rules.Report {
	return LoadIn(root, project.RootsFor(root), patterns)
}

// LoadIn loads the packages matching patterns in the module at root and
// analyzes them. Only files inside roots (the project's boundary, real
// directories) are loaded: the go command runs on a view of the module
// (see view), and every path in the report is the file's path in the tree.
func LoadIn(root string, roots []string, patterns []string) *rules.Report {
	rep := &rules.Report{Files: []rules.WireFile{}, Findings: []rules.WireFinding{}, Crons: []rules.WireCron{}}
	abs, err := filepath.Abs(root)
	if err != nil {
		abs = root
	}
	real := abs
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		real = r
	}
	gomod := filepath.Join(abs, "go.mod")
	// back is the tree's path of a real path (the module root as given).
	back := func(p string) string {
		if rel, err := filepath.Rel(real, p); err == nil && real != abs && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.Join(abs, rel)
		}
		return p
	}
	v, err := newView(roots)
	if err != nil {
		rep.Findings = append(rep.Findings, wireAt(gomod, "cannot make a view of the module to load: "+err.Error(), "Check that the temporary directory is writable."))
		return rep
	}
	defer v.remove()
	ok, err := v.addModule(real, 0)
	for _, r := range v.refused {
		rep.Findings = append(rep.Findings, wireAtLine(back(r.path), r.line, r.what, r.detail))
	}
	if errors.Is(err, errViewTooLarge) {
		rep.Findings = append(rep.Findings, wireAt(gomod, fmt.Sprintf("the module's Go files are too large to load: over %d MiB", maxViewBytes>>20),
			"Exclude the generated or vendored code in the config, or check the packages one by one."))
		return sortReport(rep)
	}
	if err != nil {
		rep.Findings = append(rep.Findings, wireAt(gomod, "cannot read the module: "+ioCause(err), "Make the module's directories readable."))
		return sortReport(rep)
	}
	if !ok {
		return sortReport(rep)
	}
	v.placeholders()
	ld := &loader{v: v, back: back, gomod: gomod}
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: v.in(real), Env: goEnv(), ParseFile: parseFile}, patterns...)
	if err != nil {
		rep.Findings = append(rep.Findings, wireAt(gomod, "the go command could not load the module's packages: "+ld.clean(firstLine(err.Error())),
			"Run go build ./... in the module and fix what it reports."))
		return sortReport(rep)
	}
	var ok2 []*packages.Package
	seenErr := map[string]bool{}
	for _, p := range pkgs {
		cgo := ld.cgoFiles(p)
		rep.Findings = append(rep.Findings, cgo...)
		for _, w := range ld.packageErrors(p) {
			if len(cgo) > 0 && len(p.GoFiles) == 0 && strings.Contains(w.What, "build constraints exclude all Go files") {
				continue // the cgo files' findings say why
			}
			if strings.Contains(w.What, "no Go files in") && v.refusedIn(v.out(p.Dir)) {
				continue // the refused files' findings say why
			}
			// The first error of a file is the one to fix; the parser's
			// next ones follow from it.
			if !seenErr[w.At.File] {
				seenErr[w.At.File] = true
				rep.Findings = append(rep.Findings, w)
			}
		}
		if len(p.Errors) == 0 && p.Types != nil {
			ok2 = append(ok2, p)
		}
		for i, name := range p.CompiledGoFiles {
			wf := rules.WireFile{Path: ld.path(name)}
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
				rep.Crons = append(rep.Crons, rules.WireCron{Spec: c.Spec, At: ld.wireRange(p.Fset, c.Pos, c.End)})
			}
		}
	}
	if len(ok2) == 0 {
		return sortReport(rep)
	}
	graph, err := checker.Analyze(analyzers.All(), ok2, nil)
	if err != nil {
		rep.Findings = append(rep.Findings, wireAt(gomod, "the analyzers could not run: "+firstLine(err.Error()),
			"This is a bug in seams-timers; please report it with the module."))
		return sortReport(rep)
	}
	for act := range graph.All() {
		if !act.IsRoot || act.Err != nil {
			continue
		}
		fs, _ := act.Result.(analyzers.Findings)
		for _, f := range fs {
			rep.Findings = append(rep.Findings, ld.finding(act.Package.Fset, f))
		}
	}
	return sortReport(rep)
}

// sortReport orders the findings by file, offset and rule, and drops
// repeats.
func sortReport(rep *rules.Report) *rules.Report {
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

// loader maps what the go command and go/packages report about the view
// back to the tree.
type loader struct {
	v     *view
	back  func(string) string
	gomod string
}

// path is the tree's path of a file go/packages names.
func (ld *loader) path(p string) string { return ld.back(ld.v.out(p)) }

// clean replaces the view's directory in a message by the tree's.
func (ld *loader) clean(msg string) string {
	return strings.ReplaceAll(msg, ld.v.dir, "")
}

// position is where pos is in the file actually parsed: a //line
// directive moves neither findings nor fixes (token.File.PositionFor with
// adjusted false).
func position(fset *token.FileSet, pos token.Pos) token.Position {
	return fset.PositionFor(pos, false)
}

func (ld *loader) wireRange(fset *token.FileSet, pos, end token.Pos) rules.WireRange {
	p, e := position(fset, pos), position(fset, end)
	return rules.WireRange{File: ld.path(p.Filename), Offset: p.Offset, End: e.Offset, Line: p.Line, Col: p.Column, EndLine: e.Line, EndCol: e.Column}
}

// finding is an analyzer's finding: at the offending call (At, when it is
// in another package), else where the analyzer reported it. Its fix is
// kept only when every edit is in the finding's own file.
func (ld *loader) finding(fset *token.FileSet, f analyzers.Finding) rules.WireFinding {
	w := rules.WireFinding{Rule: f.Rule, Element: f.Func, Predicate: f.Predicate, What: f.What, Detail: f.Detail}
	if f.At != nil {
		w.At = rules.WireRange{File: ld.path(f.At.Filename), Offset: f.At.Offset, End: f.At.End, Line: f.At.Line, Col: f.At.Col, EndLine: f.At.EndLine, EndCol: f.At.EndCol}
		return w
	}
	w.At = ld.wireRange(fset, f.Pos, f.End)
	if f.Fix != nil {
		file := position(fset, f.Pos).Filename
		fix := &rules.WireFix{Message: f.Fix.Message}
		for _, e := range f.Fix.TextEdits {
			p, q := position(fset, e.Pos), position(fset, e.End)
			if p.Filename != file || q.Filename != file {
				fix = nil
				break
			}
			fix.Edits = append(fix.Edits, lint.Edit{Offset: p.Offset, End: q.Offset, NewText: string(e.NewText)})
		}
		w.Fix = fix
	}
	return w
}

// wireAt is a loading finding at the start of a file.
func wireAt(file, what, detail string) rules.WireFinding { return wireAtLine(file, 1, what, detail) }

// wireAtLine is a loading finding at the start of a line; its offset is
// left 0 (the engine reads the file through the project's boundary).
func wireAtLine(file string, line int, what, detail string) rules.WireFinding {
	return rules.WireFinding{Rule: catalog.GoLoad, What: what, Detail: detail,
		At: rules.WireRange{File: file, Line: line, Col: 1, EndLine: line, EndCol: 1}}
}

// at is a loading finding at a line and column of a file of the view,
// with its offset read from the view's copy; a place outside the view (a
// name a //line directive or a message made up) becomes the module's
// go.mod, and nothing outside the view is opened.
func (ld *loader) at(file string, line, col int, what, detail string) rules.WireFinding {
	if !ld.v.inView(file) {
		return wireAt(ld.gomod, what, detail)
	}
	off := 0
	if src, err := lint.ReadInput(file, lint.MaxInputSize); err == nil {
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
	return rules.WireFinding{Rule: catalog.GoLoad, What: what, Detail: detail,
		At: rules.WireRange{File: ld.path(file), Offset: off, End: off, Line: line, Col: col, EndLine: line, EndCol: col}}
}

// packageErrors are a package's errors as findings, at the places in the
// files parsed: type errors from their token positions, the others from
// the go command's and the parser's positions (the parser's are made
// unadjusted by parseFile).
func (ld *loader) packageErrors(p *packages.Package) []rules.WireFinding {
	var out []rules.WireFinding
	const detail = "Fix the package so that go build accepts it; the analyzers did not check it."
	for _, e := range p.Errors {
		if e.Kind == packages.TypeError && len(p.TypeErrors) > 0 {
			continue
		}
		file, line, col := "", 1, 1
		if parts := strings.Split(e.Pos, ":"); len(parts) >= 2 && e.Pos != "-" {
			file = parts[0]
			line, _ = strconv.Atoi(parts[1])
			if len(parts) >= 3 {
				col, _ = strconv.Atoi(parts[2])
			}
			if file != "" && !filepath.IsAbs(file) {
				file = filepath.Join(p.Dir, file)
			}
		}
		kind := "the go command refused the package"
		switch e.Kind {
		case packages.ParseError:
			kind = "Go syntax error"
		case packages.TypeError:
			kind = "Go type error"
		}
		out = append(out, ld.at(file, max(line, 1), max(col, 1), kind+": "+ld.clean(firstLine(e.Msg)), detail))
	}
	for _, e := range p.TypeErrors {
		pos := position(e.Fset, e.Pos)
		out = append(out, ld.at(pos.Filename, max(pos.Line, 1), max(pos.Column, 1), "Go type error: "+ld.clean(firstLine(e.Msg)), detail))
	}
	return out
}

// cgoFiles are the findings of a package's files left out because they
// import "C": loading runs with cgo off, so they are not analyzed (and
// the package's other files are checked without them).
func (ld *loader) cgoFiles(p *packages.Package) []rules.WireFinding {
	var out []rules.WireFinding
	ctx := build.Default
	ctx.CgoEnabled = true
	for _, name := range p.IgnoredFiles {
		if !strings.HasSuffix(name, ".go") || !ld.v.inView(name) {
			continue
		}
		src, err := lint.ReadInput(name, lint.MaxInputSize)
		if err != nil {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		var imp *ast.ImportSpec
		for _, is := range f.Imports {
			if is.Path.Value == `"C"` {
				imp = is
			}
		}
		if imp == nil {
			continue
		}
		if match, err := ctx.MatchFile(filepath.Dir(name), filepath.Base(name)); err != nil || !match {
			continue // left out by its build constraints anyway
		}
		w := ld.wireRange(fset, imp.Pos(), imp.End())
		w.File = ld.path(name)
		out = append(out, rules.WireFinding{Rule: catalog.GoLoad, Predicate: cgoPredicate,
			What:   "file uses cgo (import \"C\") and is not analyzed: Go code is loaded with cgo off, so that no C compiler runs on the checked tree",
			Detail: "The package's other files are checked without it. Move workflow code out of cgo files to have it checked.", At: w})
	}
	return out
}

func ioCause(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return err.Error()
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// parseFile parses a file for go/packages. The standard library's function
// bodies are dropped: the analyzers do not look into it (a native call
// counts where workflow code makes it), and type-checking its declarations
// alone is most of the loading time saved. A syntax error is reported at
// its place in the file parsed, whatever //line directives say.
func parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	f, err := parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	var list scanner.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			e.Pos = unadjusted(filename, src, e.Pos.Offset)
		}
	}
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

// unadjusted is the position of a byte offset of src.
func unadjusted(filename string, src []byte, off int) token.Position {
	off = max(min(off, len(src)), 0)
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	col := off - (bytes.LastIndexByte(src[:off], '\n') + 1) + 1
	return token.Position{Filename: filename, Offset: off, Line: line, Column: col}
}
