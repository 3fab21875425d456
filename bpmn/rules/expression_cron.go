package rules

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// ExpressionCron refuses a cron string, quoted or not.
var ExpressionCron = &lint.Rule{
	ID:       "TMR1006",
	Name:     "expression-cron",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a cron string",
	Doc: `The body of a timer expression is a cron string ("0 8 * * 1-5", @daily), quoted or
not. Cron is not BPMN and Spiff cannot read it: unquoted it is a Python SyntaxError, and
quoted it fails when the timer first waits (ValueError: invalid literal for int() in a
cycle, Invalid isoformat string in a date). ADR-0037 refuses it. Write an ISO 8601
repeating interval with a start instead: "R/2026-11-09T08:00:00Z/P1D" fires every day at
08:00Z from November 9.`,
	Bad:  `<bpmn:timeCycle>"0 8 * * *"</bpmn:timeCycle>`,
	Good: `<bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>`,
	Run:  runExpressionCron,
}

func runExpressionCron(p *lint.Pass) {
	for _, s := range docSites(p) {
		if s.body.Kind != timeexpr.BodyCron {
			continue
		}
		form := "a cron string"
		if s.body.Quote != 0 {
			form = "a quoted cron string"
		}
		detail := "Cron is not BPMN and Spiff cannot read it; write an ISO 8601 repeating interval with a start, " +
			"such as \"R/2026-11-09T08:00:00Z/P1D\" (every day at 08:00Z from November 9)."
		if s.expr.Kind != bpmn.TimeCycle {
			detail = "Cron is not BPMN and Spiff cannot read it; write one quoted ISO 8601 literal, such as " +
				example(s.expr.Kind) + ", or a bpmn:timeCycle \"R/2026-11-09T08:00:00Z/P1D\" to repeat."
		}
		s.report(p, s.bodySpan(), "expression is "+form+": "+sq(s.body.Value), detail, nil)
	}
}
