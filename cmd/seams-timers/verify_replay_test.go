package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"
)

type replayStep struct {
	Move string
	AtMs int64
}

type replayFinding struct {
	Rule, File, Element string
	Trace, Loop         []replayStep
	Replay              []string
	NoReplay            string
}

type simEvent struct {
	Time time.Time
	// At is the Workflow Engine's instant (its events say at), and its
	// replica a number.
	At            time.Time
	Replica       any
	Kind, Element string
	Timer         string
	Message       string
	Count         int
}

// simulateEvents runs simulate with the replay flags on file.
func simulateEvents(t *testing.T, flags []string, file string) []simEvent {
	t.Helper()
	var so, se bytes.Buffer
	base := []string{"simulate", "--format", "json", "--no-config"}
	if !strings.Contains(strings.Join(flags, " "), "--engine wfe") {
		base = append(base, "--debug")
	}
	args := append(append(base, flags...), file)
	if code := run(args, &streams{Out: &so, Err: &se}); code > 1 {
		t.Fatalf("simulate %s: exit %d: %s", strings.Join(args, " "), code, se.String())
	}
	var out struct{ Events []simEvent }
	if err := json.Unmarshal(so.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	for i := range out.Events {
		if out.Events[i].Time.IsZero() {
			out.Events[i].Time = out.Events[i].At
		}
	}
	return out.Events
}

// expectation is an event the counterexample says simulate must show: of
// this kind, on this element or timer, by this replica (0: any), in
// [lo, hi] after the base.
type expectation struct {
	kind, element string
	replica       int
	lo, hi        time.Duration
	move          string
}

func (x expectation) match(e simEvent, base time.Time) bool {
	if e.Kind != x.kind {
		return false
	}
	if x.element != "" && e.Element != x.element && e.Timer != x.element && !strings.HasSuffix(e.Timer, "#"+x.element) {
		return false
	}
	if x.replica > 0 && fmt.Sprint(e.Replica) != fmt.Sprintf("r%d", x.replica) {
		return false
	}
	d := e.Time.Sub(base)
	return d >= x.lo && d <= x.hi
}

// expectations reads what a counterexample says happens: a task completed,
// a timer fired, and, for the exactly-once traces, which replica stalls,
// crashes or fires at which instant after the firing's tick.
func expectations(f replayFinding, step time.Duration) []expectation {
	var out []expectation
	if strings.Join(f.Replay, " ") != "" && strings.Contains(strings.Join(f.Replay, " "), "--engine wfe") {
		// the Workflow Engine's events: a timer fires at its due time
		for _, s := range f.Trace {
			at := time.Duration(s.AtMs) * time.Millisecond
			if name, ok := strings.CutPrefix(s.Move, "timer "); ok {
				name, _, _ = strings.Cut(name, " fires")
				out = append(out, expectation{"fire", name, 0, at, at + time.Second, s.Move})
			}
		}
		if f.Rule == "TMR9002" {
			end := time.Duration(f.Trace[len(f.Trace)-1].AtMs) * time.Millisecond
			out = append(out, expectation{"register", f.Element, 0, 0, end, "registered"})
		}
		return out
	}
	claims := f.Rule == "TMR9009" || f.Rule == "TMR9010"
	for i, s := range f.Trace {
		at := time.Duration(s.AtMs) * time.Millisecond
		main, _, _ := strings.Cut(s.Move, ", ")
		switch {
		case claims && strings.HasPrefix(s.Move, "replica "):
			var n int
			var rest string
			fmt.Sscanf(s.Move, "replica %d", &n)
			_, rest, _ = strings.Cut(strings.TrimPrefix(s.Move, "replica "), " ")
			switch {
			case strings.HasPrefix(rest, "stalls"):
				out = append(out, expectation{"replica-stall", "", n, at, at, s.Move})
			case strings.HasPrefix(rest, "crashes before its commit"):
				out = append(out, expectation{"replica-crash", "", n, at, at, s.Move})
			case strings.HasPrefix(rest, "runs the instance") && i+1 == len(f.Trace):
				// the run the trace ends on fires
				out = append(out, expectation{"timer-fire", f.Element, n, at, at, s.Move})
			case strings.Contains(rest, " is missed (timer missed"):
				// which replica wins the race is simulate's seed
				out = append(out, expectation{"timer-missed", f.Element, 0, at, at, s.Move})
				out = append(out, expectation{"timer-fire", f.Element, 0, at, at, s.Move})
			}
		case claims:
		case strings.HasPrefix(main, "complete "):
			out = append(out, expectation{"task-complete", strings.TrimPrefix(main, "complete "), 0, at, at + 2*step, s.Move})
		case strings.HasPrefix(main, "fire "):
			id, _, _ := strings.Cut(strings.TrimPrefix(main, "fire "), " ")
			out = append(out, expectation{"timer-fire", id, 0, at + 1, at + step, s.Move})
		}
	}
	switch f.Rule {
	case "TMR9002", "TMR9005":
		// the timer is armed where the trace ends (twice for TMR9005)
		end := time.Duration(f.Trace[len(f.Trace)-1].AtMs) * time.Millisecond
		out = append(out, expectation{"timer-armed", f.Element, 0, 0, end, "armed"})
		if f.Rule == "TMR9005" {
			out = append(out, expectation{"timer-armed", f.Element, 0, 0, end, "armed again"})
		}
	}
	return out
}

// TestCounterexamplesReplayInSimulate: every counterexample verify reports
// on its fixtures and on the examples, under a two-replica deployment,
// either carries the simulate flags that replay it, and simulate then shows
// the same events (the tasks completed and timers fired at the trace's
// instants; for the exactly-once findings, the same replica stalling,
// crashing or firing at the same instant after the firing's tick; the
// skipped due time logged as missed), or says why simulate cannot express
// it, and the reasons are the kinds documented.
func TestCounterexamplesReplayInSimulate(t *testing.T) {
	const step = time.Minute
	var ver struct {
		Results []struct{ Findings []replayFinding }
	}
	// one run per directory: an index graph applies to the models loaded
	// with it (examples/ has one, the fixtures none)
	// (and a one-replica deployment that only crashes: the crash before
	// the commit, the restart, the retry after the lease)
	for _, run1 := range [][]string{
		{"--replicas", "2", "--poll", "PT1M", "../../bpmn/verify/testdata"},
		{"--replicas", "2", "--poll", "PT1M", "../../examples"},
		{"../../wfe/verify/testdata"},
		{"--replicas", "1", "--poll", "PT1M", "--faults", "crash", "../../bpmn/verify/testdata/invalid-TMR9009-service-after-timer.bpmn"},
	} {
		var vo, ve bytes.Buffer
		args := append([]string{"verify", "--format", "json", "--no-config"}, run1...)
		if code := run(args, &streams{Out: &vo, Err: &ve}); code > 1 {
			t.Fatalf("verify: exit %d: %s", code, ve.String())
		}
		var one struct {
			Results []struct{ Findings []replayFinding }
		}
		if err := json.Unmarshal(vo.Bytes(), &one); err != nil {
			t.Fatal(err)
		}
		ver.Results = append(ver.Results, one.Results...)
	}
	replayed := map[string]int{}
	var why []string
	for _, r := range ver.Results {
		for _, f := range r.Findings {
			if len(f.Trace) == 0 {
				continue
			}
			name := f.File + " " + f.Rule + " " + f.Element
			if len(f.Replay) == 0 {
				if f.NoReplay == "" && !strings.HasPrefix(f.Rule, "TMR9009") {
					t.Errorf("%s: a counterexample with neither a replay nor a reason", name)
				}
				why = append(why, f.Rule+": "+f.NoReplay)
				continue
			}
			events := simulateEvents(t, f.Replay, f.File)
			if len(events) == 0 {
				t.Errorf("%s: simulate shows nothing", name)
				continue
			}
			base := events[0].Time
			claims := f.Rule == "TMR9009" || f.Rule == "TMR9010"
			xs := expectations(f, step)
			if claims && len(xs) > 0 {
				// the claims trace starts at the firing's first due time:
				// the first claim event simulate shows is the trace's
				// first claim move
				for _, e := range events {
					if e.Kind == xs[0].kind && (e.Timer == "" || strings.HasSuffix(e.Timer, "#"+f.Element)) {
						base = e.Time.Add(-xs[0].lo)
						break
					}
				}
			}
			used := map[int]bool{}
			for _, x := range xs {
				found := false
				for i, e := range events {
					if !used[i] && x.match(e, base) {
						used[i], found = true, true
						break
					}
				}
				if !found {
					var b strings.Builder
					for _, e := range events {
						fmt.Fprintf(&b, "  %s %s %s %s %s\n", e.Time.Format(time.RFC3339), e.Replica, e.Kind, e.Element, e.Timer)
					}
					t.Errorf("%s: simulate %s does not show %q (%s by replica %d in [%s, %s] after %s):\n%s", name, strings.Join(f.Replay, " "), x.move, x.kind, x.replica, x.lo, x.hi, base.Format(time.RFC3339), b.String())
				}
			}
			replayed[f.Rule]++
		}
	}
	var rules []string
	for r, n := range replayed {
		rules = append(rules, fmt.Sprintf("%s %d", r, n))
	}
	sort.Strings(rules)
	sort.Strings(why)
	t.Logf("replayed: %s; not replayable: %d: %s", strings.Join(rules, ", "), len(why), strings.Join(why, " | "))
	for _, r := range []string{"TMR9002", "TMR9005", "TMR9009", "TMR9010"} {
		if replayed[r] == 0 {
			t.Errorf("no %s counterexample replayed", r)
		}
	}
	for _, w := range why {
		ok := false
		for _, known := range []string{"ends in a loop", "a message arrives", "at an instant verify abstracts", "created by a timer start", "different delays", "different flows", "Workflow Engine counterexample", "loop that repeats forever"} {
			if strings.Contains(w, known) {
				ok = true
			}
		}
		if !ok {
			t.Errorf("undocumented reason a counterexample is not replayed: %s", w)
		}
	}
}
