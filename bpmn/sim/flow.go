package sim

import (
	"fmt"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// Token flow: instances, scopes, tasks, gateways and the timer rows of
// timer catches, moved one token at a time until each waits or ends.

// maxArrivals bounds the tokens one run may move, so that a loop of
// automatic tasks with no wait in it is reported instead of hanging.
const maxArrivals = 1 << 20

type instance struct {
	id   int32
	seq  int32
	proc *proc
	root *scope
	// top is the root scope, allocated with the instance.
	top scope
	// held reports that something outside the engine's run may point at
	// the instance: a timer row, a task or a sub-process scope.
	held bool
}

// scope holds the tokens of an instance's process or of one running
// sub-process.
type scope struct {
	inst   *instance
	parent *scope
	// task is the sub-process's task in the parent scope.
	task     *task
	live     int32
	done     bool
	joins    map[int32][]int32
	tasks    []*task
	rows     []*row
	children []*scope
}

// task is an open user task or a running sub-process: what boundary
// timers attach to.
type task struct {
	sc    *scope
	node  int32
	open  bool
	rows  []*row
	child *scope
}

// gwGroup links the timers an event-based gateway armed: the first to fire
// wins.
type gwGroup struct {
	rows []*row
	done bool
}

// row is a timer row in the store: one armed timer catch of one instance,
// with its lease.
type row struct {
	id    int64
	timer int32
	inst  *instance
	sc    *scope
	node  int32
	tsk   *task
	gw    *gwGroup
	sched timeexpr.Schedule
	// k is the next occurrence to fire.
	k int
	// holder is the replica (from 1) that holds the lease until expiry.
	holder int
	expiry int64
	dead   bool
	// parked marks a cycle whose occurrences are used up but that Spiff
	// never completes, because the path after it waits at a task.
	parked bool
	pos    int
}

type workItem struct {
	sc   *scope
	node int32
	via  int32
}

func (e *engine) newInstance(p *proc) *instance {
	p.seq++
	e.res.insts.add(Instance{Process: int32(p.index), Seq: p.seq})
	var in *instance
	if n := len(e.free); n > 0 {
		in = e.free[n-1]
		e.free = e.free[:n-1]
		*in = instance{}
	} else {
		in = &instance{}
	}
	in.id, in.seq, in.proc = int32(e.res.insts.len()), p.seq, p
	in.top.inst = in
	in.root = &in.top
	return in
}

// recycle keeps an instance that ended in the run that started it, and
// that never armed a timer, opened a task or started a sub-process, for
// the next instance: nothing else can point at it. Most timer starts run
// straight through, and a year of them would otherwise allocate half a
// million instances.
func (e *engine) recycle(in *instance) {
	if in.root.done && !in.held {
		e.free = append(e.free, in)
	}
}

func (e *engine) userStart(at int64, p *proc) {
	rep := e.pickReplica(at, uint64(p.index)<<40^uint64(p.seq))
	in := e.newInstance(p)
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindInstanceStart), timer: -1, inst: in.id,
		el: e.res.log.intern(p.nodes[p.entries[0]].el.ID)})
	in.root.live = int32(len(p.entries))
	for _, n := range p.entries {
		e.work = append(e.work, workItem{in.root, n, -1})
	}
	e.drain(at, rep)
}

func (e *engine) userComplete(at int64, tk *task) {
	if !tk.open {
		return
	}
	rep := e.pickReplica(at, uint64(tk.sc.inst.id)<<20^uint64(tk.node))
	e.closeTask(tk, at, rep, "task completed")
	p := tk.sc.inst.proc
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindTaskComplete), timer: -1,
		inst: tk.sc.inst.id, el: e.res.log.intern(p.nodes[tk.node].el.ID)})
	e.leave(tk.sc, tk.node)
	e.drain(at, rep)
}

// drain moves every queued token until each waits or ends.
func (e *engine) drain(at int64, rep int) {
	e.arrivals = 0
	for i := 0; i < len(e.work); i++ {
		w := e.work[i]
		e.arrive(w, at, rep)
		if e.err != nil {
			break
		}
	}
	e.work = e.work[:0]
}

