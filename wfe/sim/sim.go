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
// As measured on 6.0.2 (the default engine): an Interval that reads 0
// registers a row due now; the value 0 executes the timer transition at
// once on entering the activity, with no row; a single server polls in
// batches of 100 and polls again at once while a poll returns rows, so a
// row re-registered to a moment already past refires in a busy loop; the
// servers of multi-server mode take turns, each taking the next poll
// under the cluster lock an interval after the latest one, and never poll
// at the same instant.
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
	Immediate     Kind = "immediate"
	EntryFailed   Kind = "entry-failed"
	BusyLoop      Kind = "busy-loop"
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
	Scheme string `json:"scheme"`
	Timer  string `json:"timer"`
	Type   string `json:"type"`
	Value  string `json:"value"`
	Counts
	Refused string `json:"refused,omitempty"`
}

// Counts are a timer's counters, in a Summary and in the JSON document.
type Counts struct {
	Registered    int `json:"registered"`
	Reregistered  int `json:"reRegistered"`
	Fired         int `json:"fired"`
	Refires       int `json:"refires"`
	Lost          int `json:"lost"`
	NotRegistered int `json:"notRegistered"`
	// Immediate counts the executions of the sentinel 0 on entering the
	// activity; EntryFailed the entries whose computation threw; BusyLoops
	// the rows left refiring at once on every poll.
	Immediate   int `json:"immediate"`
	EntryFailed int `json:"entryFailed"`
	BusyLoops   int `json:"busyLoops"`
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
	// busy marks a row refiring in a busy loop: no longer simulated
	// firing by firing.
	busy bool
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
	res      *Result
	// out, when set, receives each event as it happens, and events keeps
	// none (Stream); emitted counts them for maxEvents.
	out     Sink
	emitted int
	err     error
}

// maxEvents bounds a simulation's events (a Date timer refiring on every
// poll for a month would otherwise fill memory).
const maxEvents = 200000

// batchSize is TimerBatchSize: the rows one poll takes.
const batchSize = 100

// Run simulates the scenario and keeps every event.
func Run(in Input, sc Scenario) (*Result, error) { return runWith(in, sc, "", nil) }

// Sink receives a simulation as it runs: Begin once the timers are known
// (their counts zero), Event for each event as it happens, End with the
// counts.
type Sink interface {
	Begin(r *Result) error
	Event(r *Result, ev Event) error
	End(r *Result) error
}

// Stream simulates as Run does, handing each event to out as it happens
// and keeping none, so that its memory does not grow with the window;
// note is the Result's Note. The Result returned holds the counts.
func Stream(in Input, sc Scenario, note string, out Sink) (*Result, error) {
	return runWith(in, sc, note, out)
}

