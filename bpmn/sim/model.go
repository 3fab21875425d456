package sim

import (
	"github.com/seams/seams-timers/bpmn"
)

// nodeKind is how a token behaves at a flow node.
type nodeKind uint8

const (
	// nAuto completes at once: script, service, send and business-rule
	// tasks, plain tasks and throw events.
	nAuto nodeKind = iota
	nStart
	nEnd
	nTerminate
	// nUser stays open until the scenario completes it: user, manual and
	// receive tasks.
	nUser
	// nXor is an exclusive (or inclusive, or complex) gateway.
	nXor
	nAnd
	nEventGW
	nTimerCatch
	// nWaitForever is a catch event of another kind (message, signal...):
	// nothing in a simulation sends it.
	nWaitForever
	nSub
	nBoundary
	// nCall is a call activity: it runs the process its calledElement
	// names, as SpiffWorkflow does, and completes when that ends.
	nCall
)

// node is a flow node of a compiled process.
type node struct {
	el   *bpmn.Element
	kind nodeKind
	// out and in are flow indices, in document order.
	out []int32
	in  []int32
	// def is the default flow, or -1.
	def int32
	// bounds are the boundary events attached to this node.
	bounds []int32
	// owner is the node a boundary event is attached to, or -1.
	owner int32
	// timer indexes engine.timers, or -1.
	timer int32
	// entries are a sub-process's first nodes: its start events, or the
	// nodes with no incoming flow.
	entries []int32
	// waits reports a timer whose outgoing flow leads straight to a user or
	// manual task: Spiff then delivers at most two overdue cycle
	// occurrences per refresh (spiff-oracle-elements.txt, "manual").
	waits bool
	// callee is the process a call activity runs, nil when its
	// calledElement names none of the models' processes.
	callee *proc
}

// flow is a sequence flow of a compiled process.
type flow struct {
	f      *bpmn.Flow
	target int32
}

// proc is a compiled top-level process with every sub-process inside it.
type proc struct {
	index   int
	doc     *bpmn.Document
	p       *bpmn.Process
	name    string
	nodes   []node
	flows   []flow
	byEl    map[*bpmn.Element]int32
	byID    map[string]int32
	flowIDs map[string]int32
	// entries are the top-level none start events (instances started by a
	// user begin there).
	entries []int32
	seq     int32
	plan    *procPlan
}

// inEventSubProcess reports whether a container is, or sits inside, an
// event sub-process (out of scope: ADR-0037 does not lift its timers).
func inEventSubProcess(c *bpmn.Process) bool {
	for ; c != nil; c = c.Parent {
		if c.Kind == bpmn.KindEventSubProcess {
			return true
		}
	}
	return false
}

func kindOf(el *bpmn.Element) nodeKind {
	switch el.Type {
	case "startEvent":
		return nStart
	case "endEvent":
		for _, d := range el.EventDefinitions {
			if d.Type == "terminateEventDefinition" {
				return nTerminate
			}
		}
		return nEnd
	case "userTask", "manualTask", "receiveTask", "task":
		// a bpmn:task is SpiffWorkflow's NoneTask, manual: it waits to be
		// completed (spiff-drive: a boundary timer on one fires)
		return nUser
	case "exclusiveGateway", "inclusiveGateway", "complexGateway":
		return nXor
	case "parallelGateway":
		return nAnd
	case "eventBasedGateway":
		return nEventGW
	case "intermediateCatchEvent":
		if len(el.Timers) > 0 {
			return nTimerCatch
		}
		return nWaitForever
	case "boundaryEvent":
		return nBoundary
	case "subProcess", "transaction", "adHocSubProcess":
		return nSub
	case "callActivity":
		return nCall
	}
	return nAuto
}

