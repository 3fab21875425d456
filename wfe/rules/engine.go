// Package rules is the OptimaJet Workflow Engine engine of seams-timers:
// its file kind (scheme XML and SQL seed files), its loader, its config
// section (wfe:) and its rules, family TMR6xxx, one file per rule.
package rules

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/seams/seams-timers/internal/fileiri"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
	"github.com/seams/seams-timers/wfe"
)

// The engine's name and its one kind of file.
const (
	// EngineName names the Workflow Engine engine.
	EngineName = "wfe"
	// Kind is a file that may hold schemes: *.xml (not *.bpmn20.xml)
	// and *.sql. Files that hold none are skipped without a word.
	Kind = "wfe"
)

// Engine is the Workflow Engine engine.
var Engine = &project.Engine{
	Name:           EngineName,
	Kinds:          []project.Kind{{Name: Kind, Match: func(p string) bool { return wfe.IsXMLPath(p) || wfe.IsSQLPath(p) }}},
	Rules:          All(),
	ConfigSections: []*lint.Field{configSection},
	RulePage:       Markdown,
	Load:           load,
}

// State is the engine's project state: the runtime's config.
type State struct {
	Config *Config
}

// loadDetail says what to do about a loading finding of that kind (a
// switch, not a map: nothing to build at start-up).
func loadDetail(k wfe.ErrorKind) string {
	switch k {
	case wfe.Unreadable:
		return "Fix the file at this position; no timer of this scheme was checked."
	case wfe.Syntax:
		return "Fix the XML at this position; no timer of this scheme was checked."
	}
	return ""
}

// load reads the scheme files on a pool of workers.
func load(l *project.Loader) (any, []lint.Diagnostic, []string) {
	paths := l.Paths(Kind)
	if len(paths) == 0 {
		return nil, nil, nil
	}
	cfg := ConfigOf(l.Config())
	var mu sync.Mutex
	var diags []lint.Diagnostic
	var found atomic.Int64
	var done atomic.Int64
	var bpmnXML []string
	next := make(chan string)
	var wg sync.WaitGroup
	for range min(l.Jobs(), len(paths)) {
		wg.Go(func() {
			for p := range next {
				ds, ok, isBPMN := loadFile(l, p)
				if ok {
					found.Add(1)
				}
				mu.Lock()
				diags = append(diags, ds...)
				if isBPMN {
					bpmnXML = append(bpmnXML, p)
				}
				mu.Unlock()
				l.Progress(int(done.Add(1)), len(paths))
			}
		})
	}
	for _, p := range paths {
		next <- p
	}
	close(next)
	wg.Wait()
	// The workers finish in any order; the findings do not.
	lint.Sort(diags)
	var notes []string
	if len(bpmnXML) > 0 {
		slices.Sort(bpmnXML)
		notes = append(notes, fmt.Sprintf("note: %s holds a BPMN model, which is read from *.bpmn and *.bpmn20.xml files only: rename it to check it",
			strings.Join(bpmnXML, ", ")))
	}
	if found.Load() == 0 {
		return nil, diags, notes
	}
	return &State{Config: cfg}, diags, notes
}

// loadFile reads one file; ok is false when it holds no scheme, and
// isBPMN reports a .xml file that holds a BPMN model instead.
func loadFile(l *project.Loader, path string) (ds []lint.Diagnostic, ok, isBPMN bool) {
	src, err := l.Read(path)
	if err != nil {
		// The file is added without a model, as the other engines add
		// theirs: it is counted, and next and simulate find the finding's
		// file among the engine's.
		l.Add(&lint.File{Path: path, IRI: fileiri.FromPath(path), Kind: Kind, Reported: true})
		at := span.At(path, span.Pos{Line: 1, Col: 1})
		return []lint.Diagnostic{lint.LoadDiagnostic(SchemeUnreadable.ID, at, "cannot read the file: "+err.Error(), loadDetail(wfe.Unreadable))}, true, false
	}
	f, errs, ours := wfe.Read(path, src)
	if !ours {
		space, local, _ := wfe.Root(src)
		return nil, false, wfe.IsXMLPath(path) && local == "definitions" && space == wfe.BPMNNamespace
	}
	for _, e := range errs {
		rule := SchemeUnreadable.ID
		if e.Kind == wfe.Syntax {
			rule = SchemeXMLSyntax.ID
		}
		ds = append(ds, lint.LoadDiagnostic(rule, e.Range, e.Msg, loadDetail(e.Kind)))
	}
	lf := &lint.File{Path: path, IRI: fileiri.FromPath(path), Kind: Kind, Src: src, Model: f, Timers: f.Timers(), Reported: true}
	lf.Suppressions = suppressions(f)
	if len(lf.Suppressions) > 0 {
		// A scheme's elements do not nest: a comment covers its own.
		lf.Parent = func(string) string { return "" }
	}
	l.Add(lf)
	return ds, true, false
}

// suppressions are the seams-timers:ignore comments of a file's schemes;
// each covers the element after it.
func suppressions(f *wfe.File) []*lint.Suppression {
	var out []*lint.Suppression
	for _, s := range f.Schemes {
		for _, c := range s.Comments {
			ids, reason, ok := lint.ParseSuppression(c.Text)
			if !ok {
				continue
			}
			out = append(out, &lint.Suppression{File: f.Path, Line: c.Range.Start.Line, Col: c.Range.Start.Col,
				EndCol: c.Range.End.Col, Offset: c.Range.Start.Offset, IDs: ids, Reason: reason, Target: c.Target})
		}
	}
	return out
}

// Files returns the scheme files of a loaded project that are reported.
func Files(p *lint.Project) []*wfe.File {
	var out []*wfe.File
	for _, f := range p.Files {
		if m, ok := f.Model.(*wfe.File); ok && f.Reported {
			out = append(out, m)
		}
	}
	return out
}
