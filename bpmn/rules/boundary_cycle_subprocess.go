package rules

import (
	"fmt"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// BoundaryCycleSubprocess reports a non-interrupting cycle boundary whose
// path runs an embedded sub-process that waits: SpiffWorkflow crashes
// when the attached task completes while that sub-process runs.
var BoundaryCycleSubprocess = &lint.Rule{
	ID:       "TMR2012",
	Name:     "boundary-cycle-subprocess",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindBPMN,
	Title:    "a non-interrupting cycle boundary whose path runs an embedded sub-process that waits (SpiffWorkflow crashes)",
	Doc: `A non-interrupting boundary event with a bpmn:timeCycle of two or more occurrences (or an
unbounded R) leads, on its path, to an embedded sub-process (or transaction) that waits: it
holds a user, manual or bare task, a receive task or a catch event, directly or in a nested
sub-process. When the attached task completes while the cycle still has occurrences to come,
SpiffWorkflow (v3.1.2 and main) cancels the waiting timer and drops the tasks its path
opened, but the running sub-process's inner workflow stays behind, and the next engine step
raises TaskNotFoundException for its parent task: the instance cannot go on. Driven through
SpiffWorkflow's engine, it crashes whenever the task completes while the sub-process runs; it
runs cleanly when the sub-process has finished, when it holds only script or service tasks,
when the cycle is R1, and when the boundary is a timeDuration. Put the path's work in the
process itself (no sub-process), or use a call activity, or a timeDuration boundary.`,
	Bad: `<bpmn:boundaryEvent id="Nag" attachedToRef="Approve" cancelActivity="false">
  <bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>
<bpmn:sequenceFlow id="ToChase" sourceRef="Nag" targetRef="Chase"/>
<bpmn:subProcess id="Chase">
  <bpmn:startEvent id="ChaseStart"/>
  <bpmn:sequenceFlow id="C1" sourceRef="ChaseStart" targetRef="CallApprover"/>
  <bpmn:userTask id="CallApprover"/>
  <bpmn:sequenceFlow id="C2" sourceRef="CallApprover" targetRef="ChaseEnd"/>
  <bpmn:endEvent id="ChaseEnd"/>
</bpmn:subProcess>`,
	Good: `<bpmn:boundaryEvent id="Nag" attachedToRef="Approve" cancelActivity="false">
  <bpmn:timerEventDefinition><bpmn:timeCycle>"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition>
</bpmn:boundaryEvent>
<bpmn:sequenceFlow id="ToCall" sourceRef="Nag" targetRef="CallApprover"/>
<bpmn:userTask id="CallApprover"/>
<bpmn:sequenceFlow id="Called" sourceRef="CallApprover" targetRef="Chased"/>
<bpmn:endEvent id="Chased"/>`,
	Run: runBoundaryCycleSubprocess,
}

func runBoundaryCycleSubprocess(p *lint.Pass) {
	const detail = "When the attached task completes while the sub-process runs and the cycle has occurrences to come, " +
		"SpiffWorkflow drops the timer's path but not the sub-process's inner workflow, and the next engine step raises " +
		"TaskNotFoundException. Put the path's work in the process itself, or use a call activity or a timeDuration boundary."
	for _, ps := range docAcceptedSites(p) {
		if ps.place != bpmn.PlaceNonInterruptingBoundary || ps.expr.Kind != bpmn.TimeCycle ||
			ps.cycle.Repeat == 0 || ps.cycle.Repeat == 1 {
			continue
		}
		ev := ps.event
		sub := waitingSubOnPath(ev)
		if sub == nil {
			continue
		}
		task := "its task"
		if ev.AttachedTo != nil {
			task = sq(ev.AttachedTo.ID)
		}
		what := fmt.Sprintf("the path of non-interrupting cycle boundary %s runs the embedded %s %s, which waits: "+
			"when %s completes while it runs, SpiffWorkflow raises TaskNotFoundException", sq(ev.ID), sub.Type, sq(sub.ID), task)
		p.ReportResolution(ev.Span, ev.ID, "bpmn:timeCycle", what, detail)
	}
}

// waitingSubOnPath returns the first embedded sub-process, in a walk of
// the sequence flows from the boundary event ev (not through the task it
// is attached to), that waits; nil when there is none.
func waitingSubOnPath(ev *bpmn.Element) *bpmn.Element {
	seen := map[*bpmn.Element]bool{ev: true}
	queue := []*bpmn.Element{ev}
	for len(queue) > 0 {
		e := queue[0]
		queue = queue[1:]
		for _, f := range e.Outgoing {
			t := f.Target
			if t == nil || seen[t] || t == ev.AttachedTo {
				continue
			}
			seen[t] = true
			if t.Sub != nil && (t.Type == "subProcess" || t.Type == "transaction") && subWaits(t.Sub, 0) {
				return t
			}
			queue = append(queue, t)
		}
	}
	return nil
}

// subWaits reports an embedded sub-process that holds an element that
// waits for a person or an event: a user, manual, bare or receive task, a
// catch event, or a nested sub-process that does.
func subWaits(sub *bpmn.Process, depth int) bool {
	if depth > 32 {
		return false
	}
	for _, e := range sub.Elements {
		switch e.Type {
		case "userTask", "manualTask", "task", "receiveTask", "intermediateCatchEvent":
			return true
		case "subProcess", "transaction":
			if e.Sub != nil && subWaits(e.Sub, depth+1) {
				return true
			}
		}
	}
	return false
}
