// Package verify is the BPMN engine's transition system for
// `seams-timers verify`: the instance markings of a process under the
// semantics `simulate` follows (SpiffWorkflow's, see package sim's doc),
// with every user action, message and gateway choice a nondeterministic
// move, and time abstracted to digital clocks over the timers' and tasks'
// constants. The due times are package timeexpr's, on the expression
// bpmn.Timer.Effective gives, as for the rules and the simulator.
package verify

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/verify"
)

type nodeKind uint8

const (
	nAuto nodeKind = iota
	nStart
	nEnd
	nTerminate
	nUser
	nXor
	nAnd
	nEventGW
	nTimerCatch
	nMessage
	nSub
	nBoundary
	// nCall is a call activity whose called process is not found: it
	// waits forever, as in the simulator.
	nCall
)

// kindOf reads an element as the simulator does (bpmn/sim model.go): the
// same element types stay open, branch, join and wait.
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
	case "callActivity":
		// the process it calls runs inside it, as in a sub-process
		// (compile inlines it); one that names no process waits forever
		return nCall
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
		return nMessage
	case "boundaryEvent":
		return nBoundary
	case "subProcess", "transaction", "adHocSubProcess":
		return nSub
	}
	return nAuto
}

// timerKind is how the abstraction treats a timer's due time.
type timerKind uint8

const (
	// tDuration is due a fixed length after arming: exact.
	tDuration timerKind = iota + 1
	// tAnyTime is an absolute date (or a cycle's first occurrence, at its
	// absolute start): a fixed point in time, whose distance from the
	// arming depends on the calendar date the instance runs at; it may
	// fire at any instant after arming.
	tAnyTime
	// tUnknown is an expression with no due times (refused, or not
	// parsed): modelled as tAnyTime, and reported TMR9008.
	tUnknown
	// tNever is an R0 cycle: it has no occurrence and never fires.
	tNever
)

type timer struct {
	node int32
	el   *bpmn.Element
	kind timerKind
	// due is the duration's length, in clock units.
	due int32
	// cycle reports a timeCycle: after its first occurrence it fires every
	// period (in units) until n occurrences (n < 0: unbounded).
	cycle  bool
	period int32
	n      int
	// secs are the due and period in seconds before the unit is known.
	dueS, periodS int64
	why           string
	// refused says which rule refuses the timer: it is not run.
	refused string
	// hidden marks a timer of a called process inlined here: it runs, and
	// is reported on the called process's own result.
	hidden bool
}

type node struct {
	el  *bpmn.Element
	doc *bpmn.Document
	// why says why an nCall waits forever.
	why   string
	kind  nodeKind
	out   []int32 // flow targets, in document order (-1: dangling)
	outF  []*bpmn.Flow
	in    int // number of incoming flows
	inIdx map[*bpmn.Flow]int32
	// bounds are the boundary nodes attached to this node.
	bounds []int32
	// exit is the sub-process node whose outgoing flows an end event
	// inside it continues on (-1 at the top level).
	exit    int32
	entries []int32
	timer   int32 // index into model.timers, or -1
	// taskMin and taskMax bound how long a user task stays open, in
	// units (taskMax -1: no upper bound).
	taskMin, taskMax int32
}

// model is a compiled top-level process.
type model struct {
	doc    *bpmn.Document
	p      *bpmn.Process
	nodes  []node
	timers []timer
	starts []int32
	// unit is the clock unit in seconds.
	unit     int64
	maxItems int
	// work counts the arrivals of the move being computed.
	work int
}

func inEventSub(c *bpmn.Process) bool {
	for ; c != nil; c = c.Parent {
		if c.Kind == bpmn.KindEventSubProcess {
			return true
		}
	}
	return false
}

// Ref is the instant calendar durations (years, months) are measured
// from: the abstraction gives each duration one length, that of this
// instant's months.
var Ref = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// maxCallDepth bounds how deep call activities are inlined (a process
// that calls itself, directly or not): a call past it completes at any
// instant, as a user task does.
const maxCallDepth = 4

// compile builds the node graph of a top-level process and every
// sub-process inside it (event sub-processes left out, as the simulator
// does), with the process each call activity calls inlined as a
// sub-process of its own.
func compile(doc *bpmn.Document, p *bpmn.Process, cfg Config) *model {
	m := &model{doc: doc, p: p}
	byEl := m.inline(doc, p, -1, 0, cfg)
	m.starts = entries(m, byEl, p.Elements)
	m.units(cfg)
	return m
}