// follow queues a token travelling along flow f of scope sc.
func (e *engine) follow(sc *scope, f int32) {
	p := sc.inst.proc
	e.work = append(e.work, workItem{sc, p.flows[f].target, f})
}

// leave sends the token at node n along every outgoing flow (several
// unconditioned flows split the token, as BPMN says), or ends it.
func (e *engine) leave(sc *scope, n int32) {
	out := sc.inst.proc.nodes[n].out
	if len(out) == 0 {
		e.work = append(e.work, workItem{sc, -1, -1})
		return
	}
	sc.live += int32(len(out) - 1)
	e.checkTokens(sc, n)
	for _, f := range out {
		e.follow(sc, f)
	}
}

func (e *engine) arrive(w workItem, at int64, rep int) {
	sc := w.sc
	if sc.done {
		return
	}
	e.arrivals++
	if e.arrivals > maxArrivals {
		el := "?"
		if w.node >= 0 {
			el = sc.inst.proc.nodes[w.node].el.ID
		}
		e.err = fmt.Errorf("process %s loops without waiting (at %s): a cycle of automatic tasks never ends", sc.inst.proc.name, el)
		return
	}
	if w.node < 0 {
		e.endToken(sc, at, rep)
		return
	}
	p := sc.inst.proc
	n := &p.nodes[w.node]
	switch n.kind {
	case nEnd:
		e.endToken(sc, at, rep)
	case nTerminate:
		e.cancelContents(sc, at, rep)
		sc.live = 0
		e.completeScope(sc, at, rep)
	case nUser:
		e.openTask(sc, w.node, at, rep, nil)
	case nSub:
		e.openSub(sc, w.node, at, rep)
	case nXor:
		e.exclusive(sc, w.node, at, rep)
	case nAnd:
		e.parallel(sc, w.node, w.via)
	case nEventGW:
		e.eventGateway(sc, w.node, at, rep)
	case nTimerCatch:
		if !e.armCatch(sc, w.node, at, rep, nil, nil) {
			e.waitsForever(sc, w.node, at, rep, "its timer is not simulated")
		}
	case nWaitForever:
		e.waitsForever(sc, w.node, at, rep, "nothing in a simulation sends "+eventName(n.el))
	default:
		e.leave(sc, w.node)
	}
}

func eventName(el *bpmn.Element) string {
	if len(el.EventDefinitions) > 0 {
		return strings.TrimSuffix(el.EventDefinitions[0].Type, "EventDefinition")
	}
	return "it"
}

func (e *engine) waitsForever(sc *scope, n int32, at int64, rep int, why string) {
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindWaitsForever), timer: -1,
		inst: sc.inst.id, el: e.res.log.intern(sc.inst.proc.nodes[n].el.ID), note: e.res.log.intern(why)})
}

func (e *engine) endToken(sc *scope, at int64, rep int) {
	sc.live--
	if sc.live <= 0 {
		e.completeScope(sc, at, rep)
	}
}

// completeScope ends an instance, or completes a sub-process and moves its
// token on in the parent scope.
func (e *engine) completeScope(sc *scope, at int64, rep int) {
	if sc.done {
		return
	}
	sc.done = true
	if sc.parent == nil {
		e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelDebug), kind: uint8(KindInstanceEnd), timer: -1, inst: sc.inst.id})
		return
	}
	tk := sc.task
	e.closeTask(tk, at, rep, "sub-process completed")
	e.leave(tk.sc, tk.node)
}

// cancelContents cancels every task, timer and sub-process of a scope.
func (e *engine) cancelContents(sc *scope, at int64, rep int) {
	for len(sc.tasks) > 0 {
		tk := sc.tasks[len(sc.tasks)-1]
		if !tk.open {
			sc.removeTask(tk)
			continue
		}
		e.cancelTask(tk, at, rep, "")
	}
	for _, r := range sc.rows {
		if !r.dead {
			e.cancelRow(r, at, rep, "its scope ended")
		}
	}
	sc.rows = nil
	for _, c := range sc.children {
		if !c.done {
			e.cancelContents(c, at, rep)
			c.done = true
		}
	}
	sc.children = nil
	sc.joins = nil
}

