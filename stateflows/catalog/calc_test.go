package catalog

import (
	"testing"
	"time"
)

// No .NET runtime runs here: the expected instants below are worked out by
// hand from ENGINES.md section 2 and the framework's source as read there
// (GetDelayStart + Delay + Delay on main, + Delay before 2024-12-17,
// GetIntervalStart + Interval), and from the seed's tables for the
// documented behaviour.

// The three activation instants of the table, in a host on UTC.
var (
	// wedMorning is ENGINES.md's worked example: Wednesday mid-morning.
	wedMorning = time.Date(2026, 11, 4, 10, 0, 30, 0, time.UTC)
	// wedMidnight is a Wednesday on every boundary at once.
	wedMidnight = time.Date(2026, 11, 4, 0, 0, 0, 0, time.UTC)
	// sunLate is a Sunday one minute before midnight.
	sunLate = time.Date(2026, 11, 8, 23, 59, 0, 0, time.UTC)
)

// nov reads "11-04 10:02" as that minute of 2026, UTC.
func nov(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.Parse("2006-01-02 15:04", "2026-"+s)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestCalculatorTable runs every catalog type at the three activation
// instants under main, before-2024-12-17 and the documentation, with the
// exact first trigger of each. The first block is ENGINES.md's worked
// example (main column), row for row.
func TestCalculatorTable(t *testing.T) {
	rows := []struct {
		typ                 string
		at                  time.Time
		main, before, docum string
	}{
		{"AfterOneMinute", wedMorning, "11-04 10:02", "11-04 10:01", "11-04 10:01"},
		{"AfterFiveMinutes", wedMorning, "11-04 10:10", "11-04 10:05", "11-04 10:05"},
		{"AfterTenMinutes", wedMorning, "11-04 10:20", "11-04 10:10", "11-04 10:10"},
		{"AfterFifteenMinutes", wedMorning, "11-04 10:30", "11-04 10:15", "11-04 10:15"},
		{"AfterThirtyMinutes", wedMorning, "11-04 11:00", "11-04 10:30", "11-04 10:30"},
		{"AfterOneHour", wedMorning, "11-04 12:00", "11-04 11:00", "11-04 11:00"},
		{"AfterTwelveHours", wedMorning, "11-05 00:00", "11-04 12:00", "11-04 12:00"},
		{"AfterOneDay", wedMorning, "11-06 00:00", "11-05 00:00", "11-05 00:00"},
		{"AfterOneWeek", wedMorning, "11-16 00:00", "11-09 00:00", "11-09 00:00"},
		{"AfterOneMonth", wedMorning, "11-01 00:00", "11-01 00:00", "11-01 00:00"},
		{"EveryOneMinute", wedMorning, "11-04 10:01", "11-04 10:01", "11-04 10:01"},
		{"EveryFiveMinutes", wedMorning, "11-04 10:05", "11-04 10:05", "11-04 10:05"},
		{"EveryTenMinutes", wedMorning, "11-04 10:10", "11-04 10:10", "11-04 10:10"},
		{"EveryFifteenMinutes", wedMorning, "11-04 10:15", "11-04 10:15", "11-04 10:15"},
		{"EveryThirtyMinutes", wedMorning, "11-04 10:30", "11-04 10:30", "11-04 10:30"},
		{"EveryOneHour", wedMorning, "11-04 11:00", "11-04 11:00", "11-04 11:00"},
		{"EveryTwelveHours", wedMorning, "11-04 12:00", "11-04 12:00", "11-04 22:00"},
		{"EveryOneDay", wedMorning, "11-05 00:00", "11-05 00:00", "11-05 00:00"},
		{"EveryOneWeek", wedMorning, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryOneMonth", wedMorning, "11-01 00:00", "11-01 00:00", "11-01 00:00"},
		{"EveryMonday", wedMorning, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryTuesday", wedMorning, "11-10 00:00", "11-10 00:00", "11-10 00:00"},
		{"EveryWednesday", wedMorning, "11-11 00:00", "11-11 00:00", "11-11 00:00"},
		{"EveryThursday", wedMorning, "11-12 00:00", "11-12 00:00", "11-05 00:00"},
		{"EveryFriday", wedMorning, "11-13 00:00", "11-13 00:00", "11-06 00:00"},
		{"EverySaturday", wedMorning, "11-14 00:00", "11-14 00:00", "11-07 00:00"},
		{"EverySunday", wedMorning, "11-08 00:00", "11-08 00:00", "11-08 00:00"},
		{"AtEveryMidnight", wedMorning, "11-05 00:00", "11-05 00:00", "11-05 00:00"},
		{"AtEveryNoon", wedMorning, "11-05 12:00", "11-05 12:00", "11-04 12:00"},
		{"AtEvery3AM", wedMorning, "11-05 03:00", "11-05 03:00", "11-05 03:00"},
		{"AtEvery6AM", wedMorning, "11-05 06:00", "11-05 06:00", "11-05 06:00"},
		{"AtEvery9AM", wedMorning, "11-05 09:00", "11-05 09:00", "11-05 09:00"},
		{"AtEvery12AM", wedMorning, "11-05 12:00", "11-05 12:00", "11-04 12:00"},
		{"AtEvery3PM", wedMorning, "11-05 15:00", "11-05 15:00", "11-04 15:00"},
		{"AtEvery6PM", wedMorning, "11-05 18:00", "11-05 18:00", "11-04 18:00"},
		{"AtEvery9PM", wedMorning, "11-05 21:00", "11-05 21:00", "11-04 21:00"},
		{"AtEvery12PM", wedMorning, "11-05 00:00", "11-05 00:00", "11-05 00:00"},

		{"AfterOneMinute", wedMidnight, "11-04 00:02", "11-04 00:01", "11-04 00:01"},
		{"AfterFiveMinutes", wedMidnight, "11-04 00:10", "11-04 00:05", "11-04 00:05"},
		{"AfterTenMinutes", wedMidnight, "11-04 00:20", "11-04 00:10", "11-04 00:10"},
		{"AfterFifteenMinutes", wedMidnight, "11-04 00:30", "11-04 00:15", "11-04 00:15"},
		{"AfterThirtyMinutes", wedMidnight, "11-04 01:00", "11-04 00:30", "11-04 00:30"},
		{"AfterOneHour", wedMidnight, "11-04 02:00", "11-04 01:00", "11-04 01:00"},
		{"AfterTwelveHours", wedMidnight, "11-05 00:00", "11-04 12:00", "11-04 12:00"},
		{"AfterOneDay", wedMidnight, "11-06 00:00", "11-05 00:00", "11-05 00:00"},
		{"AfterOneWeek", wedMidnight, "11-16 00:00", "11-09 00:00", "11-09 00:00"},
		{"AfterOneMonth", wedMidnight, "11-01 00:00", "11-01 00:00", "11-01 00:00"},
		{"EveryOneMinute", wedMidnight, "11-04 00:01", "11-04 00:01", "11-04 00:01"},
		{"EveryFiveMinutes", wedMidnight, "11-04 00:05", "11-04 00:05", "11-04 00:05"},
		{"EveryTenMinutes", wedMidnight, "11-04 00:10", "11-04 00:10", "11-04 00:10"},
		{"EveryFifteenMinutes", wedMidnight, "11-04 00:15", "11-04 00:15", "11-04 00:15"},
		{"EveryThirtyMinutes", wedMidnight, "11-04 00:30", "11-04 00:30", "11-04 00:30"},
		{"EveryOneHour", wedMidnight, "11-04 01:00", "11-04 01:00", "11-04 01:00"},
		{"EveryTwelveHours", wedMidnight, "11-04 12:00", "11-04 12:00", "11-04 12:00"},
		{"EveryOneDay", wedMidnight, "11-05 00:00", "11-05 00:00", "11-05 00:00"},
		{"EveryOneWeek", wedMidnight, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryOneMonth", wedMidnight, "11-01 00:00", "11-01 00:00", "11-01 00:00"},
		{"EveryMonday", wedMidnight, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryTuesday", wedMidnight, "11-10 00:00", "11-10 00:00", "11-10 00:00"},
		{"EveryWednesday", wedMidnight, "11-11 00:00", "11-11 00:00", "11-11 00:00"},
		{"EveryThursday", wedMidnight, "11-12 00:00", "11-12 00:00", "11-05 00:00"},
		{"EveryFriday", wedMidnight, "11-13 00:00", "11-13 00:00", "11-06 00:00"},
		{"EverySaturday", wedMidnight, "11-14 00:00", "11-14 00:00", "11-07 00:00"},
		{"EverySunday", wedMidnight, "11-08 00:00", "11-08 00:00", "11-08 00:00"},
		{"AtEveryMidnight", wedMidnight, "11-05 00:00", "11-05 00:00", "11-05 00:00"},
		{"AtEveryNoon", wedMidnight, "11-05 12:00", "11-05 12:00", "11-04 12:00"},
		{"AtEvery3AM", wedMidnight, "11-05 03:00", "11-05 03:00", "11-04 03:00"},
		{"AtEvery6AM", wedMidnight, "11-05 06:00", "11-05 06:00", "11-04 06:00"},
		{"AtEvery9AM", wedMidnight, "11-05 09:00", "11-05 09:00", "11-04 09:00"},
		{"AtEvery12AM", wedMidnight, "11-05 12:00", "11-05 12:00", "11-04 12:00"},
		{"AtEvery3PM", wedMidnight, "11-05 15:00", "11-05 15:00", "11-04 15:00"},
		{"AtEvery6PM", wedMidnight, "11-05 18:00", "11-05 18:00", "11-04 18:00"},
		{"AtEvery9PM", wedMidnight, "11-05 21:00", "11-05 21:00", "11-04 21:00"},
		{"AtEvery12PM", wedMidnight, "11-05 00:00", "11-05 00:00", "11-05 00:00"},

		{"AfterOneMinute", sunLate, "11-09 00:01", "11-09 00:00", "11-09 00:00"},
		{"AfterFiveMinutes", sunLate, "11-09 00:05", "11-09 00:00", "11-09 00:00"},
		{"AfterTenMinutes", sunLate, "11-09 00:10", "11-09 00:00", "11-09 00:00"},
		{"AfterFifteenMinutes", sunLate, "11-09 00:15", "11-09 00:00", "11-09 00:00"},
		{"AfterThirtyMinutes", sunLate, "11-09 00:30", "11-09 00:00", "11-09 00:00"},
		{"AfterOneHour", sunLate, "11-09 01:00", "11-09 00:00", "11-09 00:00"},
		{"AfterTwelveHours", sunLate, "11-09 12:00", "11-09 00:00", "11-09 00:00"},
		{"AfterOneDay", sunLate, "11-10 00:00", "11-09 00:00", "11-09 00:00"},
		{"AfterOneWeek", sunLate, "11-23 00:00", "11-16 00:00", "11-16 00:00"},
		{"AfterOneMonth", sunLate, "11-01 00:00", "11-01 00:00", "11-01 00:00"},
		{"EveryOneMinute", sunLate, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryFiveMinutes", sunLate, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryTenMinutes", sunLate, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryFifteenMinutes", sunLate, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryThirtyMinutes", sunLate, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryOneHour", sunLate, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryTwelveHours", sunLate, "11-09 00:00", "11-09 00:00", "11-09 11:00"},
		{"EveryOneDay", sunLate, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"EveryOneWeek", sunLate, "11-16 00:00", "11-16 00:00", "11-09 00:00"},
		{"EveryOneMonth", sunLate, "11-01 00:00", "11-01 00:00", "11-01 00:00"},
		{"EveryMonday", sunLate, "11-16 00:00", "11-16 00:00", "11-09 00:00"},
		{"EveryTuesday", sunLate, "11-17 00:00", "11-17 00:00", "11-10 00:00"},
		{"EveryWednesday", sunLate, "11-18 00:00", "11-18 00:00", "11-11 00:00"},
		{"EveryThursday", sunLate, "11-19 00:00", "11-19 00:00", "11-12 00:00"},
		{"EveryFriday", sunLate, "11-20 00:00", "11-20 00:00", "11-13 00:00"},
		{"EverySaturday", sunLate, "11-21 00:00", "11-21 00:00", "11-14 00:00"},
		{"EverySunday", sunLate, "11-15 00:00", "11-15 00:00", "11-15 00:00"},
		{"AtEveryMidnight", sunLate, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
		{"AtEveryNoon", sunLate, "11-09 12:00", "11-09 12:00", "11-09 12:00"},
		{"AtEvery3AM", sunLate, "11-09 03:00", "11-09 03:00", "11-09 03:00"},
		{"AtEvery6AM", sunLate, "11-09 06:00", "11-09 06:00", "11-09 06:00"},
		{"AtEvery9AM", sunLate, "11-09 09:00", "11-09 09:00", "11-09 09:00"},
		{"AtEvery12AM", sunLate, "11-09 12:00", "11-09 12:00", "11-09 12:00"},
		{"AtEvery3PM", sunLate, "11-09 15:00", "11-09 15:00", "11-09 15:00"},
		{"AtEvery6PM", sunLate, "11-09 18:00", "11-09 18:00", "11-09 18:00"},
		{"AtEvery9PM", sunLate, "11-09 21:00", "11-09 21:00", "11-09 21:00"},
		{"AtEvery12PM", sunLate, "11-09 00:00", "11-09 00:00", "11-09 00:00"},
	}
	covered := map[string]int{}
	for _, r := range rows {
		typ := Lookup(r.typ)
		if typ == nil {
			t.Fatalf("%s is not in the catalog", r.typ)
		}
		covered[r.typ]++
		p := typ.Defaults
		for _, c := range []struct {
			b    Behaviour
			want string
		}{{Main, r.main}, {Before20241217, r.before}, {Documented, r.docum}} {
			var got time.Time
			if c.b == Documented {
				got = typ.DocumentedTrigger(p, r.at)
			} else {
				got = typ.Trigger(p, c.b, r.at)
			}
			if want := nov(t, c.want); !got.Equal(want) {
				t.Errorf("%s from %s, %s: got %s, want %s", r.typ, r.at.Format(time.DateTime), c.b, got.Format(time.DateTime), want.Format(time.DateTime))
			}
			// Firings on a host in UTC give the same first trigger.
			fs := typ.Firings(p, c.b, time.UTC, r.at, 1)
			if len(fs) != 1 || !fs[0].At.Equal(got) {
				t.Errorf("%s from %s, %s: Firings gives %v, want %s", r.typ, r.at.Format(time.DateTime), c.b, fs, got)
			}
		}
	}
	for _, typ := range Types() {
		if covered[typ.Name] != 3 {
			t.Errorf("%s: %d rows, want one per activation instant", typ.Name, covered[typ.Name])
		}
	}
	if len(Types()) != 37 {
		t.Errorf("the catalog has %d types, want the seed's 37", len(Types()))
	}
}
