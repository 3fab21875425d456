package verify

import (
	"fmt"
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
	// MaxStates bounds the search (0: DefaultMaxStates).
	MaxStates int
	// MaxTokens bounds the tokens of one instance (0: DefaultMaxTokens).
	MaxTokens int
}

// Defaults of Config.
const (
	DefaultMaxStates = 200000
	DefaultMaxTokens = 16
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
		if len(m.timers) == 0 {
			continue
		}
		out = append(out, check(m, cfg))
	}
	return out
}

func check(m *model, cfg Config) verify.Result {
	t0 := time.Now()
	sys := system{m: m}
	g := verify.Search[State](sys, cfg.MaxStates)
	res := verify.Result{File: m.doc.Path, Model: m.p.ID, States: len(g.States), Edges: verify.Count(g), Bounded: g.Bounded, Timers: len(m.timers)}
	// the initial moves' labels: recompute them once
	inits := map[string]string{}
	for _, mv := range sys.Initial() {
		mv.To.norm()
		if _, ok := inits[sys.Key(mv.To)]; !ok {
			inits[sys.Key(mv.To)] = mv.Label
		}
	}
	initLabel := func(s State) string { return inits[sys.Key(s)] }
	path := func(i int) []verify.Step { return g.Path(i, initLabel, sys.Show) }
	find := func(rule string, el *bpmn.Element, msg string) verify.Finding {
		return verify.NewFinding(rule, m.doc.Path, el.Span.Start.Line, el.Span.Start.Col, el.ID, msg)
	}

	// which timers each state has armed, and which moves fire them
	armedAt := map[string]int{}
	fired := map[string]bool{}
	twice := map[string]int{}
	for i, s := range g.States {
		count := map[string]int{}
		for _, it := range s.items {
			nd := m.nodes[it.node]
			switch nd.kind {
			case nTimerCatch:
				count[nd.el.ID]++
			case nEventGW:
				for _, o := range nd.out {
					if o >= 0 && m.nodes[o].kind == nTimerCatch {
						count[m.nodes[o].el.ID]++
					}
				}
			case nUser, nSub:
				for k, b := range nd.bounds {
					if m.nodes[b].timer >= 0 && !it.bt[k].done {
						count[m.nodes[b].el.ID]++
					}
				}
			}
		}
		for id, c := range count {
			if _, ok := armedAt[id]; !ok {
				armedAt[id] = i
			}
			if _, ok := twice[id]; !ok && c > 1 {
				twice[id] = i
			}
		}
		for _, e := range g.Out[i] {
			for _, tg := range e.Tags {
				if strings.HasPrefix(tg, "fire:") {
					fired[tg[5:]] = true
				}
			}
		}
	}
	for _, mv := range sys.Initial() {
		for _, tg := range mv.Tags {
			if strings.HasPrefix(tg, "fire:") {
				fired[tg[5:]] = true
				if _, ok := armedAt[tg[5:]]; !ok {
					mv.To.norm()
					armedAt[tg[5:]] = -1
				}
			}
		}
	}
	for _, t := range m.timers {
		id := t.el.ID
		if t.kind == tUnknown || t.why != "" {
			res.Findings = append(res.Findings, find(verify.RuleUnsupported, t.el,
				fmt.Sprintf("timer %s: %s; verify lets it fire at any instant after it is armed", id, t.why)))
		}
		if i, ok := twice[id]; ok {
			f := find(verify.RuleArmedTwice, t.el, fmt.Sprintf("timer %s is armed twice at once in one instance: each token's firing runs its path", id))
			f.Trace = path(i)
			res.Findings = append(res.Findings, f)
		}
		if g.Bounded {
			continue // a "never" needs the whole state space
		}
		i, armed := armedAt[id]
		switch {
		case !armed:
			res.Findings = append(res.Findings, find(verify.RuleNeverArmed, t.el,
				fmt.Sprintf("timer %s is never armed: no execution reaches it", id)))
		case !fired[id]:
			f := find(verify.RuleNeverFires, t.el,
				fmt.Sprintf("timer %s is armed but never fires: in every execution it is cancelled, or has no occurrence, before it is due", id))
			if i >= 0 {
				f.Trace = path(i)
			}
			res.Findings = append(res.Findings, f)
		}
	}
	res.Findings = append(res.Findings, postponed(g, sys, path)...)
	if i := firstStuck(g, sys); i >= 0 {
		s := g.States[i]
		el := m.nodes[s.items[0].node].el
		f := find(verify.RuleStuck, el, fmt.Sprintf("the instance can get stuck: it waits at %s with no timer that can fire and nothing else that can move it", sys.Show(s)))
		f.Trace = path(i)
		res.Findings = append(res.Findings, f)
	}
	for i, s := range g.States {
		if s.overflow {
			f := verify.NewFinding(verify.RuleUnbounded, m.doc.Path, m.p.Span.Start.Line, m.p.Span.Start.Col, m.p.ID, fmt.Sprintf("process %s creates tokens without bound (more than %d, or an automatic loop): a non-interrupting cycle or a loop with no wait", m.p.ID, m.maxItems))
			f.Trace = path(i)
			res.Findings = append(res.Findings, f)
			break
		}
	}
	if g.Bounded {
		res.Findings = append(res.Findings, verify.NewFinding(verify.RuleBounded, m.doc.Path, m.p.Span.Start.Line, m.p.Span.Start.Col, m.p.ID,
			fmt.Sprintf("search bounded at %d states: the timers' never-armed and never-fires results are not proven (clock unit %s, raise --max-states)", cfg.MaxStates, verify.FormatAt(m.unit))))
	}
	res.Micros = time.Since(t0).Microseconds()
	return res
}

