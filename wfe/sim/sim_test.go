package sim

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/wfe"
	"github.com/seams/seams-timers/wfe/value"
)

// scheme builds a scheme of one activity Open with the given timers and
// timer transitions (name, timer, condition type, target).
func scheme(t *testing.T, timers string, transitions ...[4]string) *wfe.Scheme {
	t.Helper()
	var tr strings.Builder
	for _, x := range transitions {
		fmt.Fprintf(&tr, `<Transition Name="%s" From="Open" To="%s"><Triggers><Trigger Type="Timer" NameRef="%s"/></Triggers><Conditions><Condition Type="%s"/></Conditions></Transition>`,
			x[0], x[3], x[1], x[2])
	}
	src := `<Process Name="Ticket"><Timers>` + timers + `</Timers><Activities>
<Activity Name="Open" IsInitial="True"/><Activity Name="Done" IsFinal="True"/><Activity Name="Breached" IsFinal="True"/>
</Activities><Transitions>` + tr.String() + `</Transitions></Process>`
	f, errs, ok := wfe.Read("t.xml", []byte(src))
	if !ok || len(errs) > 0 || len(f.Schemes) != 1 {
		t.Fatalf("scheme: %v %v", ok, errs)
	}
	return f.Schemes[0]
}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t
}

func run(t *testing.T, s *wfe.Scheme, sc Scenario) *Result {
	t.Helper()
	sc.Defaults()
	res, err := Run(Input{Schemes: []*wfe.Scheme{s}, Runtime: value.Runtime{Clock: time.UTC, Culture: value.DefaultCulture}}, sc)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// events returns the lines of the events of the kinds given.
func events(r *Result, kinds ...Kind) []string {
	var out []string
	for _, ev := range r.Events {
		for _, k := range kinds {
			if ev.Kind == k {
				out = append(out, ev.Line())
			}
		}
	}
	return out
}

func equal(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func summary(r *Result, timer string) Summary {
	for _, s := range r.Timers {
		if s.Timer == timer {
			return s
		}
	}
	return Summary{}
}

func runOn(t *testing.T, e value.Engine, s *wfe.Scheme, sc Scenario) *Result {
	t.Helper()
	sc.Defaults()
	in := Input{Schemes: []*wfe.Scheme{s}, Runtime: value.Runtime{Engine: e, Clock: time.UTC, Culture: value.DefaultCulture}}
	res, err := Run(in, sc)
	if err != nil {
		t.Fatal(err)
	}
	streamMatches(t, in, sc, res)
	return res
}

// streamMatches checks that Stream writes, in every format, the bytes that
// writing the whole result gives, and keeps no event.
func streamMatches(t *testing.T, in Input, sc Scenario, r *Result) {
	t.Helper()
	for _, f := range []struct {
		name  string
		whole func(io.Writer, *Result) error
		sink  func(io.Writer) Sink
	}{
		{"text", WriteText, NewTextSink},
		{"json", WriteJSON, func(w io.Writer) Sink { return NewJSONSink(w, JSONOptions{}) }},
		{"svg", WriteSVG, NewSVGSink},
	} {
		var want, got bytes.Buffer
		if err := f.whole(&want, r); err != nil {
			t.Fatal(err)
		}
		sr, err := Stream(in, sc, r.Note, f.sink(&got))
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("stream %s differs:\n%s\nwant\n%s", f.name, got.String(), want.String())
		}
		if len(sr.Events) != 0 || !reflect.DeepEqual(sr.Timers, r.Timers) {
			t.Fatalf("stream %s: %d events kept, timers %+v, want %+v", f.name, len(sr.Events), sr.Timers, r.Timers)
		}
	}
}

// An SLA the engine reads as 0: from 5.0 on a row due now, which fires at
// the next poll; on 4.x no row, and it never fires.
func TestSLAReadZero(t *testing.T) {
	s := scheme(t, `<Timer Name="SLA" Type="Interval" Value="10 min"/>`, [4]string{"Breach", "SLA", "Always", "Breached"})
	sc := Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-03T08:00:00Z"),
		Instances: []InstancePlan{{Scheme: "Ticket", Start: at("2026-11-02T09:00:00.500Z")}}}
	r := run(t, s, sc)
	equal(t, events(r, Register, NotRegistered, Fire), []string{
		"2026-11-02T09:00:00.5Z    register          Ticket#1 SLA at Open due 2026-11-02T09:00:00.5Z",
		"2026-11-02T09:00:01Z r1 fire              Ticket#1 SLA at Open due 2026-11-02T09:00:00.5Z -> Breached",
	})
	r = runOn(t, value.Engine4, s, sc)
	equal(t, events(r, Register, NotRegistered, Fire), []string{
		"2026-11-02T09:00:00.5Z    not-registered    Ticket#1 SLA at Open read as 0: engine 4.x registers no interval of 0 or less",
	})
	if s := summary(r, "SLA"); s.Fired != 0 || s.NotRegistered != 1 || s.Registered != 0 {
		t.Errorf("summary %+v", s)
	}
}

