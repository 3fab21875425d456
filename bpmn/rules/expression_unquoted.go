package rules

import (
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// ExpressionUnquoted refuses an ISO 8601 value written without quotes.
var ExpressionUnquoted = &lint.Rule{
	ID:       "TMR1004",
	Name:     "expression-unquoted",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "an ISO 8601 value not in quotes",
	Doc: `The body of a timer expression is an ISO 8601 value with no quotes around it
(PT48H, 2026-12-01T09:00:00Z, R/2026-11-09T08:00:00Z/P1D). Spiff evaluates the body as a
Python expression when an instance first waits on the timer, so bare PT48H is a NameError
and a bare date-time a SyntaxError, on the instance, in production. Put the value in
quotes, "PT48H": the fix inserts them, but only when the quoted value passes every TMR1xxx
rule, so that --fix never turns one refusal into another. The value itself is still checked
by the date, duration and cycle rules. A body with an expression inside an ISO-looking value
(R3/${startDate}/PT2S) is TMR1005, never this rule.`,
	Bad:  `<bpmn:timeDuration>PT48H</bpmn:timeDuration>`,
	Good: `<bpmn:timeDuration>"PT48H"</bpmn:timeDuration>`,
	Run:  runExpressionUnquoted,
}

func runExpressionUnquoted(p *lint.Pass) {
	for _, s := range docSites(p) {
		if s.body.Kind != timeexpr.BodyUnquotedISO {
			continue
		}
		span := s.bodySpan()
		var fix *lint.Fix
		if s.expr.Raw && s.body.End-s.body.Start == len(s.body.Value) && s.quotable(p.Now) {
			start, end := span.Start.Offset, span.End.Offset
			fix = &lint.Fix{
				Message: "Put the value in double quotes",
				Edits: []lint.Edit{
					{Offset: start, End: start, NewText: `"`},
					{Offset: end, End: end, NewText: `"`},
				},
			}
		}
		s.report(p, span, "expression is not quoted: "+sq(s.body.Value),
			`Put the value in quotes, "`+s.body.Value+`": Spiff evaluates the text as Python, where the bare `+
				`value is a NameError or a SyntaxError when an instance first waits on the timer.`, fix)
	}
}

// quotable reports an unquoted value that, once put in double quotes, is
// one literal that every TMR1xxx rule accepts: no indentation for Python
// to refuse, a quoted body that reads back as the same value, and no
// error from the value rules (the TMR1034 warning stays as it was, since
// it reads the same value), TMR1024 included.
func (s *site) quotable(now time.Time) bool {
	if s.body.Indented || strings.ContainsAny(s.body.Value, "\"\\") {
		return false
	}
	q := timeexpr.Classify(`"` + s.body.Value + `"`)
	if q.Kind != timeexpr.BodyQuoted || q.Value != s.body.Value || q.Indented {
		return false
	}
	for _, f := range s.findings() {
		if !valueWarning(f.rule) {
			return false
		}
	}
	_, over := s.outOfRange(now)
	return !over
}

// valueWarning reports the value rules whose default severity is a warning
// (TestValueWarnings keeps the list equal to the registry's).
func valueWarning(rule string) bool { return rule == "TMR1033" || rule == "TMR1034" }
