// Package verify is the Workflow Engine's transition system for
// `seams-timers verify`: an instance of a scheme as package sim runs it
// (ENGINES.md section 1), with every command a nondeterministic move and
// every condition that can fail both passing and failing. Entering an
// activity runs clear-and-register: every timer row is cleared except
// those of the activity's NotOverrideIfExists timers, then each outgoing
// timer is registered (a kept row stays as it is). A fired timer whose
// conditions fail runs clear-and-register again, and its row is deleted
// when it was kept rather than re-created. What registering a value does
// is package value's Plan, as for the rules and the simulator.
package verify

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/seams/seams-timers/verify"
	"github.com/seams/seams-timers/wfe"
	"github.com/seams/seams-timers/wfe/value"
)

// Config bounds the search.
type Config struct {
	Runtime   value.Runtime
	MaxStates int
	// Deadline, when set, ends every search past it (--max-time): the
	// results are then bounded.
	Deadline time.Time
}

// DefaultMaxStates bounds the search of one scheme.
const DefaultMaxStates = 200000

// Ref is the instant the registrations are computed at: an Interval's
// length does not depend on it; a Time, Date or DateAndTime is a fixed
// point in time, which may come at any instant after the row is
// registered.
var Ref = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

type tkind uint8

const (
	kRow       tkind = iota + 1 // a row due a fixed length after registration
	kAnyTime                    // a row due at a fixed point in time
	kNoRow                      // no row: never fires
	kImmediate                  // the sentinel 0: executes on entry
)

type timer struct {
	t    *wfe.Timer
	name string
	kind tkind
	// due is the interval in units; dueS in milliseconds.
	due  int32
	dueS int64
	why  string
}

type model struct {
	s      *wfe.Scheme
	file   string
	timers map[string]*timer
	names  []string
	// unit is the clock unit in milliseconds.
	unit int64
}

// row is a registered timer row: its clock since registration (units,
// capped).
type row struct {
	name string
	clk  int32
}

// State is the instance's activity and its timer rows, sorted by name.
type State struct {
	activity string
	rows     []row
	ended    bool
}

func (s State) clone() State {
	s.rows = append([]row(nil), s.rows...)
	return s
}

// Verify explores each scheme of a file that has a timer.
func Verify(f *wfe.File, cfg Config) []verify.Result {
	if cfg.MaxStates == 0 {
		cfg.MaxStates = DefaultMaxStates
	}
	var out []verify.Result
	for _, s := range f.Schemes {
		if len(s.Timers) == 0 || s.Initial() == nil {
			continue
		}
		out = append(out, check(compile(f.Path, s, cfg), cfg))
	}
	return out
}

func compile(file string, s *wfe.Scheme, cfg Config) *model {
	m := &model{s: s, file: file, timers: map[string]*timer{}}
	var g int64
	for _, t := range s.Timers {
		name := t.Name.Value
		if _, dup := m.timers[name]; dup {
			continue
		}
		tm := &timer{t: t, name: name}
		due, reg, why := value.Plan(t.Type.Value, t.Value.Value, Ref, cfg.Runtime)
		switch {
		case reg == value.Immediate:
			tm.kind = kImmediate
		case reg != value.Registered:
			tm.kind, tm.why = kNoRow, why
		case strings.EqualFold(t.Type.Value, "Interval") && calendar(t.Value.Value, cfg.Runtime):
			// work-calendar units and months: the length depends on the
			// instant of registration
			tm.kind = kAnyTime
		case strings.EqualFold(t.Type.Value, "Interval"):
			// the engine's intervals count milliseconds
			tm.kind, tm.dueS = kRow, int64(due.Sub(Ref)/time.Millisecond)
			if tm.dueS > 0 {
				g = gcd(g, tm.dueS)
			}
		default:
			tm.kind = kAnyTime
		}
		m.timers[name] = tm
		m.names = append(m.names, name)
	}
	if g == 0 {
		g = 1
	}
	m.unit = g
	for _, t := range m.timers {
		t.due = int32(t.dueS / g)
	}
	return m
}

