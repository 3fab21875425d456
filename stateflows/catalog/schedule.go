package catalog

import (
	"slices"
	"time"

	// The zones come with the binary, so that a trigger reads the same
	// on every host.
	_ "time/tzdata"
)

// Wall returns the wall time of the instant t in loc, as a time in
// time.UTC (the DateTime.Now the source would read).
func Wall(t time.Time, loc *time.Location) time.Time {
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC)
}

// Reach is the first instant, not before after, at which the host's clock
// in loc reads the wall time w or later: the instant of w (the earlier one
// not before after when the clock shows w twice, at a change back), and
// the moment the clock jumps past w when it never shows w (a change
// forward; gap is then true). ambiguous reports a wall time the clock
// shows twice.
func Reach(w time.Time, loc *time.Location, after time.Time) (at time.Time, gap, ambiguous bool) {
	var valid []time.Time
	seen := map[int]bool{}
	for _, probe := range []time.Duration{-36 * time.Hour, 0, 36 * time.Hour} {
		_, off := w.Add(probe).In(loc).Zone()
		if seen[off] {
			continue
		}
		seen[off] = true
		t := w.Add(-time.Duration(off) * time.Second)
		if _, o := t.In(loc).Zone(); o == off {
			valid = append(valid, t)
		}
	}
	if len(valid) > 0 {
		slices.SortFunc(valid, func(a, b time.Time) int { return a.Compare(b) })
		at = valid[len(valid)-1]
		for _, v := range valid {
			if !v.Before(after) {
				at = v
				break
			}
		}
		return at.UTC(), false, len(valid) > 1
	}
	// No offset maps onto w: the clock jumps over it. The jump is the end
	// of the zone in effect at w read with the largest offset, which lies
	// before the jump.
	maxOff := 0
	first := true
	for off := range seen {
		if first || off > maxOff {
			maxOff, first = off, false
		}
	}
	before := w.Add(-time.Duration(maxOff) * time.Second)
	_, end := before.In(loc).ZoneBounds()
	if end.IsZero() {
		return before.UTC(), true, false
	}
	return end.UTC(), true, false
}

// Transition is a change of a zone's offset.
type Transition struct {
	// At is the instant of the change; Wall the local wall time just
	// before it.
	At   time.Time
	Wall time.Time
	// From and To are the offsets before and after, in seconds east of
	// UTC.
	From, To int
}

// Transitions lists the offset changes of loc in (from, to].
func Transitions(loc *time.Location, from, to time.Time) []Transition {
	var out []Transition
	t := from
	for range 64 {
		_, end := t.In(loc).ZoneBounds()
		if end.IsZero() || end.After(to) {
			break
		}
		_, fromOff := end.Add(-time.Nanosecond).In(loc).Zone()
		_, toOff := end.In(loc).Zone()
		if fromOff != toOff {
			out = append(out, Transition{At: end.UTC(), Wall: Wall(end.Add(-time.Nanosecond), loc).Add(time.Nanosecond), From: fromOff, To: toOff})
		}
		t = end
	}
	return out
}

// ticking reports whether the scheduler handles time events at the minute
// t. Its loop wakes every second and handles them when DateTime.Now is a
// minute or more past the last tick; when the clock goes back by D, it so
// does not tick again until the clock has passed the last tick's wall
// time, D later.
func ticking(t time.Time, loc *time.Location) bool {
	start, _ := t.In(loc).ZoneBounds()
	if start.IsZero() {
		return true
	}
	_, prev := start.Add(-time.Nanosecond).In(loc).Zone()
	_, cur := t.In(loc).Zone()
	if prev <= cur {
		return true
	}
	return !t.Before(start.Add(time.Duration(prev-cur) * time.Second))
}

// Delivery is the scheduler tick that delivers a trigger registered at
// the instant registered for the wall time w: the first minute tick after
// registered at which the scheduler ticks and the clock reads w or later
// (TriggerTime < DateTime.Now, the loop a moment past the minute). The
// loop wakes a fraction of a second after each minute boundary, after a
// registration made exactly on the boundary: an event registered on a
// minute boundary (10:00:00.000) is seen by that minute's tick, so one
// already due then (AfterOneMonth, EveryOneMonth) is delivered in the
// same minute, not the next (measured against the catalog's C# under
// Mono).
func Delivery(registered, w time.Time, loc *time.Location) time.Time {
	return DeliveryDown(registered, w, loc, nil)
}

// firstTick is the first minute tick that sees an event registered at r:
// the minute of r when r is exactly on its boundary (the tick runs a
// moment later), else the next minute. An event re-registered by a tick
// (inTick) is registered a moment after the boundary: the next minute.
func firstTick(r time.Time, inTick bool) time.Time {
	m := r.Truncate(time.Minute)
	if m.Equal(r) && !inTick {
		return m
	}
	return m.Add(time.Minute)
}

// Down is a window [Start, End) in which the host does not run.
type Down struct{ Start, End time.Time }

// restart is the first tick after a restart at end: the loop takes the
// minute it starts in as its last tick and ticks a minute later.
func (d Down) restart() time.Time { return d.End.Truncate(time.Minute).Add(time.Minute) }

// DeliveryDown is Delivery on a host that does not run in the windows
// down: no tick falls in a window, nor before the first tick after it.
func DeliveryDown(registered, w time.Time, loc *time.Location, down []Down) time.Time {
	return deliveryDown(registered, w, loc, down, false)
}

