package sim

import (
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
)

// A daily digest down for seven days fires once when the runtime comes
// back, for the latest due time, and logs the six it skipped.
func TestDigestMissedAfterWeekDowntime(t *testing.T) {
	doc := load(t, "digest.bpmn")
	sc := Scenario{
		From: at(t, "2026-11-08T00:00:00Z"), Until: at(t, "2026-11-19T00:00:00Z"), Step: time.Second,
		Down: []Window{{at(t, "2026-11-10T00:00:00Z"), at(t, "2026-11-17T00:00:00Z")}},
	}
	r := run(t, sc, doc)
	equal(t, "timer lines", grep(r, "timer"), []string{
		"2026-11-09T08:00:00Z r1 info  timer fire testdata/digest.bpmn#EveryMorning due 2026-11-09T08:00:00Z instance Digest#1",
		"2026-11-17T00:00:00Z r1 info  timer missed testdata/digest.bpmn#EveryMorning 6 firing(s)",
		"2026-11-17T00:00:00Z r1 info  timer fire testdata/digest.bpmn#EveryMorning due 2026-11-16T08:00:00Z instance Digest#2",
		"2026-11-17T08:00:00Z r1 info  timer fire testdata/digest.bpmn#EveryMorning due 2026-11-17T08:00:00Z instance Digest#3",
		"2026-11-18T08:00:00Z r1 info  timer fire testdata/digest.bpmn#EveryMorning due 2026-11-18T08:00:00Z instance Digest#4",
	})
	s := stats(t, r, "EveryMorning")
	if s.Fired != 4 || s.Missed != 6 || s.LateMax != 16*time.Hour || s.Pending != 0 {
		t.Errorf("summary: fired %d missed %d late %s pending %d", s.Fired, s.Missed, s.LateMax, s.Pending)
	}
	equal(t, "downtime lines", grep(r, "runtime"), []string{
		"2026-11-10T00:00:00Z all warn  runtime down until 2026-11-17T00:00:00Z",
		"2026-11-17T00:00:00Z all warn  runtime up",
	})
}

// R3 fires three times and stops.
func TestR3StopsAfterThree(t *testing.T) {
	doc := startModel(t, "r3.bpmn", "Hourly", "timeCycle", "R3/2026-11-09T08:00:00Z/PT1H")
	r := run(t, Scenario{From: at(t, "2026-11-09T00:00:00Z"), Until: at(t, "2026-11-10T00:00:00Z")}, doc)
	equal(t, "fires", fires(r, "T"), []string{
		"2026-11-09T08:00:00Z due 2026-11-09T08:00:00Z",
		"2026-11-09T09:00:00Z due 2026-11-09T09:00:00Z",
		"2026-11-09T10:00:00Z due 2026-11-09T10:00:00Z",
	})
	if s := stats(t, r, "T"); s.Fired != 3 || s.Pending != 0 || s.Missed != 0 {
		t.Errorf("fired %d pending %d missed %d", s.Fired, s.Pending, s.Missed)
	}
}

// A timeDate already past at the first load fires once, at the first tick.
func TestPastDateFiresOnce(t *testing.T) {
	doc := startModel(t, "once.bpmn", "Once", "timeDate", "2026-10-01T09:00:00Z")
	r := run(t, Scenario{From: at(t, "2026-11-01T12:00:00Z"), Until: at(t, "2026-12-01T00:00:00Z"), Step: time.Minute}, doc)
	equal(t, "fires", fires(r, "T"), []string{"2026-11-01T12:00:00Z due 2026-10-01T09:00:00Z"})
	if s := stats(t, r, "T"); s.Fired != 1 || s.Missed != 0 || s.LateMax != 31*24*time.Hour+3*time.Hour {
		t.Errorf("fired %d missed %d late %s", s.Fired, s.Missed, s.LateMax)
	}
	// A future date fires once, at its tick, and never again.
	doc = startModel(t, "later.bpmn", "Later", "timeDate", "2026-11-03T09:00:00.5+01:00")
	r = run(t, Scenario{From: at(t, "2026-11-01T12:00:00Z"), Until: at(t, "2026-12-01T00:00:00Z"), Step: time.Second}, doc)
	equal(t, "fires", fires(r, "T"), []string{"2026-11-03T08:00:01Z due 2026-11-03T08:00:00.5Z"})
}

