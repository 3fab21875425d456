package rules

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/graph"
)

// lift is the index type ADR-0037 section 1's table gives a timer element.
type lift int

// Lifts.
const (
	// liftInvalid is an element that is neither a start, a catch nor a
	// boundary event (an end or throw event, a sub-process's start): no
	// timer type fits it.
	liftInvalid lift = iota
	// liftStart is a process's start event: a proc:TimerStartEvent.
	liftStart
	// liftCatch is an intermediate catch event, or a boundary event on a
	// user task, interrupting or not: a proc:TimerCatchEvent.
	liftCatch
	// liftOutOfScope is a boundary on any other activity, or the start
	// event of an event sub-process: not lifted.
	liftOutOfScope
	// liftUnknown is a boundary attached to no activity (TMR2005).
	liftUnknown
)

// liftOf returns the lift the ADR gives a timer element.
func liftOf(e *join.Element) lift {
	switch e.Placement {
	case bpmn.PlaceProcessStart:
		return liftStart
	case bpmn.PlaceIntermediateCatch:
		return liftCatch
	case bpmn.PlaceInterruptingBoundary, bpmn.PlaceNonInterruptingBoundary:
		switch to := e.AttachedTo; {
		case to == nil || !to.IsActivity():
			return liftUnknown
		case to.Type() == "userTask":
			return liftCatch
		}
		return liftOutOfScope
	case bpmn.PlaceEventSubProcessStart:
		return liftOutOfScope
	}
	return liftInvalid
}

// describe says where a timer element sits, for messages: "a
// non-interrupting boundary event on userTask 'Approve'".
func describe(e *join.Element) string {
	pl := e.Placement
	switch pl {
	case bpmn.PlaceInterruptingBoundary, bpmn.PlaceNonInterruptingBoundary:
		if e.AttachedTo != nil {
			return pl.String() + " on " + e.AttachedTo.Type() + " " + sq(e.AttachedTo.ID)
		}
		return pl.String()
	case bpmn.PlaceOther:
		return article(e.Type()) + " " + e.Type()
	}
	return pl.String()
}

// typeName is the compact name of a timer type: proc:TimerStartEvent.
func typeName(ix *join.Index, start bool) string {
	if start {
		return ix.Vocab.Compact(ix.Vocab.TimerStartEvent().Value)
	}
	return ix.Vocab.Compact(ix.Vocab.TimerCatchEvent().Value)
}

// liftedElement returns a node's element when it is loaded and holds a
// timer definition, and nil otherwise.
func liftedElement(n *join.Node) *join.Element {
	if n.Element == nil || n.Element.Timers == 0 {
		return nil
	}
	return n.Element
}

// timerStarts returns the processes that hold a lifted timer start: an
// index node typed proc:TimerStartEvent whose element is a start event of
// the top-level process. A set, not the nodes by process: the rules only
// ask whether a process has one, and a large graph lifts tens of
// thousands of timer starts.
func timerStarts(ix *join.Index) map[*join.Process]bool {
	lifted := func(n *join.Node) *join.Element {
		if el := liftedElement(n); n.Start && el != nil && liftOf(el) == liftStart {
			return el
		}
		return nil
	}
	// A map of the size it needs, not grown entry by entry: each growth
	// leaves a large table behind.
	out := make(map[*join.Process]bool, countNodes(ix, func(n *join.Node) bool { return lifted(n) != nil }))
	for _, n := range ix.Nodes {
		if el := lifted(n); el != nil {
			// A process's start event sits in the top-level process.
			out[el.Process] = true
		}
	}
	return out
}

// countNodes counts the index nodes for which f is true: the size of a
// map of them.
func countNodes(ix *join.Index, f func(*join.Node) bool) int {
	k := 0
	for _, n := range ix.Nodes {
		if f(n) {
			k++
		}
	}
	return k
}

// timerCatchProcesses returns the top-level processes that hold a lifted
// timer catch event: a node typed proc:TimerCatchEvent whose element is an
// intermediate catch or a boundary on a user task.
func timerCatchProcesses(ix *join.Index) map[*join.Process]*join.Node {
	lifted := func(n *join.Node) *join.Element {
		if el := liftedElement(n); n.Catch && el != nil && liftOf(el) == liftCatch && el.Process != nil {
			return el
		}
		return nil
	}
	out := make(map[*join.Process]*join.Node, countNodes(ix, func(n *join.Node) bool { return lifted(n) != nil }))
	for _, n := range ix.Nodes {
		if el := lifted(n); el != nil {
			top := el.Process
			if _, seen := out[top]; !seen {
				out[top] = n
			}
		}
	}
	return out
}

// scheduledCount counts the seam:schedules triples by the process they
// point at, for the objects that name a loaded model's process.
func scheduledCount(ix *join.Index) map[*join.Process]int {
	out := make(map[*join.Process]int, ix.Graph.CountByPredicate(ix.Vocab.Schedules()))
	for tr := range ix.Schedules() {
		if _, proc := ix.Process(tr.O); proc != nil {
			out[proc]++
		}
	}
	return out
}

// scheduledBy groups the seam:schedules triples by the process they
// point at, for the processes keep says to keep. A graph schedules each
// of thousands of processes once, and a triple is some 360 bytes spelt
// out, so only those asked for are kept.
func scheduledBy(ix *join.Index, keep func(*join.Process) bool) map[*join.Process][]graph.Triple {
	out := map[*join.Process][]graph.Triple{}
	for tr := range ix.Schedules() {
		if _, proc := ix.Process(tr.O); proc != nil && keep(proc) {
			out[proc] = append(out[proc], tr)
		}
	}
	return out
}

// compact is the compact name of a vocabulary term.
func compact(ix *join.Index, t graph.Term) string { return ix.Vocab.Compact(t.Value) }

// turtleRef renders a term as Turtle for a detail line: <rel#id>, a
// prefixed name, or _:label.
func turtleRef(ix *join.Index, t graph.Term, file string) string {
	if t.IsIRI() {
		d := ix.Display(t.Value, file)
		if c := ix.Vocab.Compact(t.Value); c == d {
			return d
		}
		return "<" + d + ">"
	}
	return ix.DisplayTerm(t, file)
}