// The value 0 executes the timer transition on entering the activity,
// with no row; " 0" is an interval of 0, a row due now.
func TestSentinelZeroImmediate(t *testing.T) {
	s := scheme(t, `<Timer Name="SLA" Type="Interval" Value="0"/>`, [4]string{"Breach", "SLA", "Always", "Breached"})
	r := run(t, s, Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-03T08:00:00Z"),
		Instances: []InstancePlan{{Scheme: "Ticket", Start: at("2026-11-02T09:00:00.500Z")}}})
	equal(t, events(r, Register, Immediate, Enter, Fire), []string{
		"2026-11-02T09:00:00.5Z    enter             Ticket#1 at Open",
		"2026-11-02T09:00:00.5Z    immediate         Ticket#1 SLA at Open the sentinel 0 executes the timer transition on entry -> Breached",
		"2026-11-02T09:00:00.5Z    enter             Ticket#1 at Breached",
	})
	if s := summary(r, "SLA"); s.Immediate != 1 || s.Registered != 0 || s.Fired != 0 {
		t.Errorf("summary %+v", s)
	}
	s = scheme(t, `<Timer Name="SLA" Type="Interval" Value=" 0"/>`, [4]string{"Breach", "SLA", "Always", "Breached"})
	r = run(t, s, Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-03T08:00:00Z"),
		Instances: []InstancePlan{{Scheme: "Ticket", Start: at("2026-11-02T09:00:00.500Z")}}})
	if s := summary(r, "SLA"); s.Immediate != 0 || s.Registered != 1 || s.Fired != 1 {
		t.Errorf("summary %+v", s)
	}
}

// A cycle of activities whose timers are all 0 is stopped.
func TestSentinelZeroCycleStops(t *testing.T) {
	src := `<Process Name="Loop"><Timers><Timer Name="T" Type="Interval" Value="0"/></Timers><Activities>
<Activity Name="A" IsInitial="True"/><Activity Name="B"/></Activities><Transitions>
<Transition Name="AB" From="A" To="B"><Triggers><Trigger Type="Timer" NameRef="T"/></Triggers><Conditions><Condition Type="Always"/></Conditions></Transition>
<Transition Name="BA" From="B" To="A"><Triggers><Trigger Type="Timer" NameRef="T"/></Triggers><Conditions><Condition Type="Always"/></Conditions></Transition>
</Transitions></Process>`
	f, _, _ := wfe.Read("l.xml", []byte(src))
	r := run(t, f.Schemes[0], Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-02T09:00:00Z"),
		Instances: []InstancePlan{{Scheme: "Loop", Start: at("2026-11-02T08:00:00Z")}}})
	if got := events(r, Stopped); len(got) != 1 || summary(r, "T").Immediate != maxImmediate {
		t.Errorf("stopped %v, summary %+v", got, summary(r, "T"))
	}
}

