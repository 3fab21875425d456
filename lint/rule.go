package lint

import (
	"time"

	"github.com/seams/seams-timers/bpmn"
)

// RuleKind says when the driver runs a rule.
type RuleKind int

// Rule kinds.
const (
	// KindLoad rules are reported by the loaders (unreadable file, XML or
	// RDF syntax error) and by the driver (suppression comments); they
	// have no Run function.
	KindLoad RuleKind = iota + 1
	// KindFile rules run once per BPMN document.
	KindFile
	// KindProject rules run once per check, over every document and the
	// index graph.
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
	// Bad and Good are small BPMN (or Turtle) examples.
	Bad  string
	Good string
	Kind RuleKind
	Run  func(*Pass)
}

// Pass is what a rule sees when it runs.
type Pass struct {
	Rule *Rule
	// File is the document a KindFile rule runs on.
	File *bpmn.Document
	// Project holds every document and the index graph for KindProject
	// rules (and is also set for KindFile rules).
	Project *Project
	// Now is the reference clock for runtime-behaviour rules.
	Now time.Time
	// Poll is the scheduler poll interval (default one second).
	Poll time.Duration

	report func(Diagnostic)
	memo   map[any]any
}

// Memo returns the value computed by f for key, computing it once per
// document: every file rule that runs on the same document shares the
// memo, so work such as classifying each expression is done once, not once
// per rule. File rules of one document run one after another, so f needs
// no locking.
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
// pass's rule when empty; File from the pass's document.
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

// ReportSpan records a diagnostic on a span of the pass's document about the
// element id, in the ADR's ResolutionError form, with a detail saying what
// to do instead.
func (p *Pass) ReportSpan(span bpmn.Span, id, predicate, what, detail string) {
	p.ReportSpanFix(span, id, predicate, what, detail, nil)
}

// ReportSpanFix is ReportSpan with a fix attached (nil for none).
func (p *Pass) ReportSpanFix(span bpmn.Span, id, predicate, what, detail string, fix *Fix) {
	p.Report(Diagnostic{
		Line:      span.Start.Line,
		Column:    span.Start.Col,
		EndLine:   span.End.Line,
		EndColumn: span.End.Col,
		Offset:    span.Start.Offset,
		EndOffset: span.End.Offset,
		Element:   id,
		Subject:   ElementIRI(p.File, id),
		Predicate: predicate,
		Message:   Resolution(ElementDisplay(p.File, id), predicate, what),
		Detail:    detail,
		Fix:       fix,
	})
}

// ElementIRI is the subject IRI of an element: its model's IRI plus #id.
func ElementIRI(doc *bpmn.Document, id string) string {
	return doc.IRI + "#" + id
}

// ElementDisplay is the compact form of an element's IRI used in messages:
// the document's path as the user gave it, plus #id.
func ElementDisplay(doc *bpmn.Document, id string) string {
	return doc.Path + "#" + id
}

// Project is everything one check loaded.
type Project struct {
	Docs []*bpmn.Document
	// Index is the join with the index graph; nil when no graph was found,
	// and then the graph rules do not run.
	Index *Index
	// StdinName and Stdin are the buffer read from stdin, if any.
	StdinName string
	Stdin     []byte
}
