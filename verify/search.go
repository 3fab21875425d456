// Package verify is the engine-neutral explicit-state search of
// `seams-timers verify`: a breadth-first search over the states an engine's
// transition system reaches, each state identified by a canonical key, with
// a bound on the number of states, the parent of every state for
// counterexample traces, the strongly connected components of the explored
// graph (lassos: what can repeat forever), and the findings' text and JSON
// output. It knows no engine: bpmn/verify and wfe/verify build the states
// and the moves from their parsed models.
package verify

import "time"

//go:generate go run -tags devtools ./gendocs -out ../docs/verify

// Move is one labelled transition out of a state.
type Move[S any] struct {
	// Label is what happens, as a person reads it: "complete Task_1",
	// "fire Timer_1", "wait 1h".
	Label string
	// Elapse is the time the move lets pass, in milliseconds (0 for a
	// discrete move).
	Elapse int64
	// Tags name what the move does to timers, for the properties:
	// "arm:<id>", "fire:<id>", "cancel:<id>".
	Tags []string
	// To is the state the move reaches.
	To S
}

// Edge is an explored move: its index among its source's moves, and the
// index of the state it reaches.
type Edge struct {
	Label  string
	Elapse int64
	Tags   []string
	To     int
}

// Graph is the explored state space.
type Graph[S any] struct {
	States []S
	// Keys are the states' canonical keys.
	Keys []string
	// Out are the moves out of each explored state; a state beyond the
	// bound has none and is listed in Frontier.
	Out [][]Edge
	// Parent and ParentEdge give the breadth-first tree: the state each
	// state was first reached from, and the index of that move in its
	// Out (-1 for an initial state).
	Parent, ParentEdge []int
	// Bounded reports that the search stopped at MaxStates with states
	// left unexplored.
	Bounded bool
	// Expanded is the number of states whose moves were computed.
	Expanded int
	// Stopped reports that the search stopped at a state the system's
	// Stop accepted (Bounded is then set too).
	Stopped bool
	// Cut marks the explored states some of whose moves were left out at
	// the bound: their Out is not all they can do.
	Cut map[int]bool
	// TimedOut reports that the search stopped at its time budget
	// (Bounded is then set too).
	TimedOut bool
}

// Stopper is a system that can end the search early: at the first state
// Stop accepts (a state past the token bound: what follows it only
// repeats the growth).
type Stopper[S any] interface {
	Stop(S) bool
}

// System is an engine's transition system.
type System[S any] interface {
	// Initial returns the initial states, with a label each.
	Initial() []Move[S]
	// Moves returns the moves out of a state, in a fixed order.
	Moves(S) []Move[S]
	// Key returns a state's canonical key: two states are the same state
	// when their keys are equal.
	Key(S) string
}

// Search explores the states the system reaches, breadth first, and stops
// expanding once maxStates states are known (maxStates <= 0: no bound).
// The result depends only on the system: the same input gives the same
// graph.
func Search[S any](sys System[S], maxStates int) *Graph[S] {
	return SearchUntil(sys, maxStates, time.Time{})
}

// SearchUntil is Search with a time budget: past deadline (zero: none) it
// stops expanding, and the graph is Bounded and TimedOut. Where it stops
// depends on the machine's speed: a bounded result is not deterministic.
func SearchUntil[S any](sys System[S], maxStates int, deadline time.Time) *Graph[S] {
	g := &Graph[S]{}
	index := map[string]int{}
	add := func(s S, parent, edge int) (int, bool) {
		k := sys.Key(s)
		if i, ok := index[k]; ok {
			return i, false
		}
		i := len(g.States)
		index[k] = i
		g.States = append(g.States, s)
		g.Keys = append(g.Keys, k)
		g.Out = append(g.Out, nil)
		g.Parent = append(g.Parent, parent)
		g.ParentEdge = append(g.ParentEdge, edge)
		return i, true
	}
	stop, _ := any(sys).(Stopper[S])
	var roots []Edge
	for _, m := range sys.Initial() {
		i, _ := add(m.To, -1, -1)
		roots = append(roots, Edge{Label: m.Label, Tags: m.Tags, To: i})
	}
	_ = roots
	for next := 0; next < len(g.States); next++ {
		if maxStates > 0 && len(g.States) >= maxStates && next >= maxStates {
			g.Bounded = true
			break
		}
		if !deadline.IsZero() && next%256 == 0 && next > 0 && time.Now().After(deadline) {
			g.Bounded, g.TimedOut = true, true
			break
		}
		moves := sys.Moves(g.States[next])
		out := make([]Edge, 0, len(moves))
		for _, m := range moves {
			if maxStates > 0 && len(g.States) >= maxStates {
				if _, ok := index[sys.Key(m.To)]; !ok {
					g.Bounded = true
					if g.Cut == nil {
						g.Cut = map[int]bool{}
					}
					g.Cut[next] = true
					continue
				}
			}
			i, _ := add(m.To, next, len(out))
			out = append(out, Edge{Label: m.Label, Elapse: m.Elapse, Tags: m.Tags, To: i})
		}
		g.Out[next] = out
		g.Expanded++
		if stop != nil {
			for _, e := range out {
				if stop.Stop(g.States[e.To]) {
					g.Stopped, g.Bounded = true, true
					return g
				}
			}
		}
	}
	return g
}

