package sim

import (
	"slices"
	"sort"
	"time"
)

// The replicas: their crashes and stalls, the order in which they race
// for a firing row or a timer row's lease, and the claims themselves.

type crashPlan struct{ tick, restart int64 }

type stallPlan struct{ at, dur int64 }

type replica struct {
	dead      bool
	crashes   []crashPlan
	ci        int
	busyUntil int64
	stalls    []stallPlan
	si        int
}

// buildReplicas sets up the replicas, their crashes and stalls, and the
// spans in which the runtime is off: a downtime window, or every replica
// crashed.
func (e *engine) buildReplicas() {
	for range e.sc.Replicas {
		e.reps = append(e.reps, &replica{})
	}
	for _, w := range e.sc.Down {
		e.down = append(e.down, span{ns(w.Start), ns(w.End)})
	}
	e.down = mergeSpans(e.down)
	for _, c := range e.sc.Crashes {
		tick := e.upTickIn(e.down, e.tickAtOrAfter(ns(c.At)))
		if tick == never {
			continue
		}
		restart := never
		if !c.Restart.IsZero() {
			restart = max(ns(c.Restart), tick+1)
		}
		r := e.reps[c.Replica-1]
		r.crashes = append(r.crashes, crashPlan{tick, restart})
	}
	for _, st := range e.sc.Stalls {
		r := e.reps[st.Replica-1]
		r.stalls = append(r.stalls, stallPlan{ns(st.At), int64(st.For)})
	}
	var points []int64
	for _, r := range e.reps {
		sort.Slice(r.crashes, func(i, j int) bool { return r.crashes[i].tick < r.crashes[j].tick })
		sort.Slice(r.stalls, func(i, j int) bool { return r.stalls[i].at < r.stalls[j].at })
		for _, c := range r.crashes {
			points = append(points, c.tick+1, c.restart)
		}
	}
	slices.Sort(points)
	points = slices.Compact(points)
	off := slices.Clone(e.down)
	for i, p := range points {
		if p == never {
			break
		}
		end := never
		if i+1 < len(points) {
			end = points[i+1]
		}
		all := true
		for _, r := range e.reps {
			if !r.deadAt(p) {
				all = false
				break
			}
		}
		if all {
			off = append(off, span{p, end})
		}
	}
	e.off = mergeSpans(off)
}

// deadAt reports whether a crash keeps the replica down at instant x (the
// replica still runs at its crash tick, where it crashes).
func (r *replica) deadAt(x int64) bool {
	for _, c := range r.crashes {
		if c.tick < x && x < c.restart {
			return true
		}
	}
	return false
}

// mix is splitmix64's finaliser.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func (r *replica) crashingAt(t int64) bool {
	return !r.dead && r.ci < len(r.crashes) && r.crashes[r.ci].tick == t
}

func (r *replica) stallAt(t int64) bool {
	return r.si < len(r.stalls) && r.stalls[r.si].at <= t
}

// claimOrder returns the replicas (0-based) that race for one firing at
// tick t, in the order their transactions reach the store: a seeded
// shuffle of the live replicas, except that a replica crashing at t, or
// (for a timer row) stalling at t, is first.
func (e *engine) claimOrder(t int64, key uint64, catch bool) []int {
	o := e.order[:0]
	for i, r := range e.reps {
		if !r.dead && r.busyUntil <= t {
			o = append(o, i)
		}
	}
	if len(o) > 1 {
		h := mix(e.seed ^ mix(uint64(t)) ^ mix(key))
		for i := len(o) - 1; i > 0; i-- {
			h = mix(h)
			j := int(h % uint64(i+1))
			o[i], o[j] = o[j], o[i]
		}
		first := -1
		for j, i := range o {
			if e.reps[i].crashingAt(t) {
				first = j
				break
			}
		}
		if first < 0 && catch {
			for j, i := range o {
				if e.reps[i].stallAt(t) {
					first = j
					break
				}
			}
		}
		if first > 0 {
			x := o[first]
			copy(o[1:first+1], o[:first])
			o[0] = x
		}
	}
	e.order = o
	return o
}