// Three replicas race for every firing: each fires exactly once, and the
// other two log `timer claimed elsewhere` at debug level. A replica that
// crashes inside its claim rolls the claim back and another takes it at
// the same tick.
func TestThreeReplicasOneCrash(t *testing.T) {
	doc := load(t, "digest.bpmn")
	sc := Scenario{
		From: at(t, "2026-11-09T00:00:00Z"), Until: at(t, "2026-11-14T00:00:00Z"), Replicas: 3, Seed: 7,
		Crashes: []Crash{{Replica: 2, At: at(t, "2026-11-11T08:00:00Z")}},
	}
	r := run(t, sc, doc)
	seen := map[string]int{}
	for _, ev := range r.Filter(KindFire) {
		seen[timeexpr.FormatTime(ev.Due)]++
	}
	want := []string{"2026-11-09T08:00:00Z", "2026-11-10T08:00:00Z", "2026-11-11T08:00:00Z", "2026-11-12T08:00:00Z", "2026-11-13T08:00:00Z"}
	for _, d := range want {
		if seen[d] != 1 {
			t.Errorf("due %s fired %d times, want once", d, seen[d])
		}
	}
	if len(seen) != len(want) {
		t.Errorf("fired %v", seen)
	}
	crash := grep(r, "replica crash")
	equal(t, "crash", crash, []string{
		"2026-11-11T08:00:00Z r2 warn  replica crash while claiming testdata/digest.bpmn#EveryMorning due 2026-11-11T08:00:00Z: claim rolled back",
	})
	// Before the crash, two replicas lose each race; after it, one.
	claimed := r.Filter(KindClaimedElsewhere)
	if len(claimed) != 2+2+1+1+1 {
		t.Errorf("claimed elsewhere %d times, want 7", len(claimed))
	}
	for _, ev := range claimed {
		if ev.Level != LevelDebug {
			t.Errorf("claimed elsewhere at %s, want debug", ev.Level)
		}
		if ev.Replica == 2 && !ev.At.Before(at(t, "2026-11-11T08:00:00Z")) {
			t.Errorf("the crashed replica ran at %s", timeexpr.FormatTime(ev.At))
		}
	}
	for _, ev := range r.Filter(KindFire) {
		if ev.Replica == 2 && !ev.At.Before(at(t, "2026-11-11T08:00:00Z")) {
			t.Errorf("the crashed replica fired at %s", timeexpr.FormatTime(ev.At))
		}
	}
	if s := stats(t, r, "EveryMorning"); s.Fired != 5 || s.RolledBack != 1 || s.ClaimedElsewhere != 7 {
		t.Errorf("fired %d rolled back %d claimed elsewhere %d", s.Fired, s.RolledBack, s.ClaimedElsewhere)
	}
}

// The PT48H reminder fires at the first tick strictly after 48 h, leaves
// the task open, and does not fire at all when the task completes first.
func TestReminderPT48H(t *testing.T) {
	doc := load(t, "approval.bpmn")
	sc := Scenario{
		From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-10T00:00:00Z"), Step: time.Second,
		Processes: []ProcessPlan{{
			Process: "Approval",
			Starts:  []time.Time{at(t, "2026-11-01T12:00:00Z"), at(t, "2026-11-02T12:00:00.25Z")},
			// The first instance is approved after 72 h, the second after 47 h.
			Complete: []TaskPlan{{Task: "Approve", After: []Completion{{After: 72 * time.Hour}, {After: 47 * time.Hour}}}},
		}},
	}
	r := run(t, sc, doc)
	equal(t, "Approval#1", grep(r, "Approval#1"), []string{
		"2026-11-01T12:00:00Z r1 info  instance start Approval#1 at Submitted",
		"2026-11-01T12:00:00Z r1 info  task open Approve instance Approval#1",
		"2026-11-01T12:00:00Z r1 info  timer armed testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z instance Approval#1",
		"2026-11-01T12:00:00Z r1 info  timer armed testdata/approval.bpmn#Escalate due 2026-11-06T12:00:00Z instance Approval#1",
		"2026-11-03T12:00:01Z r1 info  timer fire testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z instance Approval#1",
		"2026-11-04T12:00:00Z r1 info  timer cancelled testdata/approval.bpmn#Escalate due 2026-11-06T12:00:00Z instance Approval#1 (task completed)",
		"2026-11-04T12:00:00Z r1 info  task complete Approve instance Approval#1",
		"2026-11-04T12:00:00Z r1 debug instance end Approval#1",
	})
	equal(t, "Approval#2", grep(r, "Approval#2"), []string{
		"2026-11-02T12:00:00.25Z r1 info  instance start Approval#2 at Submitted",
		"2026-11-02T12:00:00.25Z r1 info  task open Approve instance Approval#2",
		"2026-11-02T12:00:00.25Z r1 info  timer armed testdata/approval.bpmn#Remind due 2026-11-04T12:00:00.25Z instance Approval#2",
		"2026-11-02T12:00:00.25Z r1 info  timer armed testdata/approval.bpmn#Escalate due 2026-11-07T12:00:00.25Z instance Approval#2",
		"2026-11-04T11:00:00.25Z r1 info  timer cancelled testdata/approval.bpmn#Remind due 2026-11-04T12:00:00.25Z instance Approval#2 (task completed)",
		"2026-11-04T11:00:00.25Z r1 info  timer cancelled testdata/approval.bpmn#Escalate due 2026-11-07T12:00:00.25Z instance Approval#2 (task completed)",
		"2026-11-04T11:00:00.25Z r1 info  task complete Approve instance Approval#2",
		"2026-11-04T11:00:00.25Z r1 debug instance end Approval#2",
	})
	s := stats(t, r, "Remind")
	if s.Fired != 1 || s.Cancelled != 1 || s.Armed != 2 || s.LateMax != time.Second {
		t.Errorf("Remind: fired %d cancelled %d armed %d late %s", s.Fired, s.Cancelled, s.Armed, s.LateMax)
	}
}

