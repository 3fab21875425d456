package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// firstUpTick is the reference for the property test, written apart from
// the engine: the first tick from + k*step at or after x (strictly after
// when strict) that lies in no downtime window.
func firstUpTick(from time.Time, step time.Duration, down []Window, x time.Time, strict bool) time.Time {
	k := int64(0)
	if x.After(from) {
		d := x.Sub(from)
		k = int64(d / step)
		if d%step != 0 || strict {
			k++
		}
	} else if strict && x.Equal(from) {
		k = 1
	}
	for {
		t := from.Add(time.Duration(k) * step)
		in := false
		for _, w := range down {
			if !t.Before(w.Start) && t.Before(w.End) {
				in = true
			}
		}
		if !in {
			return t
		}
		k++
	}
}

// For random cycles, steps, downtime windows and replicas: no firing key
// fires twice; every due time of a timer start fires at the first up tick
// at or after it unless a later due time has passed by then (it is then
// counted missed); every occurrence of a catch cycle fires at the first up
// tick strictly after it.
func TestPropertyRandomCyclesAndDowntime(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 2026))
	from := at(t, "2026-11-01T00:00:00Z")
	for iter := 0; iter < 250; iter++ {
		step := time.Duration(1+rng.IntN(7200)) * time.Second
		period := time.Duration(600+rng.IntN(3*86400)) * time.Second
		start := from.Add(time.Duration(rng.IntN(4*86400)-86400) * time.Second)
		repeat := "R"
		if rng.IntN(3) == 0 {
			repeat = fmt.Sprintf("R%d", 1+rng.IntN(40))
		}
		expr := fmt.Sprintf("%s/%s/%s", repeat, timeexpr.FormatTime(start), timeexpr.FormatDuration(period))
		until := from.Add(time.Duration(2+rng.IntN(12)) * 24 * time.Hour)
		var down []Window
		for range rng.IntN(4) {
			s := from.Add(time.Duration(rng.Int64N(int64(until.Sub(from)))))
			down = append(down, Window{s, s.Add(time.Duration(1+rng.IntN(3*86400)) * time.Second)})
		}
		sc := Scenario{
			From: from, Until: until, Step: step, Replicas: 1 + rng.IntN(3), Seed: rng.Int64(), Down: down,
			Processes: []ProcessPlan{{Process: "p", Starts: []time.Time{from}}},
		}
		name := fmt.Sprintf("iter %d: %s step %s down %v replicas %d", iter, expr, timeexpr.FormatDuration(step), down, sc.Replicas)
		startDoc := startModel(t, "start.bpmn", "S", "timeCycle", expr)
		catchDoc := catchModel(t, "boundary-ni", "timeCycle", expr, false)
		r, err := Run(Input{Docs: []*bpmnDocument{startDoc, catchDoc}}, sc)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		e, err := timeexpr.ParseValue(timeexpr.ValueCycle, expr)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}

		got := map[string]time.Time{}
		for _, ev := range r.Filter(KindFire) {
			key := r.Timers[ev.Timer].Name + " " + timeexpr.FormatTime(ev.Due)
			if _, dup := got[key]; dup {
				t.Fatalf("%s: %s fired twice", name, key)
			}
			got[key] = ev.At
		}

		// Timer starts: the seams scheduler.
		s := timeexpr.StartCycleSchedule(e.Cycle)
		missed := 0
		for k := 0; s.Has(k); k++ {
			d := s.Due(k)
			tick := firstUpTick(from, step, down, d, false)
			if !tick.Before(until) {
				break
			}
			key := "start.bpmn#T " + timeexpr.FormatTime(d)
			fired, ok := got[key]
			if s.Has(k+1) && !s.Due(k+1).After(tick) {
				missed++
				if ok {
					t.Fatalf("%s: %s fired at %s though a later due time had passed", name, key, timeexpr.FormatTime(fired))
				}
				continue
			}
			if !ok || !fired.Equal(tick) {
				t.Fatalf("%s: %s fired at %s (%v), want %s", name, key, timeexpr.FormatTime(fired), ok, timeexpr.FormatTime(tick))
			}
		}
		if st := stats(t, r, "T"); st.Missed != missed {
			t.Fatalf("%s: missed %d, want %d", name, st.Missed, missed)
		}

		// Catch cycles: Spiff replays every occurrence.
		c := timeexpr.SpiffCycleSchedule(e.Cycle)
		fires := 0
		for k := 0; c.Has(k); k++ {
			d := c.Due(k)
			want := from
			if !d.Before(from) {
				want = firstUpTick(from, step, down, d, true)
			}
			if !want.Before(until) {
				break
			}
			key := "oracle.bpmn#t " + timeexpr.FormatTime(d)
			if fired, ok := got[key]; !ok || !fired.Equal(want) {
				t.Fatalf("%s: %s fired at %s (%v), want %s", name, key, timeexpr.FormatTime(fired), ok, timeexpr.FormatTime(want))
			}
			fires++
		}
		if st := stats(t, r, "t"); st.Fired != fires || st.Missed != 0 {
			t.Fatalf("%s: catch fired %d missed %d, want %d and 0", name, st.Fired, st.Missed, fires)
		}
	}
}

