package rules

import (
	"strings"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// ExpressionIndented refuses a body laid out with indentation that Python
// refuses.
var ExpressionIndented = &lint.Rule{
	ID:       "TMR1007",
	Name:     "expression-indented",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a body that starts with a newline and indentation",
	Doc: `The text of a timer expression is laid out the way a pretty-printer writes it: it
starts with a newline followed by indentation, or its closing tag sits indented on a line
of its own. Spiff keeps the text unstripped and evaluates it as Python when an instance
first waits on the timer, and Python refuses the indented line with an IndentationError,
on the instance, in production. Leading spaces on the same line as the start tag, and a
trailing newline with the closing tag at the start of the next line, are harmless. Put
the literal right after the start tag and the closing tag right after it,
<bpmn:timeDuration>"PT48H"</bpmn:timeDuration>; the fix deletes the surrounding newlines
and indentation.`,
	Bad: `<bpmn:timeDuration>
  "PT48H"
</bpmn:timeDuration>`,
	Good: `<bpmn:timeDuration>"PT48H"</bpmn:timeDuration>`,
	Run:  runExpressionIndented,
}

func runExpressionIndented(p *lint.Pass) {
	for _, s := range docSites(p) {
		if !s.body.Indented || s.body.Kind == timeexpr.BodyEmpty {
			continue
		}
		span := s.textSpan(s.body.IndentStart, s.body.IndentEnd)
		var fix *lint.Fix
		if from, to, edits, ok := outdent(s.expr.Text); ok && s.expr.Raw {
			span = s.textSpan(from, to)
			base := s.expr.TextSpan.Start.Offset
			fix = &lint.Fix{Message: "Delete the newlines and indentation around the expression"}
			for _, e := range edits {
				fix.Edits = append(fix.Edits, lint.Edit{Offset: base + e.Offset, End: base + e.End})
			}
		}
		s.report(p, span, "expression is laid out on indented lines: "+sq(strings.TrimSpace(s.expr.Text)),
			"Start the text right after the start tag and end it at the closing tag, as in "+layout(s.expr.Kind)+
				": Spiff evaluates the text as Python, where an indented line is an IndentationError.", fix)
	}
}

// outdent finds the edits, as offsets in text, that delete the whitespace
// before and after the expression when it holds a line break, and reports
// whether the result is free of the indentation Python refuses. From and
// to are the first deleted range, which the finding spans: the leading
// newline and indentation, or the indented line before the closing tag.
func outdent(text string) (from, to int, edits []lint.Edit, ok bool) {
	const space = " \t\f\r\n"
	start := len(text) - len(strings.TrimLeft(text, space))
	end := len(strings.TrimRight(text, space))
	if start > 0 && strings.ContainsAny(text[:start], "\r\n") {
		edits = append(edits, lint.Edit{Offset: 0, End: start})
	}
	if end < len(text) && strings.ContainsAny(text[end:], "\r\n") {
		edits = append(edits, lint.Edit{Offset: end, End: len(text)})
	}
	if len(edits) == 0 {
		return 0, 0, nil, false
	}
	var out strings.Builder
	prev := 0
	for _, e := range edits {
		out.WriteString(text[prev:e.Offset])
		prev = e.End
	}
	out.WriteString(text[prev:])
	if timeexpr.Classify(out.String()).Indented {
		return 0, 0, nil, false
	}
	return edits[0].Offset, edits[0].End, edits, true
}

// layout is the one-line form of an expression element, for details.
func layout(k bpmn.ExprKind) string {
	return "<" + k.Predicate() + ">" + example(k) + "</" + k.Predicate() + ">"
}
