package rules

import (
	"encoding/xml"
	"strings"
	"sync"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// The verdicts are what the commands that run timers (simulate, next) ask
// the rules before they compute a due time: the simulator decides nothing
// about what ADR-0037 refuses, so that a refusal in `check` and one in
// `simulate` or `next` never disagree.

// verdictRules are the rules whose findings are verdicts: those whose
// errors mean the runtime refuses the timer (Rule.Refuses: the expression
// and placement rules). The others are about the index graph or the
// runtime and never refuse a timer.
var verdictRules = sync.OnceValue(func() []*lint.Rule {
	var out []*lint.Rule
	for _, r := range All() {
		if r.Refuses {
			out = append(out, r)
		}
	}
	return out
})

// VerdictRules returns the rules Verdicts runs, the rules that refuse a
// timer, sorted by ID; a check that runs at least these (project.Check
// with rules.All(), say) has every verdict in its diagnostics
// (VerdictsOf).
func VerdictRules() []*lint.Rule { return verdictRules() }

// isVerdictRule reports whether the rule with this ID refuses timers.
func isVerdictRule(id string) bool {
	r := byID()[id]
	return r != nil && r.Refuses
}

// byID indexes the registry by rule ID.
var byID = sync.OnceValue(func() map[string]*lint.Rule {
	m := make(map[string]*lint.Rule, len(registry))
	for _, r := range registry {
		m[r.ID] = r
	}
	return m
})

// Verdicts runs the expression and placement rules over the documents and
// returns, per timer event that they refuse, the first error-severity
// finding of a TMR1xxx or TMR2xxx rule in lint.Sort's order (file, line,
// column, rule), keyed by the event's IRI, doc.ElementIRI(id). It
// gives what running lint.Run with rules.All() and keeping those findings
// gives; the other rules are not run. Configured levels are not applied.
func Verdicts(docs []*bpmn.Document, now time.Time) map[string]lint.Diagnostic {
	ds := lint.Run(lint.Options{Rules: VerdictRules(), Now: now}, ProjectOf(docs), nil)
	return VerdictsOf(docs, ds)
}

// VerdictsOf picks Verdicts' answer out of the diagnostics of a check that
// ran (at least) VerdictRules over the documents, sorted as lint.Run sorts
// them.
func VerdictsOf(docs []*bpmn.Document, ds []lint.Diagnostic) map[string]lint.Diagnostic {
	byPath := make(map[string]*bpmn.Document, len(docs))
	for _, d := range docs {
		byPath[d.Path] = d
	}
	out := map[string]lint.Diagnostic{}
	for _, d := range ds {
		if d.Severity != lint.SeverityError || !isVerdictRule(d.Rule) || d.Element == "" {
			continue
		}
		doc := byPath[d.File]
		if doc == nil {
			continue
		}
		if el, ok := doc.ByID[d.Element].(*bpmn.Element); !ok || !el.HasTimer() {
			continue
		}
		key := doc.ElementIRI(d.Element)
		if _, seen := out[key]; !seen {
			out[key] = d
		}
	}
	return out
}

// Placement says on which element ExpressionVerdictAt puts the timer.
type Placement int

// Placements.
const (
	// PlaceAllowed is where the expression's kind is allowed: a timeDate
	// or a timeCycle on a process's timer start event, a timeDuration on an
	// intermediate catch event.
	PlaceAllowed Placement = iota
	// PlaceStart is a process's timer start event, whatever the kind.
	PlaceStart
	// PlaceCatch is an intermediate catch event for a timeDate or a
	// timeDuration, and a non-interrupting boundary of a user task for a
	// timeCycle.
	PlaceCatch
)

// verdictPath is the in-memory model's path, absolute so that its IRI
// costs no look-up of the working directory; verdictEvent the timer's id.
const (
	verdictPath  = "/seams-timers/expression.bpmn"
	verdictEvent = "Timer"
)

// ExpressionVerdict checks one timer expression on its own, for `next
// EXPR`: it is ExpressionVerdictAt with PlaceAllowed.
func ExpressionVerdict(kind bpmn.ExprKind, text string, now time.Time) []lint.Diagnostic {
	return ExpressionVerdictAt(kind, text, PlaceAllowed, now)
}

// ExpressionVerdictAt checks one timer expression: text is the expression
// element's text as a model holds it (a quoted literal such as "R/P1D",
// quotes included; anything else is refused as the rules refuse it in a
// model). It builds a model holding one timer with that expression on the
// placement's element, runs the TMR1xxx and TMR2xxx rules on it, and
// returns their findings, errors and warnings, in lint.Sort's order. Each
// keeps its Rule, Name, Severity, Predicate and Detail; its Message names
// the expression itself as subject, ResolutionError(<R/P1D>,
// bpmn:timeCycle, "cycle has no start date-time: 'R/P1D'"), and Subject
// holds it too. It has no file and no position.
func ExpressionVerdictAt(kind bpmn.ExprKind, text string, place Placement, now time.Time) []lint.Diagnostic {
	doc, perr := bpmn.Parse(verdictPath, expressionModel(kind, text, place))
	if perr != nil {
		// The text is escaped: the model always parses.
		return []lint.Diagnostic{{Rule: "TMR0002", Name: "xml-syntax", Severity: lint.SeverityError,
			Predicate: kind.Predicate(), Message: perr.Msg}}
	}
	subject := strings.TrimSpace(text)
	if b := timeexpr.Classify(text); b.Quote != 0 {
		subject = b.Value
	}
	ds := lint.Run(lint.Options{Rules: VerdictRules(), Now: now, Jobs: 1}, ProjectOf([]*bpmn.Document{doc}), nil)
	var out []lint.Diagnostic
	for _, d := range ds {
		if !isVerdictRule(d.Rule) || d.Severity < lint.SeverityWarning {
			continue
		}
		msg := d.Message
		if d.What != "" && d.Element == verdictEvent {
			msg = lint.Resolution(subject, d.Predicate, d.What)
		}
		out = append(out, lint.Diagnostic{
			Rule: d.Rule, Name: d.Name, Severity: d.Severity,
			Subject: subject, Predicate: d.Predicate, Message: msg, What: d.What, Detail: d.Detail,
		})
	}
	return out
}

// Reason returns what a diagnostic says is wrong: its What, or its message
// when it has none.
func Reason(d lint.Diagnostic) string {
	if d.What != "" {
		return d.What
	}
	return d.Message
}

// expressionModel is a model with one timer, id Timer, holding the
// expression text (escaped) on the placement's element.
func expressionModel(kind bpmn.ExprKind, text string, place Placement) []byte {
	if place == PlaceAllowed {
		place = PlaceStart
		if kind == bpmn.TimeDuration {
			place = PlaceCatch
		}
	}
	var b strings.Builder
	// As small as a model gets: parsing it is most of the cost.
	b.WriteString(`<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"><bpmn:process id="Process">` + "\n")
	timer := func() {
		b.WriteString(`<bpmn:timerEventDefinition><bpmn:`)
		b.WriteString(kind.String())
		b.WriteString(`>`)
		_ = xml.EscapeText(&b, []byte(text))
		b.WriteString(`</bpmn:`)
		b.WriteString(kind.String())
		b.WriteString(`></bpmn:timerEventDefinition>`)
	}
	switch {
	case place == PlaceStart:
		b.WriteString(`<bpmn:startEvent id="` + verdictEvent + `">`)
		timer()
		b.WriteString("</bpmn:startEvent>\n")
	case kind == bpmn.TimeCycle:
		b.WriteString(`<bpmn:userTask id="Task"/>` + "\n")
		b.WriteString(`<bpmn:boundaryEvent id="` + verdictEvent + `" cancelActivity="false" attachedToRef="Task">`)
		timer()
		b.WriteString("</bpmn:boundaryEvent>\n")
	default:
		b.WriteString(`<bpmn:intermediateCatchEvent id="` + verdictEvent + `">`)
		timer()
		b.WriteString("</bpmn:intermediateCatchEvent>\n")
	}
	b.WriteString("</bpmn:process></bpmn:definitions>")
	return []byte(b.String())
}
