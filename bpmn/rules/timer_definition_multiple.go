package rules

import (
	"fmt"
	"strings"

	"github.com/seams/seams-timers/lint"
)

// TimerDefinitionMultiple refuses a timerEventDefinition with more than one
// expression.
var TimerDefinitionMultiple = &lint.Rule{
	ID:       "TMR1002",
	Name:     "timer-definition-multiple",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a timer definition with more than one expression",
	Doc: `A bpmn:timerEventDefinition holds more than one of bpmn:timeDate, bpmn:timeDuration
and bpmn:timeCycle. BPMN allows one; Spiff's parser looks for a timeDate first, then a
timeDuration, then a timeCycle, takes the first it finds whatever the order in the file,
and ignores the others without a word, so a reader can easily believe another one is in
force. Each expression is still checked by the other rules.
Keep the one you mean and delete the rest.`,
	Bad: `<bpmn:timerEventDefinition id="DigestTimer">
  <bpmn:timeDate>"2026-12-01T09:00:00Z"</bpmn:timeDate>
  <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
</bpmn:timerEventDefinition>`,
	Good: `<bpmn:timerEventDefinition id="DigestTimer">
  <bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
</bpmn:timerEventDefinition>`,
	Run: runTimerDefinitionMultiple,
}

func runTimerDefinitionMultiple(p *lint.Pass) {
	for _, e := range timerEvents(docOf(p)) {
		for _, t := range e.Timers {
			if len(t.Exprs) < 2 {
				continue
			}
			kinds := make([]string, len(t.Exprs))
			for i, x := range t.Exprs {
				kinds[i] = sq(x.Kind.String())
			}
			first := t.Effective().Kind.Predicate()
			p.ReportResolution(t.Span, e.ID, "bpmn:timerEventDefinition",
				fmt.Sprintf("timer definition has %d expressions: %s", len(t.Exprs), strings.Join(kinds, ", ")),
				fmt.Sprintf("Spiff reads only %s and silently ignores the rest: keep the one you mean "+
					"and delete the others.", first))
		}
	}
}
