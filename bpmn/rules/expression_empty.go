package rules

import (
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// ExpressionEmpty refuses an empty or blank expression body.
var ExpressionEmpty = &lint.Rule{
	ID:       "TMR1003",
	Name:     "expression-empty",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "an empty or blank expression",
	Doc: `A bpmn:timeDate, bpmn:timeDuration or bpmn:timeCycle element has no text, or only
whitespace. Spiff does not check it when it parses the model; when an instance first
waits on the timer it evaluates the empty text as Python and fails, or, for a duration,
reads it as zero and fires at once. Write the quoted ISO 8601 literal the timer needs:
"2026-12-01T09:00:00Z", "PT48H" or "R/2026-11-09T08:00:00Z/P1D".`,
	Bad:  `<bpmn:timeDuration xsi:type="bpmn:tFormalExpression"/>`,
	Good: `<bpmn:timeDuration xsi:type="bpmn:tFormalExpression">"PT48H"</bpmn:timeDuration>`,
	Run:  runExpressionEmpty,
}

func runExpressionEmpty(p *lint.Pass) {
	for _, s := range docSites(p) {
		if s.body.Kind != timeexpr.BodyEmpty {
			continue
		}
		what := "expression is empty: ''"
		if s.expr.Text != "" {
			what = "expression is blank, only whitespace"
		}
		s.report(p, s.expr.Span, what, "Write one quoted ISO 8601 literal, such as "+example(s.expr.Kind)+
			"; Spiff evaluates the empty text only when an instance first waits on the timer.", nil)
	}
}