func runWith(in Input, sc Scenario, note string, out Sink) (*Result, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	if sc.Together {
		return nil, fmt.Errorf("together: the servers of multi-server mode never poll at the same instant: each takes the next poll under the cluster lock (WorkflowSync), an interval after the latest one, so they take turns; remove the key")
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
	res := &Result{Scenario: sc, Note: note}
	if out != nil {
		e.out = out
		res.Timers = e.counts()
		if err := out.Begin(res); err != nil {
			return nil, err
		}
	}
	e.res = res
	e.loop()
	if e.err != nil {
		return nil, e.err
	}
	res.Events, res.Timers = e.events, e.counts()
	if out != nil {
		if err := out.End(res); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// counts are the summaries, in the order the timers were met.
func (e *engine) counts() []Summary {
	out := make([]Summary, 0, len(e.order))
	for _, k := range e.order {
		out = append(out, *e.sums[k])
	}
	return out
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

// nextPoll is the first poll at or after x, and the replica (0-based)
// that takes it, or the zero time. A single server polls at start-up and
// every period. In multi-server mode each runtime sets its next poll to
// the latest of all the runtimes' next polls plus the interval, under the
// cluster lock: the cluster polls once an interval, the replicas in turn,
// the first an interval after start-up.
func (e *engine) nextPoll(x time.Time) (time.Time, int) {
	for _, s := range e.segs {
		if !x.Before(s[1]) {
			continue
		}
		first, step := s[0], e.sc.Period
		if e.sc.Multi {
			step = e.sc.Interval
			first = s[0].Add(step)
		}
		at, k := first, time.Duration(0)
		if x.After(first) {
			k = (x.Sub(first) + step - 1) / step
			at = first.Add(k * step)
		}
		if at.Before(s[1]) {
			return at, int(k % time.Duration(e.replicas))
		}
	}
	return time.Time{}, -1
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
	if e.emitted >= maxEvents {
		e.stopped = true
		ev = Event{At: ev.At, Kind: Stopped, Detail: fmt.Sprintf("stopped after %d events", maxEvents)}
	}
	e.emitted++
	if e.out == nil {
		e.events = append(e.events, ev)
		return
	}
	if err := e.out.Event(e.res, ev); err != nil && e.err == nil {
		// A write that fails stops the simulation.
		e.err, e.stopped = err, true
	}
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
	after := e.sc.From // polls before this are done
	hi := 0
	for !e.stopped {
		// The earliest due row, and the poll that takes it.
		minDue, any := time.Time{}, false
		for _, in := range e.insts {
			for _, rw := range in.rows {
				if !rw.ignore && !rw.busy && (!any || rw.due.Before(minDue)) {
					minDue, any = rw.due, true
				}
			}
		}
		pollAt, pollR := time.Time{}, -1
		if any {
			x := after
			if minDue.After(x) {
				x = minDue
			}
			pollAt, pollR = e.nextPoll(x)
		}
		if hi < len(hs) && hs[hi].at.Before(e.sc.Until) && (pollR < 0 || !pollAt.Before(hs[hi].at)) {
			e.happen(hs[hi])
			hi++
			continue
		}
		if pollR < 0 {
			return
		}
		after = pollAt.Add(time.Nanosecond)
		e.poll(pollR, pollAt)
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
	e.enterDepth(in, activity, at, replica, 0)
}

// maxImmediate bounds the chain of immediate transitions one entry runs
// (a cycle of activities whose timers are all 0 never stops).
const maxImmediate = 100

func (e *engine) enterDepth(in *instance, activity string, at time.Time, replica, depth int) {
	in.activity = activity
	e.emit(Event{At: at, Replica: replica, Kind: Enter, Instance: in.id, Scheme: in.scheme.Label(), Activity: activity})
	immediate := e.clearAndRegister(in, at, replica)
	if a := in.scheme.Activity(activity); a != nil && a.IsFinal.True() {
		in.ended = true
		e.emit(Event{At: at, Replica: replica, Kind: End, Instance: in.id, Scheme: in.scheme.Label(), Activity: activity})
		return
	}
	// GetTransitionsForImmediateExecution: the timer transitions of the
	// sentinel 0 execute at once, with no row.
	for _, name := range immediate {
		s := in.scheme
		ev := Event{At: at, Replica: replica, Kind: Immediate, Instance: in.id, Scheme: s.Label(), Timer: name, Activity: activity}
		if depth >= maxImmediate {
			ev.Kind, ev.Detail = Stopped, fmt.Sprintf("%d immediate transitions in a row: a cycle of timers valued 0", maxImmediate)
			e.emit(ev)
			in.ended = true
			return
		}
		outcome := e.outcome(in, name)
		for _, tr := range s.Outgoing(activity) {
			if trig := tr.TimerTrigger(); trig == nil || trig.NameRef.Value != name || tr.CanFail() && !outcome {
				continue
			}
			e.summary(s, name).Immediate++
			ev.Detail = "the sentinel 0 executes the timer transition on entry -> " + tr.To.Value
			e.emit(ev)
			e.enterDepth(in, tr.To.Value, at, replica, depth+1)
			return
		}
		e.summary(s, name).Immediate++
		ev.Detail = "the sentinel 0: no condition passed, the instance stays"
		e.emit(ev)
	}
}

// clearAndRegister is the runtime's cycle for the instance's activity:
// delete every row but those of the activity's NotOverrideIfExists
// timers, then insert each outgoing timer, or update its row when the
// timer may be overridden. A timer whose row existed before the cycle is
// re-registered; one whose row existed and is not registered again is
// cleared. It returns the timers valued 0, which execute at once when the
// activity is entered.
func (e *engine) clearAndRegister(in *instance, at time.Time, replica int) (immediate []string) {
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
		due, reg, why := e.due(t, at)
		switch reg {
		case value.Immediate:
			immediate = append(immediate, name)
			continue
		case value.Fails:
			sum.EntryFailed++
			ev.Kind, ev.Detail = EntryFailed, why+" (simulated as no row)"
			e.emit(ev)
			continue
		case value.NotRegistered, value.Never:
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
	return immediate
}

// due computes what registering a timer does: a row due at a time, no
// row, the sentinel 0's immediate transition, or a failure.
func (e *engine) due(t *wfe.Timer, at time.Time) (time.Time, value.Registration, string) {
	if v, ok := e.sc.Assume[t.Name.Value]; ok {
		if v == "0" || v == "-1" {
			return value.Plan("Interval", v, at, e.in.Runtime)
		}
		due, why, ok := value.Assumed(v, at, e.in.Runtime)
		if !ok {
			return due, value.NotRegistered, why
		}
		return due, value.Registered, ""
	}
	if t.Type.Value == "Expression" {
		return time.Time{}, value.NotRegistered, "an Expression is computed at run time: give it a value with --assume or the scenario's assume:"
	}
	return value.Plan(t.Type.Value, t.Value.Value, at, e.in.Runtime)
}

// due is a row that a poll found due.
type dueRow struct {
	in *instance
	rw *row
}

// poll is one poll of the timer manager by replica r: it takes the due
// rows, oldest first, in batches of 100, claims each (the compare-and-set
// UPDATE ... SET Ignore = TRUE WHERE Id = @id AND Ignore = FALSE) and
// executes it. A single server polls again at once while a poll returns
// rows: a row that its own firing re-registers to a moment already past
// fires again at the same instant, and a row that can never move the
// instance is a busy loop, recorded once.
func (e *engine) poll(r int, at time.Time) {
	fired := map[*instance]map[string]int{}
	for !e.stopped {
		var due []dueRow
		for _, in := range e.insts {
			for _, name := range slices.Sorted(maps.Keys(in.rows)) {
				rw := in.rows[name]
				if !rw.ignore && !rw.busy && !rw.due.After(at) {
					due = append(due, dueRow{in, rw})
				}
			}
		}
		if len(due) == 0 {
			return
		}
		sort.SliceStable(due, func(i, j int) bool {
			if !due[i].rw.due.Equal(due[j].rw.due) {
				return due[i].rw.due.Before(due[j].rw.due)
			}
			return due[i].in.seq < due[j].in.seq
		})
		for len(due) > 0 && !e.stopped {
			batch := due[:min(batchSize, len(due))]
			due = due[len(batch):]
			for _, d := range batch {
				if e.stopped {
					return
				}
				if d.in.rows[d.rw.name] != d.rw || d.rw.due.After(at) || d.rw.ignore {
					// An earlier firing of the instance cleared or re-registered it.
					continue
				}
				if fired[d.in] == nil {
					fired[d.in] = map[string]int{}
				}
				if fired[d.in][d.rw.name] > 0 && !e.canPass(d.in, d.rw.name) {
					d.rw.busy = true
					e.summary(d.in.scheme, d.rw.name).BusyLoops++
					e.emit(Event{At: at, Replica: r + 1, Kind: BusyLoop, Instance: d.in.id, Scheme: d.in.scheme.Label(), Timer: d.rw.name,
						Activity: d.in.activity, Due: d.rw.due,
						Detail: "refires at once on every poll while its condition fails: about 1,000 firings a second on an in-memory store, bounded by the database's latency; not simulated further"})
					continue
				}
				fired[d.in][d.rw.name]++
				d.rw.ignore = true
				e.fire(d.in, d.rw, at, r+1)
			}
		}
		if e.sc.Multi {
			return
		}
	}
}

// canPass reports whether a later firing of the timer can find a condition
// passing: the scenario's outcomes still to come hold a pass, or the last
// one, which repeats, passes.
func (e *engine) canPass(in *instance, timer string) bool {
	list := in.plan.Conditions[timer]
	if len(list) == 0 {
		return true
	}
	return slices.Contains(list[min(in.outcomes[timer], len(list)-1):], true)
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