// An Interval past TimeSpan's range makes the entry fail.
func TestIntervalOutOfRangeFailsEntry(t *testing.T) {
	s := scheme(t, `<Timer Name="SLA" Type="Interval" Value="2147483647h"/>`, [4]string{"Breach", "SLA", "Always", "Breached"})
	r := run(t, s, Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-03T08:00:00Z"),
		Instances: []InstancePlan{{Scheme: "Ticket", Start: at("2026-11-02T09:00:00Z")}}})
	if got := events(r, EntryFailed); len(got) != 1 || !strings.Contains(got[0], "the command that enters the activity fails") {
		t.Errorf("entry-failed events %v", got)
	}
}

// A NotOverrideIfExists timer whose condition fails is deleted and not
// re-created: the instance is left with no timer.
func TestNotOverrideLost(t *testing.T) {
	s := scheme(t, `<Timer Name="Reminder" Type="Interval" Value="1h" NotOverrideIfExists="true"/>`, [4]string{"Remind", "Reminder", "Action", "Done"})
	r := run(t, s, Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-03T08:00:00Z"),
		Instances: []InstancePlan{{Scheme: "Ticket", Start: at("2026-11-02T09:00:00Z"), Conditions: map[string][]bool{"Reminder": {false}}}}})
	equal(t, events(r, Register, Keep, Fire, Failed, Deleted, Lost), []string{
		"2026-11-02T09:00:00Z    register          Ticket#1 Reminder at Open due 2026-11-02T10:00:00Z",
		"2026-11-02T10:00:00Z r1 fire              Ticket#1 Reminder at Open due 2026-11-02T10:00:00Z no condition passed",
		"2026-11-02T10:00:00Z r1 condition-failed  Ticket#1 Reminder at Open",
		"2026-11-02T10:00:00Z r1 keep              Ticket#1 Reminder at Open due 2026-11-02T10:00:00Z",
		"2026-11-02T10:00:00Z r1 deleted           Ticket#1 Reminder at Open NotOverrideIfExists: the fired row is not re-created",
		"2026-11-02T10:00:00Z r1 lost              Ticket#1 Reminder at Open the instance has no timer left",
	})
	if s := summary(r, "Reminder"); s.Fired != 1 || s.Lost != 1 {
		t.Errorf("summary %+v", s)
	}
}

// Two timers on one activity: each failed firing of the hourly reminder
// registers the SLA again, so the 4-hour SLA never fires.
func TestTimersResetTogether(t *testing.T) {
	s := scheme(t, `<Timer Name="Reminder" Type="Interval" Value="1h"/><Timer Name="SLA" Type="Interval" Value="4h"/>`,
		[4]string{"Remind", "Reminder", "Action", "Done"}, [4]string{"Breach", "SLA", "Always", "Breached"})
	r := run(t, s, Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-03T08:00:00Z"),
		Instances: []InstancePlan{{Scheme: "Ticket", Start: at("2026-11-02T09:00:00Z"), Conditions: map[string][]bool{"Reminder": {false}}}}})
	got := events(r, Reregister)
	if len(got) < 2 {
		t.Fatalf("re-registrations: %v", got)
	}
	equal(t, got[:2], []string{
		"2026-11-02T10:00:00Z r1 re-register       Ticket#1 Reminder at Open due 2026-11-02T11:00:00Z",
		"2026-11-02T10:00:00Z r1 re-register       Ticket#1 SLA at Open due 2026-11-02T14:00:00Z",
	})
	// Reminders fire at 10:00, 11:00, ... 07:00 the next day: 22 of them.
	if s := summary(r, "SLA"); s.Fired != 0 || s.Reregistered != 22 {
		t.Errorf("SLA %+v", s)
	}
	if s := summary(r, "Reminder"); s.Fired != 22 {
		t.Errorf("Reminder %+v", s)
	}
}