// With replicas that crash and restart at random, a firing key still
// fires at most once, and every replica that fires is up.
func TestPropertyCrashesFireOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 5))
	from := at(t, "2026-11-01T00:00:00Z")
	doc := load(t, "approval.bpmn")
	for iter := 0; iter < 100; iter++ {
		replicas := 1 + rng.IntN(4)
		var crashes []Crash
		for range rng.IntN(6) {
			c := Crash{Replica: 1 + rng.IntN(replicas), At: from.Add(time.Duration(rng.IntN(10*86400)) * time.Second)}
			if rng.IntN(3) > 0 {
				c.Restart = c.At.Add(time.Duration(1+rng.IntN(86400)) * time.Second)
			}
			crashes = append(crashes, c)
		}
		var stalls []Stall
		for range rng.IntN(4) {
			stalls = append(stalls, Stall{Replica: 1 + rng.IntN(replicas), At: from.Add(time.Duration(rng.IntN(10*86400)) * time.Second),
				For: time.Duration(1+rng.IntN(120)) * time.Second})
		}
		expr := fmt.Sprintf("R/%s/PT%dM", timeexpr.FormatTime(from.Add(time.Duration(rng.IntN(3600))*time.Second)), 5+rng.IntN(600))
		startDoc := startModel(t, "start.bpmn", "S", "timeCycle", expr)
		var starts []time.Time
		for i := range 20 {
			starts = append(starts, from.Add(time.Duration(i)*11*time.Hour))
		}
		sc := Scenario{
			From: from, Until: from.Add(12 * 24 * time.Hour), Step: time.Duration(1+rng.IntN(60)) * time.Second,
			Replicas: replicas, Seed: rng.Int64(), Crashes: crashes, Stalls: stalls, Lease: 30 * time.Second,
			Processes: []ProcessPlan{{Process: "Approval", Starts: starts,
				Complete: []TaskPlan{{Task: "Approve", After: []Completion{{Never: true}, {After: 50 * time.Hour}, {After: 30 * time.Hour}}}}}},
		}
		r, err := Run(Input{Docs: []*bpmnDocument{doc, startDoc}}, sc)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, ev := range r.Filter(KindFire) {
			key := fmt.Sprintf("%s %s %d", r.Timers[ev.Timer].Name, timeexpr.FormatTime(ev.Due), ev.Instance)
			if r.Timers[ev.Timer].Role == RoleStart {
				key = fmt.Sprintf("%s %s", r.Timers[ev.Timer].Name, timeexpr.FormatTime(ev.Due))
			}
			if seen[key] {
				t.Fatalf("iter %d: %s fired twice", iter, key)
			}
			seen[key] = true
		}
	}
}
