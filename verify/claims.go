package verify

import (
	"fmt"
	"strconv"
	"strings"
)

// The claims of ADR-0037 section 4 under the project's deployment: a
// transition system of the scheduler loops of every replica racing for one
// firing, with every order of the replicas' runs at a tick, crashes before
// and after a commit, stalls, restarts and lease expiry, searched with
// Search like a process. It knows no engine: an engine says what a
// firing is (a timer start's firing row, or a timer catch's lease) and
// what its run does outside the store (Claim.Effects).

// Deployment is how the seams runtime runs the scheduler: as `simulate`
// reads it (replicas and lease from --replicas and --lease or a scenario,
// the poll interval from --step, the config's scheduler.poll, else 1s).
type Deployment struct {
	Replicas int
	// LeaseMs is how long a replica holds a timer row it took, PollMs the
	// scheduler loop's interval (every replica's loop runs at the same
	// ticks, from + k*poll, as simulate runs them).
	LeaseMs, PollMs int64
	// Crashes lets a replica crash at any instant (before or after a
	// commit) and restart at any later one.
	Crashes bool
	// Stalls lets a replica pause while it holds a firing; MaxStallMs
	// bounds how long (0: any length).
	Stalls     bool
	MaxStallMs int64
}

// MaxClaimReplicas is the most replicas the claims search explores: a
// firing run twice needs two runs of one key, and two replicas racing
// with a third that crashes or stalls cover every way to get there; more
// replicas only repeat the same interleavings.
const MaxClaimReplicas = 3

// Claim is one firing and how the runtime claims it.
type Claim struct {
	// Timer names the timer event.
	Timer string
	// Catch is a timer catch (a lease on its timer row); otherwise a
	// timer start (a firing row inserted with the instance).
	Catch bool
	// PeriodMs is a timer start cycle's period; a second due time follows
	// the first by it (0: one due time).
	PeriodMs int64
	// Effects are the elements the firing's run passes before the
	// instance waits again that act outside the store (a service task, a
	// message sent): the transaction that commits the run cannot take
	// them back.
	Effects []string
}

// replica modes.
const (
	rIdle uint8 = iota
	rTook       // holds the firing, its run not yet past the effects
	rRan        // ran the effects, not committed
	rDown       // crashed
)

type rep struct {
	mode    uint8
	stalled bool
	polled  bool  // has run its loop at this tick
	holds   bool  // holds the lease (catch) or the in-flight row (start)
	key     uint8 // the key it runs (0 or 1)
	stallMs int64 // time left of a bounded stall
	// fresh: crashed at this instant (it restarts at a later one).
	fresh bool
	// paused: this run has stalled once already (a stall is one pause;
	// what it lasts is free).
	paused bool
}

// ClaimState is the store and the replicas at one instant.
type ClaimState struct {
	reps []rep
	// tickIn is the time to the next tick (0: the loops run now).
	tickIn int64
	// leaseIn is the time left on the catch row's lease (0: expired or
	// unheld).
	leaseIn int64
	// due2In is the time until a start's second due time (0: due).
	due2In int64
	// row per key: 0 none, 1 in flight, 2 committed.
	row [2]uint8
	// commits and runs of each key's effects (capped at 2), and whether
	// the first key was skipped.
	commits, runs [2]uint8
	missed        bool
}

func (s ClaimState) clone() ClaimState {
	s.reps = append([]rep(nil), s.reps...)
	return s
}

type claimSys struct {
	d Deployment
	c Claim
	// noFaults leaves out crashes and stalls.
	noFaults bool
	keys     int
}

func (cs claimSys) Key(s ClaimState) string {
	var b strings.Builder
	for _, r := range s.reps {
		fmt.Fprintf(&b, "%d%t%t%t%t%t%d,%d;", r.mode, r.stalled, r.paused, r.fresh, r.polled, r.holds, r.key, r.stallMs)
	}
	fmt.Fprintf(&b, "%d,%d,%d,%v,%v,%v,%t", s.tickIn, s.leaseIn, s.due2In, s.row, s.commits, s.runs, s.missed)
	return b.String()
}

