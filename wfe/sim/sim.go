// Package sim simulates Workflow Engine schemes as the runtime runs their
// timers (ENGINES.md section 1): entering an activity clears the
// instance's timer rows (except the NotOverrideIfExists timers the
// activity uses again) and registers each outgoing timer; the timer
// manager polls the rows (a single server every TimerPeriod and at
// start-up; in multi-server mode each server after its interval, claiming
// a due row with a compare-and-set on Ignore); a fired timer moves the
// instance when a condition passes, and otherwise runs clear-and-register
// again, the fired row deleted when it was not re-created. After downtime
// every overdue row fires at the first poll.
//
// The clock is its own: instants are visited in order (instance starts,
// commands, and the polls at which a row is due), never by stepping every
// poll. The BPMN simulator's stepped clock is tied to its scheduler loop
// and SpiffWorkflow's ticks and is not exported; the arithmetic here is
// a few functions over the runtime's poll schedule.
package sim

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"time"

	"github.com/seams/seams-timers/wfe"
	"github.com/seams/seams-timers/wfe/value"
)

// Input is what to simulate.
type Input struct {
	Schemes []*wfe.Scheme
	Runtime value.Runtime
	// Refused reports a timer the rules refuse: the rule and the reason.
	// Nil refuses nothing.
	Refused func(s *wfe.Scheme, t *wfe.Timer) (rule, reason string, refused bool)
}

// Kind is what an event records.
type Kind string

// Event kinds.
const (
	Start         Kind = "start"
	Command       Kind = "command"
	Rejected      Kind = "rejected"
	Enter         Kind = "enter"
	Register      Kind = "register"
	Reregister    Kind = "re-register"
	Keep          Kind = "keep"
	Clear         Kind = "clear"
	NotRegistered Kind = "not-registered"
	Refusal       Kind = "refused"
	Fire          Kind = "fire"
	Refire        Kind = "refire"
	Failed        Kind = "condition-failed"
	Deleted       Kind = "deleted"
	Lost          Kind = "lost"
	Claimed       Kind = "claimed-elsewhere"
	End           Kind = "end"
	Stopped       Kind = "stopped"
)

// Event is one thing that happened.
type Event struct {
	At       time.Time `json:"at"`
	Replica  int       `json:"replica,omitempty"`
	Kind     Kind      `json:"kind"`
	Instance string    `json:"instance,omitempty"`
	Scheme   string    `json:"scheme,omitempty"`
	Timer    string    `json:"timer,omitempty"`
	Activity string    `json:"activity,omitempty"`
	Due      time.Time `json:"due,omitzero"`
	Detail   string    `json:"detail,omitempty"`
}

// Summary counts what happened to one timer of one scheme.
type Summary struct {
	Scheme        string `json:"scheme"`
	Timer         string `json:"timer"`
	Type          string `json:"type"`
	Value         string `json:"value"`
	Registered    int    `json:"registered"`
	Reregistered  int    `json:"reRegistered"`
	Fired         int    `json:"fired"`
	Refires       int    `json:"refires"`
	Lost          int    `json:"lost"`
	NotRegistered int    `json:"notRegistered"`
	// ClaimedElsewhere counts the polls that found a due row already
	// claimed by another replica.
	ClaimedElsewhere int    `json:"claimedElsewhere"`
	Refused          string `json:"refused,omitempty"`
}

// Result is a simulation's events and summary.
type Result struct {
	Scenario Scenario  `json:"scenario"`
	Note     string    `json:"note,omitempty"`
	Events   []Event   `json:"events"`
	Timers   []Summary `json:"timers"`
}

// row is a timer row of the persistence store.
type row struct {
	name   string
	due    time.Time
	ignore bool
	// fired marks the row being executed; a row still in the store and
	// marked after the attempt (a NotOverrideIfExists timer kept by the
	// cycle) is deleted.
	fired bool
	// last is the due time of the row's last firing, for refires.
	last time.Time
}

// instance is a process instance.
type instance struct {
	id       string
	scheme   *wfe.Scheme
	plan     *InstancePlan
	activity string
	rows     map[string]*row
	outcomes map[string]int
	ended    bool
	seq      int
}