// firstStuck returns the first explored state (breadth first: one with a
// shortest trace) that has not ended and has no move, or -1.
func firstStuck(g *verify.Graph[State], sys system) int {
	for i := 0; i < g.Expanded; i++ {
		s := g.States[i]
		if !s.ended() && !s.overflow && len(g.Out[i]) == 0 {
			return i
		}
	}
	return -1
}

// postponed finds, for every timer, a loop of the explored graph that
// lets time pass and re-arms the timer without it ever firing: the timer
// can be postponed forever.
func postponed(g *verify.Graph[State], sys system, path func(int) []verify.Step) []verify.Finding {
	var out []verify.Finding
	m := sys.m
	for _, t := range m.timers {
		id := t.el.ID
		fire, arm := "fire:"+id, "arm:"+id
		keep := func(_ int, e verify.Edge) bool { return !hasTag(e.Tags, fire) }
		inComp := make([]int, len(g.States))
		comps := g.SCCs(keep)
		for c, comp := range comps {
			for _, s := range comp {
				inComp[s] = c
			}
		}
	comps:
		for c, comp := range comps {
			// a delay edge and an arming edge inside the component
			delayFrom, armFrom, armK := -1, -1, -1
			for _, s := range comp {
				for k, e := range g.Out[s] {
					if !keep(s, e) || inComp[e.To] != c {
						continue
					}
					if e.Elapse > 0 && delayFrom < 0 {
						delayFrom = s
					}
					if hasTag(e.Tags, arm) && armFrom < 0 {
						armFrom, armK = s, k
					}
				}
			}
			if delayFrom < 0 || armFrom < 0 {
				continue
			}
			inside := func(from int, e verify.Edge) bool { return keep(from, e) && inComp[from] == c && inComp[e.To] == c }
			at := g.Instant(armFrom)
			armEdge := g.Out[armFrom][armK]
			loop := []verify.Step{{Move: armEdge.Label, At: at + armEdge.Elapse, State: sys.Show(g.States[armEdge.To])}}
			back := g.PathBetween(armEdge.To, armFrom, at+armEdge.Elapse, inside, sys.Show)
			if back == nil {
				continue comps
			}
			loop = append(loop, back...)
			// the loop must let time pass: make it go through a delay
			hasDelay := false
			for k := 1; k < len(loop); k++ {
				if loop[k].At > loop[k-1].At {
					hasDelay = true
				}
			}
			if len(loop) > 0 && loop[0].At > at {
				hasDelay = true
			}
			if !hasDelay {
				// through the delay edge: arm -> delayFrom -> delay -> armFrom
				to := g.PathBetween(armEdge.To, delayFrom, at+armEdge.Elapse, inside, sys.Show)
				var de verify.Edge
				for _, e := range g.Out[delayFrom] {
					if e.Elapse > 0 && inside(delayFrom, e) {
						de = e
						break
					}
				}
				t1 := at + armEdge.Elapse
				if len(to) > 0 {
					t1 = to[len(to)-1].At
				}
				from := g.PathBetween(de.To, armFrom, t1+de.Elapse, inside, sys.Show)
				if to == nil || from == nil {
					continue comps
				}
				loop = append(loop[:1], to...)
				loop = append(loop, verify.Step{Move: de.Label, At: t1 + de.Elapse, State: sys.Show(g.States[de.To])})
				loop = append(loop, from...)
			}
			f := verify.NewFinding(verify.RulePostponed, m.doc.Path, t.el.Span.Start.Line, t.el.Span.Start.Col, id,
				fmt.Sprintf("timer %s can be postponed forever: a loop re-arms it before it is due, and time passes without it firing", id))
			f.Trace = path(armFrom)
			f.Loop = loop
			out = append(out, f)
			break
		}
	}
	return out
}

func hasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}