// addRow records a timer catch of the scope, dropping rows that are gone
// so that a long-lived scope that waits in a loop does not grow.
func (sc *scope) addRow(rw *row) {
	if len(sc.rows) >= 8 {
		live := sc.rows[:0]
		for _, r := range sc.rows {
			if !r.dead {
				live = append(live, r)
			}
		}
		clear(sc.rows[len(live):])
		sc.rows = live
	}
	sc.rows = append(sc.rows, rw)
}

func (sc *scope) removeTask(tk *task) {
	for i, x := range sc.tasks {
		if x == tk {
			last := len(sc.tasks) - 1
			sc.tasks[i] = sc.tasks[last]
			sc.tasks[last] = nil
			sc.tasks = sc.tasks[:last]
			return
		}
	}
}

// closeTask closes a task and removes its boundary timers.
func (e *engine) closeTask(tk *task, at int64, rep int, why string) {
	tk.open = false
	tk.sc.removeTask(tk)
	for _, r := range tk.rows {
		if !r.dead {
			e.cancelRow(r, at, rep, why)
		}
	}
	tk.rows = nil
}

// cancelTask cancels an open task (an interrupting boundary fired, or its
// scope ended) and whatever runs inside it.
func (e *engine) cancelTask(tk *task, at int64, rep int, by string) {
	if !tk.open {
		return
	}
	e.closeTask(tk, at, rep, "task cancelled")
	if tk.child != nil && !tk.child.done {
		e.cancelContents(tk.child, at, rep)
		tk.child.done = true
	}
	p := tk.sc.inst.proc
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindTaskCancelled), timer: -1,
		inst: tk.sc.inst.id, el: e.res.log.intern(p.nodes[tk.node].el.ID), other: e.res.log.intern(orDefault(by, "its scope ending"))})
}

// openTask opens a user or manual task: its boundary timers are armed, and
// the scenario may complete it later.
func (e *engine) openTask(sc *scope, n int32, at int64, rep int, child *scope) *task {
	p := sc.inst.proc
	sc.inst.held = true
	tk := &task{sc: sc, node: n, open: true, child: child}
	sc.tasks = append(sc.tasks, tk)
	if child == nil {
		e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindTaskOpen), timer: -1,
			inst: sc.inst.id, el: e.res.log.intern(p.nodes[n].el.ID)})
	}
	for _, b := range p.nodes[n].bounds {
		if !tk.open {
			break
		}
		if p.nodes[b].timer >= 0 {
			e.armCatch(sc, b, at, rep, nil, tk)
		}
	}
	if tk.open && child == nil && p.plan != nil {
		if vals := p.plan.complete[n]; len(vals) > 0 {
			c := vals[int(sc.inst.seq-1)%len(vals)]
			if !c.Never {
				e.push(item{at: e.userInstant(at + int64(c.After)), cls: clsUser, kind: itComplete, tsk: tk})
			}
		}
	}
	return tk
}

// openSub starts an embedded sub-process: a child scope whose entries get
// a token each.
func (e *engine) openSub(sc *scope, n int32, at int64, rep int) {
	child := &scope{inst: sc.inst, parent: sc}
	sc.children = append(sc.children, child)
	tk := e.openTask(sc, n, at, rep, child)
	child.task = tk
	if !tk.open {
		return
	}
	entries := sc.inst.proc.nodes[n].entries
	if len(entries) == 0 {
		e.completeScope(child, at, rep)
		return
	}
	child.live = int32(len(entries))
	for _, x := range entries {
		e.work = append(e.work, workItem{child, x, -1})
	}
}

