package rules

import "github.com/seams/seams-timers/lint"

// TimerDefinitionEmpty refuses a timerEventDefinition with no expression.
var TimerDefinitionEmpty = &lint.Rule{
	ID:       "TMR1001",
	Name:     "timer-definition-empty",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a timer definition with no timeDate, timeDuration or timeCycle",
	Doc: `A bpmn:timerEventDefinition holds none of bpmn:timeDate, bpmn:timeDuration and
bpmn:timeCycle, so it says nothing about when the timer fires. Spiff refuses the whole
model when it parses it ("Unknown Time Specification"), so nothing in the file can run.
Give the timer exactly one expression: a quoted date-time with an offset, a quoted
positive duration, or a quoted repeating interval with a start.`,
	Bad: `<bpmn:intermediateCatchEvent id="Wait">
  <bpmn:timerEventDefinition id="WaitTimer"/>
</bpmn:intermediateCatchEvent>`,
	Good: `<bpmn:intermediateCatchEvent id="Wait">
  <bpmn:timerEventDefinition id="WaitTimer">
    <bpmn:timeDuration>"PT48H"</bpmn:timeDuration>
  </bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>`,
	Run: runTimerDefinitionEmpty,
}

func runTimerDefinitionEmpty(p *lint.Pass) {
	for _, e := range timerEvents(docOf(p)) {
		for _, t := range e.Timers {
			if len(t.Exprs) > 0 {
				continue
			}
			what := "timer definition has no timeDate, timeDuration or timeCycle"
			if t.ID != "" {
				what += ": " + sq(t.ID)
			}
			p.ReportResolution(t.Span, e.ID, "bpmn:timerEventDefinition", what,
				`Add one expression, such as <bpmn:timeDuration>"PT48H"</bpmn:timeDuration>; Spiff refuses a `+
					`timer with none when it parses the model ("Unknown Time Specification").`)
		}
	}
}
