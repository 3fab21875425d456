package lint

import (
	"sync"
	"time"

	"github.com/seams/seams-timers/span"
)

// RuleKind says when the driver runs a rule.
type RuleKind int

// Rule kinds.
const (
	// KindLoad rules are reported by the loaders (unreadable file, syntax
	// error) and by the driver (suppression comments); they have no Run
	// function.
	KindLoad RuleKind = iota + 1
	// KindFile rules run once per file of their FileKind.
	KindFile
	// KindProject rules run once per check, over every file of their
	// engine and the engine's project state.
	KindProject
)

// Rule is the unit of behaviour, shaped like go/analysis's Analyzer: an ID
// in a family (TMR1xxx expressions, TMR2xxx placement...), a kebab-case
// name, a default severity, a one-line title, a doc with a bad and a good
// example, and the function that runs it.
type Rule struct {
	ID       string
	Name     string
	Severity Severity
	Title    string
	// Doc explains the rule in a few full sentences: what it refuses, why,
	// and what to write instead.
	Doc string
	// Bad and Good are small examples in the language of the files the
	// rule reads.
	Bad  string
	Good string
	// Examples, for a rule reported on the files of several engines (the
	// core's TMR0xxx), are a bad and a good example for each kind of file;
	// Bad and Good are then the first one's. The rule's page and explain
	// show every one.
	Examples []Example
	Kind     RuleKind
	// Engine names the engine the rule belongs to (empty for the core's
	// rules, TMR0xxx, which every engine lists); a KindProject rule runs
	// only when that engine's project state is set.
	Engine string
	// FileKind is the kind of file a KindFile rule runs on (a kind the
	// rule's engine registers).
	FileKind string
	// Refuses reports that an error of this rule means the runtime
	// refuses the timer (the simulator does not run it, next prints no
	// firing), rather than a finding about the project around it.
	Refuses bool
	Run     func(*Pass)
}

// Example is a bad and a good example of a rule in the language of one
// kind of file.
type Example struct {
	// Kind names the files, as their readers know them ("BPMN XML",
	// "C#, Stateflows").
	Kind string
	// Lang is the code-block language of both examples ("xml", "csharp").
	Lang string
	Bad  string
	Good string
}

// Pass is what a rule sees when it runs.
type Pass struct {
	Rule *Rule
	// File is the file a KindFile rule runs on; nil for a KindProject rule.
	File *File
	// Project holds every file and each engine's project state.
	Project *Project
	// Now is the reference clock for runtime-behaviour rules.
	Now time.Time
	// Config is the config that applies (nil for none): an engine's
	// rules read their engine's sections from it (Config.Section).
	Config *Config

	report func(Diagnostic)
	memo   map[any]any
}

// State returns the project state of the rule's engine, or nil.
func (p *Pass) State() any { return p.Project.States[p.Rule.Engine] }

// Memo returns the value computed by f for key, computing it once per
// file: every file rule that runs on the same file shares the memo, so work
// such as classifying each expression is done once, not once per rule. File
// rules of one file run one after another, so f needs no locking.
func (p *Pass) Memo(key any, f func() any) any {
	if p.memo == nil {
		return f()
	}
	if v, ok := p.memo[key]; ok {
		return v
	}
	v := f()
	p.memo[key] = v
	return v
}

// Report records a diagnostic. Rule, Name and Severity are filled from the
// pass's rule when empty; File from the pass's file.
func (p *Pass) Report(d Diagnostic) {
	if d.Rule == "" {
		d.Rule = p.Rule.ID
	}
	if d.Name == "" {
		d.Name = p.Rule.Name
	}
	if d.Severity == SeverityInvalid {
		d.Severity = p.Rule.Severity
	}
	if d.File == "" && p.File != nil {
		d.File = p.File.Path
	}
	p.report(d)
}

// ReportSpan records a diagnostic on a range of the pass's file about the
// element id, its message what in the engine's own terms, with a detail
// saying what to do instead.
func (p *Pass) ReportSpan(r span.Range, id, predicate, what, detail string) {
	p.Report(p.File.ElementDiagnostic(r, id, predicate, what, detail))
}

// ReportResolution is ReportSpan in the ResolutionError form of ADR-0037,
// the BPMN engine's.
func (p *Pass) ReportResolution(r span.Range, id, predicate, what, detail string) {
	p.ReportResolutionFix(r, id, predicate, what, detail, nil)
}

// ReportResolutionFix is ReportResolution with a fix attached (nil for
// none).
func (p *Pass) ReportResolutionFix(r span.Range, id, predicate, what, detail string, fix *Fix) {
	d := ResolutionDiagnostic(p.File.Path, p.File.IRI, r, id, predicate, what, detail)
	d.Fix = fix
	p.Report(d)
}

// Project is everything one check loaded.
type Project struct {
	// Files are the loaded files of every engine, in load order.
	Files []*File
	// States holds each engine's project-wide state by engine name (the
	// BPMN engine's join with the index graph). An engine without one
	// (no index graph was found) runs none of its project rules.
	States map[string]any
	// StdinName is the path of the buffer read from stdin, if any.
	StdinName string

	indexOnce sync.Once
	byPath    map[string]*File
}

// File returns the loaded file at path as it was given or found, or nil.
// The printers ask once per finding, so the files are indexed by path on
// the first call; Files must not change after it.
func (p *Project) File(path string) *File {
	p.indexOnce.Do(func() {
		p.byPath = make(map[string]*File, len(p.Files))
		for _, f := range p.Files {
			if _, dup := p.byPath[f.Path]; !dup {
				p.byPath[f.Path] = f
			}
		}
	})
	return p.byPath[path]
}