// exclusive takes one flow: the scenario's choice, else the default flow,
// else the only flow, else the first one (and says so).
func (e *engine) exclusive(sc *scope, n int32, at int64, rep int) {
	p := sc.inst.proc
	nd := &p.nodes[n]
	if len(nd.out) <= 1 {
		e.leave(sc, n)
		return
	}
	f, why := int32(-1), ""
	if p.plan != nil {
		if vals := p.plan.choose[n]; len(vals) > 0 {
			f = vals[int(sc.inst.seq-1)%len(vals)]
		}
	}
	if f < 0 {
		if nd.def >= 0 {
			f, why = nd.def, "default flow"
		} else {
			f, why = nd.out[0], "no choice in the scenario and no default flow: the first flow"
		}
		lvl := LevelDebug
		if nd.def < 0 {
			lvl = LevelInfo
		}
		e.emit(rec{at: at, replica: uint16(rep), level: uint8(lvl), kind: uint8(KindGateway), timer: -1, inst: sc.inst.id,
			el: e.res.log.intern(nd.el.ID), other: e.res.log.intern(p.flows[f].f.ID), note: e.res.log.intern(why)})
	}
	e.follow(sc, f)
}

// parallel joins (one token from every incoming flow) and forks.
func (e *engine) parallel(sc *scope, n int32, via int32) {
	nd := &sc.inst.proc.nodes[n]
	if len(nd.in) > 1 {
		if sc.joins == nil {
			sc.joins = map[int32][]int32{}
		}
		c := sc.joins[n]
		if c == nil {
			c = make([]int32, len(nd.in))
			sc.joins[n] = c
		}
		pos := 0
		for i, f := range nd.in {
			if f == via {
				pos = i
			}
		}
		c[pos]++
		for _, v := range c {
			if v == 0 {
				return
			}
		}
		for i := range c {
			c[i]--
		}
		sc.live -= int32(len(nd.in) - 1)
	}
	e.leave(sc, n)
}

// eventGateway arms every timer catch after the gateway; the first to fire
// wins and the others are removed. Other catch events never fire.
func (e *engine) eventGateway(sc *scope, n int32, at int64, rep int) {
	p := sc.inst.proc
	g := &gwGroup{}
	armed := false
	for _, f := range p.nodes[n].out {
		t := p.flows[f].target
		if t < 0 || p.nodes[t].kind != nTimerCatch {
			continue
		}
		if e.armCatch(sc, t, at, rep, g, nil) {
			armed = true
		}
		if g.done {
			return
		}
	}
	if !armed {
		e.waitsForever(sc, n, at, rep, "no timer follows the event-based gateway")
	}
}

// armCatch arms a timer catch reached at `at` (an intermediate catch, a
// timer after an event-based gateway, or a boundary of task tk): its due
// times are fixed now, as Spiff fixes event_value, and occurrences already
// due fire in the same run. It reports whether a row was armed.
func (e *engine) armCatch(sc *scope, n int32, at int64, rep int, g *gwGroup, tk *task) bool {
	p := sc.inst.proc
	ti := p.nodes[n].timer
	tmr := e.timers[ti]
	if !tmr.ok {
		return false
	}
	s := tmr.expr.CatchSchedule(tm(at))
	tmr.st.Armed++
	if s.N == 0 {
		return false
	}
	e.rowSeq++
	sc.inst.held = true
	rw := &row{id: e.rowSeq, timer: ti, inst: sc.inst, sc: sc, node: n, tsk: tk, gw: g, sched: s}
	rw.pos = len(e.live)
	e.live = append(e.live, rw)
	if g != nil {
		g.rows = append(g.rows, rw)
	}
	if tk != nil {
		tk.rows = append(tk.rows, rw)
	} else {
		sc.addRow(rw)
	}
	first := ns(s.First)
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindArmed), timer: ti, due: first, inst: sc.inst.id})
	if first < at {
		e.fireRow(rw, at, rep)
	} else {
		e.push(item{at: e.upTick(e.tickAfter(first)), cls: clsRow, kind: itRow, row: rw})
	}
	return true
}

