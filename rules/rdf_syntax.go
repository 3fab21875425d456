package rules

import "github.com/seams/seams-timers/lint"

// RDFSyntax is reported by the graph loader, not run.
var RDFSyntax = &lint.Rule{
	ID:       "TMR0003",
	Name:     "rdf-syntax",
	Severity: lint.SeverityError,
	Kind:     lint.KindLoad,
	Title:    "RDF syntax error",
	Doc: `The index graph document is not valid Turtle (.ttl) or N-Triples (.nt): an unterminated
IRI or string, a missing '.', an undeclared prefix, a relative IRI in N-Triples, invalid UTF-8.
The diagnostic points at the line and column where the reader stopped. A document with an
error contributes no triple to the graph, so the timers it lifts look unlifted (TMR3001) until
it is fixed; the other documents are still read. Only the BPMN engine reads index graphs.`,
	Bad: `@prefix proc: <https://w3id.org/seams/proc#> .
<approval.bpmn#Remind> a proc:TimerCatchEvent
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`,
	Good: `@prefix proc: <https://w3id.org/seams/proc#> .
<approval.bpmn#Remind> a proc:TimerCatchEvent .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`,
	Examples: []lint.Example{
		{Kind: kindTurtle, Lang: "turtle", Bad: `@prefix proc: <https://w3id.org/seams/proc#> .
<approval.bpmn#Remind> a proc:TimerCatchEvent
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`, Good: `@prefix proc: <https://w3id.org/seams/proc#> .
<approval.bpmn#Remind> a proc:TimerCatchEvent .
<digest.bpmn#EveryMorning> a proc:TimerStartEvent .`},
		{Kind: kindNTriples, Lang: "ntriples",
			Bad:  `<approval.bpmn#Remind> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://w3id.org/seams/proc#TimerCatchEvent> .`,
			Good: `<file:///srv/models/approval.bpmn#Remind> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://w3id.org/seams/proc#TimerCatchEvent> .`},
	},
}