// called finds the top-level process a call activity names: in its own
// document first, then in the other documents (as the simulator does).
func called(doc *bpmn.Document, el *bpmn.Element, others []*bpmn.Document) (*bpmn.Document, *bpmn.Process) {
	if el.CalledElement == "" {
		return nil, nil
	}
	for _, d := range append([]*bpmn.Document{doc}, others...) {
		for _, c := range d.Processes {
			if c.Parent == nil && c.Kind == bpmn.KindProcess && c.ID == el.CalledElement {
				return d, c
			}
		}
	}
	return nil, nil
}

// inline adds the nodes of process p of doc (its elements at any depth)
// under the node parent (-1: the top level), and those of the processes
// its call activities call; it returns p's elements' nodes. The timers of
// an inlined process run, but are reported on that process's own result.
func (m *model) inline(doc *bpmn.Document, p *bpmn.Process, parent int32, depth int, cfg Config) map[*bpmn.Element]int32 {
	byEl := map[*bpmn.Element]int32{}
	first := int32(len(m.nodes))
	for _, el := range doc.Elements {
		if el.Container == nil || el.Container.Top() != p || inEventSub(el.Container) {
			continue
		}
		byEl[el] = int32(len(m.nodes))
		m.nodes = append(m.nodes, node{el: el, doc: doc, kind: kindOf(el), exit: -1, timer: -1, inIdx: map[*bpmn.Flow]int32{}})
	}
	for _, f := range doc.Flows {
		if f.Container == nil || f.Container.Top() != p || inEventSub(f.Container) {
			continue
		}
		s, ok := byEl[f.Source]
		if !ok || f.Source == nil {
			continue
		}
		t := int32(-1)
		if x, ok := byEl[f.Target]; ok && f.Target != nil {
			t = x
			m.nodes[x].inIdx[f] = int32(m.nodes[x].in)
			m.nodes[x].in++
		}
		m.nodes[s].out = append(m.nodes[s].out, t)
		m.nodes[s].outF = append(m.nodes[s].outF, f)
	}
	subOf := map[*bpmn.Element]*bpmn.Process{}
	for _, c := range doc.Processes {
		if c.Node != nil {
			subOf[c.Node] = c
		}
	}
	last := int32(len(m.nodes))
	for i := first; i < last; i++ {
		n := &m.nodes[i]
		if c := n.el.Container; c == p {
			n.exit = parent
		} else if c != nil && c.Node != nil {
			if x, ok := byEl[c.Node]; ok {
				n.exit = x
			}
		}
		if n.kind == nBoundary && n.el.AttachedTo != nil {
			if o, ok := byEl[n.el.AttachedTo]; ok {
				m.nodes[o].bounds = append(m.nodes[o].bounds, i)
			}
		}
		if n.kind == nSub {
			if c := subOf[n.el]; c != nil {
				n.entries = entries(m, byEl, c.Elements)
			}
		}
		if len(n.el.Timers) > 0 {
			n.timer = int32(len(m.timers))
			t := readTimer(i, n.el)
			t.hidden = m.hiddenUnder(parent)
			if cfg.Refused != nil {
				if rule, reason, ok := cfg.Refused(doc, n.el); ok {
					t.kind, t.refused = tNever, "refused by "+rule+" ("+reason+"): not run, as simulate does not run it"
				}
			}
			m.timers = append(m.timers, t)
		}
	}
	for i := first; i < last; i++ {
		if m.nodes[i].kind != nCall {
			continue
		}
		cd, cp := called(doc, m.nodes[i].el, cfg.Docs)
		switch {
		case cp == nil:
			m.nodes[i].why = "its calledElement " + quote(m.nodes[i].el.CalledElement) + " names no process of the models"
		case depth >= maxCallDepth:
			// a process that calls itself: past the depth, the call
			// completes at any instant, as a user task does (it covers
			// whatever the called process would do)
			m.nodes[i].kind = nUser
		default:
			sub := m.inline(cd, cp, i, depth+1, cfg)
			m.nodes[i].kind = nSub
			m.nodes[i].entries = entries(m, sub, cp.Elements)
		}
	}
	return byEl
}

// hiddenUnder reports whether node n sits inside an inlined call.
func (m *model) hiddenUnder(n int32) bool {
	for ; n >= 0; n = m.nodes[n].exit {
		if m.nodes[n].el.Type == "callActivity" {
			return true
		}
	}
	return false
}

