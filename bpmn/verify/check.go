package verify

import (
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/verify"
)

// Config bounds the search and the user.
type Config struct {
	// TaskMin and TaskMax bound how long a user task stays open, in
	// seconds (TaskMax 0: no upper bound; the user may never act).
	TaskMin, TaskMax int64
	// Tasks bounds tasks one by one, by element ID: [min, max] seconds.
	Tasks map[string][2]int64
	// MaxStates bounds the search (0: DefaultMaxStates).
	MaxStates int
	// Deadline, when set, ends every search past it (--max-time): the
	// results are then bounded.
	Deadline time.Time
	// MaxTokens bounds the tokens of one instance (0: DefaultMaxTokens).
	MaxTokens int
	// Refused is the rules' verdict on a timer event (the one simulate
	// takes, rules.Verdicts): a refused timer is not run, as the
	// simulator does not run it. Nil refuses nothing.
	Refused func(*bpmn.Document, *bpmn.Element) (rule, reason string, refused bool)
	// Docs are every model loaded: a call activity's called process is
	// looked for in its own document first, then in these.
	Docs []*bpmn.Document
	// Deploy, when set, is the deployment whose claims (ADR-0037 section
	// 4) verify checks for exactly-once, for every timer that fires.
	Deploy *verify.Deployment
	// Scheduled, when set, says which top-level processes a scheduler
	// starts (a container seam:schedules them): the timer starts of the
	// others never fire, so their claims are not checked. Nil: every one.
	Scheduled func(*bpmn.Document, *bpmn.Process) bool
}

// Defaults of Config.
const (
	DefaultMaxStates = 200000
	DefaultMaxTokens = 32
)

// Verify explores every top-level process of a document and returns one
// result per process that holds a timer.
func Verify(doc *bpmn.Document, cfg Config) []verify.Result {
	if cfg.MaxStates == 0 {
		cfg.MaxStates = DefaultMaxStates
	}
	if cfg.MaxTokens == 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	var out []verify.Result
	for _, p := range doc.Processes {
		if p.Parent != nil || p.Kind != bpmn.KindProcess {
			continue
		}
		m := compile(doc, p, cfg)
		if m.ownTimers() == 0 {
			continue
		}
		out = append(out, check(m, cfg))
	}
	return out
}

func check(m *model, cfg Config) verify.Result {
	t0 := time.Now()
	sys := system{m: m}
	g := verify.SearchUntil[State](sys, cfg.MaxStates, cfg.Deadline)
	res := verify.Result{File: m.doc.Path, Model: m.p.ID, States: len(g.States), Edges: verify.Count(g), Bounded: g.Bounded, Timers: m.ownTimers()}
	inits := map[string]string{}
	var initTags []string
	for _, mv := range sys.Initial() {
		if _, ok := inits[sys.Key(mv.To)]; !ok {
			inits[sys.Key(mv.To)] = mv.Label
		}
		initTags = append(initTags, mv.Tags...)
	}
	pos := func(el *bpmn.Element) verify.Timer {
		return verify.Timer{ID: el.ID, File: m.doc.Path, Line: el.Span.Start.Line, Col: el.Span.Start.Col}
	}
	var timers []verify.Timer
	for _, t := range m.timers {
		if t.hidden {
			continue
		}
		vt := pos(t.el)
		switch {
		case t.refused != "":
			vt.Unsupported, vt.Skip = t.refused, true
		case t.kind == tUnknown:
			vt.Unsupported = t.why
		}
		timers = append(timers, vt)
	}
	sp := verify.Spec[State]{
		Timers: timers,
		Armed:  sys.armed,
		Ended:  State.ended,
		Where: func(s State) (string, int, int, string) {
			nd := m.nodes[s.items[0].node]
			return nd.doc.Path, nd.el.Span.Start.Line, nd.el.Span.Start.Col, nd.el.ID
		},
		Show:      sys.Show,
		InitLabel: func(s State) string { return inits[sys.Key(s)] },
		InitTags:  initTags,
		Overflow:  func(s State) bool { return s.overflow },
		Model:     verify.Timer{ID: "process " + m.p.ID, File: m.doc.Path, Line: m.p.Span.Start.Line, Col: m.p.Span.Start.Col},
		MaxItems:  m.maxItems,
		Excused: func(s State) bool {
			for _, it := range s.items {
				if t := m.nodes[it.node].timer; t >= 0 && m.timers[t].refused != "" && m.nodes[it.node].kind == nTimerCatch {
					return true
				}
			}
			return false
		},
		Why: func(s State) string {
			for _, it := range s.items {
				if nd := m.nodes[it.node]; nd.kind == nCall {
					return "forever: the call activity " + nd.el.ID + " waits, because " + nd.why
				}
				if it.flow >= 0 {
					return "forever: the parallel join " + m.nodes[it.node].el.ID + " waits for an input no token can reach any more (SpiffWorkflow's parallel gateway waits for every input, as simulate does)"
				}
			}
			for _, it := range s.items {
				if nd := m.nodes[it.node]; nd.kind == nEventGW {
					return "forever: SpiffWorkflow never completes the event-based gateway " + nd.el.ID + " (its timer branches run on their own; the events it waits for are never reported), so the instance does not end"
				}
			}
			return ""
		},
	}
	res.Findings = verify.Check(g, sp, cfg.MaxStates, m.unit*1000)
	rp := replayer{m: m, step: time.Second, dep: cfg.Deploy}
	if cfg.Deploy != nil {
		rp.step = time.Duration(cfg.Deploy.PollMs) * time.Millisecond
	}
	for i := range res.Findings {
		rp.replayProcess(&res.Findings[i])
	}
	if cfg.Deploy != nil {
		fire := firings(g, sys, initTags, inits)
		if cfg.Scheduled != nil && !cfg.Scheduled(m.doc, m.p) {
			for _, st := range m.starts {
				delete(fire, m.nodes[st].el.ID)
			}
		}
		m.claims(*cfg.Deploy, fire, cfg.MaxStates, &res, rp)
	}
	m.locate(res.Findings)
	res.Micros = time.Since(t0).Microseconds()
	return res
}