// With a step that divides 48 h, the tick at the due time itself does not
// fire the reminder: Spiff fires strictly after the due time.
func TestReminderStrictlyAfterDue(t *testing.T) {
	doc := load(t, "approval.bpmn")
	sc := Scenario{
		From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-05T00:00:00Z"), Step: time.Hour,
		Processes: []ProcessPlan{{Process: "Approval", Starts: []time.Time{at(t, "2026-11-01T12:00:00Z")}}},
	}
	r := run(t, sc, doc)
	equal(t, "fires", fires(r, "Remind"), []string{"2026-11-03T13:00:00Z due 2026-11-03T12:00:00Z"})
}

// An interrupting boundary cancels its task and runs its path; the
// task's other timers go with it.
func TestInterruptingBoundaryCancelsTask(t *testing.T) {
	doc := load(t, "approval.bpmn")
	sc := Scenario{
		From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-10T00:00:00Z"), Step: time.Minute,
		Processes: []ProcessPlan{{Process: "Approval", Starts: []time.Time{at(t, "2026-11-01T12:00:00Z")},
			Complete: []TaskPlan{{Task: "Approve", After: []Completion{{Never: true}}}}}},
	}
	r := run(t, sc, doc)
	equal(t, "after the reminder", grep(r, "2026-11-06T12:01:00Z"), []string{
		"2026-11-06T12:01:00Z r1 info  timer fire testdata/approval.bpmn#Escalate due 2026-11-06T12:00:00Z instance Approval#1",
		"2026-11-06T12:01:00Z r1 info  task cancelled Approve instance Approval#1 by Escalate",
		"2026-11-06T12:01:00Z r1 debug instance end Approval#1",
	})
	if s := stats(t, r, "Escalate"); s.Fired != 1 {
		t.Errorf("Escalate fired %d", s.Fired)
	}
	if s := stats(t, r, "Remind"); s.Fired != 1 || s.Cancelled != 0 {
		t.Errorf("Remind fired %d cancelled %d", s.Fired, s.Cancelled)
	}
}

// Jan 31 + P1M: a timer start follows the seams calendar (Feb 28, Mar 31,
// Apr 30), a catch cycle follows Spiff's 31-day stride (Mar 3, Apr 3).
func TestJan31PlusP1MBothWays(t *testing.T) {
	start := startModel(t, "monthly.bpmn", "Monthly", "timeCycle", "R/2026-01-31T00:00:00Z/P1M")
	catch := catchModel(t, "boundary-ni", "timeCycle", "R/2026-01-31T00:00:00Z/P1M", false)
	sc := Scenario{
		From: at(t, "2026-01-01T00:00:00Z"), Until: at(t, "2026-05-10T00:00:00Z"), Step: time.Hour,
		Processes: []ProcessPlan{{Process: "p", Starts: []time.Time{at(t, "2026-01-01T00:00:00Z")}}},
	}
	r := run(t, sc, start, catch)
	equal(t, "seams calendar", fires(r, "T"), []string{
		"2026-01-31T00:00:00Z due 2026-01-31T00:00:00Z",
		"2026-02-28T00:00:00Z due 2026-02-28T00:00:00Z",
		"2026-03-31T00:00:00Z due 2026-03-31T00:00:00Z",
		"2026-04-30T00:00:00Z due 2026-04-30T00:00:00Z",
	})
	equal(t, "spiff stride", fires(r, "t"), []string{
		"2026-01-31T01:00:00Z due 2026-01-31T00:00:00Z",
		"2026-03-03T01:00:00Z due 2026-03-03T00:00:00Z",
		"2026-04-03T01:00:00Z due 2026-04-03T00:00:00Z",
		"2026-05-04T01:00:00Z due 2026-05-04T00:00:00Z",
	})
	// Each line says which arithmetic it used.
	equal(t, "lines", grep(r, "due 2026-02-28T00:00:00Z"), []string{
		"2026-02-28T00:00:00Z r1 info  timer fire monthly.bpmn#T due 2026-02-28T00:00:00Z instance Monthly#2 [seams calendar: start + 1×P1M, clamped to the month's end]",
	})
	equal(t, "lines", grep(r, "due 2026-03-03T00:00:00Z"), []string{
		"2026-03-03T01:00:00Z r1 info  timer fire oracle.bpmn#t due 2026-03-03T00:00:00Z instance p#1 [spiff stride: start + 1×P31D, P1M measured from the start month]",
	})
}