func (e *engine) killRow(rw *row) {
	if rw.dead {
		return
	}
	rw.dead = true
	last := len(e.live) - 1
	x := e.live[last]
	e.live[rw.pos] = x
	x.pos = rw.pos
	e.live[last] = nil
	e.live = e.live[:last]
}

func (e *engine) cancelRow(rw *row, at int64, rep int, why string) {
	if rw.dead {
		return
	}
	tmr := e.timers[rw.timer]
	tmr.st.Cancelled++
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindCancelled), timer: rw.timer,
		due: ns(rw.sched.Due(rw.k)), inst: rw.inst.id, note: e.res.log.intern(why)})
	e.killRow(rw)
}

// scheduleRow queues a row's next check: the first up tick strictly after
// its next due time, or the next tick when occurrences are still overdue.
func (e *engine) scheduleRow(rw *row, at int64) {
	next := ns(rw.sched.Due(rw.k))
	if next < at {
		e.push(item{at: e.upTick(e.tickAfter(at)), cls: clsRow, kind: itRow, row: rw})
		return
	}
	e.push(item{at: e.upTick(e.tickAfter(next)), cls: clsRow, kind: itRow, row: rw})
}

// fireRow fires a row's occurrences due strictly before `at`, as one
// refresh of Spiff does: all of them when the path after the timer runs by
// itself, at most two when it stops at a manual or user task.
func (e *engine) fireRow(rw *row, at int64, rep int) {
	tmr := e.timers[rw.timer]
	m := rw.sched.Before(tm(at)) - rw.k
	if m <= 0 {
		e.scheduleRow(rw, at)
		return
	}
	nd := &rw.inst.proc.nodes[rw.node]
	if nd.waits && m > 2 {
		m = 2
	}
	for j := 0; j < m && !rw.dead; j++ {
		k := rw.k
		dueT := rw.sched.Due(k)
		due := ns(dueT)
		rw.k++
		last := !rw.sched.Has(rw.k)
		if last && nd.waits && rw.sched.N != 1 {
			// Spiff never completes a cycle timer whose path waits at a
			// task: the last occurrence runs its path like the others, the
			// timer stays waiting and an interrupting boundary leaves its
			// task open (spiff-oracle-elements.txt, "manual").
			last, rw.parked = false, true
		}
		tmr.st.Fired++
		tmr.st.LateMax = max(tmr.st.LateMax, time.Duration(at-due))
		r := rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindFire), timer: rw.timer, due: due, k: int32(k), inst: rw.inst.id}
		if d := rw.sched.Describe(k); d != "" {
			r.note = e.res.log.intern(d)
		}
		e.emit(r)
		e.occur(rw, last, at, rep)
	}
	if !rw.dead && !rw.parked {
		if !rw.sched.Has(rw.k) {
			e.killRow(rw)
		} else {
			e.scheduleRow(rw, at)
		}
	}
}

// occur applies one occurrence of a timer catch: Spiff sends a token along
// the timer's outgoing flow each time; the last occurrence of an
// intermediate catch moves the waiting token itself, and the last of an
// interrupting boundary cancels its task.
func (e *engine) occur(rw *row, last bool, at int64, rep int) {
	sc := rw.sc
	p := sc.inst.proc
	nd := &p.nodes[rw.node]
	switch {
	case rw.gw != nil:
		rw.gw.done = true
		for _, o := range rw.gw.rows {
			if o != rw && !o.dead {
				e.cancelRow(o, at, rep, "another timer of the event-based gateway fired")
			}
		}
		e.killRow(rw)
		e.leave(sc, rw.node)
	case rw.tsk != nil:
		if nd.el.CancelActivity && last {
			e.killRow(rw)
			e.cancelTask(rw.tsk, at, rep, nd.el.ID)
			e.leave(sc, rw.node)
			return
		}
		sc.live++
		e.leave(sc, rw.node)
	default:
		if last {
			e.killRow(rw)
			e.leave(sc, rw.node)
			return
		}
		sc.live++
		e.leave(sc, rw.node)
	}
}
