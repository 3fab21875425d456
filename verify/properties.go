package verify

import (
	"fmt"
	"strings"
)

// Timer is a timer of a model: its ID (what the tags name) and where it
// is written.
type Timer struct {
	ID   string
	File string
	Line int
	Col  int
	// Unsupported, when set, says why its due times are not computed
	// (reported TMR9008).
	Unsupported string
	// Skip leaves the timer out of the other properties (it is not run).
	Skip bool
}

// Spec is what the properties read from an engine's states.
type Spec[S any] struct {
	Timers []Timer
	// Armed lists the timers armed in a state, once per token or row.
	Armed func(S) []string
	// Stuck reports a state that has not ended and waits with nothing that
	// can move it even when it has a move (the engine knows, e.g., that
	// time passing changes nothing); a state with no move at all that has
	// not Ended is stuck anyway.
	Ended func(S) bool
	// Where names the element a stuck state waits at.
	Where func(S) (file string, line, col int, element string)
	// Show prints a state; InitLabel names the move that creates an
	// initial state.
	Show      func(S) string
	InitLabel func(S) string
	// InitTags are the tags of the initial moves (a timer start fires).
	InitTags []string
	// Overflow reports a state past the token bound (TMR9006), with the
	// model's position.
	Overflow func(S) bool
	Model    Timer
	MaxItems int
	// Excused reports a stuck state the engine explains otherwise (a
	// token waiting at a timer the rules refuse: check reports it); Why,
	// when it returns text, says why a stuck state cannot move.
	Excused func(S) bool
	Why     func(S) string
}

// Check reads the properties off an explored graph: TMR9001 never armed,
// TMR9002 never fires (both only when the search was not bounded),
// TMR9003 postponed forever, TMR9004 stuck, TMR9005 armed twice, TMR9006
// unbounded, TMR9007 bounded, TMR9008 unsupported.
func Check[S any](g *Graph[S], sp Spec[S], maxStates int, unitMs int64) []Finding {
	var out []Finding
	path := func(i int) []Step { return g.Path(i, sp.InitLabel, sp.Show) }
	at := func(rule string, t Timer, msg string) Finding {
		return NewFinding(rule, t.File, t.Line, t.Col, t.ID, msg)
	}
	armedAt := map[string]int{}
	twice := map[string]int{}
	fired := map[string]bool{}
	for _, tg := range sp.InitTags {
		if id, ok := strings.CutPrefix(tg, "fire:"); ok {
			fired[id] = true
			armedAt[id] = -1
		}
	}
	for i, s := range g.States {
		count := map[string]int{}
		for _, id := range sp.Armed(s) {
			count[id]++
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
				if id, ok := strings.CutPrefix(tg, "fire:"); ok {
					fired[id] = true
				}
			}
		}
	}
	for _, t := range sp.Timers {
		if t.Unsupported != "" {
			how := "verify lets it fire at any instant after it is armed"
			if t.Skip {
				how = "verify lets it never fire"
			}
			out = append(out, at(RuleUnsupported, t, fmt.Sprintf("timer %s: %s; %s", t.ID, t.Unsupported, how)))
		}
		if t.Skip {
			continue
		}
		if i, ok := twice[t.ID]; ok {
			f := at(RuleArmedTwice, t, fmt.Sprintf("timer %s is armed twice at once in one instance: each token's firing runs its path", t.ID))
			f.Trace = path(i)
			out = append(out, f)
		}
		if g.Bounded {
			continue // a "never" needs the whole state space
		}
		i, armed := armedAt[t.ID]
		switch {
		case !armed:
			out = append(out, at(RuleNeverArmed, t, fmt.Sprintf("timer %s is never armed: no execution reaches it", t.ID)))
		case !fired[t.ID]:
			f := at(RuleNeverFires, t, fmt.Sprintf("timer %s is armed but never fires: in every execution it is cancelled, or has no occurrence, before it is due", t.ID))
			if i >= 0 {
				f.Trace = path(i)
			}
			out = append(out, f)
		}
	}
	out = append(out, postponed(g, sp)...)
	for i := 0; i < g.Expanded; i++ {
		s := g.States[i]
		if len(g.Out[i]) == 0 && !g.Cut[i] && !sp.Ended(s) && (sp.Overflow == nil || !sp.Overflow(s)) {
			if sp.Excused != nil && sp.Excused(s) {
				continue
			}
			file, line, col, el := sp.Where(s)
			why := "with no timer that can fire and nothing else that can move it"
			if sp.Why != nil {
				if w := sp.Why(s); w != "" {
					why = w
				}
			}
			f := NewFinding(RuleStuck, file, line, col, el, fmt.Sprintf("the instance can get stuck: it waits at %s %s", sp.Show(s), why))
			f.Trace = path(i)
			out = append(out, f)
			break
		}
	}
	if sp.Overflow != nil {
		for i, s := range g.States {
			if sp.Overflow(s) {
				f := at(RuleUnbounded, sp.Model, fmt.Sprintf("%s creates tokens without bound (more than %d, or an automatic loop): a non-interrupting cycle or a loop with no wait", sp.Model.ID, sp.MaxItems))
				f.Trace = path(i)
				out = append(out, f)
				break
			}
		}
	}
	if g.Stopped {
		out = append(out, at(RuleBounded, sp.Model,
			fmt.Sprintf("search stopped at %d states, at the first state past the token bound: the timers' never-armed and never-fires results are not proven", len(g.States))))
	} else if g.TimedOut {
		out = append(out, at(RuleBounded, sp.Model,
			fmt.Sprintf("search bounded by the time budget (--max-time) at %d states: the timers' never-armed and never-fires results are not proven (raise --max-time)", len(g.States))))
	} else if g.Bounded {
		out = append(out, at(RuleBounded, sp.Model,
			fmt.Sprintf("search bounded at %d states: the timers' never-armed and never-fires results are not proven (clock unit %s, raise --max-states)", maxStates, FormatAt(unitMs))))
	}
	return out
}

