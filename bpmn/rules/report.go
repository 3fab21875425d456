package rules

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/lint"
)

// docOf is the model a file rule runs on.
func docOf(p *lint.Pass) *bpmn.Document { return p.File.Model.(*bpmn.Document) }

// reportElement records a diagnostic on a BPMN element from a project
// rule, as ReportResolution does for a file rule: at the element's start tag,
// with the element's IRI as subject, and the related locations given.
func reportElement(p *lint.Pass, doc *join.Model, el *join.Element, predicate, what, detail string, related ...lint.Related) {
	d := lint.ResolutionDiagnostic(doc.Path, doc.IRI, el.Span(), el.ID, predicate, what, detail)
	d.Related = related
	p.Report(d)
}