// engine runs one simulation.
type engine struct {
	in       Input
	sc       Scenario
	segs     [][2]time.Time // the spans the runtime is up
	insts    []*instance
	events   []Event
	sums     map[[2]string]*Summary
	order    [][2]string
	schemes  map[string]*wfe.Scheme
	stopped  bool
	replicas int
}

// maxEvents bounds a simulation's events (a Date timer refiring on every
// poll for a month would otherwise fill memory).
const maxEvents = 200000

// Run simulates the scenario.
func Run(in Input, sc Scenario) (*Result, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	e := &engine{in: in, sc: sc, sums: map[[2]string]*Summary{}, schemes: map[string]*wfe.Scheme{}}
	for _, s := range in.Schemes {
		if _, dup := e.schemes[s.Label()]; !dup {
			e.schemes[s.Label()] = s
		}
		for _, t := range s.Timers {
			e.summary(s, t.Name.Value)
		}
	}
	e.replicas = 1
	if sc.Multi {
		e.replicas = sc.Replicas
	}
	e.segs = upSegments(sc.From, sc.Until, sc.Down)
	if err := e.plan(); err != nil {
		return nil, err
	}
	e.loop()
	res := &Result{Scenario: sc, Events: e.events}
	for _, k := range e.order {
		res.Timers = append(res.Timers, *e.sums[k])
	}
	return res, nil
}

func (e *engine) summary(s *wfe.Scheme, timer string) *Summary {
	k := [2]string{s.Label(), timer}
	if x, ok := e.sums[k]; ok {
		return x
	}
	x := &Summary{Scheme: s.Label(), Timer: timer}
	if t := s.Timer(timer); t != nil {
		x.Type, x.Value = t.Type.Value, t.Value.Value
		if e.in.Refused != nil {
			if rule, reason, ok := e.in.Refused(s, t); ok {
				x.Refused = rule + ": " + reason
			}
		}
	}
	e.sums[k] = x
	e.order = append(e.order, k)
	return x
}