// compileProc builds the node graph of a top-level process and of every
// sub-process inside it. Event sub-processes are left out.
func compileProc(doc *bpmn.Document, p *bpmn.Process, index int) *proc {
	pr := &proc{
		index: index, doc: doc, p: p, name: p.ID,
		byEl: map[*bpmn.Element]int32{}, byID: map[string]int32{}, flowIDs: map[string]int32{},
	}
	subOf := map[*bpmn.Element]*bpmn.Process{}
	for _, c := range doc.Processes {
		if c.Node != nil {
			subOf[c.Node] = c
		}
	}
	for _, el := range doc.Elements {
		if el.Container == nil || el.Container.Top() != p || inEventSubProcess(el.Container) {
			continue
		}
		i := int32(len(pr.nodes))
		pr.nodes = append(pr.nodes, node{el: el, kind: kindOf(el), def: -1, owner: -1, timer: -1})
		pr.byEl[el] = i
		if _, dup := pr.byID[el.ID]; !dup {
			pr.byID[el.ID] = i
		}
	}
	for _, f := range doc.Flows {
		if f.Container == nil || f.Container.Top() != p || inEventSubProcess(f.Container) {
			continue
		}
		fi := int32(len(pr.flows))
		target := int32(-1)
		if t, ok := pr.byEl[f.Target]; ok && f.Target != nil {
			target = t
		}
		pr.flows = append(pr.flows, flow{f: f, target: target})
		if _, dup := pr.flowIDs[f.ID]; !dup {
			pr.flowIDs[f.ID] = fi
		}
		if s, ok := pr.byEl[f.Source]; ok && f.Source != nil {
			pr.nodes[s].out = append(pr.nodes[s].out, fi)
		}
		if target >= 0 {
			pr.nodes[target].in = append(pr.nodes[target].in, fi)
		}
	}
	for i := range pr.nodes {
		n := &pr.nodes[i]
		if n.el.Default != "" {
			if fi, ok := pr.flowIDs[n.el.Default]; ok {
				n.def = fi
			}
		}
		if n.kind == nBoundary && n.el.AttachedTo != nil {
			if o, ok := pr.byEl[n.el.AttachedTo]; ok {
				n.owner = o
				pr.nodes[o].bounds = append(pr.nodes[o].bounds, int32(i))
			}
		}
	}
	for i := range pr.nodes {
		n := &pr.nodes[i]
		if n.kind == nSub {
			if c := subOf[n.el]; c != nil {
				n.entries = pr.entriesOf(c.Elements, false)
			}
		}
		if len(n.out) > 0 {
			if t := pr.flows[n.out[0]].target; t >= 0 && pr.nodes[t].kind == nUser {
				n.waits = true
			}
		}
	}
	pr.entries = pr.entriesOf(p.Elements, true)
	return pr
}

// entriesOf returns where a token starts in a container: its none start
// events (for a top-level process) or all its start events (for a
// sub-process); failing those, the first start event; failing that, the
// nodes with no incoming flow that are not boundary events.
func (pr *proc) entriesOf(els []*bpmn.Element, top bool) []int32 {
	var starts, any, free []int32
	for _, el := range els {
		i, ok := pr.byEl[el]
		if !ok {
			continue
		}
		n := &pr.nodes[i]
		switch {
		case n.kind == nStart:
			if len(any) == 0 {
				any = append(any, i)
			}
			if !top || len(el.EventDefinitions) == 0 {
				starts = append(starts, i)
			}
		case n.kind != nBoundary && len(n.in) == 0:
			free = append(free, i)
		}
	}
	switch {
	case len(starts) > 0:
		return starts
	case len(any) > 0:
		return any
	}
	return free
}

// IsTimerStart reports whether an element is the timer start event of a
// top-level process: what a scheduler runs.
func IsTimerStart(el *bpmn.Element) bool {
	return el.Type == "startEvent" && len(el.Timers) > 0 && el.Container != nil &&
		el.Container.Parent == nil && el.Container.Kind == bpmn.KindProcess
}

// TimerStarts returns every timer start event of a top-level process in
// the documents, in document order: what the simulator schedules when the
// caller has no index graph to say which container schedules which
// process (Input.Starts nil).
func TimerStarts(docs []*bpmn.Document) []*bpmn.Element {
	var out []*bpmn.Element
	for _, d := range docs {
		for _, el := range d.Elements {
			if IsTimerStart(el) {
				out = append(out, el)
			}
		}
	}
	return out
}
