package sim

// itemKind is what a queued wake-up does.
type itemKind uint8

const (
	// itStart: a timer start has a due time at or before this tick.
	itStart itemKind = iota
	// itRow: a timer row may be due (or its lease may have expired).
	itRow
	// itUserStart: a user starts an instance.
	itUserStart
	// itComplete: a user completes a task.
	itComplete
	// itCrash and itRestart: a replica goes down or comes back.
	itCrash
	itRestart
	// itCommit: a stalled replica resumes and tries to commit its run.
	itCommit
	// itDown and itUp: a downtime window begins or ends.
	itDown
	itUp
)

// Item classes order what happens at one instant: the runtime's state
// first, then a stalled run that resumes and commits (or rolls back), then
// what users do, then the scheduler loop (timer starts, then timer rows),
// and crashes last, so that a replica crashes inside the run of its crash
// tick.
const (
	clsState uint8 = iota
	clsCommit
	clsUser
	clsStart
	clsRow
	clsCrash
)

// item is one wake-up in the event queue.
type item struct {
	at   int64
	seq  uint64
	cls  uint8
	kind itemKind
	// i is a timer, process or replica index, by kind; k an occurrence.
	i   int32
	k   int32
	exp int64
	row *row
	tsk *task
}

// queue is a binary min-heap of items ordered by (at, cls, seq): the same
// input always pops in the same order.
type queue []item

func (q queue) less(a, b int) bool {
	x, y := &q[a], &q[b]
	if x.at != y.at {
		return x.at < y.at
	}
	if x.cls != y.cls {
		return x.cls < y.cls
	}
	return x.seq < y.seq
}

func (q *queue) push(it item) {
	*q = append(*q, it)
	h := *q
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func (q *queue) pop() item {
	h := *q
	top := h[0]
	n := len(h) - 1
	h[0] = h[n]
	h[n] = item{}
	h = h[:n]
	i := 0
	for {
		l := 2*i + 1
		if l >= n {
			break
		}
		m := l
		if r := l + 1; r < n && h.less(r, l) {
			m = r
		}
		if !h.less(m, i) {
			break
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
	*q = h
	return top
}
