package sim

import (
	"fmt"
	"strconv"
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
	inst *instance
	// proc is the process whose nodes the scope's tokens move through: the
	// instance's, or a called process's (call activity).
	proc   *proc
	parent *scope
	// task is the sub-process's task in the parent scope.
	task *task
	live int32
	done bool
	// ending is set while the scope's contents are cancelled (its end, a
	// terminate end event, an interrupting boundary on its sub-process).
	ending   bool
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
	// own is the waiting non-interrupting cycle boundary whose path opened
	// the task, or nil.
	own *row
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
	sched timeexpr.Schedule
	// own is the waiting non-interrupting cycle boundary whose path armed
	// this intermediate catch, or nil.
	own *row
	// path holds, for a non-interrupting cycle boundary, the tasks and
	// catches its occurrences' paths wait at while the timer waits: Spiff
	// keeps them under the timer's task and drops them when the timer is
	// cancelled (Task.cancel drops the children).
	path     []*task
	pathRows []*row
	// k is the next occurrence to fire.
	k int
	// holder is the replica (from 1) that holds the lease until expiry.
	holder int
	expiry int64
	dead   bool
	// parked marks a cycle whose occurrences are used up, whose path waits
	// at a task: Spiff completes its timer at the next refresh (the next
	// tick), an interrupting boundary's never.
	parked bool
	pos    int
}

type workItem struct {
	sc   *scope
	node int32
	via  int32
	own  *row
}

func (e *engine) newInstance(p *proc) *instance {
	p.seq++
	e.ninst++
	if e.out == nil {
		e.res.insts.add(Instance{Process: int32(p.index), Seq: p.seq})
	}
	var in *instance
	if n := len(e.free); n > 0 {
		in = e.free[n-1]
		e.free = e.free[:n-1]
		*in = instance{}
	} else {
		in = &instance{}
	}
	in.id, in.seq, in.proc = e.ninst, p.seq, p
	in.top.inst, in.top.proc = in, p
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
	e.inUser = true
	defer func() { e.inUser = false }()
	rep := e.pickReplica(at, uint64(p.index)<<40^uint64(p.seq))
	in := e.newInstance(p)
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindInstanceStart), timer: -1, in: in,
		el: p.nodes[p.entries[0]].el.ID})
	in.root.live = int32(len(p.entries))
	for _, n := range p.entries {
		e.work = append(e.work, workItem{in.root, n, -1, nil})
	}
	e.drain(at, rep)
}

func (e *engine) userComplete(at int64, tk *task) {
	if !tk.open {
		return
	}
	e.inUser = true
	defer func() { e.inUser = false }()
	rep := e.pickReplica(at, uint64(tk.sc.inst.id)<<20^uint64(tk.node))
	e.closeTask(tk, at, rep, "task completed")
	p := tk.sc.proc
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindTaskComplete), timer: -1,
		in: tk.sc.inst, el: p.nodes[tk.node].el.ID})
	e.cur = tk.own
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
	p := sc.proc
	e.work = append(e.work, workItem{sc, p.flows[f].target, f, e.cur})
}

// leave sends the token at node n along every outgoing flow (several
// unconditioned flows split the token, as BPMN says), or ends it.
func (e *engine) leave(sc *scope, n int32) {
	out := sc.proc.nodes[n].out
	if len(out) == 0 {
		e.work = append(e.work, workItem{sc, -1, -1, e.cur})
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
			el = sc.proc.nodes[w.node].el.ID
		}
		e.err = fmt.Errorf("process %s loops without waiting (at %s): a cycle of automatic tasks never ends", sc.proc.name, el)
		return
	}
	e.cur = w.own
	if w.node < 0 {
		e.endToken(sc, at, rep)
		return
	}
	p := sc.proc
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
	case nCall:
		e.openCall(sc, w.node, at, rep)
	case nXor:
		e.exclusive(sc, w.node, at, rep)
	case nAnd:
		e.parallel(sc, w.node, w.via)
	case nEventGW:
		e.eventGateway(sc, w.node, at, rep)
	case nTimerCatch:
		if !e.armCatch(sc, w.node, at, rep, nil) {
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
		in: sc.inst, el: sc.proc.nodes[n].el.ID, note: why})
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
		e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelDebug), kind: uint8(KindInstanceEnd), timer: -1, in: sc.inst})
		return
	}
	tk := sc.task
	e.closeTask(tk, at, rep, "sub-process completed")
	e.cur = tk.own
	e.leave(tk.sc, tk.node)
}

// cancelContents cancels every task, timer and sub-process of a scope.
func (e *engine) cancelContents(sc *scope, at int64, rep int) {
	sc.ending = true
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
			e.dropPath(r, at, rep)
		}
	}
	tk.rows = nil
}

