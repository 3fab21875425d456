package rules

import "github.com/seams/seams-timers/lint"

// BoundaryAttachment refuses a timer boundary attached to anything but a
// user task.
var BoundaryAttachment = &lint.Rule{
	ID:       "TMR2002",
	Name:     "boundary-attachment",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Refuses:  true,
	Title:    "a timer boundary attached to anything but a userTask",
	Doc: `A boundary timer is attached to an activity that is not a bpmn:userTask: a service,
script, manual or plain task, a sub-process or a call activity. ADR-0037 lifts a boundary
timer only on a user task, where it is the overdue-approval reminder; anywhere else it is
left out of the index and the seams scheduler does not own it. A timeout on a service call
is an error, not a timer (ADR-0013): let the call raise a BPMN error and catch it with an
error boundary. A reminder or a deadline on human work belongs on the bpmn:userTask
itself, so move the timer to the user task (inside the sub-process, if that is where it
is).`,
	Bad: `<bpmn:serviceTask id="CallBank"/>
<bpmn:boundaryEvent id="BankTimeout" attachedToRef="CallBank">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT30S"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Good: `<bpmn:userTask id="Approve"/>
<bpmn:boundaryEvent id="Remind" cancelActivity="false" attachedToRef="Approve">
  <bpmn:timerEventDefinition><bpmn:timeDuration>"PT48H"</bpmn:timeDuration></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>`,
	Run: runBoundaryAttachment,
}

func runBoundaryAttachment(p *lint.Pass) {
	for _, e := range timerEvents(docOf(p)) {
		to := e.AttachedTo
		if e.Type != "boundaryEvent" || to == nil || !to.IsActivity() || to.Type == "userTask" {
			continue
		}
		detail := "ADR-0037 accepts boundary timers only on a bpmn:userTask. A timeout on a call is an error " +
			"(ADR-0013): raise a BPMN error and catch it with an error boundary; a reminder belongs on the user task."
		switch to.Type {
		case "subProcess", "transaction", "adHocSubProcess", "callActivity":
			detail = "ADR-0037 accepts boundary timers only on a bpmn:userTask: move the timer to the user task " +
				"whose work is overdue. A timeout on a call is an error (ADR-0013): use an error boundary."
		}
		p.ReportResolution(e.Span, e.ID, "bpmn:attachedToRef",
			"timer boundary is attached to "+article(to.Type)+" "+to.Type+", not a userTask: "+sq(to.ID), detail)
	}
}
