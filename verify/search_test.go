package verify

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// counter is a toy system: a counter modulo n that a move increments
// ("inc", arming timer T) and a wait lets time pass (1 s); at n-1 the
// timer fires and the counter stops.
type counter struct{ n int }

func (c counter) Initial() []Move[int] { return []Move[int]{{Label: "start", To: 0}} }
func (c counter) Key(s int) string     { return strconv.Itoa(s) }
func (c counter) Moves(s int) []Move[int] {
	if s == c.n-1 {
		return []Move[int]{{Label: "fire T", Tags: []string{"fire:T"}, To: c.n}}
	}
	if s == c.n {
		return nil
	}
	return []Move[int]{
		{Label: "inc", Tags: []string{"arm:T"}, To: s + 1},
		{Label: "wait", Elapse: 1000, To: s},
		{Label: "reset", Tags: []string{"arm:T"}, To: 0},
	}
}

func TestSearchAndPath(t *testing.T) {
	g := Search[int](counter{5}, 0)
	if len(g.States) != 6 || g.Bounded {
		t.Fatalf("states %d bounded %v, want 6 and complete", len(g.States), g.Bounded)
	}
	p := g.Path(5, func(int) string { return "start" }, strconv.Itoa)
	var moves []string
	for _, s := range p {
		moves = append(moves, s.Move)
	}
	if got := strings.Join(moves, ","); got != "start,inc,inc,inc,inc,fire T" {
		t.Errorf("path %s", got)
	}
}

func TestSearchBound(t *testing.T) {
	g := Search[int](counter{100}, 10)
	if !g.Bounded || len(g.States) > 10 || g.Expanded > 10 {
		t.Errorf("bounded %v states %d expanded %d", g.Bounded, len(g.States), g.Expanded)
	}
	if len(g.Cut) == 0 {
		t.Error("no state marked cut at the bound")
	}
}

func TestCheckPostponedAndStuck(t *testing.T) {
	g := Search[int](counter{3}, 0)
	sp := Spec[int]{
		Timers:    []Timer{{ID: "T", File: "f", Line: 1, Col: 1}},
		Armed:     func(s int) []string { return []string{"T"} },
		Ended:     func(s int) bool { return false },
		Where:     func(int) (string, int, int, string) { return "f", 2, 1, "X" },
		Show:      strconv.Itoa,
		InitLabel: func(int) string { return "start" },
		Model:     Timer{ID: "m", File: "f", Line: 1, Col: 1},
	}
	fs := Check(g, sp, 0, 1000)
	rules := map[string]Finding{}
	for _, f := range fs {
		rules[f.Rule] = f
	}
	pf, ok := rules[RulePostponed]
	if !ok || len(pf.Loop) == 0 {
		t.Fatalf("want TMR9003 with a loop, got %+v", fs)
	}
	delay := false
	for _, s := range pf.Loop {
		delay = delay || s.Move == "wait"
	}
	if !delay {
		t.Errorf("the loop lets no time pass: %+v", pf.Loop)
	}
	if st, ok := rules[RuleStuck]; !ok || st.Trace[len(st.Trace)-1].Move != "fire T" {
		t.Errorf("want TMR9004 after the firing, got %+v", fs)
	}
	if _, ok := rules[RuleNeverFires]; ok {
		t.Error("T fires: no TMR9002")
	}
}

func TestFormatAt(t *testing.T) {
	for ms, want := range map[int64]string{0: "0s", 90000: "1m30s", 86400000: "1d", 1500: "1s500ms", 4: "4ms"} {
		if got := FormatAt(ms); got != want {
			t.Errorf("FormatAt(%d) = %s, want %s", ms, got, want)
		}
	}
}

// TestTimeBudget: a search past its deadline stops, says it is bounded by
// time, and the properties then claim no "never" (TMR9007 says the time
// budget bounded it; what it found, such as the reset loop, stays).
func TestTimeBudget(t *testing.T) {
	g := SearchUntil[int](counter{100000}, 0, time.Now().Add(-time.Second))
	if !g.Bounded || !g.TimedOut || g.Expanded >= 100000 {
		t.Fatalf("bounded %v timed out %v expanded %d: want a search stopped by its deadline", g.Bounded, g.TimedOut, g.Expanded)
	}
	sp := Spec[int]{
		Timers: []Timer{{ID: "T"}}, Armed: func(int) []string { return nil },
		Ended: func(s int) bool { return s == 100000 }, Where: func(int) (string, int, int, string) { return "", 0, 0, "" },
		Show: strconv.Itoa, InitLabel: func(int) string { return "start" },
	}
	budget := false
	for _, f := range Check(g, sp, 0, 1000) {
		switch f.Rule {
		case RuleBounded:
			budget = strings.Contains(f.Message, "time budget (--max-time)")
		case RuleNeverArmed, RuleNeverFires:
			t.Errorf("a bounded search claims %s", f.Rule)
		}
	}
	if !budget {
		t.Error("no TMR9007 about the time budget")
	}
	if g := SearchUntil[int](counter{300}, 0, time.Now().Add(time.Hour)); g.Bounded {
		t.Error("a search well within its budget is bounded")
	}
}
