package sim

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// Input is the model to simulate.
type Input struct {
	// Docs are the loaded BPMN documents.
	Docs []*bpmn.Document
	// Starts are the timer start events a scheduler runs: those of the
	// processes a container schedules in the index graph. Nil means every
	// timer start event of a top-level process (TimerStarts), for a model
	// with no index graph; empty means none.
	Starts []*bpmn.Element
	// Refused is the caller's verdict on a timer event (the rule engine's:
	// the simulator does not decide what ADR-0037 refuses). A refused timer
	// is listed with the rule and the message, and not run. Nil refuses
	// nothing; a value the simulator cannot read is then listed as "cannot
	// parse", with no rule.
	Refused func(doc *bpmn.Document, event *bpmn.Element) (rule, message string, refused bool)
}

// maxArrivals bounds the tokens one run may move, so that a loop of
// automatic tasks with no wait in it is reported instead of hanging.
const maxArrivals = 1 << 20

// timer is a timer event as the engine runs it.
type timer struct {
	st    *TimerStats
	expr  timeexpr.Value
	ok    bool
	proc  *proc
	node  int32
	sched timeexpr.Schedule
	// handled counts the due times of a timer start that fired or were
	// missed.
	handled int
}

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

type span struct{ s, e int64 }

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

// procPlan is a ProcessPlan resolved against a compiled process.
type procPlan struct {
	complete map[int32][]Completion
	choose   map[int32][]int32
}

type engine struct {
	sc                       Scenario
	from, until, step, lease int64
	seed                     uint64
	down, off                []span
	reps                     []*replica
	q                        queue
	seq                      uint64
	timers                   []*timer
	procs                    []*proc
	res                      *Result
	work                     []workItem
	arrivals                 int
	order                    []int
	rowSeq                   int64
	live                     []*row
	free                     []*instance
	err                      error
}

// Run simulates the input under the scenario. The scenario's zero fields
// take their defaults (Scenario.Defaults); From must be set.
func Run(in Input, sc Scenario) (*Result, error) {
	sc.Defaults()
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	e := &engine{
		sc: sc, from: ns(sc.From), until: ns(sc.Until), step: int64(sc.Step), lease: int64(sc.Lease),
		seed: uint64(sc.Seed), res: &Result{Scenario: sc},
	}
	e.compile(in)
	if err := e.resolvePlans(); err != nil {
		return nil, err
	}
	e.buildReplicas()
	e.seedQueue()
	e.loop()
	if e.err != nil {
		return nil, e.err
	}
	e.finish()
	return e.res, nil
}

// compile builds the processes and the timer table.
func (e *engine) compile(in Input) {
	counts := map[string]int{}
	for _, d := range in.Docs {
		for _, p := range d.Processes {
			if p.Parent == nil && p.Kind == bpmn.KindProcess {
				counts[p.ID]++
			}
		}
	}
	procOf := map[*bpmn.Process]*proc{}
	for _, d := range in.Docs {
		for _, p := range d.Processes {
			if p.Parent != nil || p.Kind != bpmn.KindProcess {
				continue
			}
			pr := compileProc(d, p, len(e.procs))
			if counts[p.ID] > 1 {
				pr.name = d.Path + "#" + p.ID
			}
			e.procs = append(e.procs, pr)
			e.res.Processes = append(e.res.Processes, pr.name)
			procOf[p] = pr
		}
	}
	starts := in.Starts
	if starts == nil {
		starts = TimerStarts(in.Docs)
	}
	scheduled := map[*bpmn.Element]bool{}
	for _, el := range starts {
		scheduled[el] = true
	}
	for _, d := range in.Docs {
		for _, el := range d.Elements {
			if len(el.Timers) == 0 || el.Container == nil {
				continue
			}
			var verdict *Refusal
			if in.Refused != nil {
				if rule, msg, refused := in.Refused(d, el); refused {
					verdict = &Refusal{Rule: rule, Msg: msg}
				}
			}
			if inEventSubProcess(el.Container) {
				// Listed, not run: the engine does not compile event
				// sub-processes (ADR-0037 leaves their timers out).
				st := newStats(d, el)
				st.Refusal = verdict
				if verdict == nil {
					st.Refusal = &Refusal{Msg: "timer of an event sub-process: the simulator does not run event sub-processes"}
				}
				e.res.Timers = append(e.res.Timers, st)
				e.timers = append(e.timers, &timer{st: st})
				continue
			}
			pr := procOf[el.Container.Top()]
			if pr == nil {
				continue
			}
			n, ok := pr.byEl[el]
			if !ok {
				continue
			}
			t := e.newTimer(d, el, pr, n, scheduled[el], verdict)
			pr.nodes[n].timer = int32(len(e.timers))
			e.timers = append(e.timers, t)
			e.res.Timers = append(e.res.Timers, t.st)
		}
	}
}

