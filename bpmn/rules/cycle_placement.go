package rules

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// CyclePlacement refuses a timeCycle anywhere but a process's timer start
// or a non-interrupting boundary.
var CyclePlacement = &lint.Rule{
	ID:       "TMR2001",
	Name:     "cycle-placement",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a timeCycle anywhere but a timer start or a non-interrupting boundary",
	Doc: `A bpmn:timeCycle sits on an event where ADR-0037 does not accept a repeating timer:
an intermediate catch event or an interrupting boundary event. An intermediate catch waits once, so a cycle there means a duration or a
date. On an interrupting boundary Spiff runs the boundary's path on every firing and
cancels the task only at the last one, which is never for an unbounded R. A cycle is
accepted on a process's timer start (the daily digest) and on a non-interrupting boundary
(a repeated reminder). Use a bpmn:timeDuration or bpmn:timeDate on the catch or
interrupting boundary, or make the boundary non-interrupting (cancelActivity="false").
A timer start of an event sub-process is reported by TMR2003 instead, and a timer on an
element the ADR's table has no row for (an end event, a sub-process's start) by TMR2007.`,
	Bad: `<bpmn:intermediateCatchEvent id="Wait">
  <bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R3/2026-11-09T08:00:00Z/PT1H"</bpmn:timeCycle>
  </bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>`,
	Good: `<bpmn:intermediateCatchEvent id="Wait">
  <bpmn:timerEventDefinition>
    <bpmn:timeDuration>"PT1H"</bpmn:timeDuration>
  </bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>`,
	Run: runCyclePlacement,
}

func runCyclePlacement(p *lint.Pass) {
	for _, s := range docSites(p) {
		if s.expr.Kind != bpmn.TimeCycle {
			continue
		}
		place := s.event.Placement()
		if !place.InTable() {
			continue // TMR2007 refuses the timer itself.
		}
		detail := "A bpmn:timeCycle is accepted only on a process's timer start or a non-interrupting boundary " +
			"(ADR-0037 section 2)."
		switch place {
		case bpmn.PlaceProcessStart, bpmn.PlaceNonInterruptingBoundary, bpmn.PlaceEventSubProcessStart:
			continue
		case bpmn.PlaceIntermediateCatch:
			detail = "An intermediate catch event waits once: use a bpmn:timeDuration (\"PT48H\") or a " +
				"bpmn:timeDate (\"2026-12-01T09:00:00Z\"). " + detail
		case bpmn.PlaceInterruptingBoundary:
			detail = "On an interrupting boundary Spiff runs the path on every firing and cancels the task only at " +
				"the last one (never, for R): make the boundary non-interrupting (cancelActivity=\"false\"), or " +
				"interrupt once with a bpmn:timeDuration."
		}
		s.report(p, s.expr.Span, "cycle on "+place.String()+": "+sq(s.body.Value), detail, nil)
	}
}