// Step is one step of a counterexample: the move, the time since the
// instance started when it happens (milliseconds), and the state it
// reaches as the engine prints it.
type Step struct {
	Move  string `json:"move"`
	At    int64  `json:"atMs"`
	State string `json:"state,omitempty"`
	// Line and Column, when set, are where the element the move names is
	// written (SARIF's thread flow locations); JSON leaves them out.
	Line   int `json:"-"`
	Column int `json:"-"`
}

// Path returns the moves from an initial state to state i along the
// breadth-first tree (a shortest path in moves), with their instants.
func (g *Graph[S]) Path(i int, initLabel func(S) string, show func(S) string) []Step {
	var rev []int
	for j := i; j >= 0; j = g.Parent[j] {
		rev = append(rev, j)
	}
	var out []Step
	var at int64
	for k := len(rev) - 1; k >= 0; k-- {
		j := rev[k]
		if g.Parent[j] < 0 {
			out = append(out, Step{Move: initLabel(g.States[j]), At: 0, State: show(g.States[j])})
			continue
		}
		e := g.Out[g.Parent[j]][g.ParentEdge[j]]
		at += e.Elapse
		out = append(out, Step{Move: e.Label, At: at, State: show(g.States[j])})
	}
	return out
}

// PathBetween returns the moves of a shortest path from state a to state b
// over the edges keep accepts, or nil when there is none (a == b gives an
// empty, non-nil path). at is the instant of state a.
func (g *Graph[S]) PathBetween(a, b int, at int64, keep func(from int, e Edge) bool, show func(S) string) []Step {
	if a == b {
		return []Step{}
	}
	prev := map[int][2]int{a: {-1, -1}}
	queue := []int{a}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for k, e := range g.Out[s] {
			if !keep(s, e) {
				continue
			}
			if _, seen := prev[e.To]; seen {
				continue
			}
			prev[e.To] = [2]int{s, k}
			if e.To == b {
				var rev []Edge
				var states []int
				for j := b; j != a; j = prev[j][0] {
					p := prev[j]
					rev = append(rev, g.Out[p[0]][p[1]])
					states = append(states, j)
				}
				var out []Step
				for k := len(rev) - 1; k >= 0; k-- {
					at += rev[k].Elapse
					out = append(out, Step{Move: rev[k].Label, At: at, State: show(g.States[states[k]])})
				}
				return out
			}
			queue = append(queue, e.To)
		}
	}
	return nil
}

// Instant returns the time from the start to state i along the
// breadth-first tree, in milliseconds.
func (g *Graph[S]) Instant(i int) int64 {
	var at int64
	for j := i; g.Parent[j] >= 0; j = g.Parent[j] {
		at += g.Out[g.Parent[j]][g.ParentEdge[j]].Elapse
	}
	return at
}

// SCCs returns the strongly connected components of the explored graph
// restricted to the edges keep accepts, each as its states in increasing
// order, the components in the order of their smallest state. Iterative
// Tarjan: a deep state space does not overflow the stack.
func (g *Graph[S]) SCCs(keep func(from int, e Edge) bool) [][]int {
	n := len(g.States)
	index := make([]int, n)
	low := make([]int, n)
	on := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var comps [][]int
	counter := 0
	type frame struct{ v, k int }
	for root := 0; root < n; root++ {
		if index[root] >= 0 {
			continue
		}
		call := []frame{{root, 0}}
		index[root], low[root] = counter, counter
		counter++
		stack = append(stack, root)
		on[root] = true
		for len(call) > 0 {
			f := &call[len(call)-1]
			v := f.v
			if f.k < len(g.Out[v]) {
				e := g.Out[v][f.k]
				f.k++
				if !keep(v, e) {
					continue
				}
				w := e.To
				if index[w] < 0 {
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					on[w] = true
					call = append(call, frame{w, 0})
				} else if on[w] && index[w] < low[v] {
					low[v] = index[w]
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				u := call[len(call)-1].v
				if low[v] < low[u] {
					low[u] = low[v]
				}
			}
			if low[v] == index[v] {
				var c []int
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					on[w] = false
					c = append(c, w)
					if w == v {
						break
					}
				}
				sortInts(c)
				comps = append(comps, c)
			}
		}
	}
	sortComps(comps)
	return comps
}