func (cs claimSys) Initial() []Move[ClaimState] {
	s := ClaimState{reps: make([]rep, cs.d.Replicas)}
	if !cs.c.Catch && cs.keys == 2 {
		s.due2In = cs.c.PeriodMs
		// The first due time falls anywhere between two ticks: one
		// initial state per instant that orders it differently against
		// the next tick and the second due time.
		var out []Move[ClaimState]
		for _, in := range cs.phases() {
			x := s.clone()
			x.tickIn = in
			out = append(out, Move[ClaimState]{Label: fmt.Sprintf("%s is due; the next tick is %s later", cs.dueName(0), FormatAt(in)), To: x})
		}
		return out
	}
	return []Move[ClaimState]{{Label: cs.dueName(0) + " is due at a tick", To: s}}
}

// phases are the distances from the first due time to the next tick that
// the search tells apart: at it, before the second due time, at it, and
// after it.
func (cs claimSys) phases() []int64 {
	p, q := cs.d.PollMs, cs.c.PeriodMs
	set := map[int64]bool{0: true}
	for _, x := range []int64{q / 2, q, (q + p) / 2} {
		if x > 0 && x < p {
			set[x] = true
		}
	}
	out := make([]int64, 0, len(set))
	for x := range set {
		out = append(out, x)
	}
	sortInt64s(out)
	return out
}

func (cs claimSys) dueName(k int) string {
	if cs.c.Catch {
		return "timer " + cs.c.Timer
	}
	if k == 0 {
		return "firing (" + cs.c.Timer + ", due d)"
	}
	return "firing (" + cs.c.Timer + ", due d+" + FormatAt(cs.c.PeriodMs) + ")"
}

func rname(i int) string { return "replica " + strconv.Itoa(i+1) }

func (cs claimSys) effects() string {
	return strings.Join(cs.c.Effects, ", ")
}

func (cs claimSys) Moves(s ClaimState) []Move[ClaimState] {
	var out []Move[ClaimState]
	add := func(label string, tags []string, to ClaimState) {
		out = append(out, Move[ClaimState]{Label: label, Tags: tags, To: to})
	}
	urgent := false
	for i, r := range s.reps {
		name := rname(i)
		switch {
		case r.mode == rIdle && !r.polled && s.tickIn == 0 && cs.claimable(s):
			// A loop that finds nothing to claim changes nothing: only the
			// loops that claim are moves.
			urgent = true
			x := s.clone()
			x.reps[i].polled = true
			add(name+" runs its loop: "+cs.poll(&x, i), nil, x)
		case (r.mode == rTook || r.mode == rRan) && !r.stalled:
			urgent = true
			if r.mode == rTook {
				x := s.clone()
				x.reps[i].mode = rRan
				label := name + " runs the instance"
				var tags []string
				if len(cs.c.Effects) > 0 {
					if x.runs[r.key] < 2 {
						x.runs[r.key]++
					}
					label += fmt.Sprintf(": %s acts outside the store (run %d of the effects of %s)", cs.effects(), x.runs[r.key], cs.dueName(int(r.key)))
					tags = []string{"effects"}
				}
				add(label, tags, x)
			} else {
				x := s.clone()
				add(cs.commit(&x, i), nil, x)
			}
		}
		// A stalled run resumes at any instant, or by the bound.
		if r.stalled {
			if cs.d.MaxStallMs > 0 && r.stallMs == 0 {
				urgent = true
			}
			x := s.clone()
			x.reps[i].stalled, x.reps[i].stallMs = false, 0
			add(name+" resumes", nil, x)
		}
		if cs.noFaults {
			continue
		}
		// Faults, at any instant.
		if cs.d.Stalls && !r.stalled && !r.paused && (r.mode == rTook || r.mode == rRan) && cs.c.Catch {
			x := s.clone()
			x.reps[i].stalled, x.reps[i].stallMs, x.reps[i].paused = true, cs.d.MaxStallMs, true
			how := "for any time"
			if cs.d.MaxStallMs > 0 {
				how = "for up to " + FormatAt(cs.d.MaxStallMs)
			}
			add(name+" stalls "+how+", holding "+cs.holding(r), []string{"fault"}, x)
		}
		if cs.d.Crashes && r.mode != rDown {
			x := s.clone()
			label := name + " crashes"
			if r.mode == rTook || r.mode == rRan {
				label += " before its commit: its transaction rolls back"
				if cs.c.Catch {
					label += fmt.Sprintf(" (the lease stays until it expires, in %s)", FormatAt(s.leaseIn))
				} else {
					x.row[r.key] = 0
					for j := range x.reps {
						if j != i && x.reps[j].mode == rIdle {
							x.reps[j].polled = false // a blocked insert goes on
						}
					}
				}
			}
			x.reps[i] = rep{mode: rDown, holds: r.holds && cs.c.Catch, fresh: true}
			add(label, []string{"fault"}, x)
		}
		if r.mode == rDown && !r.fresh {
			x := s.clone()
			x.reps[i] = rep{mode: rIdle, polled: s.tickIn != 0}
			add(name+" restarts", []string{"fault"}, x)
		}
	}
	if !urgent {
		if d := cs.advance(s); d > 0 {
			x := s.clone()
			cs.elapse(&x, d)
			add("wait "+FormatAt(d), nil, x)
			out[len(out)-1].Elapse = d
		}
	}
	return out
}

