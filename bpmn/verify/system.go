package verify

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/seams/seams-timers/verify"
)

// bt is a boundary timer of an open task: its clock since arming (or
// since its last occurrence), its occurrences so far, and whether it is
// spent.
type bt struct {
	clk   int32
	fired int16
	done  bool
}

// item is a token where it waits: an open user task (with its boundary
// timers), a timer catch, an event-based gateway, a message catch, or an
// arrival at a parallel join (flow set). clk is the time since it arrived,
// in units, capped; -1 for an item with no clock.
type item struct {
	node  int32
	flow  int32
	clk   int32
	fired int16
	bt    []bt
}

// State is an instance marking with its clocks.
type State struct {
	items []item
	// started: the instance has left its start event; overflow: a
	// token looped through automatic nodes without waiting, or the
	// tokens passed the bound.
	overflow bool
}

func (s State) ended() bool { return len(s.items) == 0 }

func (s State) clone() State {
	out := State{items: make([]item, len(s.items)), overflow: s.overflow}
	for i, it := range s.items {
		it.bt = append([]bt(nil), it.bt...)
		out.items[i] = it
	}
	return out
}

func less(a, b item) bool {
	if a.node != b.node {
		return a.node < b.node
	}
	if a.flow != b.flow {
		return a.flow < b.flow
	}
	if a.clk != b.clk {
		return a.clk < b.clk
	}
	if a.fired != b.fired {
		return a.fired < b.fired
	}
	for i := 0; i < len(a.bt) && i < len(b.bt); i++ {
		x, y := a.bt[i], b.bt[i]
		if x != y {
			if x.clk != y.clk {
				return x.clk < y.clk
			}
			if x.fired != y.fired {
				return x.fired < y.fired
			}
			return !x.done
		}
	}
	return len(a.bt) < len(b.bt)
}

func (s *State) norm() {
	sort.SliceStable(s.items, func(i, j int) bool { return less(s.items[i], s.items[j]) })
}

// system is the transition system of one process.
type system struct {
	m *model
}

// Stop ends the search at the first state past the token bound.
func (sys system) Stop(s State) bool { return s.overflow }

// Key encodes a state canonically (its items are kept sorted).
func (sys system) Key(s State) string {
	b := make([]byte, 0, 16*len(s.items)+1)
	if s.overflow {
		b = append(b, '!')
	}
	for _, it := range s.items {
		b = strconv.AppendInt(b, int64(it.node), 36)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(it.flow), 36)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(it.clk), 36)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(it.fired), 36)
		for _, x := range it.bt {
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(x.clk), 36)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(x.fired), 36)
			if x.done {
				b = append(b, '!')
			}
		}
		b = append(b, ';')
	}
	return string(b)
}