// Leap years: P1Y from Feb 29 is Feb 28 in the seams calendar (and Feb 29
// again in 2032), and a 366-day stride for Spiff.
func TestLeapYears(t *testing.T) {
	start := startModel(t, "leap.bpmn", "Leap", "timeCycle", "R/2028-02-29T00:00:00Z/P1Y")
	catch := catchModel(t, "boundary-ni", "timeCycle", "R/2028-02-29T00:00:00Z/P1Y", false)
	sc := Scenario{
		From: at(t, "2028-01-01T00:00:00Z"), Until: at(t, "2033-01-01T00:00:00Z"), Step: time.Hour,
		Processes: []ProcessPlan{{Process: "p", Starts: []time.Time{at(t, "2028-01-01T00:00:00Z")}}},
	}
	r := run(t, sc, start, catch)
	equal(t, "seams calendar", fires(r, "T"), []string{
		"2028-02-29T00:00:00Z due 2028-02-29T00:00:00Z",
		"2029-02-28T00:00:00Z due 2029-02-28T00:00:00Z",
		"2030-02-28T00:00:00Z due 2030-02-28T00:00:00Z",
		"2031-02-28T00:00:00Z due 2031-02-28T00:00:00Z",
		"2032-02-29T00:00:00Z due 2032-02-29T00:00:00Z",
	})
	equal(t, "spiff stride", fires(r, "t"), []string{
		"2028-02-29T01:00:00Z due 2028-02-29T00:00:00Z",
		"2029-03-01T01:00:00Z due 2029-03-01T00:00:00Z",
		"2030-03-02T01:00:00Z due 2030-03-02T00:00:00Z",
		"2031-03-03T01:00:00Z due 2031-03-03T00:00:00Z",
		"2032-03-03T01:00:00Z due 2032-03-03T00:00:00Z",
	})
	// A plain leap day as a date and as the start of a daily cycle.
	daily := startModel(t, "daily.bpmn", "Daily", "timeCycle", "R3/2028-02-28T12:00:00Z/P1D")
	r = run(t, Scenario{From: at(t, "2028-02-28T00:00:00Z"), Until: at(t, "2028-03-05T00:00:00Z")}, daily)
	equal(t, "daily over Feb 29", fires(r, "T"), []string{
		"2028-02-28T12:00:00Z due 2028-02-28T12:00:00Z",
		"2028-02-29T12:00:00Z due 2028-02-29T12:00:00Z",
		"2028-03-01T12:00:00Z due 2028-03-01T12:00:00Z",
	})
}

// A step larger than the period: every tick several due times have passed,
// so the latest fires and the others are missed; nothing fires twice.
func TestStepLargerThanPeriod(t *testing.T) {
	doc := startModel(t, "fast.bpmn", "Fast", "timeCycle", "R/2026-11-09T08:00:00Z/PT1H")
	sc := Scenario{From: at(t, "2026-11-09T08:00:00Z"), Until: at(t, "2026-11-09T14:00:00Z"), Step: 150 * time.Minute}
	r := run(t, sc, doc)
	equal(t, "timer lines", grep(r, "timer"), []string{
		"2026-11-09T08:00:00Z r1 info  timer fire fast.bpmn#T due 2026-11-09T08:00:00Z instance Fast#1",
		"2026-11-09T10:30:00Z r1 info  timer missed fast.bpmn#T 1 firing(s)",
		"2026-11-09T10:30:00Z r1 info  timer fire fast.bpmn#T due 2026-11-09T10:00:00Z instance Fast#2",
		"2026-11-09T13:00:00Z r1 info  timer missed fast.bpmn#T 2 firing(s)",
		"2026-11-09T13:00:00Z r1 info  timer fire fast.bpmn#T due 2026-11-09T13:00:00Z instance Fast#3",
	})
	// A catch cycle under the same step replays every occurrence instead.
	catch := catchModel(t, "boundary-ni", "timeCycle", "R/2026-11-09T08:00:00Z/PT1H", false)
	sc.Processes = []ProcessPlan{{Process: "p", Starts: []time.Time{at(t, "2026-11-09T08:00:00Z")}}}
	r = run(t, sc, catch)
	equal(t, "catch fires", fires(r, "t"), []string{
		"2026-11-09T10:30:00Z due 2026-11-09T08:00:00Z",
		"2026-11-09T10:30:00Z due 2026-11-09T09:00:00Z",
		"2026-11-09T10:30:00Z due 2026-11-09T10:00:00Z",
		"2026-11-09T13:00:00Z due 2026-11-09T11:00:00Z",
		"2026-11-09T13:00:00Z due 2026-11-09T12:00:00Z",
	})
}

// The correlation key of an instance a timer start created is its due
// time in seconds.
func TestCorrelationKey(t *testing.T) {
	if got := CorrelationKey(at(t, "2026-11-16T08:00:00.5Z")); got != "2026-11-16T08:00:00Z" {
		t.Errorf("key %s", got)
	}
}