func (cs claimSys) holding(r rep) string {
	if cs.c.Catch {
		return "the lease of " + cs.c.Timer
	}
	return "the firing row of " + cs.dueName(int(r.key))
}

// poll is one replica's scheduler loop at a tick.
func (cs claimSys) poll(s *ClaimState, i int) string {
	if cs.c.Catch {
		switch {
		case s.row[0] == 2:
			return "the row is gone (committed)"
		case s.leaseIn > 0:
			return "the lease is held"
		}
		for j := range s.reps {
			s.reps[j].holds = false
		}
		s.reps[i].mode, s.reps[i].holds, s.reps[i].key = rTook, true, 0
		s.leaseIn = cs.d.LeaseMs
		s.row[0] = 1
		return fmt.Sprintf("takes the lease of %s until %s later", cs.c.Timer, FormatAt(cs.d.LeaseMs))
	}
	// A timer start: the due times passed that have no firing row; only
	// the latest fires.
	latest := 0
	if cs.keys == 2 && s.due2In == 0 {
		latest = 1
	}
	if s.row[latest] != 0 {
		if s.row[latest] == 1 {
			return "its insert of the firing row waits for the other transaction"
		}
		return "timer claimed elsewhere (the firing row exists)"
	}
	label := "inserts the firing row of " + cs.dueName(latest) + " and starts the instance"
	if latest == 1 && s.row[0] == 0 {
		s.missed = true
		s.row[0] = 2
		label += "; " + cs.dueName(0) + " is missed (timer missed " + cs.c.Timer + " 1 firing(s))"
	}
	s.row[latest] = 1
	s.reps[i].mode, s.reps[i].holds, s.reps[i].key = rTook, true, uint8(latest)
	return label
}

// commit ends a run: it commits when the replica still holds the firing.
func (cs claimSys) commit(s *ClaimState, i int) string {
	r := &s.reps[i]
	name := rname(i)
	k := r.key
	if cs.c.Catch && (!r.holds || s.leaseIn == 0) {
		r.mode, r.holds, r.paused = rIdle, false, false
		return name + " commits: its lease was lost, the run rolls back"
	}
	if s.commits[k] < 2 {
		s.commits[k]++
	}
	s.row[k] = 2
	r.mode, r.holds, r.paused = rIdle, false, false
	if cs.c.Catch {
		s.leaseIn = 0
		return name + " commits: deletes the row and writes the checkpoint"
	}
	for j := range s.reps {
		if j != i && s.reps[j].mode == rIdle && s.tickIn == 0 {
			s.reps[j].polled = false // a blocked insert finds the row
		}
	}
	return name + " commits the firing row and the instance"
}