// Show prints a state for a trace: each waiting token with its clock.
func (sys system) Show(s State) string {
	if s.overflow {
		return "(tokens without bound)"
	}
	if s.ended() {
		return "(ended)"
	}
	var parts []string
	for _, it := range s.items {
		n := sys.m.nodes[it.node]
		p := n.el.ID
		if it.flow >= 0 {
			p += fmt.Sprintf(" (join arrival %d)", it.flow+1)
		}
		if it.clk >= 0 && n.kind != nSub {
			p += "@" + sys.clock(it.clk, sys.capOf(it.node, -1))
		}
		for k, x := range it.bt {
			if !x.done {
				p += fmt.Sprintf(" %s@%s", sys.m.nodes[n.bounds[k]].el.ID, sys.clock(x.clk, sys.capOf(it.node, k)))
			}
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

func (sys system) clock(c, cp int32) string {
	if c >= cp {
		return ">=" + verify.FormatAt(int64(cp)*sys.m.unit*1000)
	}
	return verify.FormatAt(int64(c) * sys.m.unit * 1000)
}

func (sys system) name(n int32) string { return sys.m.nodes[n].el.ID }

// Initial is one state per start event: a timer start fires to create the
// instance.
func (sys system) Initial() []verify.Move[State] {
	sys.m.work = 0
	var out []verify.Move[State]
	for _, st := range sys.m.starts {
		label := "start at " + sys.name(st)
		var tags []string
		if t := sys.m.nodes[st].timer; t >= 0 {
			label = "timer start " + sys.name(st) + " fires"
			tags = []string{"arm:" + sys.name(st), "fire:" + sys.name(st)}
		}
		for _, b0 := range sys.leave(State{}, st, tags, 0) {
			b0.s.norm()
			for _, b := range sys.settleAll(b0.s) {
				b.s.norm()
				out = append(out, verify.Move[State]{Label: label + b0.label + b.label, Tags: append(append([]string(nil), b0.tags...), b.tags...), To: b.s})
			}
		}
	}
	return out
}

type branch struct {
	s     State
	label string
	tags  []string
}

// maxDepth bounds the automatic nodes one token runs through in one move,
// and maxWork the arrivals one move computes over all its branches (a loop
// of exclusive gateways with no wait branches at every turn): past
// either, the state is marked as growing without bound (TMR9006).
const (
	maxDepth = 256
	maxWork  = 4096
)

// leave sends a token along every outgoing flow of node n (a split when
// there are several), or, at the end of a sub-process, along the
// sub-process's.
func (sys system) leave(s State, n int32, tags []string, depth int) []branch {
	nd := sys.m.nodes[n]
	if len(nd.out) == 0 {
		// a node with no outgoing flow ends its token, as an end event
		// does: inside a sub-process, that may complete it
		if nd.exit >= 0 && nd.kind != nTerminate {
			return sys.exitSub(s, nd.exit, tags, depth+1)
		}
		return []branch{{s: s, tags: tags}}
	}
	bs := []branch{{s: s, tags: tags}}
	for k, t := range nd.out {
		var next []branch
		for _, b := range bs {
			if t < 0 {
				next = append(next, b)
				continue
			}
			for _, c := range sys.arrive(b.s, t, nd, k, depth+1) {
				next = append(next, branch{s: c.s, label: b.label + c.label, tags: append(append([]string(nil), b.tags...), c.tags...)})
			}
		}
		bs = next
	}
	return bs
}

// arrive puts a token on node t, coming from node from along its k-th
// outgoing flow, and runs every automatic node after it: one branch per
// gateway choice.
func (sys system) arrive(s State, t int32, from node, k, depth int) []branch {
	sys.m.work++
	if depth > maxDepth || s.overflow || sys.m.work > maxWork {
		s = s.clone()
		s.overflow = true
		return []branch{{s: s}}
	}
	m := sys.m
	nd := m.nodes[t]
	switch nd.kind {
	case nEnd:
		return sys.leave(s, t, nil, depth)
	case nTerminate:
		return []branch{{s: State{}, label: ", terminate at " + nd.el.ID}}
	case nUser:
		s = s.clone()
		it := item{node: t, flow: -1, clk: 0}
		var tags []string
		for _, b := range nd.bounds {
			it.bt = append(it.bt, bt{})
			if m.nodes[b].timer >= 0 {
				tags = append(tags, "arm:"+sys.name(b))
			}
		}
		s.items = append(s.items, it)
		return []branch{{s: sys.bound(s), tags: tags}}
	case nTimerCatch:
		s = s.clone()
		s.items = append(s.items, item{node: t, flow: -1, clk: 0})
		return []branch{{s: sys.bound(s), tags: []string{"arm:" + nd.el.ID}}}
	case nEventGW:
		// SpiffWorkflow's event-based gateway, as the simulator runs it:
		// every timer catch after it is armed on its own and fires and
		// runs its branch, none is cancelled, and the gateway's token stays
		// (the instance does not end). A message branch takes the
		// gateway's token.
		s = s.clone()
		s.items = append(s.items, item{node: t, flow: -1, clk: -1})
		var tags []string
		for _, o := range nd.out {
			if o >= 0 && m.nodes[o].kind == nTimerCatch {
				s.items = append(s.items, item{node: o, flow: -1, clk: 0})
				tags = append(tags, "arm:"+sys.name(o))
			}
		}
		return []branch{{s: sys.bound(s), tags: tags}}
	case nMessage, nCall:
		// a message catch waits for a message; a call activity whose
		// called process is not found waits forever
		s = s.clone()
		s.items = append(s.items, item{node: t, flow: -1, clk: -1})
		return []branch{{s: sys.bound(s)}}
	case nXor:
		if len(nd.out) <= 1 {
			return sys.leave(s, t, nil, depth)
		}
		var out []branch
		for i, o := range nd.out {
			if o < 0 {
				continue
			}
			for _, c := range sys.arrive(s, o, nd, i, depth+1) {
				out = append(out, branch{s: c.s, label: ", " + nd.el.ID + " takes " + sys.name(o) + c.label, tags: c.tags})
			}
		}
		return out
	case nAnd:
		if nd.in <= 1 {
			return sys.leave(s, t, nil, depth)
		}
		f := int32(0)
		if k < len(from.outF) {
			f = nd.inIdx[from.outF[k]]
		}
		// the join is settled once the move has placed every token
		// (settleAll): it may wait for a branch still on its way.
		s = s.clone()
		s.items = append(s.items, item{node: t, flow: f, clk: -1})
		return []branch{{s: sys.bound(s)}}
	}
	return sys.arriveRest(s, t, depth)
}

// settle fires the parallel join t when each incoming flow has a token.
// This is SpiffWorkflow's parallel gateway (ParallelGateway.
// _check_threshold_unstructured: it waits until every input has a completed
// task before it), and what simulate does; measured with spiff-drive.py
// (testdata/spiff-join): a join one of whose inputs no token can reach any
// more, behind an exclusive gateway's other branch or a boundary timer
// that did not fire, waits forever.
func (sys system) settle(s State, t int32, depth int) []branch {
	nd := sys.m.nodes[t]
	have := map[int32]int{}
	for i, it := range s.items {
		if it.node == t {
			if _, ok := have[it.flow]; !ok {
				have[it.flow] = i
			}
		}
	}
	if len(have) == 0 || len(have) < nd.in {
		return []branch{{s: s}}
	}
	var keep []item
	used := map[int]bool{}
	for _, i := range have {
		used[i] = true
	}
	for i, it := range s.items {
		if !used[i] {
			keep = append(keep, it)
		}
	}
	s.items = keep
	return sys.leave(s, t, nil, depth)
}

func (sys system) arriveRest(s State, t int32, depth int) []branch {
	m := sys.m
	nd := m.nodes[t]
	switch nd.kind {
	case nSub:
		if len(nd.entries) == 0 {
			return sys.leave(s, t, nil, depth)
		}
		s = s.clone()
		it := item{node: t, flow: -1, clk: 0}
		var tags []string
		for _, b := range nd.bounds {
			it.bt = append(it.bt, bt{})
			if m.nodes[b].timer >= 0 {
				tags = append(tags, "arm:"+sys.name(b))
			}
		}
		s.items = append(s.items, it)
		bs := []branch{{s: sys.bound(s), tags: tags}}
		for _, e := range nd.entries {
			var next []branch
			for _, b := range bs {
				for _, c := range sys.leave(b.s, e, nil, depth+1) {
					next = append(next, branch{s: c.s, label: b.label + c.label, tags: append(append([]string(nil), b.tags...), c.tags...)})
				}
			}
			bs = next
		}
		return bs
	case nStart, nBoundary, nAuto:
		return sys.leave(s, t, nil, depth)
	}
	return sys.leave(s, t, nil, depth)
}

// bound marks a state whose tokens passed the bound.
func (sys system) bound(s State) State {
	if len(s.items) > sys.m.maxItems {
		s.overflow = true
	}
	return s
}

// due reports whether a waiting timer may fire now, and whether it must
// fire before time passes (a fixed due time has come).
func (sys system) due(t timer, clk int32, fired int16) (may, must bool) {
	if fired > 0 {
		return clk >= t.period, clk >= t.period
	}
	switch t.kind {
	case tDuration:
		return clk >= t.due, clk >= t.due
	case tNever:
		return false, false
	}
	return true, false
}

// countFired counts one more occurrence of a timer, up to what the
// properties can tell apart: an unbounded cycle only whether it has fired
// (its later occurrences all come a period apart), an R<n> cycle up to n.
func countFired(t timer, fired int16) int16 {
	fired++
	if t.cycle && t.n < 0 && fired > 1 {
		fired = 1
	}
	return fired
}

// spent reports whether a cycle timer has had its last occurrence.
func spent(t timer, fired int16) bool {
	if !t.cycle {
		return fired >= 1
	}
	return t.n >= 0 && int(fired) >= t.n
}

// without returns s with its i-th item removed.
func without(s State, i int) State {
	s = s.clone()
	s.items = append(s.items[:i], s.items[i+1:]...)
	return s
}

// Moves lists what can happen in a state: each discrete move (complete a
// task, a timer fires, a message arrives), then letting one clock unit
// pass when no timer is overdue and no task is past its bound.
func (sys system) Moves(s State) []verify.Move[State] {
	if s.overflow || s.ended() {
		return nil
	}
	m := sys.m
	m.work = 0
	var out []verify.Move[State]
	emit := func(label string, tags []string, bs []branch) {
		for _, b0 := range bs {
			b0.s.norm()
			for _, b := range sys.settleAll(b0.s) {
				b.s.norm()
				out = append(out, verify.Move[State]{Label: label + b0.label + b.label, Tags: append(append(append([]string(nil), tags...), b0.tags...), b.tags...), To: b.s})
			}
		}
	}
	urgent := false
	for i, it := range s.items {
		if i > 0 && sys.sameItem(s.items[i-1], it) {
			continue // identical tokens: the same moves
		}
		nd := m.nodes[it.node]
		switch nd.kind {
		case nUser, nSub:
			if nd.kind == nUser && it.clk >= nd.taskMin {
				var tags []string
				for k, b := range nd.bounds {
					if m.nodes[b].timer >= 0 && !it.bt[k].done {
						tags = append(tags, "cancel:"+sys.name(b))
					}
				}
				emit("complete "+nd.el.ID, tags, sys.leave(without(s, i), it.node, nil, 0))
			}
			if nd.kind == nUser && nd.taskMax >= 0 && it.clk >= nd.taskMax {
				urgent = true
			}
			for k, b := range nd.bounds {
				ti := m.nodes[b].timer
				if ti < 0 || it.bt[k].done {
					continue
				}
				t := m.timers[ti]
				may, must := sys.due(t, it.bt[k].clk, it.bt[k].fired)
				urgent = urgent || must
				if !may {
					continue
				}
				bnd := m.nodes[b].el
				fired := countFired(t, it.bt[k].fired)
				last := spent(t, fired)
				label := "fire " + bnd.ID
				tags := []string{"fire:" + bnd.ID}
				if bnd.CancelActivity && last {
					var ctags []string
					for k2, b2 := range nd.bounds {
						if k2 != k && m.nodes[b2].timer >= 0 && !it.bt[k2].done {
							ctags = append(ctags, "cancel:"+sys.name(b2))
						}
					}
					emit(label+" (cancels "+nd.el.ID+")", append(tags, append(ctags, sys.cancelInside(s, it.node)...)...), sys.leave(sys.dropInside(without(s, i), it.node), b, nil, 0))
					continue
				}
				ns := s.clone()
				ns.items[i].bt[k] = bt{clk: 0, fired: fired, done: last}
				emit(label, tags, sys.leave(ns, b, nil, 0))
			}
		case nTimerCatch:
			t := m.timers[nd.timer]
			may, must := sys.due(t, it.clk, it.fired)
			urgent = urgent || must
			if !may {
				continue
			}
			fired := countFired(t, it.fired)
			tags := []string{"fire:" + nd.el.ID}
			if spent(t, fired) {
				emit("fire "+nd.el.ID, tags, sys.leave(without(s, i), it.node, nil, 0))
				continue
			}
			ns := s.clone()
			ns.items[i].clk, ns.items[i].fired = 0, fired
			emit("fire "+nd.el.ID, tags, sys.leave(ns, it.node, nil, 0))
		case nEventGW:
			for _, o := range nd.out {
				if o < 0 {
					continue
				}
				switch on := m.nodes[o]; on.kind {
				case nMessage:
					emit("message "+on.el.ID+" (at "+nd.el.ID+")", nil, sys.leave(without(s, i), o, nil, 0))
				case nUser:
					emit("message "+on.el.ID+" (at "+nd.el.ID+")", nil, sys.arrive(without(s, i), o, nd, 0, 0))
				}
			}
		case nMessage:
			emit("message "+nd.el.ID, nil, sys.leave(without(s, i), it.node, nil, 0))
		}
	}
	if !urgent {
		// Each clock counts up to one unit past the largest constant it is
		// compared with (its timer's due time or period, the task
		// bounds), and stops there: beyond, every guard reads the same.
		// When no move is enabled now, nothing can happen before the next
		// clock reaches one of its constants: time jumps there at once.
		step := int32(1)
		if len(out) == 0 {
			step = -1
			for _, it := range s.items {
				if it.clk >= 0 {
					step = minStep(step, sys.nextConst(it.node, -1, it.clk))
				}
				for k, x := range it.bt {
					if !x.done {
						step = minStep(step, sys.nextConst(it.node, k, x.clk))
					}
				}
			}
			if step < 0 {
				step = 1
			}
		}
		ns := s.clone()
		changed := false
		for i := range ns.items {
			it := &ns.items[i]
			if c := sys.capOf(it.node, -1); it.clk >= 0 && it.clk < c {
				it.clk = min(it.clk+step, c)
				changed = true
			}
			for k := range it.bt {
				if c := sys.capOf(it.node, k); !it.bt[k].done && it.bt[k].clk < c {
					it.bt[k].clk = min(it.bt[k].clk+step, c)
					changed = true
				}
			}
		}
		if changed {
			ns.norm()
			d := int64(step) * m.unit * 1000
			out = append(out, verify.Move[State]{Label: "wait " + verify.FormatAt(d), Elapse: d, To: ns})
		}
	}
	return out
}

func minStep(a, b int32) int32 {
	if b > 0 && (a < 0 || b < a) {
		return b
	}
	return a
}

// consts are the constants a clock is compared with: a task's bounds, or
// a timer's due time and period.
func (sys system) consts(node int32, k int) []int32 {
	m := sys.m
	n := node
	if k >= 0 {
		n = m.nodes[node].bounds[k]
	}
	nd := m.nodes[n]
	if k < 0 && (nd.kind == nUser || nd.kind == nSub) {
		if nd.kind == nSub {
			return nil
		}
		return []int32{nd.taskMin, nd.taskMax}
	}
	if nd.timer < 0 {
		return nil
	}
	switch t := m.timers[nd.timer]; t.kind {
	case tDuration:
		return []int32{t.due, t.period}
	case tAnyTime:
		return []int32{t.period}
	}
	return nil
}

// capOf is where a clock stops counting: one past its largest constant.
func (sys system) capOf(node int32, k int) int32 {
	c := int32(0)
	for _, x := range sys.consts(node, k) {
		if x > c {
			c = x
		}
	}
	return c + 1
}

// nextConst is how far a clock is from the next of its constants above
// it (-1: none).
func (sys system) nextConst(node int32, k int, clk int32) int32 {
	best := int32(-1)
	for _, x := range sys.consts(node, k) {
		if x > clk && (best < 0 || x-clk < best) {
			best = x - clk
		}
	}
	if c := sys.capOf(node, k); clk < c && (best < 0 || c-clk < best) {
		best = c - clk
	}
	return best
}

func (sys system) sameItem(a, b item) bool { return !less(a, b) && !less(b, a) }

// inside reports whether node n sits (at any depth) inside the
// sub-process (or inlined call) node sub.
func (sys system) inside(n, sub int32) bool {
	for x := sys.m.nodes[n].exit; x >= 0; x = sys.m.nodes[x].exit {
		if x == sub {
			return true
		}
	}
	return false
}

// dropInside removes every token inside the sub-process node sub (its
// interrupting boundary fired).
func (sys system) dropInside(s State, sub int32) State {
	var keep []item
	for _, it := range s.items {
		if !sys.inside(it.node, sub) {
			keep = append(keep, it)
		}
	}
	s.items = keep
	return s
}

// cancelInside tags the timers armed inside the sub-process node sub as
// cancelled.
func (sys system) cancelInside(s State, sub int32) []string {
	var tags []string
	for _, it := range s.items {
		if sys.inside(it.node, sub) && sys.m.nodes[it.node].timer >= 0 {
			tags = append(tags, "cancel:"+sys.name(it.node))
		}
	}
	return tags
}

// exitSub ends a token inside the sub-process node sub: once no token is
// left inside it, the sub-process completes (its boundary timers are
// cancelled) and its token leaves along its outgoing flows.
func (sys system) exitSub(s State, sub int32, tags []string, depth int) []branch {
	// Tokens carry no scope: with several instances of one sub-process
	// open at once, one completes when fewer tokens are directly inside
	// than instances are open (exact with one instance at a time).
	inner, open := 0, 0
	for _, it := range s.items {
		// the tokens directly inside (a nested sub-process's open instance
		// is one token of this one)
		if sys.m.nodes[it.node].exit == sub {
			inner++
		}
		if it.node == sub {
			open++
		}
	}
	if inner >= open {
		return []branch{{s: s, tags: tags}}
	}
	s = s.clone()
	for i, it := range s.items {
		if it.node == sub {
			for k, b := range sys.m.nodes[sub].bounds {
				if sys.m.nodes[b].timer >= 0 && !it.bt[k].done {
					tags = append(tags, "cancel:"+sys.name(b))
				}
			}
			s.items = append(s.items[:i], s.items[i+1:]...)
			break
		}
	}
	return sys.leave(s, sub, tags, depth)
}

// settleAll fires every parallel join of s that can fire.
func (sys system) settleAll(s State) []branch {
	for i, it := range s.items {
		if it.flow >= 0 {
			if i > 0 && s.items[i-1].node == it.node && s.items[i-1].flow >= 0 {
				continue
			}
			bs := sys.settle(s, it.node, 0)
			if len(bs) == 1 && sys.Key(bs[0].s) == sys.Key(s) {
				continue
			}
			var out []branch
			for _, b := range bs {
				b.s.norm()
				for _, c := range sys.settleAll(b.s) {
					out = append(out, branch{s: c.s, label: b.label + c.label, tags: append(append([]string(nil), b.tags...), c.tags...)})
				}
			}
			return out
		}
	}
	return []branch{{s: s}}
}