// A Date timer whose condition fails registers to the same past moment:
// a single server, which polls again at once when a poll returned rows,
// refires it in a busy loop (recorded once); multi-server runtimes refire
// it once an interval.
func TestDateRefires(t *testing.T) {
	s := scheme(t, `<Timer Name="Deadline" Type="Date" Value="11/02/2026"/>`, [4]string{"Expire", "Deadline", "Action", "Done"})
	sc := Scenario{From: at("2026-11-02T09:00:00Z"), Until: at("2026-11-02T09:00:35Z"),
		Instances: []InstancePlan{{Scheme: "Ticket", Conditions: map[string][]bool{"Deadline": {false}}}}}
	r := run(t, s, sc)
	equal(t, events(r, Fire, Refire, BusyLoop), []string{
		"2026-11-02T09:00:00Z r1 fire              Ticket#1 Deadline at Open due 2026-11-02T00:00:00Z no condition passed",
		"2026-11-02T09:00:00Z r1 busy-loop         Ticket#1 Deadline at Open due 2026-11-02T00:00:00Z refires at once on every poll while its condition fails: about 1,000 firings a second on an in-memory store, bounded by the database's latency; not simulated further",
	})
	if s := summary(r, "Deadline"); s.Fired != 1 || s.BusyLoops != 1 {
		t.Errorf("summary %+v", s)
	}
	// The condition passes at the third firing: the loop ends at once.
	sc.Instances[0].Conditions["Deadline"] = []bool{false, false, true}
	r = run(t, s, sc)
	if s := summary(r, "Deadline"); s.Fired != 3 || s.Refires != 2 || s.BusyLoops != 0 {
		t.Errorf("summary %+v", s)
	}
	sc.Instances[0].Conditions["Deadline"] = []bool{false}
	sc.Multi, sc.Replicas, sc.Interval = true, 2, 10*time.Second
	r = run(t, s, sc)
	equal(t, events(r, Fire, Refire, BusyLoop), []string{
		"2026-11-02T09:00:10Z r1 fire              Ticket#1 Deadline at Open due 2026-11-02T00:00:00Z no condition passed",
		"2026-11-02T09:00:20Z r2 refire            Ticket#1 Deadline at Open due 2026-11-02T00:00:00Z no condition passed",
		"2026-11-02T09:00:30Z r1 refire            Ticket#1 Deadline at Open due 2026-11-02T00:00:00Z no condition passed",
	})
}

// After 3 days of downtime every overdue row fires at the first poll: the
// single server's start-up poll, or a multi-server's first poll an
// interval later.
func TestDowntimeEveryOverdueRowFires(t *testing.T) {
	s := scheme(t, `<Timer Name="SLA" Type="Interval" Value="4h"/>`, [4]string{"Breach", "SLA", "Always", "Breached"})
	base := Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-06T08:00:00Z"),
		Down: []Window{{Start: at("2026-11-02T12:00:00Z"), End: at("2026-11-05T12:00:00Z")}},
		Instances: []InstancePlan{
			{Scheme: "Ticket", Start: at("2026-11-02T09:00:00Z")},
			{Scheme: "Ticket", Start: at("2026-11-02T10:00:00Z")},
			{Scheme: "Ticket", Start: at("2026-11-02T11:00:00Z")},
		}}
	r := run(t, s, base)
	equal(t, events(r, Fire), []string{
		"2026-11-05T12:00:00Z r1 fire              Ticket#1 SLA at Open due 2026-11-02T13:00:00Z -> Breached",
		"2026-11-05T12:00:00Z r1 fire              Ticket#2 SLA at Open due 2026-11-02T14:00:00Z -> Breached",
		"2026-11-05T12:00:00Z r1 fire              Ticket#3 SLA at Open due 2026-11-02T15:00:00Z -> Breached",
	})
	multi := base
	multi.Multi, multi.Replicas, multi.Interval = true, 1, 30*time.Second
	r = run(t, s, multi)
	equal(t, events(r, Fire), []string{
		"2026-11-05T12:00:30Z r1 fire              Ticket#1 SLA at Open due 2026-11-02T13:00:00Z -> Breached",
		"2026-11-05T12:00:30Z r1 fire              Ticket#2 SLA at Open due 2026-11-02T14:00:00Z -> Breached",
		"2026-11-05T12:00:30Z r1 fire              Ticket#3 SLA at Open due 2026-11-02T15:00:00Z -> Breached",
	})
}