// dropPath removes what the path of a cancelled non-interrupting cycle
// boundary still waits at, as Spiff does: the open tasks and waiting
// catches under the timer's task are dropped with it, and their tokens are
// gone (the instance can end).
func (e *engine) dropPath(rw *row, at int64, rep int) {
	by := "the path of " + rw.sc.proc.nodes[rw.node].el.ID + " being dropped with its cancelled cycle timer"
	for _, tk := range rw.path {
		if !tk.open {
			continue
		}
		e.cancelTask(tk, at, rep, by)
		e.tokenGone(tk.sc, at, rep)
	}
	for _, r := range rw.pathRows {
		if r.dead {
			continue
		}
		e.cancelRow(r, at, rep, by)
		e.tokenGone(r.sc, at, rep)
	}
	rw.path, rw.pathRows = nil, nil
}

// tokenGone removes a token that was dropped, unless its scope is ending
// anyway.
func (e *engine) tokenGone(sc *scope, at int64, rep int) {
	if sc.done || sc.ending {
		return
	}
	sc.live--
	if sc.live <= 0 {
		e.completeScope(sc, at, rep)
	}
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
	p := tk.sc.proc
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindTaskCancelled), timer: -1,
		in: tk.sc.inst, el: p.nodes[tk.node].el.ID, other: orDefault(by, "its scope ending")})
}

// openTask opens a user or manual task: its boundary timers are armed, and
// the scenario may complete it later.
func (e *engine) openTask(sc *scope, n int32, at int64, rep int, child *scope) *task {
	p := sc.proc
	sc.inst.held = true
	tk := &task{sc: sc, node: n, open: true, child: child, own: e.cur}
	sc.tasks = append(sc.tasks, tk)
	if e.cur != nil && !e.cur.dead {
		e.cur.path = append(e.cur.path, tk)
	}
	if child == nil {
		e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindTaskOpen), timer: -1,
			in: sc.inst, el: p.nodes[n].el.ID})
	}
	for _, b := range p.nodes[n].bounds {
		if !tk.open {
			break
		}
		if p.nodes[b].timer >= 0 {
			e.armCatch(sc, b, at, rep, tk)
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
	e.startScope(sc, n, sc.proc, sc.proc.nodes[n].entries, at, rep)
}

// startScope opens the task of a sub-process or call activity at node n
// of sc and starts a child scope running proc's nodes from entries.
func (e *engine) startScope(sc *scope, n int32, proc *proc, entries []int32, at int64, rep int) {
	child := &scope{inst: sc.inst, proc: proc, parent: sc}
	sc.children = append(sc.children, child)
	tk := e.openTask(sc, n, at, rep, child)
	child.task = tk
	if !tk.open {
		return
	}
	if len(entries) == 0 {
		e.completeScope(child, at, rep)
		return
	}
	child.live = int32(len(entries))
	for _, x := range entries {
		e.work = append(e.work, workItem{child, x, -1, e.cur})
	}
}

// openCall runs the process a call activity names, as SpiffWorkflow does:
// the call activity waits until it ends, and the timers inside it wait and
// fire. A calledElement that names no process of the models leaves the
// token waiting, and says so (Spiff cannot build the workflow).
func (e *engine) openCall(sc *scope, n int32, at int64, rep int) {
	nd := &sc.proc.nodes[n]
	if nd.callee == nil {
		why := "its calledElement is empty"
		if nd.el.CalledElement != "" {
			why = "its calledElement " + strconv.Quote(nd.el.CalledElement) + " names no process of the models"
		}
		e.waitsForever(sc, n, at, rep, why)
		return
	}
	for a := sc; a != nil; a = a.parent {
		if a.proc == nd.callee {
			e.waitsForever(sc, n, at, rep, "it calls "+strconv.Quote(nd.callee.p.ID)+", which is already running it: the calls would nest without end")
			return
		}
	}
	e.startScope(sc, n, nd.callee, nd.callee.entries, at, rep)
}

// exclusive takes one flow: the scenario's choice, else the default flow,
// else the only flow, else the first one (and says so).
func (e *engine) exclusive(sc *scope, n int32, at int64, rep int) {
	p := sc.proc
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
		e.emit(rec{at: at, replica: uint16(rep), level: uint8(lvl), kind: uint8(KindGateway), timer: -1, in: sc.inst,
			el: nd.el.ID, other: p.flows[f].f.ID, note: why})
	}
	e.follow(sc, f)
}