// calendar reports an Interval whose length depends on when it is
// registered: work-calendar units, or months.
func calendar(text string, rt value.Runtime) bool {
	iv := value.ReadIntervalAs(text, rt.Engine)
	return iv.HasWork() || iv.Months != 0
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

type system struct{ m *model }

func (sys system) Key(s State) string {
	var b strings.Builder
	b.WriteString(s.activity)
	if s.ended {
		b.WriteString("|end")
	}
	for _, r := range s.rows {
		b.WriteString("|" + r.name + "@" + strconv.Itoa(int(r.clk)))
	}
	return b.String()
}

func (sys system) Show(s State) string {
	var parts []string
	for _, r := range s.rows {
		c := verify.FormatAt(int64(r.clk) * sys.m.unit)
		if cp := sys.capOf(r.name); r.clk >= cp {
			c = ">=" + verify.FormatAt(int64(cp)*sys.m.unit)
		}
		parts = append(parts, r.name+"@"+c)
	}
	out := s.activity
	if s.ended {
		out += " (final)"
	}
	if len(parts) > 0 {
		out += " rows " + strings.Join(parts, ", ")
	} else if !s.ended {
		out += " (no timer row)"
	}
	return out
}

type branch struct {
	s     State
	label string
	tags  []string
}

const maxImmediate = 100

// enter moves the instance into an activity: clear-and-register, then
// the sentinel-0 timers' transitions at once (a condition that can fail
// both passing and failing).
func (sys system) enter(s State, activity string, depth int) []branch {
	s = s.clone()
	s.activity = activity
	tags := sys.clearAndRegister(&s, "")
	if a := sys.m.s.Activity(activity); a != nil && a.IsFinal.True() {
		s.ended = true
		return []branch{{s: s, tags: tags}}
	}
	timers, _ := sys.m.s.TimersOut(activity)
	for _, t := range timers {
		tm := sys.m.timers[t.Name.Value]
		if tm == nil || tm.kind != kImmediate || depth >= maxImmediate {
			continue
		}
		var out []branch
		canStay := false
		for _, tr := range sys.m.s.Outgoing(activity) {
			if trig := tr.TimerTrigger(); trig == nil || trig.NameRef.Value != tm.name {
				continue
			}
			for _, b := range sys.enter(s, tr.To.Value, depth+1) {
				out = append(out, branch{s: b.s, label: ", " + tm.name + " (0) executes at once -> " + tr.To.Value + b.label, tags: append(append(append([]string(nil), tags...), "fire:"+tm.name), b.tags...)})
			}
			if !tr.CanFail() {
				return out
			}
			canStay = true
		}
		if canStay {
			out = append(out, branch{s: s, label: ", " + tm.name + " (0): no condition passes", tags: tags})
		}
		if len(out) > 0 {
			return out
		}
	}
	return []branch{{s: s, tags: tags}}
}

// clearAndRegister is the runtime's cycle for the state's activity, as
// package sim runs it; fired names the row being executed, which is
// deleted if the cycle kept it. It returns the arm tags.
func (sys system) clearAndRegister(s *State, fired string) []string {
	timers, _ := sys.m.s.TimersOut(s.activity)
	keep := map[string]bool{}
	for _, t := range timers {
		if t.NotOverride() {
			keep[t.Name.Value] = true
		}
	}
	var rows []row
	have := map[string]bool{}
	for _, r := range s.rows {
		if keep[r.name] && r.name != fired {
			rows = append(rows, r)
			have[r.name] = true
		}
	}
	var tags []string
	for _, t := range timers {
		tm := sys.m.timers[t.Name.Value]
		if tm == nil || have[tm.name] || (tm.kind != kRow && tm.kind != kAnyTime) {
			continue
		}
		if keep[tm.name] && tm.name == fired {
			continue // NotOverrideIfExists: the fired row is deleted, not re-created
		}
		rows = append(rows, row{name: tm.name})
		have[tm.name] = true
		tags = append(tags, "arm:"+tm.name)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].name < rows[j].name })
	s.rows = rows
	return tags
}

func (sys system) Initial() []verify.Move[State] {
	init := sys.m.s.Initial()
	var out []verify.Move[State]
	for _, b := range sys.enter(State{}, init.Name.Value, 0) {
		out = append(out, verify.Move[State]{Label: "create the instance in " + init.Name.Value + b.label, Tags: b.tags, To: b.s})
	}
	return out
}