// crash takes replica i down at t, logging what it held.
func (e *engine) crash(i int, t int64, timer int32, due int64, note string, until int64) {
	r := e.reps[i]
	r.dead = true
	e.emit(rec{at: t, replica: uint16(i + 1), level: uint8(LevelWarn), kind: uint8(KindReplicaCrash),
		timer: timer, due: due, until: until, note: note})
}

// nextAvailable returns the first tick after t at which some replica can
// claim: one that is not stalled, or one that restarts.
func (e *engine) nextAvailable(t int64) int64 {
	best := never
	for _, r := range e.reps {
		at := max(r.busyUntil, t+1)
		if r.dead {
			at = never
			for _, c := range r.crashes {
				if c.tick <= t && t < c.restart {
					at = max(c.restart, t+1)
				}
			}
		}
		best = min(best, at)
	}
	if best == never {
		return never
	}
	return e.upTick(e.tickAtOrAfter(best))
}

// startDue runs the scheduler loops of every replica at tick t for one
// timer start (ADR-0037 section 4): only the latest of the due times
// passed since the last firing row fires; each replica tries to insert its
// firing row, and the one whose insert succeeds starts the instance.
func (e *engine) startDue(t int64, i int32) {
	tmr := e.timers[i]
	tmr.ran, tmr.lastTick = true, t
	n := tmr.sched.Through(tm(t))
	if n <= tmr.handled {
		e.scheduleStart(i)
		return
	}
	latest := n - 1
	dueT := tmr.sched.Due(latest)
	due := ns(dueT)
	order := e.claimOrder(t, uint64(i)<<32^uint64(latest), false)
	winner := -1
	var losers []int
	for _, r := range order {
		if winner >= 0 {
			losers = append(losers, r)
			continue
		}
		if e.reps[r].crashingAt(t) {
			// The insert and the instance roll back together.
			e.crash(r, t, i, due, "claim", 0)
			tmr.st.RolledBack++
			continue
		}
		winner = r
	}
	if winner < 0 {
		e.push(item{at: e.nextAvailable(t), cls: clsStart, kind: itStart, i: i})
		return
	}
	rep := uint16(winner + 1)
	if missed := n - tmr.handled - 1; missed > 0 {
		tmr.st.Missed += missed
		e.emit(rec{at: t, replica: rep, level: uint8(LevelInfo), kind: uint8(KindMissed), timer: i, count: int32(missed)})
	}
	tmr.handled = n
	tmr.st.Fired++
	tmr.st.LateMax = max(tmr.st.LateMax, time.Duration(t-due))
	in := e.newInstance(tmr.proc)
	r := rec{at: t, replica: rep, level: uint8(LevelInfo), kind: uint8(KindFire), timer: i, due: due, k: int32(latest), in: in}
	if d := tmr.sched.Describe(latest); d != "" {
		r.note = d
	}
	e.emit(r)
	for _, l := range losers {
		tmr.st.ClaimedElsewhere++
		e.emit(rec{at: t, replica: uint16(l + 1), level: uint8(LevelDebug), kind: uint8(KindClaimedElsewhere), timer: i, due: due})
	}
	in.root.live = 1
	e.work = append(e.work, workItem{in.root, tmr.node, -1, nil})
	e.drain(t, winner+1)
	e.recycle(in)
	e.scheduleStart(i)
}

// pickReplica returns the replica (from 1) that serves a user's request.
func (e *engine) pickReplica(at int64, key uint64) int {
	o := e.claimOrder(at, key, false)
	if len(o) > 0 {
		return o[0] + 1
	}
	for i, r := range e.reps {
		if !r.dead {
			return i + 1
		}
	}
	return 1
}