// parallel joins (one token from every incoming flow) and forks.
func (e *engine) parallel(sc *scope, n int32, via int32) {
	nd := &sc.proc.nodes[n]
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

// eventGateway follows SpiffWorkflow, not BPMN's first-event-wins rule:
// Spiff's gateway waits for events that timers never report, so every
// timer catch after it is armed on its own, each fires and runs its branch,
// the losing branches are never cancelled, and the gateway's own token
// never leaves (the instance does not end). Other catch events never fire.
func (e *engine) eventGateway(sc *scope, n int32, at int64, rep int) {
	p := sc.proc
	armed := false
	for _, f := range p.nodes[n].out {
		t := p.flows[f].target
		if t < 0 || p.nodes[t].kind != nTimerCatch {
			continue
		}
		sc.live++
		if e.armCatch(sc, t, at, rep, nil) {
			armed = true
		} else {
			sc.live--
		}
	}
	why := "SpiffWorkflow never completes an event-based gateway: its timer branches run on their own and none is cancelled"
	if !armed {
		why = "no timer follows the event-based gateway"
	}
	e.waitsForever(sc, n, at, rep, why)
}

// armCatch arms a timer catch reached at `at` (an intermediate catch, a
// timer after an event-based gateway, or a boundary of task tk): its due
// times are fixed now, as Spiff fixes event_value, and occurrences already
// due fire in the same run. It reports whether a row was armed.
func (e *engine) armCatch(sc *scope, n int32, at int64, rep int, tk *task) bool {
	p := sc.proc
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
	rw := &row{id: e.rowSeq, timer: ti, inst: sc.inst, sc: sc, node: n, tsk: tk, sched: s}
	rw.pos = len(e.live)
	e.live = append(e.live, rw)
	if tk != nil {
		tk.rows = append(tk.rows, rw)
	} else {
		sc.addRow(rw)
		rw.own = e.cur
		if e.cur != nil && !e.cur.dead {
			e.cur.pathRows = append(e.cur.pathRows, rw)
		}
	}
	first := ns(s.First)
	e.emit(rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindArmed), timer: ti, due: first, in: sc.inst})
	if first < at {
		e.fireRowIn(rw, at, rep, true)
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
		due: ns(rw.sched.Due(rw.k)), in: rw.inst, note: why})
	e.killRow(rw)
}

// scheduleRow queues a row's next check: the first up tick strictly after
// its next due time, or the next tick when occurrences are still overdue.
func (e *engine) scheduleRow(rw *row, at int64) {
	next := ns(rw.sched.Due(rw.k))
	if next < at {
		// What a user did comes before the tick at the same instant, whose
		// refresh then delivers more.
		t := e.tickAfter(at)
		if e.inUser {
			t = e.tickAtOrAfter(at)
		}
		e.push(item{at: e.upTick(t), cls: clsRow, kind: itRow, row: rw})
		return
	}
	e.push(item{at: e.upTick(e.tickAfter(next)), cls: clsRow, kind: itRow, row: rw})
}

// fireRow fires a row's occurrences due strictly before `at`, as one
// scheduler tick of Spiff does: all of them when the path after the timer
// runs by itself; when it stops at a manual or user task, as many as the
// tick's refreshes (SpiffVersion.OverduePerRefresh).
func (e *engine) fireRow(rw *row, at int64, rep int) { e.fireRowIn(rw, at, rep, false) }

// fireRowIn is fireRow; arming says the row was armed in this run, whose
// engine steps deliver one overdue occurrence more than a tick (measured:
// spiff-drive, bnd-ni-cycle-user-late and catch-cycle-r10-user-late).
func (e *engine) fireRowIn(rw *row, at int64, rep int, arming bool) {
	tmr := e.timers[rw.timer]
	m := rw.sched.Before(tm(at)) - rw.k
	if m <= 0 {
		e.scheduleRow(rw, at)
		return
	}
	nd := &rw.sc.proc.nodes[rw.node]
	per := e.spiff.OverduePerRefresh()
	if arming {
		per++
	}
	if nd.waits && m > per {
		m = per
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
		r := rec{at: at, replica: uint16(rep), level: uint8(LevelInfo), kind: uint8(KindFire), timer: rw.timer, due: due, k: int32(k), in: rw.inst}
		if d := rw.sched.Describe(k); d != "" {
			r.note = d
		}
		e.emit(r)
		e.occur(rw, last, at, rep)
	}
	if rw.parked && !rw.dead && (rw.tsk == nil || !nd.el.CancelActivity) {
		// The next tick's refresh completes the cycle timer (see rowDue);
		// an interrupting boundary cycle stays parked.
		e.push(item{at: e.upTick(e.tickAfter(at)), cls: clsRow, kind: itRow, row: rw})
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
// interrupting boundary cancels its task. The path of a non-interrupting
// cycle boundary belongs to its timer while the timer waits.
func (e *engine) occur(rw *row, last bool, at int64, rep int) {
	sc := rw.sc
	p := sc.proc
	nd := &p.nodes[rw.node]
	switch {
	case rw.tsk != nil:
		e.cur = rw.tsk.own
		if nd.el.CancelActivity && last {
			e.killRow(rw)
			e.cancelTask(rw.tsk, at, rep, nd.el.ID)
			e.cur = rw.tsk.own
			e.leave(sc, rw.node)
			return
		}
		if !nd.el.CancelActivity && rw.sched.N != 1 && !last {
			e.cur = rw
		}
		sc.live++
		e.leave(sc, rw.node)
	default:
		e.cur = rw.own
		if last {
			e.killRow(rw)
			e.leave(sc, rw.node)
			return
		}
		sc.live++
		e.leave(sc, rw.node)
	}
}