// A non-interrupting boundary cycle after downtime replays every missed
// occurrence at once, as Spiff does, while a timer start collapses them.
func TestBoundaryCycleReplaysAfterDowntime(t *testing.T) {
	catch := catchModel(t, "boundary-ni", "timeCycle", "R/2026-11-02T08:00:00Z/P1D", false)
	sc := Scenario{
		From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-12T00:00:00Z"), Step: time.Second,
		Down:      []Window{{at(t, "2026-11-03T00:00:00Z"), at(t, "2026-11-08T00:00:00Z")}},
		Processes: []ProcessPlan{{Process: "p", Starts: []time.Time{at(t, "2026-11-01T00:00:00Z")}}},
	}
	r := run(t, sc, catch)
	equal(t, "fires", fires(r, "t"), []string{
		"2026-11-02T08:00:01Z due 2026-11-02T08:00:00Z",
		"2026-11-08T00:00:00Z due 2026-11-03T08:00:00Z",
		"2026-11-08T00:00:00Z due 2026-11-04T08:00:00Z",
		"2026-11-08T00:00:00Z due 2026-11-05T08:00:00Z",
		"2026-11-08T00:00:00Z due 2026-11-06T08:00:00Z",
		"2026-11-08T00:00:00Z due 2026-11-07T08:00:00Z",
		"2026-11-08T08:00:01Z due 2026-11-08T08:00:00Z",
		"2026-11-09T08:00:01Z due 2026-11-09T08:00:00Z",
		"2026-11-10T08:00:01Z due 2026-11-10T08:00:00Z",
		"2026-11-11T08:00:01Z due 2026-11-11T08:00:00Z",
	})
	if s := stats(t, r, "t"); s.Missed != 0 || s.Fired != 10 {
		t.Errorf("missed %d fired %d", s.Missed, s.Fired)
	}
}

// Gateways, a parallel join, an intermediate catch, an event-based gateway
// and a sub-process with an interrupting boundary.
func TestFlowConstructs(t *testing.T) {
	doc := load(t, "flow.bpmn")
	sc := Scenario{
		From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-05T00:00:00Z"), Step: time.Second,
		Processes: []ProcessPlan{{
			Process: "Order",
			Starts:  []time.Time{at(t, "2026-11-01T10:00:00Z"), at(t, "2026-11-01T11:00:00Z"), at(t, "2026-11-01T12:00:00Z")},
			Choose:  []Choice{{Gateway: "Route", Flows: []string{"Fork", "toReview", "Review"}}},
			// The second instance's review is done after 2 h; the third never.
			Complete: []TaskPlan{{Task: "Check", After: []Completion{{Never: true}, {After: 2 * time.Hour}, {Never: true}}}},
		}},
	}
	r := run(t, sc, doc)
	var got []string
	for _, l := range r.Lines(true) {
		if len(l) > 0 {
			got = append(got, l)
		}
	}
	equal(t, "every line", got, []string{
		"2026-11-01T10:00:00Z r1 info  instance start Order#1 at Start",
		"2026-11-01T10:00:00Z r1 info  timer armed testdata/flow.bpmn#Cool due 2026-11-01T12:00:00Z instance Order#1",
		"2026-11-01T11:00:00Z r1 info  instance start Order#2 at Start",
		"2026-11-01T11:00:00Z r1 info  timer armed testdata/flow.bpmn#ReviewTimeout due 2026-11-02T11:00:00Z instance Order#2",
		"2026-11-01T11:00:00Z r1 info  task open Check instance Order#2",
		"2026-11-01T12:00:00Z r1 info  instance start Order#3 at Start",
		"2026-11-01T12:00:00Z r1 info  timer armed testdata/flow.bpmn#ReviewTimeout due 2026-11-02T12:00:00Z instance Order#3",
		"2026-11-01T12:00:00Z r1 info  task open Check instance Order#3",
		"2026-11-01T12:00:01Z r1 info  timer fire testdata/flow.bpmn#Cool due 2026-11-01T12:00:00Z instance Order#1",
		"2026-11-01T12:00:01Z r1 info  timer armed testdata/flow.bpmn#Slow due 2026-11-01T15:00:01Z instance Order#1",
		"2026-11-01T12:00:01Z r1 info  timer armed testdata/flow.bpmn#Fast due 2026-11-01T13:00:01Z instance Order#1",
		// SpiffWorkflow, not BPMN: the gateway never completes, each timer
		// branch runs on its own and the instance does not end.
		"2026-11-01T12:00:01Z r1 info  token waits forever at Wait instance Order#1 (SpiffWorkflow never completes an event-based gateway: its timer branches run on their own and none is cancelled)",
		"2026-11-01T13:00:00Z r1 info  task complete Check instance Order#2",
		"2026-11-01T13:00:00Z r1 info  timer cancelled testdata/flow.bpmn#ReviewTimeout due 2026-11-02T11:00:00Z instance Order#2 (sub-process completed)",
		"2026-11-01T13:00:00Z r1 debug instance end Order#2",
		"2026-11-01T13:00:02Z r1 info  timer fire testdata/flow.bpmn#Fast due 2026-11-01T13:00:01Z instance Order#1",
		"2026-11-01T15:00:02Z r1 info  timer fire testdata/flow.bpmn#Slow due 2026-11-01T15:00:01Z instance Order#1",
		"2026-11-02T12:00:01Z r1 info  timer fire testdata/flow.bpmn#ReviewTimeout due 2026-11-02T12:00:00Z instance Order#3",
		"2026-11-02T12:00:01Z r1 info  task cancelled Check instance Order#3 by its scope ending",
		"2026-11-02T12:00:01Z r1 info  task cancelled Review instance Order#3 by ReviewTimeout",
		"2026-11-02T12:00:01Z r1 debug instance end Order#3",
	})
}

