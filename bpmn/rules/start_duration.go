package rules

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// StartDuration refuses a timeDuration on a process's timer start.
var StartDuration = &lint.Rule{
	ID:       "TMR2004",
	Name:     "start-duration",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a timeDuration on a process's timer start",
	Doc: `A process's timer start event holds a bpmn:timeDuration. A duration counts from a
moment, and for a start event that moment is when the scheduler began waiting, that is,
when a container booted or reloaded the model: each replica, and each restart, would
compute different instants, and a firing could not be claimed once (ADR-0037 section 4:
due times are computed from the expression, never observed). Start the process at a
date-time with a bpmn:timeDate ("2026-12-01T09:00:00Z"), or repeatedly from a fixed start
with a bpmn:timeCycle ("R/2026-11-09T08:00:00Z/P1D").`,
	Bad: `<bpmn:startEvent id="Nightly">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT24H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:startEvent>`,
	Good: `<bpmn:startEvent id="Nightly">
  <bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-11-09T02:00:00Z/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition>
</bpmn:startEvent>`,
	Run: runStartDuration,
}

func runStartDuration(p *lint.Pass) {
	for _, s := range docSites(p) {
		if s.expr.Kind != bpmn.TimeDuration || s.event.Placement() != bpmn.PlaceProcessStart {
			continue
		}
		s.report(p, s.expr.Span, "timer start event has a duration: "+sq(s.body.Value),
			"A duration on a start event counts from when a container booted: use a bpmn:timeDate "+
				"(\"2026-12-01T09:00:00Z\") to start once, or a bpmn:timeCycle with a start "+
				"(\"R/2026-11-09T08:00:00Z/P1D\") to repeat.", nil)
	}
}
