package sim

import (
	"fmt"
	"path/filepath"
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
	// Spiff is the SpiffWorkflow whose engine loop timer catches follow;
	// "" is SpiffMain.
	Spiff SpiffVersion
}

// SpiffVersion names the SpiffWorkflow engine loop the simulator follows.
// The two differ in how many overdue occurrences of a cycle whose path
// waits at a task one refresh delivers: main's do_engine_steps ends with
// refresh_timers(), so it delivers two where v3.1.2 delivers one.
type SpiffVersion string

// The SpiffWorkflow versions the simulator follows. ADR-0037 names "3.2",
// which no public tag is yet: main (8c6e00f6, 2026-06) is the nearest, and
// the default.
const (
	SpiffMain SpiffVersion = "main"
	Spiff312  SpiffVersion = "3.1.2"
)

// ParseSpiffVersion reads a SpiffWorkflow version as a setting spells it.
func ParseSpiffVersion(s string) (SpiffVersion, error) {
	switch strings.TrimPrefix(strings.TrimSpace(s), "v") {
	case "", "main", "3.2":
		return SpiffMain, nil
	case "3.1.2", "3.1":
		return Spiff312, nil
	}
	return "", fmt.Errorf("unknown SpiffWorkflow version %q: main (the default, nearest to ADR-0037's 3.2) or 3.1.2", s)
}

// OverduePerRefresh is how many overdue occurrences of a cycle timer whose
// path stops at a user or manual task one refresh delivers.
func (v SpiffVersion) OverduePerRefresh() int {
	if v == Spiff312 {
		return 1
	}
	return 2
}

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
	// ran and lastTick are the tick its scheduler loops last ran at: the
	// next must come later, or the simulation would never end.
	ran      bool
	lastTick int64
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
	// spiff is the SpiffWorkflow engine loop timer catches follow.
	spiff SpiffVersion
	// cur is the waiting non-interrupting cycle boundary whose path the
	// token being moved is on (Spiff keeps that path under the timer's
	// task, and drops it when the timer is cancelled), or nil.
	cur *row
	// inUser is set while what a user did runs (a start, a completion).
	inUser bool
	// out, when set, receives each event as it happens, and the result
	// keeps neither the events nor the instances (Stream).
	out sink
	// ninst counts the instances created.
	ninst int32
	// cur1 is the event being handed to out.
	cur1 rec
}

// Run simulates the input under the scenario. The scenario's zero fields
// take their defaults (Scenario.Defaults); From must be set.
func Run(in Input, sc Scenario) (*Result, error) { return runWith(in, sc, nil) }

// runWith simulates; out, when set, receives the events as they happen.
func runWith(in Input, sc Scenario, out sink) (*Result, error) {
	sc.Defaults()
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	e := &engine{
		sc: sc, from: ns(sc.From), until: ns(sc.Until), step: int64(sc.Step), lease: int64(sc.Lease),
		seed: uint64(sc.Seed), res: &Result{Scenario: sc}, spiff: in.Spiff,
	}
	if e.spiff == "" {
		e.spiff = SpiffMain
	}
	e.res.Spiff = e.spiff
	e.compile(in)
	if err := e.resolvePlans(); err != nil {
		return nil, err
	}
	if out != nil {
		e.out = out
		if err := out.begin(e.res); err != nil {
			return nil, err
		}
	}
	e.buildReplicas()
	e.seedQueue()
	e.loop()
	if e.err != nil {
		return nil, e.err
	}
	e.finish()
	e.res.ninst = int(e.ninst)
	if out != nil {
		if err := out.end(e.res); err != nil {
			return nil, err
		}
	}
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
	e.resolveCalls()
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

// resolveCalls finds the process each call activity runs: the top-level
// process whose id is its calledElement, in the same file first, then in
// the other models (SpiffWorkflow resolves it across the files loaded
// into one parser).
func (e *engine) resolveCalls() {
	for _, pr := range e.procs {
		for i := range pr.nodes {
			n := &pr.nodes[i]
			if n.kind != nCall || n.el.CalledElement == "" {
				continue
			}
			for _, c := range e.procs {
				if c.p.ID != n.el.CalledElement {
					continue
				}
				if n.callee == nil || (c.doc == pr.doc && n.callee.doc != pr.doc) {
					n.callee = c
				}
			}
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
	if r := e.outOfReach(expr, st.Role); r != nil {
		st.Refusal = r
		return t
	}
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
	var out, exact []*proc
	cleanName := cleanRef(name)
	for _, p := range e.procs {
		full := cleanRef(p.doc.Path + "#" + p.p.ID)
		if full == cleanName {
			exact = append(exact, p)
		}
		if p.name == name || p.p.ID == name || full == cleanName || strings.HasSuffix(full, "/"+cleanName) {
			out = append(out, p)
		}
	}
	// A path#id that names a file exactly means that file, even when the
	// same path ends another one's.
	if len(exact) > 0 {
		return exact
	}
	return out
}

// cleanRef cleans the path of a path#id reference.
func cleanRef(ref string) string {
	path, id, ok := strings.Cut(ref, "#")
	if !ok || path == "" {
		return ref
	}
	return filepath.ToSlash(filepath.Clean(path)) + "#" + id
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
			var names []string
			for _, p := range targets {
				names = append(names, p.doc.Path+"#"+p.p.ID)
			}
			return fmt.Errorf("scenario: process %q is ambiguous; write it as path#id, the path relative to the scenario file: %s", pp.Process, strings.Join(names, ", "))
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

// emit records an event, or hands it to the output when the simulation
// streams: a write that fails stops the simulation with its error.
func (e *engine) emit(r rec) {
	if r.in != nil {
		r.inst = r.in.id
	}
	if e.out == nil {
		e.res.log.add(&r)
		return
	}
	var in Instance
	if r.in != nil {
		in = Instance{Process: int32(r.in.proc.index), Seq: r.in.seq}
	}
	// The event goes to the output through the engine's own copy, so
	// that it does not escape to the heap.
	e.cur1 = r
	if err := e.out.event(e.res, &e.cur1, in); err != nil && e.err == nil {
		e.err = err
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

// maxReplays bounds the missed occurrences of a catch cycle the simulator
// replays one by one, as SpiffWorkflow does, before the window starts.
const maxReplays = 100_000

// outOfReach refuses a timer the simulator cannot step through in bounded
// time: a first due time before the instants it represents (a cycle that
// started centuries ago, such as a typo 1026 for 2026), or a catch cycle
// with more missed occurrences before the window than maxReplays (Spiff
// would replay each of them at once).
func (e *engine) outOfReach(expr timeexpr.Value, role Role) *Refusal {
	var s timeexpr.Schedule
	switch {
	case expr.Kind == timeexpr.ValueDuration:
		return nil
	case role == RoleStart:
		var err error
		if s, err = expr.StartSchedule(); err != nil {
			return nil
		}
	default:
		s = expr.CatchSchedule(time.Time{})
	}
	if s.First.Before(minInstant) {
		return &Refusal{Msg: fmt.Sprintf("first due time %s lies before %s, the first day the simulator represents",
			timeexpr.FormatTime(s.First), minInstant.AddDate(0, 0, 1).Format("2006-01-02"))}
	}
	if role != RoleStart {
		if n := s.Before(e.sc.From); n > maxReplays {
			return &Refusal{Msg: fmt.Sprintf("%d occurrences are due before the window starts, and SpiffWorkflow would replay "+
				"every one of them at once: more than the %d the simulator replays", n, maxReplays)}
		}
	}
	return nil
}