// A gateway without a choice takes its default flow; a scenario that names
// an unknown element is refused.
func TestScenarioErrors(t *testing.T) {
	doc := load(t, "flow.bpmn")
	base := Scenario{From: at(t, "2026-11-01T00:00:00Z")}
	for _, c := range []struct {
		plan ProcessPlan
		want string
	}{
		{ProcessPlan{Process: "Nope"}, `scenario: no process "Nope" (known: Order)`},
		{ProcessPlan{Process: "Order", Complete: []TaskPlan{{Task: "Pack"}}}, "scenario: Pack in process Order is a scriptTask, not a user or manual task"},
		{ProcessPlan{Process: "Order", Choose: []Choice{{Gateway: "Route", Flows: []string{"x"}}}}, `scenario: gateway Route in process Order has no outgoing flow "x" (its flows: toFork, toReview)`},
		{ProcessPlan{Complete: []TaskPlan{{Task: "Nope"}}}, `scenario: no user or manual task "Nope" in any process`},
		{ProcessPlan{Process: "Order", Choose: []Choice{{Gateway: "Pack"}}}, "scenario: Pack in process Order is a scriptTask, not an exclusive gateway"},
		{ProcessPlan{Process: "Order", Choose: []Choice{{Gateway: "Nope"}}}, `scenario: no exclusive gateway "Nope" in process Order`},
	} {
		sc := base
		sc.Processes = []ProcessPlan{c.plan}
		_, err := Run(Input{Docs: []*bpmn.Document{doc}}, sc)
		if err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
	}
}

// reminderScenario starts one approval at 2026-11-01T12:00:00Z, never
// approved: its reminder is due at 2026-11-03T12:00:00Z and fires at the
// 12:00:01 tick.
func reminderScenario(t *testing.T, replicas int) Scenario {
	return Scenario{
		From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-04T00:00:00Z"), Step: time.Second,
		Replicas: replicas, Lease: 30 * time.Second,
		Processes: []ProcessPlan{{Process: "Approval", Starts: []time.Time{at(t, "2026-11-01T12:00:00Z")}}},
	}
}

// A replica that crashes holding a timer row's lease leaves the row held
// until the lease expires; another replica then fires it, once.
func TestCatchLeaseCrash(t *testing.T) {
	doc := load(t, "approval.bpmn")
	sc := reminderScenario(t, 2)
	sc.Crashes = []Crash{{Replica: 2, At: at(t, "2026-11-03T12:00:01Z")}}
	r := run(t, sc, doc)
	equal(t, "reminder", grep(r, "#Remind"), []string{
		"2026-11-01T12:00:00Z r1 info  timer armed testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z instance Approval#1",
		"2026-11-03T12:00:01Z r2 warn  replica crash holding the lease of testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z until 2026-11-03T12:00:31Z",
		"2026-11-03T12:00:01Z r1 debug timer claimed elsewhere testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z",
		"2026-11-03T12:00:31Z r1 info  timer fire testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z instance Approval#1",
	})
	if s := stats(t, r, "Remind"); s.Fired != 1 || s.LateMax != 31*time.Second {
		t.Errorf("fired %d late %s", s.Fired, s.LateMax)
	}
}

