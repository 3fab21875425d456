package sim

import (
	"math"
	"time"
)

// never is an instant after every simulation.
const never = int64(math.MaxInt64)

var (
	minInstant = time.Unix(0, math.MinInt64/2).UTC()
	maxInstant = time.Unix(0, math.MaxInt64/2).UTC()
)

// ns converts an instant to nanoseconds since the Unix epoch, saturating
// far outside the years a simulation can cover.
func ns(t time.Time) int64 {
	switch {
	case t.IsZero():
		return 0
	case t.Before(minInstant):
		return math.MinInt64 / 2
	case t.After(maxInstant):
		return never
	}
	return t.UnixNano()
}

// tm converts nanoseconds since the Unix epoch to a UTC instant.
func tm(x int64) time.Time {
	if x == 0 {
		return time.Time{}
	}
	return time.Unix(0, x).UTC()
}

// rec is an event as the engine builds it.
type rec struct {
	at, due, until        int64
	k, inst, count, timer int32
	el, other, note       string
	// in is the instance the event is about, or nil; emit sets inst from
	// it.
	in          *instance
	replica     uint16
	level, kind uint8
}

// packed is an event as the log stores it: no pointers, so that a million
// of them cost the garbage collector nothing to scan, and the fields few
// events use moved to an extra, so that a firing takes 40 bytes.
type packed struct {
	at, due        int64
	k, inst, timer int32
	// x is the index of the event's extra, plus one; 0 when it has none.
	x           uint32
	replica     uint16
	level, kind uint8
}

type extra struct {
	until           int64
	count           int32
	el, other, note uint32
}

// chunkBits sets the size of a chunk of a chunked list: 4096 entries.
const chunkBits = 12

// chunked is an append-only list stored in fixed-size chunks, so that
// growing it to a million entries never copies what it already holds.
type chunked[T any] struct {
	chunks [][]T
	n      int
}

func (c *chunked[T]) add(x T) {
	if c.n&(1<<chunkBits-1) == 0 {
		c.chunks = append(c.chunks, make([]T, 0, 1<<chunkBits))
	}
	last := &c.chunks[len(c.chunks)-1]
	*last = append(*last, x)
	c.n++
}

func (c *chunked[T]) at(i int) *T { return &c.chunks[i>>chunkBits][i&(1<<chunkBits-1)] }

func (c *chunked[T]) len() int { return c.n }

// log is the engine's event log with its string table.
type log struct {
	recs   chunked[packed]
	extras []extra
	strs   []string
	ids    map[string]uint32
}

// add packs and stores one event.
func (l *log) add(r *rec) {
	p := packed{at: r.at, due: r.due, k: r.k, inst: r.inst, timer: r.timer, replica: r.replica, level: r.level, kind: r.kind}
	if r.until != 0 || r.count != 0 || r.el != "" || r.other != "" || r.note != "" {
		l.extras = append(l.extras, extra{until: r.until, count: r.count, el: l.intern(r.el), other: l.intern(r.other), note: l.intern(r.note)})
		p.x = uint32(len(l.extras))
	}
	l.recs.add(p)
}

// intern returns the index of s in the string table; 0 is "".
func (l *log) intern(s string) uint32 {
	if s == "" {
		return 0
	}
	if i, ok := l.ids[s]; ok {
		return i
	}
	if l.ids == nil {
		l.ids = map[string]uint32{}
		l.strs = append(l.strs, "")
	}
	i := uint32(len(l.strs))
	l.strs = append(l.strs, s)
	l.ids[s] = i
	return i
}

func (l *log) str(i uint32) string {
	if i == 0 {
		return ""
	}
	return l.strs[i]
}

// rec unpacks a stored event.
func (l *log) rec(p *packed) rec {
	r := rec{at: p.at, due: p.due, k: p.k, inst: p.inst, timer: p.timer, replica: p.replica, level: p.level, kind: p.kind}
	if p.x != 0 {
		x := &l.extras[p.x-1]
		r.until, r.count, r.el, r.other, r.note = x.until, x.count, l.str(x.el), l.str(x.other), l.str(x.note)
	}
	return r
}

// eventOf is the public form of an event.
func eventOf(r *rec) Event {
	ev := Event{
		At: tm(r.at), Replica: int(r.replica), Level: Level(r.level), Kind: Kind(r.kind),
		Timer: int(r.timer), K: int(r.k), Instance: int(r.inst), Count: int(r.count),
		Element: r.el, Other: r.other, Note: r.note,
	}
	if r.due != 0 {
		ev.Due = tm(r.due)
	}
	if r.until != 0 {
		ev.Until = tm(r.until)
	}
	return ev
}

func (l *log) event(r *packed) Event {
	ev := Event{
		At: tm(r.at), Replica: int(r.replica), Level: Level(r.level), Kind: Kind(r.kind),
		Timer: int(r.timer), K: int(r.k), Instance: int(r.inst),
	}
	if r.due != 0 {
		ev.Due = tm(r.due)
	}
	if r.x != 0 {
		x := &l.extras[r.x-1]
		ev.Count, ev.Element, ev.Other, ev.Note = int(x.count), l.str(x.el), l.str(x.other), l.str(x.note)
		if x.until != 0 {
			ev.Until = tm(x.until)
		}
	}
	return ev
}

// Len returns the number of events.
func (r *Result) Len() int { return r.log.recs.len() }

// Event returns the i-th event, in the order they happened.
func (r *Result) Event(i int) Event { return r.log.event(r.log.recs.at(i)) }

// level and kind return the i-th event's level and kind without building
// the event.
func (r *Result) level(i int) Level { return Level(r.log.recs.at(i).level) }

func (r *Result) kind(i int) Kind { return Kind(r.log.recs.at(i).kind) }

// Events returns every event, in the order they happened.
func (r *Result) Events() []Event {
	out := make([]Event, r.Len())
	for i := range out {
		out[i] = r.Event(i)
	}
	return out
}

// Filter returns the events of the given kinds, in order.
func (r *Result) Filter(kinds ...Kind) []Event {
	var out []Event
	for i := range r.Len() {
		for _, k := range kinds {
			if r.kind(i) == k {
				out = append(out, r.Event(i))
				break
			}
		}
	}
	return out
}