// rowDue runs the replicas' loops at tick t for one timer row: the first
// replica whose transaction reaches the row takes its lease, refreshes the
// instance and commits; the others find the lease held.
func (e *engine) rowDue(t int64, rw *row) {
	if rw.dead {
		return
	}
	if rw.parked {
		// The refresh after the last occurrence completes the cycle
		// timer (an intermediate catch, or a non-interrupting boundary:
		// fireRow queues only those), which the next engine steps run:
		// an intermediate catch's token is gone, a boundary's path is
		// no longer its own.
		rep := e.pickReplica(t, uint64(rw.id))
		e.killRow(rw)
		rw.path, rw.pathRows = nil, nil
		if rw.tsk == nil {
			e.tokenGone(rw.sc, t, rep)
		}
		e.drain(t, rep)
		return
	}
	if rw.holder != 0 && t < rw.expiry {
		e.push(item{at: e.upTick(e.tickAtOrAfter(rw.expiry)), cls: clsRow, kind: itRow, row: rw})
		return
	}
	if rw.sched.Before(tm(t)) <= rw.k {
		e.scheduleRow(rw, t)
		return
	}
	order := e.claimOrder(t, uint64(rw.id)<<20^uint64(rw.k), true)
	if len(order) == 0 {
		e.push(item{at: e.nextAvailable(t), cls: clsRow, kind: itRow, row: rw})
		return
	}
	due := ns(rw.sched.Due(rw.k))
	r := order[0]
	losers := order[1:]
	rp := e.reps[r]
	rw.holder, rw.expiry = r+1, t+e.lease
	switch {
	case rp.crashingAt(t):
		e.crash(r, t, rw.timer, due, "lease", rw.expiry)
		e.push(item{at: e.upTick(e.tickAtOrAfter(rw.expiry)), cls: clsRow, kind: itRow, row: rw})
	case rp.stallAt(t):
		d := rp.stalls[rp.si].dur
		rp.si++
		rp.busyUntil = t + d
		e.emit(rec{at: t, replica: uint16(r + 1), level: uint8(LevelWarn), kind: uint8(KindReplicaStall), timer: rw.timer, due: due, until: t + d})
		e.push(item{at: t + d, cls: clsCommit, kind: itCommit, row: rw, i: int32(r), k: int32(rw.k), exp: rw.expiry})
		if t+d >= rw.expiry {
			e.push(item{at: e.upTick(e.tickAtOrAfter(rw.expiry)), cls: clsRow, kind: itRow, row: rw})
		}
	default:
		rw.holder = 0
		e.fireRow(rw, t, r+1)
	}
	for _, l := range losers {
		e.timers[rw.timer].st.ClaimedElsewhere++
		e.emit(rec{at: t, replica: uint16(l + 1), level: uint8(LevelDebug), kind: uint8(KindClaimedElsewhere), timer: rw.timer, due: due})
	}
	e.drain(t, r+1)
}

// commit is a stalled replica resuming: it deletes the row (or moves it to
// its next occurrence) only if it still holds the lease; otherwise its run
// rolls back and nothing fires twice.
func (e *engine) commit(it item) {
	rw, r, at := it.row, int(it.i), it.at
	// The run commits only if its replica is still up (no crash, no
	// downtime during the pause) and still holds an unexpired lease.
	down := e.reps[r].dead || spanAt(e.down, at) >= 0
	if down || rw.dead || rw.holder != r+1 || at >= rw.expiry || rw.k != int(it.k) {
		e.timers[rw.timer].st.RolledBack++
		e.emit(rec{at: at, replica: uint16(r + 1), level: uint8(LevelWarn), kind: uint8(KindLeaseLost), timer: rw.timer,
			due: ns(rw.sched.Due(int(it.k))), in: rw.inst, until: it.exp})
		return
	}
	rw.holder = 0
	e.fireRow(rw, at, r+1)
	e.drain(at, r+1)
}
