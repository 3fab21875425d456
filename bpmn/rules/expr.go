package rules

import (
	"unicode/utf8"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// site is one expression element of a timer (a timeDate, timeDuration or
// timeCycle): the event that holds it, its timer definition, the
// expression, and the classification of its text.
type site struct {
	doc   *bpmn.Document
	event *bpmn.Element
	timer *bpmn.Timer
	expr  *bpmn.Expr
	body  timeexpr.Body

	// found caches valueFindings: the thirteen value rules share one
	// parse of each value.
	found   []finding
	checked bool
}

// sitesKey and acceptedKey are the memo keys of a document's sites.
type (
	sitesKey    struct{}
	acceptedKey struct{}
)

// docSites returns the sites of the pass's document, computed once per
// document and shared by every rule that runs on it.
func docSites(p *lint.Pass) []*site {
	return p.Memo(sitesKey{}, func() any { return sites(docOf(p)) }).([]*site)
}

// findings returns the value rules' findings on this site, computed once.
func (s *site) findings() []finding {
	if !s.checked {
		s.found, s.checked = valueFindings(s), true
	}
	return s.found
}

// sites returns every expression of every timer of the document in
// document order, each classified once. Every expression is returned, not
// only the one Spiff reads (Timer.Effective): TMR1002 refuses the others,
// and a model that is cleaned up later keeps whichever one remains.
func sites(doc *bpmn.Document) []*site {
	var out []*site
	for _, e := range doc.Elements {
		for _, t := range e.Timers {
			for _, x := range t.Exprs {
				out = append(out, &site{doc: doc, event: e, timer: t, expr: x, body: timeexpr.Classify(x.Text)})
			}
		}
	}
	return out
}

// literal returns the value the value rules read: the content of a quoted
// literal, or an unquoted ISO 8601 value (which TMR1004 refuses on its own,
// so that its value is still checked).
func (s *site) literal() (string, bool) {
	switch s.body.Kind {
	case timeexpr.BodyQuoted, timeexpr.BodyUnquotedISO:
		return s.body.Value, true
	}
	return "", false
}

// textSpan maps the byte range [from, to) of the expression's text onto
// the file. When the text is not the file's bytes one-to-one (an entity, a
// CDATA section or a comment inside it) the whole text span is returned.
func (s *site) textSpan(from, to int) bpmn.Span {
	ts := s.expr.TextSpan
	if !s.expr.Raw || from < 0 || to < from || ts.Start.Offset+to > ts.End.Offset {
		return ts
	}
	return bpmn.Span{
		Start: advance(s.doc.Src, ts.Start, ts.Start.Offset+from),
		End:   advance(s.doc.Src, ts.Start, ts.Start.Offset+to),
	}
}

// valueSpan maps the byte range [from, to) of the body's value onto the
// file. When the value's source is not the value itself (a literal with
// escapes) the whole value is spanned.
func (s *site) valueSpan(from, to int) bpmn.Span {
	b := s.body
	if b.End-b.Start != len(b.Value) || from < 0 || to < from || to > len(b.Value) {
		return s.textSpan(b.Start, b.End)
	}
	return s.textSpan(b.Start+from, b.Start+to)
}

// bodySpan is the span of the whole value, or of the expression element's
// start tag when the body is empty.
func (s *site) bodySpan() bpmn.Span {
	if s.body.Kind == timeexpr.BodyEmpty {
		return s.expr.Span
	}
	return s.textSpan(s.body.Start, s.body.End)
}

// report records a finding about this expression: the subject is the
// timer's event, the predicate the expression element's own.
func (s *site) report(p *lint.Pass, span bpmn.Span, what, detail string, fix *lint.Fix) {
	p.ReportResolutionFix(span, s.event.ID, s.expr.Kind.Predicate(), what, detail, fix)
}

// advance returns the position of byte offset off, counting lines and
// byte columns in src from the known position base. It scans from the
// start of the file when off lies before base.
func advance(src []byte, base bpmn.Pos, off int) bpmn.Pos {
	off = min(max(off, 0), len(src))
	if base.Line < 1 || base.Col < 1 || base.Offset > off || base.Offset < 0 {
		base = bpmn.Pos{Offset: 0, Line: 1, Col: 1}
	}
	pos := base
	for _, c := range src[base.Offset:off] {
		if c == '\n' {
			pos.Line++
			pos.Col = 1
		} else {
			pos.Col++
		}
	}
	pos.Offset = off
	return pos
}

// maxQuoted is how many characters of a value a message shows.
const maxQuoted = 80

// sq quotes a value in single quotes for a message, as the ADR does
// ('R/P1D'), shortening a long one.
func sq(v string) string {
	if utf8.RuneCountInString(v) > maxQuoted {
		r := []rune(v)
		v = string(r[:maxQuoted-1]) + "…"
	}
	return "'" + v + "'"
}

// example is the accepted form of each expression element, for details.
func example(k bpmn.ExprKind) string {
	switch k {
	case bpmn.TimeDate:
		return `"2026-12-01T09:00:00Z"`
	case bpmn.TimeDuration:
		return `"PT48H"`
	}
	return `"R/2026-11-09T08:00:00Z/P1D"`
}