// upSegments are the spans [from, until) minus the downtime windows.
func upSegments(from, until time.Time, down []Window) [][2]time.Time {
	ws := slices.Clone(down)
	sort.Slice(ws, func(i, j int) bool { return ws[i].Start.Before(ws[j].Start) })
	var out [][2]time.Time
	cur := from
	for _, w := range ws {
		if !w.End.After(cur) {
			continue
		}
		if w.Start.After(cur) {
			out = append(out, [2]time.Time{cur, minTime(w.Start, until)})
		}
		cur = w.End
		if !cur.Before(until) {
			return out
		}
	}
	if cur.Before(until) {
		out = append(out, [2]time.Time{cur, until})
	}
	return out
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// up reports whether the runtime is up at t.
func (e *engine) up(t time.Time) bool {
	for _, s := range e.segs {
		if !t.Before(s[0]) && t.Before(s[1]) {
			return true
		}
	}
	return false
}

// nextPoll is the first poll of replica r (0-based) at or after x, or the
// zero time. A single server polls at start-up and every period; in
// multi-server mode replica r first polls an interval (plus its share of
// one, so the replicas take turns, unless they poll together) after
// start-up, then every interval.
func (e *engine) nextPoll(r int, x time.Time) time.Time {
	for _, s := range e.segs {
		if !x.Before(s[1]) {
			continue
		}
		first, step := s[0], e.sc.Period
		if e.sc.Multi {
			step = e.sc.Interval
			first = s[0].Add(step)
			if !e.sc.Together {
				first = first.Add((time.Duration(r) * step / time.Duration(e.replicas)).Truncate(time.Millisecond))
			}
		}
		at := first
		if x.After(first) {
			k := (x.Sub(first) + step - 1) / step
			at = first.Add(k * step)
		}
		if at.Before(s[1]) {
			return at
		}
	}
	return time.Time{}
}

// happening is an instance start or a command, at its time.
type happening struct {
	at      time.Time
	inst    *instance
	command string
	start   bool
}

// plan creates the instances and their happenings.
func (e *engine) plan() error {
	count := map[string]int{}
	for i := range e.sc.Instances {
		p := &e.sc.Instances[i]
		s, ok := e.schemes[p.Scheme]
		if !ok {
			var names []string
			for n := range e.schemes {
				names = append(names, n)
			}
			slices.Sort(names)
			return fmt.Errorf("instances[%d]: no scheme %q among the loaded schemes %v", i, p.Scheme, names)
		}
		for range max(p.Count, 1) {
			count[p.Scheme]++
			e.insts = append(e.insts, &instance{id: fmt.Sprintf("%s#%d", p.Scheme, count[p.Scheme]), scheme: s, plan: p,
				rows: map[string]*row{}, outcomes: map[string]int{}, seq: len(e.insts)})
		}
	}
	return nil
}

func (e *engine) emit(ev Event) {
	if e.stopped {
		return
	}
	if len(e.events) >= maxEvents {
		e.stopped = true
		e.events = append(e.events, Event{At: ev.At, Kind: Stopped, Detail: fmt.Sprintf("stopped after %d events", maxEvents)})
		return
	}
	e.events = append(e.events, ev)
}

// loop visits the instants in order until the end.
func (e *engine) loop() {
	var hs []happening
	for _, in := range e.insts {
		hs = append(hs, happening{at: in.plan.Start, inst: in, start: true})
		for _, c := range in.plan.Commands {
			hs = append(hs, happening{at: c.At, inst: in, command: c.Command})
		}
	}
	sort.SliceStable(hs, func(i, j int) bool { return hs[i].at.Before(hs[j].at) })
	after := make([]time.Time, e.replicas) // polls before these are done
	for r := range after {
		after[r] = e.sc.From
	}
	hi := 0
	for !e.stopped {
		// The earliest due row, and the poll that takes it.
		minDue, any := time.Time{}, false
		for _, in := range e.insts {
			for _, rw := range in.rows {
				if !rw.ignore && (!any || rw.due.Before(minDue)) {
					minDue, any = rw.due, true
				}
			}
		}
		pollAt, pollR := time.Time{}, -1
		if any {
			for r := range e.replicas {
				x := after[r]
				if minDue.After(x) {
					x = minDue
				}
				if p := e.nextPoll(r, x); !p.IsZero() && (pollR < 0 || p.Before(pollAt)) {
					pollAt, pollR = p, r
				}
			}
		}
		if hi < len(hs) && hs[hi].at.Before(e.sc.Until) && (pollR < 0 || !pollAt.Before(hs[hi].at)) {
			e.happen(hs[hi])
			hi++
			continue
		}
		if pollR < 0 {
			return
		}
		// Every replica that polls at this instant selects the same due
		// rows before any of them claims one.
		var together []int
		for r := range e.replicas {
			x := after[r]
			if minDue.After(x) {
				x = minDue
			}
			if e.nextPoll(r, x).Equal(pollAt) {
				together = append(together, r)
				after[r] = pollAt.Add(time.Nanosecond)
			}
		}
		e.poll(together, pollAt)
	}
}

// happen runs an instance start or a command.
func (e *engine) happen(h happening) {
	in := h.inst
	if !e.up(h.at) {
		e.emit(Event{At: h.at, Kind: Rejected, Instance: in.id, Scheme: in.scheme.Label(), Detail: "the runtime is down"})
		return
	}
	if h.start {
		init := in.scheme.Initial()
		if init == nil {
			e.emit(Event{At: h.at, Kind: Rejected, Instance: in.id, Scheme: in.scheme.Label(), Detail: "the scheme has no IsInitial activity"})
			in.ended = true
			return
		}
		e.emit(Event{At: h.at, Kind: Start, Instance: in.id, Scheme: in.scheme.Label(), Activity: init.Name.Value})
		e.enter(in, init.Name.Value, h.at, 0)
		return
	}
	if in.ended || in.activity == "" {
		return
	}
	for _, tr := range in.scheme.Outgoing(in.activity) {
		if c := tr.CommandTrigger(); c != nil && c.NameRef.Value == h.command {
			e.emit(Event{At: h.at, Kind: Command, Instance: in.id, Scheme: in.scheme.Label(), Activity: in.activity,
				Detail: h.command + " -> " + tr.To.Value})
			e.enter(in, tr.To.Value, h.at, 0)
			return
		}
	}
	e.emit(Event{At: h.at, Kind: Rejected, Instance: in.id, Scheme: in.scheme.Label(), Activity: in.activity,
		Detail: fmt.Sprintf("no transition out of %s has the command %s", in.activity, h.command)})
}

// enter moves an instance into an activity and registers its timers.
func (e *engine) enter(in *instance, activity string, at time.Time, replica int) {
	in.activity = activity
	e.emit(Event{At: at, Replica: replica, Kind: Enter, Instance: in.id, Scheme: in.scheme.Label(), Activity: activity})
	e.clearAndRegister(in, at, replica)
	if a := in.scheme.Activity(activity); a != nil && a.IsFinal.True() {
		in.ended = true
		e.emit(Event{At: at, Replica: replica, Kind: End, Instance: in.id, Scheme: in.scheme.Label(), Activity: activity})
	}
}

// clearAndRegister is the runtime's cycle for the instance's activity:
// delete every row but those of the activity's NotOverrideIfExists
// timers, then insert each outgoing timer, or update its row when the
// timer may be overridden. A timer whose row existed before the cycle is
// re-registered; one whose row existed and is not registered again is
// cleared.
func (e *engine) clearAndRegister(in *instance, at time.Time, replica int) {
	s := in.scheme
	timers, _ := s.TimersOut(in.activity)
	keep := map[string]bool{}
	for _, t := range timers {
		if t.NotOverride() {
			keep[t.Name.Value] = true
		}
	}
	prior := map[string]*row{}
	for name, rw := range in.rows {
		prior[name] = rw
		if !keep[name] {
			delete(in.rows, name)
		}
	}
	for _, t := range timers {
		name := t.Name.Value
		sum := e.summary(s, name)
		ev := Event{At: at, Replica: replica, Instance: in.id, Scheme: s.Label(), Timer: name, Activity: in.activity}
		if sum.Refused != "" {
			ev.Kind, ev.Detail = Refusal, sum.Refused
			e.emit(ev)
			continue
		}
		due, why, ok := e.due(t, at)
		if !ok {
			sum.NotRegistered++
			ev.Kind, ev.Detail = NotRegistered, why
			e.emit(ev)
			continue
		}
		ev.Due = due
		if rw, exists := in.rows[name]; exists {
			ev.Kind, ev.Due = Keep, rw.due
			e.emit(ev)
			continue
		}
		rw := &row{name: name, due: due}
		in.rows[name] = rw
		ev.Kind = Register
		if old, ok := prior[name]; ok {
			rw.last = old.last
			sum.Reregistered++
			ev.Kind = Reregister
		} else {
			sum.Registered++
		}
		e.emit(ev)
	}
	for _, name := range slices.Sorted(maps.Keys(prior)) {
		if _, still := in.rows[name]; !still && !prior[name].fired {
			e.emit(Event{At: at, Replica: replica, Kind: Clear, Instance: in.id, Scheme: s.Label(), Timer: name, Activity: in.activity})
		}
	}
}

// due computes a timer's execution time at registration.
func (e *engine) due(t *wfe.Timer, at time.Time) (time.Time, string, bool) {
	if v, ok := e.sc.Assume[t.Name.Value]; ok {
		return value.Assumed(v, at, e.in.Runtime)
	}
	if t.Type.Value == "Expression" {
		return time.Time{}, "an Expression is computed at run time: give it a value with --assume or the scenario's assume:", false
	}
	return value.Due(t.Type.Value, t.Value.Value, at, e.in.Runtime)
}

// due is a row that a poll found due.
type dueRow struct {
	in *instance
	rw *row
}

// poll is one poll of the timer manager on the replicas rs, which poll at
// the same instant: every due row, oldest first, is claimed by one of them
// (in turns, so that the claims spread) and executed; the others find it
// claimed.
func (e *engine) poll(rs []int, at time.Time) {
	var due []dueRow
	for _, in := range e.insts {
		for _, name := range slices.Sorted(maps.Keys(in.rows)) {
			rw := in.rows[name]
			if !rw.due.After(at) {
				due = append(due, dueRow{in, rw})
			}
		}
	}
	sort.SliceStable(due, func(i, j int) bool {
		if !due[i].rw.due.Equal(due[j].rw.due) {
			return due[i].rw.due.Before(due[j].rw.due)
		}
		return due[i].in.seq < due[j].in.seq
	})
	for k, d := range due {
		if e.stopped {
			return
		}
		if d.in.rows[d.rw.name] != d.rw || d.rw.due.After(at) {
			// An earlier firing of the instance cleared or re-registered it.
			continue
		}
		for j := range rs {
			r := rs[(k+j)%len(rs)]
			// The compare-and-set: UPDATE ... SET Ignore = TRUE WHERE Id = @id AND Ignore = FALSE.
			if j > 0 || d.rw.ignore {
				e.summary(d.in.scheme, d.rw.name).ClaimedElsewhere++
				e.emit(Event{At: at, Replica: r + 1, Kind: Claimed, Instance: d.in.id, Scheme: d.in.scheme.Label(), Timer: d.rw.name})
				continue
			}
			d.rw.ignore = true
			e.fire(d.in, d.rw, at, r+1)
		}
	}
}

// fire executes a claimed row.
func (e *engine) fire(in *instance, rw *row, at time.Time, replica int) {
	s := in.scheme
	sum := e.summary(s, rw.name)
	sum.Fired++
	kind := Fire
	if !rw.last.IsZero() && rw.last.Equal(rw.due) {
		kind = Refire
		sum.Refires++
	}
	rw.last = rw.due
	rw.fired = true
	from := in.activity
	ev := Event{At: at, Replica: replica, Kind: kind, Instance: in.id, Scheme: s.Label(), Timer: rw.name, Activity: from, Due: rw.due}
	var uses []*wfe.Transition
	for _, tr := range s.Outgoing(from) {
		if trig := tr.TimerTrigger(); trig != nil && trig.NameRef.Value == rw.name {
			uses = append(uses, tr)
		}
	}
	outcome := e.outcome(in, rw.name)
	for _, tr := range uses {
		if tr.CanFail() && !outcome {
			continue
		}
		ev.Detail = "-> " + tr.To.Value
		e.emit(ev)
		e.enter(in, tr.To.Value, at, replica)
		e.dropFired(in, rw, at, replica, false)
		return
	}
	ev.Detail = "no condition passed"
	e.emit(ev)
	e.emit(Event{At: at, Replica: replica, Kind: Failed, Instance: in.id, Scheme: s.Label(), Timer: rw.name, Activity: from})
	e.clearAndRegister(in, at, replica)
	e.dropFired(in, rw, at, replica, true)
}

// dropFired deletes the fired row when the firing did not re-create it,
// and records an instance left with no timer.
func (e *engine) dropFired(in *instance, rw *row, at time.Time, replica int, stayed bool) {
	if cur, ok := in.rows[rw.name]; !ok || cur != rw || !rw.fired {
		return
	}
	delete(in.rows, rw.name)
	s := in.scheme
	e.emit(Event{At: at, Replica: replica, Kind: Deleted, Instance: in.id, Scheme: s.Label(), Timer: rw.name, Activity: in.activity,
		Detail: "NotOverrideIfExists: the fired row is not re-created"})
	if stayed && !in.ended {
		e.summary(s, rw.name).Lost++
		detail := "the instance has no timer left"
		if len(in.rows) > 0 {
			detail = fmt.Sprintf("%d other timer(s) left", len(in.rows))
		}
		e.emit(Event{At: at, Replica: replica, Kind: Lost, Instance: in.id, Scheme: s.Label(), Timer: rw.name, Activity: in.activity, Detail: detail})
	}
}

// outcome is whether the conditions that can fail pass at this firing of
// the timer: the scenario's list, one per firing, the last repeating;
// they pass when the scenario says nothing.
func (e *engine) outcome(in *instance, timer string) bool {
	list := in.plan.Conditions[timer]
	if len(list) == 0 {
		return true
	}
	i := in.outcomes[timer]
	in.outcomes[timer]++
	return list[min(i, len(list)-1)]
}
