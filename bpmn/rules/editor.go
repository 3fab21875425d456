package rules

import (
	"fmt"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/firing"
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
)

// editor is the BPMN engine's part of the language server: what each
// timer of an open model does (hover, inlay hints), and where the
// comment that suppresses a finding goes in a model or a graph document.
type editor struct{}

// Timers parses a BPMN buffer and works out what each of its timers does
// from now on, as `seams-timers next` does (Verdicts, then the due times
// of firing.Of). It returns nil for a buffer that is not a model or does
// not parse.
func (editor) Timers(path string, src []byte, now time.Time, n int) []project.EditorTimer {
	if !bpmn.IsBPMNPath(path) {
		return nil
	}
	doc, perr := bpmn.Parse(path, src)
	if perr != nil || doc == nil {
		return nil
	}
	verdicts := Verdicts([]*bpmn.Document{doc}, now)
	var out []project.EditorTimer
	for _, el := range doc.Elements {
		if el.HasTimer() {
			out = append(out, editorTimer(doc, firing.Of(doc, el, verdicts, "", now, n), now))
		}
	}
	return out
}

// editorTimer is what the editor shows of a timer: the hover over its
// effective expression highlights the expression's body, anywhere else
// on the element's start tag, its timer definition or another of its
// expressions, the start tag; the inlay hint sits after the effective
// expression's body.
func editorTimer(doc *bpmn.Document, t firing.Timer, now time.Time) project.EditorTimer {
	el := t.Element
	tag := offsets(el.Span)
	var areas []project.HoverArea
	if t.Expr != nil {
		areas = append(areas, project.HoverArea{At: exprArea(t.Expr), Highlight: offsets(t.Expr.TextSpan)})
	}
	areas = append(areas, project.HoverArea{At: tag, Highlight: tag})
	for _, def := range el.Timers {
		areas = append(areas, project.HoverArea{At: offsets(def.Span), Highlight: tag})
		for _, x := range def.Exprs {
			areas = append(areas, project.HoverArea{At: exprArea(x), Highlight: tag})
		}
	}
	out := project.EditorTimer{Areas: areas, Markdown: describeTimer(doc, t, now), HintAt: -1}
	if t.Expr != nil {
		out.HintAt, out.Hint = t.Expr.TextSpan.End.Offset, hintLabel(t)
	}
	return out
}

func offsets(r span.Range) project.Offsets {
	return project.Offsets{Start: r.Start.Offset, End: r.End.Offset}
}

// exprArea is an expression's start tag through the end of its body.
func exprArea(x *bpmn.Expr) project.Offsets {
	return project.Offsets{Start: x.Span.Start.Offset, End: x.TextSpan.End.Offset}
}

// hintLabel is the inlay hint of a timer: its next firing, or why it has
// none.
func hintLabel(t firing.Timer) string {
	switch {
	case t.Refusal != nil:
		return "refused: " + t.Refusal.Rule
	case t.Problem != "":
		return "no firing: " + t.Problem
	case t.Err != nil:
		return "no due time: " + t.Err.Error()
	case len(t.Dues) == 0:
		return "no firing left"
	}
	return "next " + timeexpr.FormatTime(t.Dues[0].Time)
}

// describeTimer renders what a timer does, in one glance: the kind of
// event and expression, the arithmetic its due times get, and its next
// firings in UTC, or the rules' refusal.
func describeTimer(doc *bpmn.Document, t firing.Timer, now time.Time) string {
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

// Suppression puts the comment that suppresses a finding in a model on
// its own line just above the start tag of the element the finding is
// about (a comment covers the element that follows it), and in a graph
// document above the finding's line.
func (editor) Suppression(f *lint.File, d lint.Diagnostic) (project.Suppression, bool) {
	switch f.Kind {
	case KindBPMN:
		doc, ok := f.Model.(*bpmn.Document)
		if !ok {
			// A file that is no model (it did not parse) has no
			// element to put the comment before.
			return project.Suppression{}, false
		}
		s := project.Suppression{At: -1, Comment: "<!-- " + lint.SuppressPrefix + " " + d.Rule + " -->"}
		if r, ok := join.StartTag(doc.ByID[d.Element]); ok && r.Start.Offset <= len(f.Src) {
			s.At = r.Start.Offset
		}
		return s, true
	case KindRDF:
		return project.Suppression{At: -1, Comment: "# " + lint.SuppressPrefix + " " + d.Rule}, true
	}
	return project.Suppression{}, false
}