func (sys system) Moves(s State) []verify.Move[State] {
	// a final activity takes no command, but its timer rows still fire,
	// as package sim runs them
	m := sys.m
	var out []verify.Move[State]
	emit := func(label string, tags []string, bs []branch) {
		for _, b := range bs {
			out = append(out, verify.Move[State]{Label: label + b.label, Tags: append(append([]string(nil), tags...), b.tags...), To: b.s})
		}
	}
	seen := map[string]bool{}
	for _, tr := range m.s.Outgoing(s.activity) {
		if s.ended {
			break
		}
		if c := tr.CommandTrigger(); c != nil && !seen["c:"+c.NameRef.Value] {
			seen["c:"+c.NameRef.Value] = true
			emit("command "+c.NameRef.Value+" -> "+tr.To.Value, nil, sys.enter(s, tr.To.Value, 0))
		}
		for _, trig := range tr.Triggers {
			if strings.EqualFold(strings.TrimSpace(trig.Type.Value), "Auto") {
				emit("auto "+tr.ID+" -> "+tr.To.Value, nil, sys.enter(s, tr.To.Value, 0))
			}
		}
	}
	urgent := false
	for i, r := range s.rows {
		tm := m.timers[r.name]
		may, must := true, false
		if tm.kind == kRow {
			may, must = r.clk >= tm.due, r.clk >= tm.due
		}
		urgent = urgent || must
		if !may {
			continue
		}
		label := "timer " + r.name + " fires"
		tags := []string{"fire:" + r.name}
		canFail := false
		var uses int
		for _, tr := range m.s.Outgoing(s.activity) {
			if trig := tr.TimerTrigger(); trig == nil || trig.NameRef.Value != r.name {
				continue
			}
			uses++
			ns := s.clone()
			ns.rows = append(ns.rows[:i:i], ns.rows[i+1:]...)
			emit(label+" -> "+tr.To.Value, tags, sys.enter(ns, tr.To.Value, 0))
			if !tr.CanFail() {
				canFail = false
				break
			}
			canFail = true
		}
		if canFail || uses == 0 {
			ns := s.clone()
			arm := sys.clearAndRegister(&ns, r.name)
			emit(label+", no condition passes: clear-and-register "+s.activity, append(tags, arm...), []branch{{s: ns}})
		}
	}
	if !urgent {
		// A row's clock stops one unit past its due time; when no move is
		// enabled, time jumps to the next due time at once.
		step := int32(1)
		if len(out) == 0 {
			step = -1
			for _, r := range s.rows {
				if c := sys.capOf(r.name); r.clk < c && (step < 0 || c-r.clk < step) {
					step = c - r.clk
				}
				if tm := m.timers[r.name]; tm.kind == kRow && tm.due > r.clk && tm.due-r.clk < step {
					step = tm.due - r.clk
				}
			}
			if step < 0 {
				step = 1
			}
		}
		ns := s.clone()
		changed := false
		for i := range ns.rows {
			if c := sys.capOf(ns.rows[i].name); ns.rows[i].clk < c {
				ns.rows[i].clk = min(ns.rows[i].clk+step, c)
				changed = true
			}
		}
		if changed {
			d := int64(step) * m.unit
			out = append(out, verify.Move[State]{Label: "wait " + verify.FormatAt(d), Elapse: d, To: ns})
		}
	}
	return out
}

// capOf is where a row's clock stops: one unit past its due time.
func (sys system) capOf(name string) int32 {
	if tm := sys.m.timers[name]; tm.kind == kRow {
		return tm.due + 1
	}
	return 1
}

