package rules

import (
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// ExpressionNotLiteral refuses a body that is a variable or any other
// expression rather than one quoted literal.
var ExpressionNotLiteral = &lint.Rule{
	ID:       "TMR1005",
	Name:     "expression-not-literal",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a variable, Python expression, FEEL or JUEL instead of a literal",
	Doc: `The body of a timer expression is not one quoted string literal: it is a variable
(due_time), a Python call (timedelta(hours=48)), a concatenation ("PT" + str(h) + "H"), an
f-string, a FEEL expression (=due) or a JUEL expression (${due}). Spiff evaluates the body
as Python with the task data as variables only when an instance first waits: a variable
the instance lacks is a NameError, FEEL and JUEL are SyntaxErrors, a call returns no
string. Even where it works, a due time computed from process data cannot be known ahead
of time, so replicas cannot claim each firing once and no tool can check it (ADR-0037
section 2). Write one quoted ISO 8601 literal, such as "PT48H".`,
	Bad:  `<bpmn:timeDate>due_time</bpmn:timeDate>`,
	Good: `<bpmn:timeDate>"2026-12-01T09:00:00Z"</bpmn:timeDate>`,
	Run:  runExpressionNotLiteral,
}

func runExpressionNotLiteral(p *lint.Pass) {
	for _, s := range docSites(p) {
		form := ""
		why := "its value is computed from process data when an instance waits, so no due time can be known ahead of time"
		switch s.body.Kind {
		case timeexpr.BodyVariable:
			form = s.body.Kind.String()
			why = "Spiff evaluates it against the task data when an instance waits (NameError when the instance " +
				"lacks it), so no due time can be known ahead of time"
		case timeexpr.BodyExpression:
			form = s.body.Python
			if form == "" {
				form = s.body.Kind.String()
			}
		case timeexpr.BodyFEEL, timeexpr.BodyJUEL:
			form = s.body.Kind.String()
			why = "Spiff evaluates the body as Python, where it is a SyntaxError when an instance first waits"
		default:
			continue
		}
		s.report(p, s.bodySpan(), "expression is "+form+", not a quoted literal: "+sq(s.body.Value),
			"Write one quoted ISO 8601 literal, such as "+example(s.expr.Kind)+": "+why+".", nil)
	}
}
