package lsp

import (
	"fmt"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/firing"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/span"
)

// hoverFirings is how many due times a hover lists.
const hoverFirings = 5

// timersOf parses a BPMN buffer and works out what each of its timers does
// from now on, as `seams-timers next` does (rules.Verdicts, then the due
// times of firing.Of). It returns nil for a buffer that is not a model or
// does not parse.
func timersOf(path string, text []byte, now time.Time, n int) (*bpmn.Document, []firing.Timer) {
	if !bpmn.IsBPMNPath(path) {
		return nil, nil
	}
	doc, perr := bpmn.Parse(path, text)
	if perr != nil || doc == nil {
		return nil, nil
	}
	verdicts := rules.Verdicts([]*bpmn.Document{doc}, now)
	var out []firing.Timer
	for _, el := range doc.Elements {
		if el.HasTimer() {
			out = append(out, firing.Of(doc, el, verdicts, "", now, n))
		}
	}
	return doc, out
}

// covers reports whether the timer element's start tag, its timer
// definition or one of its expressions (start tag and body) holds off.
func covers(el *bpmn.Element, off int) bool {
	if within(el.Span, off) {
		return true
	}
	for _, t := range el.Timers {
		if within(t.Span, off) {
			return true
		}
		for _, x := range t.Exprs {
			if inExpr(x, off) {
				return true
			}
		}
	}
	return false
}

// within reports whether off lies in r, its end included (a cursor just
// after a tag is still on it).
func within(r span.Range, off int) bool { return r.Start.Offset <= off && off <= r.End.Offset }

// inExpr reports whether off lies in an expression's start tag or body.
func inExpr(x *bpmn.Expr, off int) bool {
	return within(span.Range{Start: x.Span.Start, End: x.TextSpan.End}, off)
}

func (s *Server) hover(p textDocumentPositionParams) *hover {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return nil
	}
	path, text := d.path, d.text
	enc, plain := s.enc, s.plainHover
	s.mu.Unlock()
	now := s.nowAt(path)
	doc, timers := timersOf(path, text, now, hoverFirings)
	if doc == nil {
		return nil
	}
	x := newLineIndex(text, enc)
	off := x.offset(p.Position)
	for _, t := range timers {
		if !covers(t.Element, off) {
			continue
		}
		r := x.rangeOf(t.Element.Span.Start.Offset, t.Element.Span.End.Offset)
		if t.Expr != nil && inExpr(t.Expr, off) {
			r = x.rangeOf(t.Expr.TextSpan.Start.Offset, t.Expr.TextSpan.End.Offset)
		}
		text := describe(doc, t, now)
		if plain {
			// The same text without its Markdown marks, for clients
			// that show hover text as it is.
			return &hover{Contents: markupContent{Kind: "plaintext", Value: strings.NewReplacer("**", "", "`", "").Replace(text)}, Range: &r}
		}
		return &hover{Contents: markupContent{Kind: "markdown", Value: text}, Range: &r}
	}
	return nil
}

// describe renders what a timer does, in one glance: the kind of event
// and expression, the arithmetic its due times get, and its next firings
// in UTC, or the rules' refusal.
func describe(doc *bpmn.Document, t firing.Timer, now time.Time) string {
	var b strings.Builder
	el := t.Element
	fmt.Fprintf(&b, "**Timer** `%s`: %s", doc.ElementDisplay(el.ID), el.Placement())
	if t.Mode == "start" {
		b.WriteString(", started by the seams scheduler")
	} else {
		b.WriteString(", waited on by SpiffWorkflow when an instance arrives")
	}
	b.WriteString("\n\n")
	if t.Expr != nil {
		fmt.Fprintf(&b, "`%s` `%s`\n\n", t.Expr.Kind.Predicate(), strings.TrimSpace(t.Expr.Text))
	}
	switch {
	case t.Refusal != nil:
		v := t.Refusal
		fmt.Fprintf(&b, "**Refused**: `%s` [%s %s]\n\n%s\n", v.Message, v.Rule, v.Name, v.Detail)
		return b.String()
	case t.Problem != "":
		fmt.Fprintf(&b, "No firing can be computed: %s.\n", t.Problem)
		return b.String()
	case t.Err != nil:
		fmt.Fprintf(&b, "No due time can be computed for '%s': %v.\n", t.Literal, t.Err)
		return b.String()
	case t.Expr == nil:
		return b.String()
	}
	fmt.Fprintf(&b, "Arithmetic: %s\n\n", arithmetic(t.Arith))
	if t.NoneLeft != "" {
		fmt.Fprintf(&b, "No firing at or after now: %s\n", t.NoneLeft)
		return b.String()
	}
	from := "from now"
	if t.Value.Kind == timeexpr.ValueDuration {
		from = "for an instance that arrives now"
	}
	what := fmt.Sprintf("Next %d firings", len(t.Dues))
	if len(t.Dues) == 1 {
		what = "Next firing"
	}
	fmt.Fprintf(&b, "%s, UTC, %s (%s):\n\n", what, from, timeexpr.FormatTime(now))
	for _, due := range t.Dues {
		fmt.Fprintf(&b, "- `%s`", timeexpr.FormatTime(due.Time))
		if due.Arith != "" {
			fmt.Fprintf(&b, " (%s)", due.Arith)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// arithmetic says in a few words how the due times after the first are
// computed.
func arithmetic(a timeexpr.Arith) string {
	switch a {
	case timeexpr.ArithOnce:
		return "once: a single due time"
	case timeexpr.ArithExact:
		return "exact: start + k × period"
	case timeexpr.ArithCalendar:
		return "seams calendar: calendar multiples of the period from the start, clamped to the month's end"
	case timeexpr.ArithStride:
		return "Spiff's stride: the period turned once into a fixed length from the start month, added each time"
	}
	return a.String()
}

// inlayHints puts the next firing (or the refusal) after each timer body,
// when the client turned the hints on.
func (s *Server) inlayHints(p inlayHintParams) []inlayHint {
	out := []inlayHint{}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	on := s.init.InlayHints
	if d == nil || !on {
		s.mu.Unlock()
		return out
	}
	path, text := d.path, d.text
	enc := s.enc
	s.mu.Unlock()
	_, timers := timersOf(path, text, s.nowAt(path), 1)
	x := newLineIndex(text, enc)
	for _, t := range timers {
		if t.Expr == nil {
			continue
		}
		pos := x.position(t.Expr.TextSpan.End.Offset)
		if before(pos, p.Range.Start) || before(p.Range.End, pos) {
			continue
		}
		var label string
		switch {
		case t.Refusal != nil:
			label = "refused: " + t.Refusal.Rule
		case t.Problem != "":
			label = "no firing: " + t.Problem
		case t.Err != nil:
			label = "no due time: " + t.Err.Error()
		case len(t.Dues) == 0:
			label = "no firing left"
		default:
			label = "next " + timeexpr.FormatTime(t.Dues[0].Time)
		}
		out = append(out, inlayHint{Position: pos, Label: label, PaddingLeft: true})
	}
	return out
}
