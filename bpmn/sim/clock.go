package sim

import (
	"fmt"
	"sort"

	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// The simulated clock and the event queue: ticks, the spans in which the
// runtime is off, and what the queue wakes the engine for.

// span is the half-open range of instants [s, e), in nanoseconds.
type span struct{ s, e int64 }

func mergeSpans(s []span) []span {
	sort.Slice(s, func(i, j int) bool { return s[i].s < s[j].s })
	var out []span
	for _, x := range s {
		if x.e <= x.s {
			continue
		}
		if n := len(out); n > 0 && x.s <= out[n-1].e {
			out[n-1].e = max(out[n-1].e, x.e)
			continue
		}
		out = append(out, x)
	}
	return out
}

// spanAt returns the span holding x, or -1.
func spanAt(s []span, x int64) int {
	i := sort.Search(len(s), func(i int) bool { return s[i].s > x }) - 1
	if i >= 0 && x < s[i].e {
		return i
	}
	return -1
}

// tickAtOrAfter returns the first tick at or after x, or never.
func (e *engine) tickAtOrAfter(x int64) int64 {
	if x <= e.from {
		return e.from
	}
	if x >= e.until {
		return never
	}
	k := (x - e.from + e.step - 1) / e.step
	return e.from + k*e.step
}

// tickAfter returns the first tick strictly after x, or never.
func (e *engine) tickAfter(x int64) int64 {
	if x < e.from {
		return e.from
	}
	if x >= e.until {
		return never
	}
	return e.from + ((x-e.from)/e.step+1)*e.step
}

// upTick returns the first tick at or after the tick t at which the
// runtime is up, or never.
func (e *engine) upTick(t int64) int64 { return e.upTickIn(e.off, t) }

func (e *engine) upTickIn(off []span, t int64) int64 {
	for t < e.until {
		i := spanAt(off, t)
		if i < 0 {
			return t
		}
		t = e.tickAtOrAfter(off[i].e)
	}
	return never
}

// userInstant returns the first instant at or after x at which the runtime
// is up: what a user does while it is down waits until it is back.
func (e *engine) userInstant(x int64) int64 {
	for x < e.until {
		i := spanAt(e.off, x)
		if i < 0 {
			return x
		}
		x = e.off[i].e
	}
	return never
}

func (e *engine) push(it item) {
	if it.at >= e.until {
		return
	}
	e.seq++
	it.seq = e.seq
	e.q.push(it)
}

// seedQueue queues the first due time of every scheduled timer start, the
// downtime windows and the replicas' crashes.
func (e *engine) seedQueue() {
	for i, t := range e.timers {
		if t.ok && t.st.Role == RoleStart && t.st.Scheduled {
			if e.sc.AlreadyRunning {
				// The runtime handled the due times before From.
				t.handled = t.sched.Before(e.sc.From)
			}
			e.scheduleStart(int32(i))
		}
	}
	for _, w := range e.down {
		if w.e <= e.from {
			continue
		}
		e.push(item{at: max(w.s, e.from), cls: clsState, kind: itDown, exp: w.e})
		e.push(item{at: w.e, cls: clsState, kind: itUp})
	}
	for i, r := range e.reps {
		for _, c := range r.crashes {
			e.push(item{at: c.tick, cls: clsCrash, kind: itCrash, i: int32(i)})
			if c.restart != never {
				e.push(item{at: c.restart, cls: clsState, kind: itRestart, i: int32(i)})
			}
		}
	}
}

// scheduleStart queues a timer start's next due time at the first tick at
// or after it when the runtime is up.
func (e *engine) scheduleStart(i int32) {
	t := e.timers[i]
	if !t.sched.Has(t.handled) {
		return
	}
	due := ns(t.sched.Due(t.handled))
	at := e.upTick(e.tickAtOrAfter(due))
	if t.ran && at <= t.lastTick {
		// Due times that do not move past the tick that just ran would
		// loop for ever (a cycle that started centuries before the
		// window, past the range of the arithmetic): stop with an error.
		e.err = fmt.Errorf("timer %s: the due times of %s do not advance past %s (occurrence %d); the simulation stops: "+
			"start the cycle nearer the simulated window", t.st.Name, t.st.Value, timeexpr.FormatTime(tm(t.lastTick)), t.handled)
		return
	}
	e.push(item{at: at, cls: clsStart, kind: itStart, i: i})
}