func quote(s string) string { return "\"" + s + "\"" }

// entries are where a token starts in a container: every start event (a
// top-level process's timer starts too: each is an initial state of its
// own), failing that the nodes with no incoming flow.
func entries(m *model, byEl map[*bpmn.Element]int32, els []*bpmn.Element) []int32 {
	var starts, free []int32
	for _, el := range els {
		i, ok := byEl[el]
		if !ok {
			continue
		}
		switch n := &m.nodes[i]; {
		case n.kind == nStart:
			starts = append(starts, i)
		case n.kind != nBoundary && n.in == 0:
			free = append(free, i)
		}
	}
	if len(starts) > 0 {
		return starts
	}
	return free
}

// readTimer reads a timer's effective expression with timeexpr, as the
// simulator does: timeexpr.Literal, timeexpr.ParseValue, then the
// duration's length from DurationSchedule and a cycle's period from
// SpiffCycleSchedule.
func readTimer(i int32, el *bpmn.Element) timer {
	t := timer{node: i, el: el, kind: tUnknown, n: 1}
	x := el.Timers[0].Effective()
	if x == nil {
		t.why = "no timeDate, timeDuration or timeCycle"
		return t
	}
	lit, ok := timeexpr.Literal(x.Text)
	if !ok {
		t.why = "its " + x.Kind.Predicate() + " is not a quoted literal"
		return t
	}
	v, err := timeexpr.ParseValue(x.Kind.ValueKind(), lit)
	if err != nil {
		t.why = "its " + x.Kind.Predicate() + " " + lit + " has no due times: " + err.Error()
		return t
	}
	switch v.Kind {
	case timeexpr.ValueDuration:
		s := timeexpr.DurationSchedule(v.Duration, Ref)
		t.kind, t.dueS = tDuration, ceilSeconds(s.Due(0).Sub(Ref))
	case timeexpr.ValueDate:
		t.kind = tAnyTime
	case timeexpr.ValueCycle:
		s := timeexpr.SpiffCycleSchedule(v.Cycle)
		t.kind, t.cycle, t.n = tAnyTime, true, v.Cycle.Repeat
		t.periodS = ceilSeconds(s.Due(1).Sub(s.Due(0)))
		if t.n == 0 {
			t.kind = tNever
		}
	}
	return t
}

func ceilSeconds(d time.Duration) int64 {
	s := int64(d / time.Second)
	if d%time.Second != 0 {
		s++
	}
	if s < 1 {
		s = 1
	}
	return s
}

// maxClock is the largest constant a clock counts to, in units.
const maxClock = 1 << 30

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// units picks the clock unit, the greatest common divisor of every
// constant (durations, cycle periods, task bounds), and converts them:
// integer clocks over that unit are exact for which order the events can
// happen in (digital clocks: every guard is a closed bound on an integer
// constant).
func (m *model) units(cfg Config) {
	var g int64
	consts := []int64{}
	for _, t := range m.timers {
		if t.kind != tNever {
			consts = append(consts, t.dueS, t.periodS)
		}
	}
	consts = append(consts, cfg.TaskMin, cfg.TaskMax)
	for _, b := range cfg.Tasks {
		consts = append(consts, b[0], b[1])
	}
	for _, c := range consts {
		if c > 0 {
			g = gcd(g, c)
		}
	}
	if g == 0 {
		g = 1
	}
	m.unit = g
	for i := range m.timers {
		t := &m.timers[i]
		if t.dueS/g > maxClock || t.periodS/g > maxClock {
			// a clock cannot count that far: say so, and let it fire at
			// any instant, as an expression with no due times
			t.kind, t.why = tUnknown, fmt.Sprintf("its due time is more than %d clock units of %s away", maxClock, verify.FormatAt(g*1000))
			t.dueS, t.periodS = 0, 0
		}
		t.due = int32(t.dueS / g)
		t.period = int32(t.periodS / g)
	}
	bound := func(lo, hi int64) [2]int32 {
		b := [2]int32{int32(lo / g), -1}
		if hi > 0 {
			b[1] = int32(hi / g)
		}
		return b
	}
	for i := range m.nodes {
		n := &m.nodes[i]
		b := bound(cfg.TaskMin, cfg.TaskMax)
		if x, ok := cfg.Tasks[n.el.ID]; ok {
			b = bound(x[0], x[1])
		}
		n.taskMin, n.taskMax = b[0], b[1]
	}
	m.maxItems = cfg.MaxTokens
}