// newStats is the summary line of a timer event, before it runs.
func newStats(d *bpmn.Document, el *bpmn.Element) *TimerStats {
	return &TimerStats{Doc: d, Element: el, Name: d.Path + "#" + el.ID, IRI: d.IRI + "#" + el.ID, Role: roles[el.Placement()]}
}

// newTimer compiles the expression Spiff evaluates of a timer event's
// first timer definition (bpmn.Timer.Effective), unless the caller's
// verdict refuses it.
func (e *engine) newTimer(d *bpmn.Document, el *bpmn.Element, pr *proc, n int32, scheduled bool, verdict *Refusal) *timer {
	st := newStats(d, el)
	t := &timer{st: st, proc: pr, node: n}
	x := el.Timers[0].Effective()
	if x != nil {
		st.Kind, st.Value = x.Kind, strings.TrimSpace(x.Text)
	}
	switch {
	case verdict != nil:
		st.Refusal = verdict
		return t
	case x == nil:
		st.Refusal = &Refusal{Msg: "no timeDate, timeDuration or timeCycle"}
		return t
	}
	value, ok := timeexpr.Literal(x.Text)
	if !ok {
		st.Refusal = cannotParse(value)
		return t
	}
	expr, err := timeexpr.ParseValue(x.Kind.ValueKind(), value)
	if err != nil {
		st.Refusal = cannotParse(value)
		return t
	}
	t.expr, st.Value = expr, expr.Text
	var notes []string
	if expr.Kind == timeexpr.ValueCycle && expr.Cycle.Count() == 0 {
		notes = append(notes, "never fires (R0)")
	}
	switch st.Role {
	case RoleStart:
		st.Scheduled = scheduled
		s, err := expr.StartSchedule()
		if err != nil {
			st.Refusal = &Refusal{Msg: err.Error()}
			return t
		}
		t.sched, st.Arith = s, s.Arith
		if !scheduled {
			notes = append(notes, "no container schedules it")
		}
	default:
		if expr.Kind == timeexpr.ValueCycle {
			st.Arith = timeexpr.SpiffCycleSchedule(expr.Cycle).Arith
		} else {
			st.Arith = timeexpr.ArithOnce
		}
	}
	st.Note = strings.Join(notes, "; ")
	t.ok = true
	return t
}

// findProcs returns the processes a plan names.
func (e *engine) findProcs(name string) []*proc {
	if name == "" {
		return e.procs
	}
	var out []*proc
	for _, p := range e.procs {
		full := p.doc.Path + "#" + p.p.ID
		if p.name == name || p.p.ID == name || full == name || strings.HasSuffix(full, "/"+name) {
			out = append(out, p)
		}
	}
	return out
}

// resolvePlans resolves the scenario's process plans to nodes and flows,
// and queues the instance starts.
func (e *engine) resolvePlans() error {
	for _, pp := range e.sc.Processes {
		targets := e.findProcs(pp.Process)
		if len(targets) == 0 {
			return fmt.Errorf("scenario: no process %q (known: %s)", pp.Process, strings.Join(e.res.Processes, ", "))
		}
		if pp.Process != "" && len(targets) > 1 {
			return fmt.Errorf("scenario: process %q is ambiguous; write it as path#id: %s", pp.Process, strings.Join(e.res.Processes, ", "))
		}
		for _, tp := range pp.Complete {
			err := eachTarget(targets, tp.Task, nUser, "a user or manual task", pp.Process, func(p *proc, n int32) error {
				p.planFor().complete[n] = tp.After
				return nil
			})
			if err != nil {
				return err
			}
		}
		for _, ch := range pp.Choose {
			err := eachTarget(targets, ch.Gateway, nXor, "an exclusive gateway", pp.Process, func(p *proc, n int32) error {
				var flows []int32
				for _, want := range ch.Flows {
					f, err := p.outFlow(n, want)
					if err != nil {
						return err
					}
					flows = append(flows, f)
				}
				p.planFor().choose[n] = flows
				return nil
			})
			if err != nil {
				return err
			}
		}
		if len(pp.Starts) > 0 {
			p := targets[0]
			if len(p.entries) == 0 {
				return fmt.Errorf("scenario: process %s has no start event to start an instance at", p.name)
			}
			for _, t := range pp.Starts {
				at := ns(t)
				if at < e.from {
					return fmt.Errorf("scenario: instance of %s started at %s, before from %s", p.name, timeexpr.FormatTime(t), timeexpr.FormatTime(e.sc.From))
				}
				e.push(item{at: at, cls: clsUser, kind: itUserStart, i: int32(p.index)})
			}
		}
	}
	return nil
}

// eachTarget calls fn for the node id in each target process that has
// one. The node must be of the kind what names ("a user task"), and at
// least one target must have it; process is the scenario's name for the
// targets.
func eachTarget(targets []*proc, id string, kind nodeKind, what, process string, fn func(p *proc, n int32) error) error {
	found := false
	for _, p := range targets {
		n, ok := p.byID[id]
		if !ok {
			continue
		}
		if p.nodes[n].kind != kind {
			return fmt.Errorf("scenario: %s in process %s is a %s, not %s", id, p.name, p.nodes[n].el.Type, what)
		}
		found = true
		if err := fn(p, n); err != nil {
			return err
		}
	}
	if !found {
		_, noun, _ := strings.Cut(what, " ")
		return fmt.Errorf("scenario: no %s %q in %s", noun, id, describeTargets(process))
	}
	return nil
}