// postponed finds, for every timer, a loop of the explored graph that
// lets time pass and re-arms the timer without it ever firing: the timer
// can be postponed forever. The loop is a strongly connected component of
// the graph without the timer's firings that holds a move arming it and a
// move letting time pass.
func postponed[S any](g *Graph[S], sp Spec[S]) []Finding {
	var out []Finding
	for _, t := range sp.Timers {
		if t.Skip {
			continue
		}
		fire, arm := "fire:"+t.ID, "arm:"+t.ID
		keep := func(_ int, e Edge) bool { return !hasTag(e.Tags, fire) }
		comps := g.SCCs(keep)
		inComp := make([]int, len(g.States))
		for c, comp := range comps {
			for _, s := range comp {
				inComp[s] = c
			}
		}
		for c, comp := range comps {
			delayFrom, delayK, armFrom, armK := -1, -1, -1, -1
			for _, s := range comp {
				for k, e := range g.Out[s] {
					if !keep(s, e) || inComp[e.To] != c {
						continue
					}
					if e.Elapse > 0 && delayFrom < 0 {
						delayFrom, delayK = s, k
					}
					if hasTag(e.Tags, arm) && armFrom < 0 {
						armFrom, armK = s, k
					}
				}
			}
			if delayFrom < 0 || armFrom < 0 {
				continue
			}
			inside := func(from int, e Edge) bool { return keep(from, e) && inComp[from] == c && inComp[e.To] == c }
			// the loop: arm, on to the delay, wait, back to where it arms
			t0 := g.Instant(armFrom)
			ae := g.Out[armFrom][armK]
			loop := []Step{{Move: ae.Label, At: t0 + ae.Elapse, State: sp.Show(g.States[ae.To])}}
			now := t0 + ae.Elapse
			to := g.PathBetween(ae.To, delayFrom, now, inside, sp.Show)
			if to == nil {
				continue
			}
			loop = append(loop, to...)
			if len(to) > 0 {
				now = to[len(to)-1].At
			}
			de := g.Out[delayFrom][delayK]
			now += de.Elapse
			loop = append(loop, Step{Move: de.Label, At: now, State: sp.Show(g.States[de.To])})
			back := g.PathBetween(de.To, armFrom, now, inside, sp.Show)
			if back == nil {
				continue
			}
			loop = append(loop, back...)
			f := NewFinding(RulePostponed, t.File, t.Line, t.Col, t.ID,
				fmt.Sprintf("timer %s can be postponed forever: a loop re-arms it before it is due, and time passes without it firing", t.ID))
			f.Trace = g.Path(armFrom, sp.InitLabel, sp.Show)
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