func check(m *model, cfg Config) verify.Result {
	t0 := time.Now()
	sys := system{m: m}
	g := verify.SearchUntil[State](sys, cfg.MaxStates, cfg.Deadline)
	res := verify.Result{File: m.file, Model: m.s.Label(), States: len(g.States), Edges: verify.Count(g), Bounded: g.Bounded, Timers: len(m.names)}
	inits := map[string]string{}
	var initTags []string
	for _, mv := range sys.Initial() {
		if _, ok := inits[sys.Key(mv.To)]; !ok {
			inits[sys.Key(mv.To)] = mv.Label
		}
		initTags = append(initTags, mv.Tags...)
	}
	var timers []verify.Timer
	for _, name := range m.names {
		tm := m.timers[name]
		vt := verify.Timer{ID: name, File: m.file, Line: tm.t.Range.Start.Line, Col: tm.t.Range.Start.Col}
		timers = append(timers, vt)
	}
	act := func(name string) verify.Timer {
		if a := m.s.Activity(name); a != nil {
			return verify.Timer{ID: name, File: m.file, Line: a.Range.Start.Line, Col: a.Range.Start.Col}
		}
		return verify.Timer{ID: name, File: m.file, Line: m.s.Range.Start.Line, Col: m.s.Range.Start.Col}
	}
	sp := verify.Spec[State]{
		Timers: timers,
		Armed: func(s State) []string {
			var out []string
			for _, r := range s.rows {
				if m.timers[r.name].kind == kRow || m.timers[r.name].kind == kAnyTime {
					out = append(out, r.name)
				}
			}
			return out
		},
		// an activity with no way out at all is where the scheme ends,
		// whether or not it says IsFinal; one whose ways out are all
		// unavailable is stuck.
		Ended: func(s State) bool { return s.ended || len(m.s.Outgoing(s.activity)) == 0 },
		Where: func(s State) (string, int, int, string) {
			a := act(s.activity)
			return a.File, a.Line, a.Col, a.ID
		},
		Show:      sys.Show,
		InitLabel: func(s State) string { return inits[sys.Key(s)] },
		InitTags:  initTags,
		Model:     verify.Timer{ID: "scheme " + m.s.Label(), File: m.file, Line: m.s.Range.Start.Line, Col: m.s.Range.Start.Col},
	}
	res.Findings = verify.Check(g, sp, cfg.MaxStates, m.unit)
	// a timer that registers no row is never armed: say why
	for i, f := range res.Findings {
		if tm := m.timers[f.Element]; tm != nil && tm.kind == kNoRow && f.Rule == verify.RuleNeverArmed {
			res.Findings[i].Message = fmt.Sprintf("timer %s is never armed: %s", tm.name, tm.why)
		}
	}
	for i := range res.Findings {
		replay(m, &res.Findings[i])
	}
	res.Micros = time.Since(t0).Microseconds()
	return res
}

// replay sets a finding's simulate flags: an instance of the scheme
// started at Ref, run until the counterexample's last instant. Only a
// counterexample made of the instance's creation, time passing and timers
// firing through transitions whose conditions cannot fail is replayed;
// a command, an Auto transition, a condition's outcome or a loop is not
// (simulate --engine wfe takes commands and outcomes from a scenario
// file's instances, which is not written).
func replay(m *model, f *verify.Finding) {
	if len(f.Trace) == 0 {
		return
	}
	if len(f.Loop) > 0 {
		f.NoReplay = "the counterexample ends in a loop that repeats forever"
		return
	}
	canFail := map[string]bool{}
	for _, tr := range m.s.Transitions {
		if trig := tr.TimerTrigger(); trig != nil && tr.CanFail() {
			canFail[trig.NameRef.Value] = true
		}
	}
	var end int64
	for _, st := range f.Trace {
		mv := st.Move
		switch {
		case strings.HasPrefix(mv, "create the instance in "), strings.HasPrefix(mv, "wait "):
		case strings.HasPrefix(mv, "timer "):
			name, _, _ := strings.Cut(strings.TrimPrefix(mv, "timer "), " fires")
			if canFail[name] {
				f.NoReplay = "a Workflow Engine counterexample that takes a condition's outcome (simulate --engine wfe reads outcomes from a scenario file's instances, not converted)"
				return
			}
		default:
			f.NoReplay = "a Workflow Engine counterexample with a command or an Auto transition (simulate --engine wfe reads commands from a scenario file's instances, not converted)"
			return
		}
		if strings.Contains(mv, " executes at once") || strings.Contains(mv, "no condition passes") {
			f.NoReplay = "a Workflow Engine counterexample that takes a condition's outcome (simulate --engine wfe reads outcomes from a scenario file's instances, not converted)"
			return
		}
		end = st.At
	}
	rfc := func(t time.Time) string { return t.UTC().Format(time.RFC3339) }
	f.Replay = []string{"--engine", "wfe", "--from", rfc(Ref), "--until", rfc(Ref.Add(time.Duration(end)*time.Millisecond + 2*time.Second)),
		"--start", m.s.Label() + "@" + rfc(Ref)}
}