// A replica that stalls past its lease loses it: another replica fires the
// timer once the lease expires, and the stalled run rolls back instead of
// firing it a second time. A shorter stall just delays the firing.
func TestCatchLeaseLost(t *testing.T) {
	doc := load(t, "approval.bpmn")
	sc := reminderScenario(t, 2)
	sc.Stalls = []Stall{{Replica: 1, At: at(t, "2026-11-03T12:00:00Z"), For: 2 * time.Minute}}
	r := run(t, sc, doc)
	equal(t, "reminder", grep(r, "#Remind"), []string{
		"2026-11-01T12:00:00Z r1 info  timer armed testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z instance Approval#1",
		"2026-11-03T12:00:01Z r1 warn  replica stall until 2026-11-03T12:02:01Z holding the lease of testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z",
		"2026-11-03T12:00:01Z r2 debug timer claimed elsewhere testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z",
		"2026-11-03T12:00:31Z r2 info  timer fire testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z instance Approval#1",
		"2026-11-03T12:02:01Z r1 warn  timer lease lost testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z instance Approval#1: its lease expired at 2026-11-03T12:00:31Z, run rolled back",
	})
	if s := stats(t, r, "Remind"); s.Fired != 1 || s.RolledBack != 1 {
		t.Errorf("fired %d rolled back %d", s.Fired, s.RolledBack)
	}

	// Alone, the stalled replica still loses its lapsed lease, rolls back,
	// and fires the timer in its next run.
	sc = reminderScenario(t, 1)
	sc.Stalls = []Stall{{Replica: 1, At: at(t, "2026-11-03T12:00:00Z"), For: 2 * time.Minute}}
	r = run(t, sc, doc)
	equal(t, "alone", grep(r, "#Remind", "Z r1 warn"), []string{
		"2026-11-03T12:00:01Z r1 warn  replica stall until 2026-11-03T12:02:01Z holding the lease of testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z",
		"2026-11-03T12:02:01Z r1 warn  timer lease lost testdata/approval.bpmn#Remind due 2026-11-03T12:00:00Z instance Approval#1: its lease expired at 2026-11-03T12:00:31Z, run rolled back",
	})
	equal(t, "alone", fires(r, "Remind"), []string{"2026-11-03T12:02:01Z due 2026-11-03T12:00:00Z"})

	// A stall shorter than the lease commits late.
	sc = reminderScenario(t, 2)
	sc.Stalls = []Stall{{Replica: 1, At: at(t, "2026-11-03T12:00:00Z"), For: 10 * time.Second}}
	r = run(t, sc, doc)
	equal(t, "short stall", fires(r, "Remind"), []string{"2026-11-03T12:00:11Z due 2026-11-03T12:00:00Z"})
	if s := stats(t, r, "Remind"); s.RolledBack != 0 {
		t.Errorf("rolled back %d", s.RolledBack)
	}
}

// refusedSrc holds a cycle without a start (Boot), an unquoted duration on
// a catch (Wait) and a timer of an event sub-process (Tick).
const refusedSrc = defsHead + `<bpmn:process id="P" isExecutable="true">
<bpmn:startEvent id="Boot">` + `<bpmn:timerEventDefinition><bpmn:timeCycle>"R/P1D"</bpmn:timeCycle></bpmn:timerEventDefinition>` + `<bpmn:outgoing>f0</bpmn:outgoing></bpmn:startEvent>
<bpmn:sequenceFlow id="f0" sourceRef="Boot" targetRef="E0"/><bpmn:endEvent id="E0"><bpmn:incoming>f0</bpmn:incoming></bpmn:endEvent>
<bpmn:startEvent id="S"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
<bpmn:sequenceFlow id="f1" sourceRef="S" targetRef="Wait"/>
<bpmn:intermediateCatchEvent id="Wait"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing>
<bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
<bpmn:sequenceFlow id="f2" sourceRef="Wait" targetRef="E"/><bpmn:endEvent id="E"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
<bpmn:subProcess id="Events" triggeredByEvent="true">
<bpmn:startEvent id="Tick"><bpmn:timerEventDefinition><bpmn:timeDuration>"PT5M"</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:startEvent>
</bpmn:subProcess>
</bpmn:process></bpmn:definitions>
`

// Without the caller's verdict the simulator refuses nothing by rule: what
// it cannot read is listed as "cannot parse" with no rule and not run; an
// instance that reaches it waits there; an event sub-process's timer is
// listed and not run. With the verdict, the caller's rule and message are
// listed instead (verdict_test.go).
func TestUnreadTimersListed(t *testing.T) {
	doc := parse(t, "refused.bpmn", []byte(refusedSrc))
	sc := Scenario{From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-02T00:00:00Z"),
		Processes: []ProcessPlan{{Process: "P", Starts: []time.Time{at(t, "2026-11-01T01:00:00Z")}}}}
	r := run(t, sc, doc)
	want := map[string]string{
		"Boot": "cannot parse 'R/P1D'",
		"Wait": "cannot parse 'PT1H'",
		"Tick": "timer of an event sub-process: the simulator does not run event sub-processes",
	}
	for id, msg := range want {
		if s := stats(t, r, id); s.Refusal == nil || s.Refusal.Rule != "" || s.Refusal.Msg != msg || s.Fired != 0 {
			t.Errorf("%s: %+v", id, s.Refusal)
		}
	}
	equal(t, "the instance", grep(r, "P#1"), []string{
		"2026-11-01T01:00:00Z r1 info  instance start P#1 at S",
		"2026-11-01T01:00:00Z r1 info  token waits forever at Wait instance P#1 (its timer is not simulated)",
	})
	var b strings.Builder
	if err := WriteText(&b, r, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "not simulated: cannot parse 'R/P1D'\n") {
		t.Errorf("summary:\n%s", b.String())
	}

	// A verdict refuses even what the simulator could run.
	refused := func(_ *bpmn.Document, el *bpmn.Element) (string, string, bool) {
		return "TMR9999", "refused by " + el.ID, el.ID == "Boot" || el.ID == "Wait"
	}
	r, err := Run(Input{Docs: []*bpmn.Document{load(t, "digest.bpmn"), doc}, Refused: refused}, sc)
	if err != nil {
		t.Fatal(err)
	}
	if s := stats(t, r, "Boot"); s.Refusal == nil || s.Refusal.String() != "refused by Boot [TMR9999]" {
		t.Errorf("Boot: %+v", s.Refusal)
	}
	if s := stats(t, r, "EveryMorning"); s.Refusal != nil || s.Fired != 0 || s.Pending != 0 {
		t.Errorf("EveryMorning: %+v", s)
	}
	if s := stats(t, r, "Tick"); s.Refusal == nil || s.Refusal.Rule != "" {
		t.Errorf("Tick: %+v", s.Refusal)
	}
}