// deliveryDown is DeliveryDown; inTick says the event was registered by
// the tick at registered (a recurring type re-registered at its delivery).
func deliveryDown(registered, w time.Time, loc *time.Location, down []Down, inTick bool) time.Time {
	reach, _, _ := Reach(w, loc, registered)
	t := firstTick(registered, inTick)
	if r := reach.Truncate(time.Minute); r.Before(reach) {
		reach = r.Add(time.Minute)
	}
	if reach.After(t) {
		t = reach
	}
	// At most a day of minutes beside the windows: beyond the hour a
	// change back holds the ticks, the clock reads w or later.
	for n := 0; n < 24*60; n++ {
		if d, in := within(t, down); in {
			t = d.restart()
			continue
		}
		if ticking(t, loc) && !Wall(t, loc).Before(w) {
			return t
		}
		t = t.Add(time.Minute)
	}
	return t
}

// within finds the window that holds off the tick t, if any.
func within(t time.Time, down []Down) (Down, bool) {
	for _, d := range down {
		if !t.Before(d.Start) && t.Before(d.restart()) {
			return d, true
		}
	}
	return Down{}, false
}

// Delivered is one delivery of a simulation.
type Delivered struct {
	// Wall is the trigger, a local wall time; Due the first instant the
	// clock reads it; At the tick that delivers it.
	Wall, Due, At time.Time
	// Past reports a trigger due at once (at or before its registration).
	Past bool
}

// Simulate delivers the type registered at from on a host in loc, up to
// until (exclusive): once for a delay type or when recur is false (the
// transition leaves the state), else re-registered from every delivery
// while the state stays active. A source behaviour is simulated (the
// documented one computes as main). At most limit deliveries are
// returned; more reports that the run went on.
func (t *Type) Simulate(p Params, b Behaviour, loc *time.Location, from, until time.Time, recur bool, down []Down, limit int) (out []Delivered, more bool) {
	if !b.Source() {
		b = Main
	}
	started, inTick := from, false
	for {
		sw := Wall(started, loc)
		w := t.Trigger(p, b, sw)
		due, _, _ := Reach(w, loc, started)
		at := deliveryDown(started, w, loc, down, inTick)
		if !at.Before(until) {
			return out, false
		}
		if len(out) == limit {
			return out, true
		}
		out = append(out, Delivered{Wall: w, Due: due, At: at, Past: !w.After(sw)})
		if !recur || !t.Recurs {
			return out, false
		}
		started, inTick = at, true
	}
}

// Firing is one trigger of a time event.
type Firing struct {
	// Started is the instant the event was registered from (the
	// activation, or the delivery before it for a recurring type).
	Started time.Time
	// Wall is the trigger as the source computes it, a local wall time;
	// for the documented behaviour, the documented instant's wall time.
	Wall time.Time
	// At is the first instant the host's clock reads Wall (UTC).
	At time.Time
	// Delivered is the scheduler tick that delivers it (UTC); the same as
	// At for the documented behaviour.
	Delivered time.Time
	// Past reports a trigger at or before the wall time it was registered
	// at: due at once, delivered at the first tick that sees it (the same
	// minute for a registration exactly on its boundary).
	Past bool
	// Gap reports a wall time the clock jumps over; Ambiguous one it
	// shows twice (At is the first).
	Gap, Ambiguous bool
	// Held reports a delivery later than the trigger's own minute
	// because the scheduler does not tick while the clock repeats an
	// hour.
	Held bool
	// Changes are the zone's offset changes between Started and At: the
	// wall-clock arithmetic does not see them.
	Changes []Transition
	// Documented is the documentation's firing of the same rank (UTC).
	Documented time.Time
}

// Firings computes the first n firings (one for a delay type) of the type
// registered at the instant activated on a host in loc, with behaviour b.
// For a source behaviour a recurring type is re-registered from the time
// of its delivery, as the scheduler does (SetTriggerTime(DateTime.Now) at
// the tick). For the documented behaviour the firings are the
// documentation's, one step apart, in UTC.
func (t *Type) Firings(p Params, b Behaviour, loc *time.Location, activated time.Time, n int) []Firing {
	if !t.Recurs {
		n = min(n, 1)
	}
	var out []Firing
	started, inTick := activated, false
	doc := t.DocumentedTrigger(p, activated)
	for k := range n {
		if k > 0 {
			doc = t.DocumentedNext(p, doc)
		}
		f := Firing{Started: started, Documented: doc}
		if b.Source() {
			sw := Wall(started, loc)
			f.Wall = t.Trigger(p, b, sw)
			f.At, f.Gap, f.Ambiguous = Reach(f.Wall, loc, started)
			f.Past = !f.Wall.After(sw)
			f.Delivered = deliveryDown(started, f.Wall, loc, nil, inTick)
			minute := f.At.Truncate(time.Minute)
			if minute.Before(f.At) {
				minute = minute.Add(time.Minute)
			}
			f.Held = !f.Past && f.Delivered.After(minute)
			if !f.Past {
				f.Changes = Transitions(loc, started, f.At)
			}
			started, inTick = f.Delivered, true
		} else {
			f.Wall = Wall(doc, loc)
			f.At, f.Delivered = doc, doc
			f.Past = !doc.After(activated)
			if f.Past {
				f.Delivered = activated
			}
		}
		out = append(out, f)
	}
	return out
}
