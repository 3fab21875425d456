package verify

import (
	"fmt"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/verify"
)

// Replaying a counterexample in simulate: the flags that make `seams-timers
// simulate` run the moves of a trace from Ref (an instance started at Ref,
// each task completed after the delay the trace gives it, each exclusive
// gateway taking the trace's flow, and for the exactly-once findings the
// replicas, the lease, the poll interval as the step, and the crash or
// stall at the tick the trace claims the firing), or why it cannot.
// Simulate's scenario gives one delay per task and one flow per gateway in
// an instance, sends no message, and knows the calendar instants that
// verify abstracts (absolute dates and cycle starts, timer starts).

// replayer turns one model's traces into simulate flags.
type replayer struct {
	m *model
	// step is simulate's --step: the poll interval (PT1S without a
	// deployment).
	step time.Duration
	dep  *verify.Deployment
}

func rfc(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func iso(d time.Duration) string { return timeexpr.FormatDuration(d) }

// items are the node IDs a shown state holds.
func items(state string) []string {
	var out []string
	for _, part := range strings.Split(state, ", ") {
		id, _, _ := strings.Cut(part, "@")
		id, _, _ = strings.Cut(id, " ")
		if id != "" && !strings.HasPrefix(id, "(") {
			out = append(out, id)
		}
	}
	return out
}

// process converts a process trace: the flags, the end of the run, or
// why it cannot.
func (r replayer) process(tr []verify.Step) (flags []string, end time.Duration, why string) {
	m := r.m
	if len(tr) == 0 {
		return nil, 0, "no counterexample"
	}
	kinds := map[string]nodeKind{}
	timers := map[string]timer{}
	for _, n := range m.nodes {
		kinds[n.el.ID] = n.kind
		if n.timer >= 0 {
			timers[n.el.ID] = m.timers[n.timer]
		}
	}
	first := tr[0].Move
	if !strings.HasPrefix(first, "start at ") {
		return nil, 0, "the instance is created by a timer start, whose calendar instant verify abstracts"
	}
	delays := map[string]time.Duration{}
	var order []string
	choices := map[string]string{}
	var gws []string
	open := map[string]time.Duration{}
	var prev []string
	fireAt := time.Duration(-1)
	for i, s := range tr {
		at := time.Duration(s.At) * time.Millisecond
		parts := strings.Split(s.Move, ", ")
		main := parts[0]
		switch {
		case strings.HasPrefix(main, "message "):
			return nil, 0, "a message arrives, and simulate sends none"
		case strings.HasPrefix(main, "fire "):
			id, _, _ := strings.Cut(strings.TrimPrefix(main, "fire "), " ")
			t := timers[id]
			if t.kind != tDuration || t.cycle {
				return nil, 0, "timer " + id + " fires at an instant verify abstracts (an absolute date, a cycle, or an expression with no due times)"
			}
			fireAt = at
		case strings.HasPrefix(main, "complete "):
			id := strings.TrimPrefix(main, "complete ")
			d := at - open[id]
			if fireAt == at {
				// Simulate fires a timer at the first tick after its
				// due time, and a user acting at that instant comes
				// first: the action after the firing comes two steps later.
				d += 2 * r.step
			}
			if old, ok := delays[id]; ok && old != d {
				return nil, 0, "task " + id + " is completed after different delays in one instance (simulate's --complete gives one per instance)"
			}
			if _, ok := delays[id]; !ok {
				order = append(order, id)
			}
			delays[id] = d
		}
		for _, p := range parts[1:] {
			if g, x, ok := strings.Cut(p, " takes "); ok {
				if old, ok := choices[g]; ok && old != x {
					return nil, 0, "gateway " + g + " takes different flows in one instance (simulate's --choose gives one per instance)"
				}
				if _, ok := choices[g]; !ok {
					gws = append(gws, g)
				}
				choices[g] = x
			}
		}
		now := items(s.State)
		was := map[string]bool{}
		for _, x := range prev {
			was[x] = true
		}
		reopened := strings.HasPrefix(main, "complete ")
		for _, x := range now {
			if kinds[x] != nUser {
				continue
			}
			if !was[x] || (reopened && x == strings.TrimPrefix(main, "complete ")) || i == 0 {
				open[x] = at
			}
		}
		prev = now
		end = at
	}
	start := strings.TrimPrefix(strings.Split(first, ", ")[0], "start at ")
	_ = start
	flags = append(flags, "--start", m.p.ID+"@"+rfc(Ref))
	for _, id := range order {
		flags = append(flags, "--complete", id+"="+iso(delays[id]))
	}
	// the tasks the trace leaves open stay open
	for _, id := range items(tr[len(tr)-1].State) {
		if _, ok := delays[id]; !ok && kinds[id] == nUser {
			delays[id] = -1
			flags = append(flags, "--complete", id+"=never")
		}
	}
	for _, g := range gws {
		flags = append(flags, "--choose", g+"="+choices[g])
	}
	return flags, end, ""
}

// header is the clock of a replay: from Ref, until span after it, step.
func (r replayer) header(until time.Duration) []string {
	f := []string{"--from", rfc(Ref), "--until", rfc(Ref.Add(until)), "--step", iso(r.step)}
	if r.dep != nil {
		f = append(f, "--replicas", fmt.Sprint(r.dep.Replicas), "--lease", iso(time.Duration(r.dep.LeaseMs)*time.Millisecond))
	}
	return f
}

// Replay sets a process finding's replay flags, or why it has none.
func (r replayer) replayProcess(f *verify.Finding) {
	if len(f.Trace) == 0 {
		return
	}
	if len(f.Loop) > 0 {
		f.NoReplay = "the counterexample ends in a loop that repeats forever with its own delays and choices; simulate's scenario gives one delay per task and one flow per gateway in an instance"
		return
	}
	flags, end, why := r.process(f.Trace)
	if why != "" {
		f.NoReplay = why
		return
	}
	f.Replay = append(r.header(end+r.step*3+time.Second), flags...)
}

// replayClaim sets an exactly-once finding's replay. A timer catch: the
// process trace to the timer's first firing, then the claims trace's crash
// or stall at the tick simulate fires it (the first tick after its due
// time). A timer start: the run starts at its first due time, with the
// crash at that tick; a skipped due time, with the ticks placed as the
// trace places them.
func (r replayer) replayClaim(f *verify.Finding, toFire []verify.Step, c verify.Claim, phaseMs int64) {
	var head []string
	var tick time.Time
	var end time.Duration
	if c.Catch {
		flags, at, why := r.process(toFire)
		if why != "" {
			f.NoReplay = why
			return
		}
		head, tick, end = flags, Ref.Add(at+r.step), at
	} else {
		due, ok := r.firstDue(c.Timer)
		if !ok {
			f.NoReplay = "timer " + c.Timer + "'s first due time is not known before the run"
			return
		}
		if phaseMs > 0 || f.Rule == verify.RuleSkipped {
			// the first tick comes phase after the first due time
			from := due.Add(time.Duration(phaseMs)*time.Millisecond - r.step)
			f.Replay = []string{"--from", rfc(from), "--until", rfc(from.Add(2*r.step + time.Second)), "--step", iso(r.step)}
			if r.dep != nil {
				f.Replay = append(f.Replay, "--replicas", fmt.Sprint(r.dep.Replicas))
			}
			return
		}
		tick = due
	}
	lease := time.Duration(r.dep.LeaseMs) * time.Millisecond
	var faults []string
	last := time.Duration(0)
	for _, s := range f.Trace {
		at := time.Duration(s.At) * time.Millisecond
		last = at
		rep, rest, ok := strings.Cut(strings.TrimPrefix(s.Move, "replica "), " ")
		if !ok || !strings.HasPrefix(s.Move, "replica ") {
			continue
		}
		switch {
		case strings.HasPrefix(rest, "stalls"):
			d := lease + r.step
			if r.dep.MaxStallMs > 0 {
				d = time.Duration(r.dep.MaxStallMs) * time.Millisecond
			}
			faults = append(faults, "--stall", rep+"@"+rfc(tick.Add(at))+"/"+iso(d))
		case strings.HasPrefix(rest, "crashes before its commit"):
			faults = append(faults, "--crash", rep+"@"+rfc(tick.Add(at)))
		case strings.HasPrefix(rest, "restarts"):
			for i := len(faults) - 2; i >= 0; i-- {
				if faults[i] == "--crash" && strings.HasPrefix(faults[i+1], rep+"@") && !strings.Contains(faults[i+1], "/") {
					faults[i+1] += "/" + rfc(tick.Add(at))
					break
				}
			}
		case strings.HasPrefix(rest, "crashes"):
			f.NoReplay = "a replica crashes outside a run, which simulate's --crash cannot place (it crashes in the replica's next run)"
			return
		}
	}
	if c.Catch {
		f.Replay = append(append(r.header(end+last+lease+r.step*3), head...), faults...)
		return
	}
	f.Replay = append([]string{"--from", rfc(tick), "--until", rfc(tick.Add(last + lease + r.step*3)), "--step", iso(r.step),
		"--replicas", fmt.Sprint(r.dep.Replicas), "--lease", iso(lease)}, faults...)
}

// firstDue is a timer start's first due time, as the scheduler computes it.
func (r replayer) firstDue(id string) (time.Time, bool) {
	for _, t := range r.m.timers {
		if t.el.ID != id {
			continue
		}
		x := t.el.Timers[0].Effective()
		if x == nil {
			return time.Time{}, false
		}
		lit, ok := timeexpr.Literal(x.Text)
		if !ok {
			return time.Time{}, false
		}
		v, err := timeexpr.ParseValue(x.Kind.ValueKind(), lit)
		if err != nil {
			return time.Time{}, false
		}
		sch, err := v.StartSchedule()
		if err != nil {
			return time.Time{}, false
		}
		return sch.Due(0), true
	}
	return time.Time{}, false
}