// armed lists the timers a state has armed, once per token.
func (sys system) armed(s State) []string {
	m := sys.m
	var out []string
	for _, it := range s.items {
		nd := m.nodes[it.node]
		switch nd.kind {
		case nTimerCatch:
			out = append(out, nd.el.ID)
		case nUser, nSub:
			for k, b := range nd.bounds {
				if m.nodes[b].timer >= 0 && !it.bt[k].done {
					out = append(out, m.nodes[b].el.ID)
				}
			}
		}
	}
	return out
}

// firings maps each timer some explored move fires to a shortest path
// that ends with its first firing.
func firings(g *verify.Graph[State], sys system, initTags []string, inits map[string]string) map[string][]verify.Step {
	out := map[string][]verify.Step{}
	for _, tg := range initTags {
		if id, ok := strings.CutPrefix(tg, "fire:"); ok {
			out[id] = []verify.Step{}
		}
	}
	initLabel := func(s State) string { return inits[sys.Key(s)] }
	for i, es := range g.Out {
		for _, e := range es {
			for _, tg := range e.Tags {
				id, ok := strings.CutPrefix(tg, "fire:")
				if !ok {
					continue
				}
				if _, seen := out[id]; seen {
					continue
				}
				p := g.Path(i, initLabel, sys.Show)
				at := g.Instant(i) + e.Elapse
				out[id] = append(p, verify.Step{Move: e.Label, At: at, State: sys.Show(g.States[e.To])})
			}
		}
	}
	return out
}

// locate gives each counterexample step the position of the first element
// its move names (SARIF's thread flow locations).
func (m *model) locate(fs []verify.Finding) {
	byID := map[string]*bpmn.Element{}
	for _, n := range m.nodes {
		byID[n.el.ID] = n.el
	}
	set := func(steps []verify.Step) {
		for i := range steps {
			for _, w := range strings.FieldsFunc(steps[i].Move, func(r rune) bool {
				return r == ' ' || r == ',' || r == '(' || r == ')' || r == ':' || r == ';'
			}) {
				if el, ok := byID[w]; ok {
					steps[i].Line, steps[i].Column = el.Span.Start.Line, el.Span.Start.Col
					break
				}
			}
		}
	}
	for i := range fs {
		set(fs[i].Trace)
		set(fs[i].Loop)
	}
}

// ownTimers counts the timers of the process itself (not of the processes
// its call activities call).
func (m *model) ownTimers() int {
	n := 0
	for _, t := range m.timers {
		if !t.hidden {
			n++
		}
	}
	return n
}