func describeTargets(name string) string {
	if name == "" {
		return "any process"
	}
	return "process " + name
}

func (p *proc) planFor() *procPlan {
	if p.plan == nil {
		p.plan = &procPlan{complete: map[int32][]Completion{}, choose: map[int32][]int32{}}
	}
	return p.plan
}

// outFlow finds the outgoing flow of a gateway by flow id, target id or
// flow name.
func (p *proc) outFlow(n int32, want string) (int32, error) {
	var names []string
	for _, f := range p.nodes[n].out {
		fl := p.flows[f]
		if fl.f.ID == want || fl.f.Name == want || (fl.target >= 0 && p.nodes[fl.target].el.ID == want) {
			return f, nil
		}
		names = append(names, fl.f.ID)
	}
	return -1, fmt.Errorf("scenario: gateway %s in process %s has no outgoing flow %q (its flows: %s)",
		p.nodes[n].el.ID, p.name, want, strings.Join(names, ", "))
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
	e.push(item{at: e.upTick(e.tickAtOrAfter(due)), cls: clsStart, kind: itStart, i: i})
}

func (e *engine) loop() {
	for len(e.q) > 0 && e.err == nil {
		it := e.q.pop()
		if it.at >= e.until {
			break
		}
		switch it.kind {
		case itStart:
			e.startDue(it.at, it.i)
		case itRow:
			e.rowDue(it.at, it.row)
		case itUserStart, itComplete:
			// What a user does while the runtime is down waits until it
			// is back, in order with everything else.
			if u := e.userInstant(it.at); u != it.at {
				it.at = u
				e.push(it)
				continue
			}
			if it.kind == itUserStart {
				e.userStart(it.at, e.procs[it.i])
			} else {
				e.userComplete(it.at, it.tsk)
			}
		case itCommit:
			e.commit(it)
		case itCrash:
			r := e.reps[it.i]
			if r.ci < len(r.crashes) && r.crashes[r.ci].tick == it.at {
				if !r.dead {
					e.crash(int(it.i), it.at, -1, 0, "", 0)
				}
				r.ci++
			}
		case itRestart:
			r := e.reps[it.i]
			if r.dead {
				r.dead = false
				e.emit(rec{at: it.at, replica: uint16(it.i + 1), level: uint8(LevelWarn), kind: uint8(KindReplicaRestart), timer: -1})
			}
		case itDown:
			e.emit(rec{at: it.at, level: uint8(LevelWarn), kind: uint8(KindDown), until: it.exp, timer: -1})
		case itUp:
			e.emit(rec{at: it.at, level: uint8(LevelWarn), kind: uint8(KindUp), timer: -1})
		}
	}
}

func (e *engine) emit(r rec) { e.res.log.add(&r) }

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
		timer: timer, due: due, until: until, note: e.res.log.intern(note)})
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
	r := rec{at: t, replica: rep, level: uint8(LevelInfo), kind: uint8(KindFire), timer: i, due: due, k: int32(latest), inst: in.id}
	if d := tmr.sched.Describe(latest); d != "" {
		r.note = e.res.log.intern(d)
	}
	e.emit(r)
	for _, l := range losers {
		tmr.st.ClaimedElsewhere++
		e.emit(rec{at: t, replica: uint16(l + 1), level: uint8(LevelDebug), kind: uint8(KindClaimedElsewhere), timer: i, due: due})
	}
	in.root.live = 1
	e.work = append(e.work, workItem{in.root, tmr.node, -1})
	e.drain(t, winner+1)
	e.recycle(in)
	e.scheduleStart(i)
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

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
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

// rowDue runs the replicas' loops at tick t for one timer row: the first
// replica whose transaction reaches the row takes its lease, refreshes the
// instance and commits; the others find the lease held.
func (e *engine) rowDue(t int64, rw *row) {
	if rw.dead {
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
			due: ns(rw.sched.Due(int(it.k))), inst: rw.inst.id, until: it.exp})
		return
	}
	rw.holder = 0
	e.fireRow(rw, at, r+1)
	e.drain(at, r+1)
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

// finish counts the due times before Until that never fired.
func (e *engine) finish() {
	until := tm(e.until)
	for _, t := range e.timers {
		if t.ok && t.st.Role == RoleStart && t.st.Scheduled {
			if p := t.sched.Before(until) - t.handled; p > 0 {
				t.st.Pending += p
			}
		}
	}
	for _, rw := range e.live {
		e.timers[rw.timer].st.Waiting++
		if p := rw.sched.Before(until) - rw.k; p > 0 {
			e.timers[rw.timer].st.Pending += p
		}
	}
}