// Three replicas in multi-server mode take turns: the cluster polls once an
// interval, each replica in its turn, and each row fires once.
func TestThreeReplicasTakeTurns(t *testing.T) {
	s := scheme(t, `<Timer Name="SLA" Type="Interval" Value="4h"/>`, [4]string{"Breach", "SLA", "Always", "Breached"})
	var plans []InstancePlan
	for i := range 6 {
		plans = append(plans, InstancePlan{Scheme: "Ticket", Start: at("2026-11-02T08:00:00Z").Add(time.Duration(i) * 4 * time.Second)})
	}
	r := run(t, s, Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-02T13:00:00Z"), Multi: true, Replicas: 3,
		Interval: 10 * time.Second, Instances: plans})
	// The cluster polls at 08:00:10 + k*10s, replica k mod 3.
	equal(t, events(r, Fire), []string{
		"2026-11-02T12:00:00Z r3 fire              Ticket#1 SLA at Open due 2026-11-02T12:00:00Z -> Breached",
		"2026-11-02T12:00:10Z r1 fire              Ticket#2 SLA at Open due 2026-11-02T12:00:04Z -> Breached",
		"2026-11-02T12:00:10Z r1 fire              Ticket#3 SLA at Open due 2026-11-02T12:00:08Z -> Breached",
		"2026-11-02T12:00:20Z r2 fire              Ticket#4 SLA at Open due 2026-11-02T12:00:12Z -> Breached",
		"2026-11-02T12:00:20Z r2 fire              Ticket#5 SLA at Open due 2026-11-02T12:00:16Z -> Breached",
		"2026-11-02T12:00:20Z r2 fire              Ticket#6 SLA at Open due 2026-11-02T12:00:20Z -> Breached",
	})
	if s := summary(r, "SLA"); s.Fired != 6 || s.Registered != 6 {
		t.Errorf("summary %+v", s)
	}
}

// Replicas never poll at the same instant: together is refused.
func TestTogetherRefused(t *testing.T) {
	s := scheme(t, `<Timer Name="SLA" Type="Interval" Value="4h"/>`, [4]string{"Breach", "SLA", "Always", "Breached"})
	sc := Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-02T13:00:00Z"), Multi: true, Replicas: 3,
		Together: true, Interval: 10 * time.Second, Instances: []InstancePlan{{Scheme: "Ticket", Start: at("2026-11-02T08:00:00Z")}}}
	sc.Defaults()
	if _, err := Run(Input{Schemes: []*wfe.Scheme{s}}, sc); err == nil || !strings.Contains(err.Error(), "never poll at the same instant") {
		t.Errorf("error %v", err)
	}
}

// A poll takes 100 rows at a time; a single server polls again at once,
// so 250 rows due together all fire at that poll.
func TestBatchesBackToBack(t *testing.T) {
	s := scheme(t, `<Timer Name="SLA" Type="Interval" Value="1h"/>`, [4]string{"Breach", "SLA", "Always", "Breached"})
	r := run(t, s, Scenario{From: at("2026-11-02T08:00:00Z"), Until: at("2026-11-02T10:00:00Z"),
		Instances: []InstancePlan{{Scheme: "Ticket", Count: 250, Start: at("2026-11-02T08:00:00Z")}}})
	got := events(r, Fire)
	if len(got) != 250 || !strings.HasPrefix(got[249], "2026-11-02T09:00:00Z r1 fire              Ticket#250") {
		t.Errorf("%d firings, last %q", len(got), got[len(got)-1])
	}
}
