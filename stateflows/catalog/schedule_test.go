package catalog

import (
	"testing"
	"time"
)

func berlin(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func utc(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return v.UTC()
}

// deliveries lists the delivery instants of the first n firings.
func deliveries(t *testing.T, name string, b Behaviour, loc *time.Location, at time.Time, n int) []Firing {
	t.Helper()
	typ := Lookup(name)
	if typ == nil {
		t.Fatalf("%s is not in the catalog", name)
	}
	return typ.Firings(typ.Defaults, b, loc, at, n)
}

// TestRecurring checks the re-registration from the delivery time: the
// worked example's recurring types, several firings each.
func TestRecurring(t *testing.T) {
	for _, c := range []struct {
		typ  string
		b    Behaviour
		want []string // delivery instants, UTC
		past []bool
		doc  []string // documented firings
	}{
		{typ: "EveryOneMinute", b: Main, want: []string{"2026-11-04T10:01:00Z", "2026-11-04T10:02:00Z", "2026-11-04T10:03:00Z"},
			doc: []string{"2026-11-04T10:01:00Z", "2026-11-04T10:02:00Z", "2026-11-04T10:03:00Z"}},
		{typ: "EveryOneMonth", b: Main, want: []string{"2026-11-04T10:01:00Z", "2026-11-04T10:02:00Z", "2026-11-04T10:03:00Z"},
			past: []bool{true, true, true},
			doc:  []string{"2026-11-01T00:00:00Z", "2026-11-01T00:00:00Z", "2026-11-01T00:00:00Z"}},
		{typ: "AtEvery9AM", b: Main, want: []string{"2026-11-05T09:00:00Z", "2026-11-06T09:00:00Z"},
			doc: []string{"2026-11-05T09:00:00Z", "2026-11-06T09:00:00Z"}},
		{typ: "AtEveryNoon", b: Main, want: []string{"2026-11-05T12:00:00Z", "2026-11-06T12:00:00Z"},
			doc: []string{"2026-11-04T12:00:00Z", "2026-11-05T12:00:00Z"}},
		{typ: "EverySaturday", b: Before20241217, want: []string{"2026-11-14T00:00:00Z", "2026-11-21T00:00:00Z"},
			doc: []string{"2026-11-07T00:00:00Z", "2026-11-14T00:00:00Z"}},
		{typ: "EveryTwelveHours", b: Main, want: []string{"2026-11-04T12:00:00Z", "2026-11-05T00:00:00Z", "2026-11-05T12:00:00Z"},
			doc: []string{"2026-11-04T22:00:00Z", "2026-11-05T10:00:00Z", "2026-11-05T22:00:00Z"}},
		// A delay fires once, whatever -n says; a past one at the next tick.
		{typ: "AfterOneMonth", b: Main, want: []string{"2026-11-04T10:01:00Z"}, past: []bool{true},
			doc: []string{"2026-11-01T00:00:00Z"}},
		{typ: "AfterOneDay", b: Main, want: []string{"2026-11-06T00:00:00Z"}, doc: []string{"2026-11-05T00:00:00Z"}},
		// The documentation's own firings.
		{typ: "EverySaturday", b: Documented, want: []string{"2026-11-07T00:00:00Z", "2026-11-14T00:00:00Z"},
			doc: []string{"2026-11-07T00:00:00Z", "2026-11-14T00:00:00Z"}},
	} {
		n := len(c.want)
		if !Lookup(c.typ).Recurs {
			n = 3
		}
		fs := deliveries(t, c.typ, c.b, time.UTC, wedMorning, n)
		if len(fs) != len(c.want) {
			t.Errorf("%s %s: %d firings, want %d", c.typ, c.b, len(fs), len(c.want))
			continue
		}
		for i, f := range fs {
			if want := utc(t, c.want[i]); !f.Delivered.Equal(want) {
				t.Errorf("%s %s #%d: delivered %s, want %s", c.typ, c.b, i+1, f.Delivered, want)
			}
			if want := utc(t, c.doc[i]); !f.Documented.Equal(want) {
				t.Errorf("%s %s #%d: documented %s, want %s", c.typ, c.b, i+1, f.Documented, want)
			}
			if want := c.past != nil && c.past[i]; f.Past != want {
				t.Errorf("%s %s #%d: past %v, want %v", c.typ, c.b, i+1, f.Past, want)
			}
		}
	}
}

// TestOverrides checks the overridable members: Hours, Day, TimeOfDay.
func TestOverrides(t *testing.T) {
	hours, day, tod := 3, time.Friday, 8*time.Hour+30*time.Minute
	hour := Lookup("AfterOneHour")
	if got := hour.Trigger(hour.Params(&hours, nil, nil), Main, wedMorning); !got.Equal(nov(t, "11-04 16:00")) {
		t.Errorf("AfterOneHour with Hours 3 on main: %s, want 10:00 + 2×3h", got)
	}
	if got := hour.Trigger(hour.Params(&hours, nil, nil), Before20241217, wedMorning); !got.Equal(nov(t, "11-04 13:00")) {
		t.Errorf("AfterOneHour with Hours 3 before 2024-12-17: %s", got)
	}
	wk := Lookup("EveryOneWeek")
	if got := wk.Trigger(wk.Params(nil, &day, nil), Main, wedMorning); !got.Equal(nov(t, "11-13 00:00")) {
		t.Errorf("EveryOneWeek on Friday from a Wednesday: %s, want the Friday after next", got)
	}
	// A sealed member is not overridden.
	if p := Lookup("EveryMonday").Params(nil, &day, nil); p.Day != time.Monday {
		t.Errorf("EveryMonday's Day is sealed, got %s", p.Day)
	}
	daily := Lookup("EveryOneDay")
	p := daily.Params(nil, nil, &tod)
	if got := daily.Trigger(p, Main, wedMorning); !got.Equal(nov(t, "11-05 08:30")) {
		t.Errorf("EveryOneDay at 08:30: %s", got)
	}
	if got := daily.DocumentedTrigger(p, wedMidnight); !got.Equal(nov(t, "11-04 08:30")) {
		t.Errorf("EveryOneDay at 08:30, documented from midnight: %s", got)
	}
}

// TestBerlinSpringForward is the DST case: Europe/Berlin moves from +01:00
// to +02:00 on the last Sunday of March (2026-03-29, 02:00 local becomes
// 03:00). The source's DateTime arithmetic is on the wall clock and does
// not see the change.
func TestBerlinSpringForward(t *testing.T) {
	loc := berlin(t)
	// AfterOneDay activated Saturday 10:00:30 local (09:00:30Z): on main,
	// the second midnight, Monday 00:00 local, which is 22:00Z because the
	// offset is +02:00 by then: 37h59m30s of wall clock, 36h59m30s real.
	fs := deliveries(t, "AfterOneDay", Main, loc, utc(t, "2026-03-28T09:00:30Z"), 1)
	f := fs[0]
	if !f.Wall.Equal(time.Date(2026, 3, 30, 0, 0, 0, 0, time.UTC)) || !f.At.Equal(utc(t, "2026-03-29T22:00:00Z")) {
		t.Errorf("AfterOneDay across the change: wall %s, at %s", f.Wall, f.At)
	}
	if len(f.Changes) != 1 || !f.Changes[0].At.Equal(utc(t, "2026-03-29T01:00:00Z")) || f.Changes[0].From != 3600 || f.Changes[0].To != 7200 {
		t.Errorf("AfterOneDay across the change: changes %+v", f.Changes)
	}
	if got := f.At.Sub(f.Started); got != 36*time.Hour+59*time.Minute+30*time.Second {
		t.Errorf("real time to the trigger %s", got)
	}
	// AfterOneHour at 01:30 local: 01:00 + 2h of wall clock is 03:00 local,
	// half an hour after the activation.
	f = deliveries(t, "AfterOneHour", Main, loc, utc(t, "2026-03-29T00:30:00Z"), 1)[0]
	if !f.At.Equal(utc(t, "2026-03-29T01:00:00Z")) || f.Gap {
		t.Errorf("AfterOneHour at 01:30: at %s gap %v", f.At, f.Gap)
	}
	// EveryThirtyMinutes at 01:45 local: the trigger 02:00 local never
	// shows; the clock jumps to 03:00 and the tick there delivers it. The
	// next registration is from 03:00 local.
	fs = deliveries(t, "EveryThirtyMinutes", Main, loc, utc(t, "2026-03-29T00:45:00Z"), 2)
	if !fs[0].Gap || !fs[0].Delivered.Equal(utc(t, "2026-03-29T01:00:00Z")) {
		t.Errorf("EveryThirtyMinutes into the gap: %+v", fs[0])
	}
	if !fs[1].Wall.Equal(time.Date(2026, 3, 29, 3, 30, 0, 0, time.UTC)) || !fs[1].Delivered.Equal(utc(t, "2026-03-29T01:30:00Z")) {
		t.Errorf("EveryThirtyMinutes after the gap: %+v", fs[1])
	}
	// The documentation computes in UTC and sees no change.
	f = deliveries(t, "AfterOneDay", Documented, loc, utc(t, "2026-03-28T09:00:30Z"), 1)[0]
	if !f.At.Equal(utc(t, "2026-03-29T00:00:00Z")) {
		t.Errorf("documented AfterOneDay: %s", f.At)
	}
}

// TestBerlinFallBack is the change back (2026-10-25, 03:00 local becomes
// 02:00): the hour 02:00-03:00 shows twice, and the scheduler, which ticks
// when DateTime.Now is a minute past its last tick, does not tick while
// the clock repeats it.
func TestBerlinFallBack(t *testing.T) {
	loc := berlin(t)
	// EveryOneMinute from 02:58:30 (+02:00): 02:59 is the first showing;
	// from there 03:00 local, only at +01:00, an hour and a minute later.
	fs := deliveries(t, "EveryOneMinute", Main, loc, utc(t, "2026-10-25T00:58:30Z"), 2)
	if !fs[0].Ambiguous || !fs[0].Delivered.Equal(utc(t, "2026-10-25T00:59:00Z")) {
		t.Errorf("first firing %+v", fs[0])
	}
	if !fs[1].Delivered.Equal(utc(t, "2026-10-25T02:00:00Z")) || fs[1].Held {
		t.Errorf("second firing %+v", fs[1])
	}
	// Activated during the repeat (02:10 at +01:00): AfterOneMinute on
	// main is due at 02:12 local, but no tick comes until 03:00 local.
	f := deliveries(t, "AfterOneMinute", Main, loc, utc(t, "2026-10-25T01:10:00Z"), 1)[0]
	if !f.At.Equal(utc(t, "2026-10-25T01:12:00Z")) || !f.Delivered.Equal(utc(t, "2026-10-25T02:00:00Z")) || !f.Held {
		t.Errorf("activated in the repeated hour: %+v", f)
	}
}

func TestParseBehaviour(t *testing.T) {
	for _, name := range append([]string{""}, Behaviours...) {
		b, err := ParseBehaviour(name)
		if err != nil || name != "" && b.String() != name {
			t.Errorf("%q: %v %v", name, b, err)
		}
	}
	if _, err := ParseBehaviour("latest"); err == nil {
		t.Error("an unknown revision is accepted")
	}
}

// TestSimulate delivers at minute ticks, re-registers from the delivery,
// and holds the ticks while the host is down and for the minute after it
// comes back (the loop's first tick).
func TestSimulate(t *testing.T) {
	at := func(fs []Delivered) []string {
		var out []string
		for _, f := range fs {
			out = append(out, f.At.Format("15:04"))
		}
		return out
	}
	until := utc(t, "2026-11-04T10:05:00Z")
	every := Lookup("EveryOneMinute")
	fs, more := every.Simulate(every.Defaults, Main, time.UTC, wedMorning, until, true, nil, 100)
	if got := at(fs); len(got) != 4 || got[0] != "10:01" || got[3] != "10:04" || more {
		t.Errorf("every minute: %v %v", got, more)
	}
	down := []Down{{Start: utc(t, "2026-11-04T10:02:10Z"), End: utc(t, "2026-11-04T10:03:30Z")}}
	fs, _ = every.Simulate(every.Defaults, Main, time.UTC, wedMorning, until, true, down, 100)
	// The 10:02 tick runs before the outage; the 10:03 trigger waits for
	// the first tick after the restart, 10:04.
	if got := at(fs); len(got) != 3 || got[1] != "10:02" || got[2] != "10:04" || !fs[2].Due.Equal(utc(t, "2026-11-04T10:03:00Z")) {
		t.Errorf("every minute, down 10:02:10-10:03:30: %v", fs)
	}
	// Not internal: the transition leaves the state, one delivery.
	if fs, _ := every.Simulate(every.Defaults, Main, time.UTC, wedMorning, until, false, nil, 100); len(fs) != 1 {
		t.Errorf("a recurring event that leaves its state: %v", fs)
	}
	month := Lookup("EveryOneMonth")
	fs, more = month.Simulate(month.Defaults, Main, time.UTC, wedMorning, until.Add(time.Hour), true, nil, 5)
	if got := at(fs); len(got) != 5 || got[4] != "10:05" || !more || !fs[0].Past {
		t.Errorf("every month on an internal transition: %v %v", got, more)
	}
	day := Lookup("AfterOneDay")
	fs, _ = day.Simulate(day.Defaults, Main, time.UTC, wedMorning, wedMorning.AddDate(0, 0, 7), true, nil, 100)
	if len(fs) != 1 || !fs[0].At.Equal(utc(t, "2026-11-06T00:00:00Z")) {
		t.Errorf("AfterOneDay: %v", fs)
	}
}

// TestMinuteTick holds the scheduler's minute tick as it was measured
// against the catalog's own C# under Mono (ENGINES.md section 2): the loop
// wakes a moment after each minute boundary, so an event registered exactly
// on a boundary is seen by that minute's tick (delivered in the same
// minute when already due), one registered later in the minute by the
// next, and a trigger with seconds at the first tick after it.
func TestMinuteTick(t *testing.T) {
	kolkata, err := time.LoadLocation("Asia/Kolkata")
	if err != nil {
		t.Fatal(err)
	}
	tod := 7*time.Hour + 30*time.Minute + 15*time.Second
	for _, c := range []struct {
		name, typ string
		loc       *time.Location
		p         *Params
		at        string
		want      []string
	}{
		{"already due, on the boundary", "AfterOneMonth", time.UTC, nil, "2026-11-04T10:00:00Z", []string{"2026-11-04T10:00:00Z"}},
		{"already due, inside the minute", "AfterOneMonth", time.UTC, nil, "2026-11-04T10:00:30Z", []string{"2026-11-04T10:01:00Z"}},
		{"already due, a millisecond past the boundary", "AfterOneMonth", time.UTC, nil, "2026-11-04T10:00:00.001Z", []string{"2026-11-04T10:01:00Z"}},
		// Re-registered at each tick to the same past instant: due at
		// every tick, from the minute of the activation on.
		{"recurring, already due, on the boundary", "EveryOneMonth", time.UTC, nil, "2026-11-04T10:00:00Z",
			[]string{"2026-11-04T10:00:00Z", "2026-11-04T10:01:00Z", "2026-11-04T10:02:00Z"}},
		{"recurring, already due, inside the minute", "EveryOneMonth", time.UTC, nil, "2026-11-04T10:00:30Z",
			[]string{"2026-11-04T10:01:00Z", "2026-11-04T10:02:00Z", "2026-11-04T10:03:00Z"}},
		{"trigger on a later boundary", "EveryOneMinute", time.UTC, nil, "2026-11-04T10:00:00Z",
			[]string{"2026-11-04T10:01:00Z", "2026-11-04T10:02:00Z"}},
		{"half-hour zone, on the local boundary", "AfterOneMonth", kolkata, nil, "2026-11-04T04:30:00Z", []string{"2026-11-04T04:30:00Z"}},
		// A subclass's TimeOfDay with seconds: the first tick after it.
		{"trigger with seconds", "EveryOneDay", time.UTC, &Params{TimeOfDay: tod}, "2026-11-04T06:00:00Z", []string{"2026-11-05T07:31:00Z"}},
	} {
		typ := Lookup(c.typ)
		p := typ.Defaults
		if c.p != nil {
			p = *c.p
		}
		fs := typ.Firings(p, Main, c.loc, utc(t, c.at), len(c.want))
		var got []string
		for _, f := range fs {
			got = append(got, f.Delivered.UTC().Format(time.RFC3339))
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: %s at %s: delivered %v, want %v", c.name, c.typ, c.at, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %s at %s: delivered %v, want %v", c.name, c.typ, c.at, got, c.want)
				break
			}
		}
		// Simulate agrees with Firings.
		ds, _ := typ.Simulate(p, Main, c.loc, utc(t, c.at), utc(t, c.want[len(c.want)-1]).Add(time.Second), true, nil, len(c.want))
		for i, d := range ds {
			if i < len(got) && d.At.UTC().Format(time.RFC3339) != got[i] {
				t.Errorf("%s: Simulate delivers %s as #%d, Firings %s", c.name, d.At.UTC().Format(time.RFC3339), i, got[i])
			}
		}
	}
}