// claimable reports whether a replica's loop would claim something now:
// the catch's row is due, not committed and not leased, or a start's latest
// due time has no firing row.
func (cs claimSys) claimable(s ClaimState) bool {
	if cs.c.Catch {
		return s.row[0] != 2 && s.leaseIn == 0
	}
	latest := 0
	if cs.keys == 2 && s.due2In == 0 {
		latest = 1
	}
	return s.row[latest] == 0
}

// advance is how far time may pass at once: to the next tick at which a
// loop can claim, to the lease's expiry, the end of a bounded stall or a
// due time, whichever is first; nothing changes in between (0: nothing
// will change any more by time alone).
func (cs claimSys) advance(s ClaimState) int64 {
	d := int64(-1)
	at := func(x int64) {
		if x > 0 && (d < 0 || x < d) {
			d = x
		}
	}
	idle, fresh := false, false
	for _, r := range s.reps {
		if r.mode == rIdle {
			idle = true
		}
		if r.fresh {
			fresh = true
		}
		if r.stalled && r.stallMs > 0 {
			at(r.stallMs)
		}
	}
	if idle && cs.claimable(s) {
		if s.tickIn == 0 {
			at(cs.d.PollMs)
		} else {
			at(s.tickIn)
		}
	}
	at(s.leaseIn)
	if cs.keys == 2 {
		at(s.due2In)
	}
	if d < 0 && fresh {
		// a replica that crashed now restarts at a later instant: with
		// nothing else to wait for, the next tick
		if s.tickIn == 0 {
			at(cs.d.PollMs)
		} else {
			at(s.tickIn)
		}
	}
	if d < 0 {
		return 0
	}
	return d
}

func (cs claimSys) elapse(s *ClaimState, d int64) {
	// The ticks keep their phase: the next is d earlier, modulo the poll
	// interval.
	p := cs.d.PollMs
	s.tickIn = ((s.tickIn-d)%p + p) % p
	for j := range s.reps {
		s.reps[j].polled, s.reps[j].fresh = false, false
	}
	if s.leaseIn > 0 {
		s.leaseIn -= d
	}
	if s.due2In > 0 {
		s.due2In -= d
	}
	for j := range s.reps {
		if s.reps[j].stalled && s.reps[j].stallMs > 0 {
			s.reps[j].stallMs -= d
		}
	}
}

// ClaimResult is what the claims search finds for one firing.
type ClaimResult struct {
	States, Edges int
	Bounded       bool
	// Twice is an interleaving in which the firing's effects run twice
	// (or, were the protocol wrong, it commits twice); Skipped one in which
	// a due time is never fired although a replica is up; Starved a loop
	// in which a replica is up, no fault happens and the firing never
	// commits.
	Twice, Skipped, Starved []Step
	TwiceCommits            bool
	// SkipPhaseMs is, for Skipped, how long after the first due time the
	// next tick comes.
	SkipPhaseMs int64
}