// What a user does while the runtime is down happens when it is back.
func TestUserActionsWaitForDowntime(t *testing.T) {
	doc := load(t, "approval.bpmn")
	sc := Scenario{
		From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-20T00:00:00Z"),
		Down: []Window{{at(t, "2026-11-10T00:00:00Z"), at(t, "2026-11-17T00:00:00Z")}},
		Processes: []ProcessPlan{{Process: "Approval",
			Starts:   []time.Time{at(t, "2026-11-09T12:00:00Z"), at(t, "2026-11-12T12:00:00Z")},
			Complete: []TaskPlan{{Task: "Approve", After: []Completion{{After: 24 * time.Hour}, {After: time.Hour}}}}}},
	}
	r := run(t, sc, doc)
	// At one instant, what users do comes before the scheduler loop: the
	// approval wanted during the downtime wins over the reminder that fell
	// due in it.
	equal(t, "lines", grep(r, "2026-11-17T00:00:00Z"), []string{
		"2026-11-10T00:00:00Z all warn  runtime down until 2026-11-17T00:00:00Z",
		"2026-11-17T00:00:00Z all warn  runtime up",
		"2026-11-17T00:00:00Z r1 info  timer cancelled testdata/approval.bpmn#Remind due 2026-11-11T12:00:00Z instance Approval#1 (task completed)",
		"2026-11-17T00:00:00Z r1 info  timer cancelled testdata/approval.bpmn#Escalate due 2026-11-14T12:00:00Z instance Approval#1 (task completed)",
		"2026-11-17T00:00:00Z r1 info  task complete Approve instance Approval#1",
		"2026-11-17T00:00:00Z r1 debug instance end Approval#1",
		"2026-11-17T00:00:00Z r1 info  instance start Approval#2 at Submitted",
		"2026-11-17T00:00:00Z r1 info  task open Approve instance Approval#2",
		"2026-11-17T00:00:00Z r1 info  timer armed testdata/approval.bpmn#Remind due 2026-11-19T00:00:00Z instance Approval#2",
		"2026-11-17T00:00:00Z r1 info  timer armed testdata/approval.bpmn#Escalate due 2026-11-22T00:00:00Z instance Approval#2",
	})
}

// A timer definition that holds a timeCycle before a timeDuration runs
// the duration, as Spiff does (bpmn.Timer.Effective), not the first
// expression in the file.
func TestEffectiveExpression(t *testing.T) {
	src := defsHead + `<bpmn:process id="p" isExecutable="true">
<bpmn:startEvent id="s"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
<bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="Wait"/>
<bpmn:intermediateCatchEvent id="Wait"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing>
  <bpmn:timerEventDefinition>
    <bpmn:timeCycle>"R/2026-11-01T00:00:00Z/PT1H"</bpmn:timeCycle>
    <bpmn:timeDuration>"PT48H"</bpmn:timeDuration>
  </bpmn:timerEventDefinition>
</bpmn:intermediateCatchEvent>
<bpmn:sequenceFlow id="f2" sourceRef="Wait" targetRef="e"/>
<bpmn:endEvent id="e"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
</bpmn:process></bpmn:definitions>
`
	doc := parse(t, "effective.bpmn", []byte(src))
	sc := Scenario{
		From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-05T00:00:00Z"), Step: time.Hour,
		Processes: []ProcessPlan{{Process: "p", Starts: []time.Time{at(t, "2026-11-01T12:00:00Z")}}},
	}
	r := run(t, sc, doc)
	s := stats(t, r, "Wait")
	if s.Kind != bpmn.TimeDuration || s.Value != "PT48H" || s.Refusal != nil {
		t.Errorf("Wait: %s %q, refused %v; want timeDuration \"PT48H\"", s.Kind, s.Value, s.Refusal)
	}
	equal(t, "fires", fires(r, "Wait"), []string{"2026-11-03T13:00:00Z due 2026-11-03T12:00:00Z"})
}