// CheckClaim searches every interleaving of the deployment's replicas for
// one firing and reads exactly-once off the explored states: at most once
// (no key commits twice, and no key's effects run twice) under every
// fault, and at least once while a replica is up (no due time skipped with
// no fault at all, and no loop without faults that never commits).
func CheckClaim(d Deployment, c Claim, maxStates int) ClaimResult {
	if d.Replicas > MaxClaimReplicas {
		d.Replicas = MaxClaimReplicas
	}
	if d.Replicas < 1 {
		d.Replicas = 1
	}
	keys := 1
	if !c.Catch && c.PeriodMs > 0 && c.PeriodMs < d.PollMs {
		// With a period at least the poll interval, a tick falls between
		// two due times whenever a replica is up: the second changes
		// nothing for the first.
		keys = 2
	}
	sys := claimSys{d: d, c: c, keys: keys}
	show := sys.show
	g := Search[ClaimState](sys, maxStates)
	res := ClaimResult{States: len(g.States), Edges: Count(g), Bounded: g.Bounded}
	init := map[string]string{}
	for _, m := range sys.Initial() {
		init[sys.Key(m.To)] = m.Label
	}
	initLabel := func(s ClaimState) string { return init[sys.Key(s)] }
	for i, s := range g.States {
		if res.Twice == nil && (s.commits[0] > 1 || s.commits[1] > 1) {
			res.Twice, res.TwiceCommits = g.Path(i, initLabel, show), true
		}
	}
	if res.Twice == nil {
		for i, s := range g.States {
			if s.runs[0] > 1 || s.runs[1] > 1 {
				res.Twice = g.Path(i, initLabel, show)
				break
			}
		}
	}
	// At least once: with no fault at all.
	nf := claimSys{d: d, c: c, keys: keys, noFaults: true}
	ng := Search[ClaimState](nf, maxStates)
	res.States += len(ng.States)
	res.Edges += Count(ng)
	res.Bounded = res.Bounded || ng.Bounded
	for i, s := range ng.States {
		if s.missed {
			res.Skipped = ng.Path(i, initLabel, nf.show)
			j := i
			for ng.Parent[j] >= 0 {
				j = ng.Parent[j]
			}
			res.SkipPhaseMs = ng.States[j].tickIn
			break
		}
	}
	// A loop that lets time pass, with a replica up and no fault, in
	// which the firing never commits.
	keep := func(from int, e Edge) bool { return !hasTag(e.Tags, "fault") }
	for _, comp := range g.SCCs(keep) {
		in := map[int]bool{}
		for _, x := range comp {
			in[x] = true
		}
		for _, x := range comp {
			s := g.States[x]
			if s.row[keys-1] == 2 || !sys.up(s) {
				continue
			}
			for _, e := range g.Out[x] {
				if e.Elapse > 0 && in[e.To] && keep(x, e) {
					res.Starved = g.Path(x, initLabel, show)
					break
				}
			}
			if res.Starved != nil {
				break
			}
		}
		if res.Starved != nil {
			break
		}
	}
	return res
}

func (cs claimSys) up(s ClaimState) bool {
	for _, r := range s.reps {
		if r.mode != rDown && !r.stalled {
			return true
		}
	}
	return false
}

func (cs claimSys) show(s ClaimState) string {
	var parts []string
	for i, r := range s.reps {
		m := [...]string{"idle", "running", "ran", "down"}[r.mode]
		if r.stalled {
			m += ", stalled"
		}
		if r.holds {
			m += ", holds"
		}
		parts = append(parts, fmt.Sprintf("r%d %s", i+1, m))
	}
	row := func(k int) string {
		if k == 0 && s.missed {
			return "missed"
		}
		return [...]string{"none", "in flight", "committed"}[s.row[k]]
	}
	out := strings.Join(parts, "; ")
	if sysRows := row(0); cs.c.Catch {
		if s.leaseIn > 0 {
			out += fmt.Sprintf("; lease %s left", FormatAt(s.leaseIn))
		}
		out += "; row " + sysRows
	} else {
		out += "; row d " + sysRows
		if cs.keys == 2 {
			out += ", row d+" + FormatAt(cs.c.PeriodMs) + " " + row(1)
		}
	}
	if s.runs[0] > 0 || s.runs[1] > 0 {
		out += fmt.Sprintf("; effects run %d", int(s.runs[0])+int(s.runs[1]))
	}
	return out
}
