package timeexpr

import (
	"testing"
	"time"
)

func TestNextStartDue(t *testing.T) {
	for _, c := range []struct {
		cycle, now, want string
		ok               bool
	}{
		{"R/2026-11-09T08:00:00Z/P1D", "2026-11-01T00:00:00Z", "2026-11-09T08:00:00Z", true},
		{"R/2026-11-09T08:00:00Z/P1D", "2026-11-09T08:00:00Z", "2026-11-09T08:00:00Z", true},
		{"R/2026-11-09T08:00:00Z/P1D", "2026-11-09T08:00:00.000001Z", "2026-11-10T08:00:00Z", true},
		{"R3/2026-11-09T08:00:00Z/PT1H", "2026-11-09T10:00:00Z", "2026-11-09T10:00:00Z", true},
		{"R3/2026-11-09T08:00:00Z/PT1H", "2026-11-09T10:00:01Z", "", false},
		{"R0/2026-11-09T08:00:00Z/PT1H", "2020-01-01T00:00:00Z", "", false},
		{"R/2026-01-31T00:00:00Z/P1M", "2026-02-01T00:00:00Z", "2026-02-28T00:00:00Z", true},
		{"R/2026-01-31T00:00:00Z/P1M", "2027-02-01T00:00:00Z", "2027-02-28T00:00:00Z", true},
		{"R/2024-02-29T00:00:00Z/P1Y", "2027-06-01T00:00:00Z", "2028-02-29T00:00:00Z", true},
		{"R/2026-01-31T00:00:00Z/P1M1D", "2026-02-01T00:00:00Z", "2026-03-01T00:00:00Z", true},
		{"R/2000-01-31T00:00:00Z/P1M", "2090-06-15T00:00:00Z", "2090-06-30T00:00:00Z", true},
	} {
		got, ok := NextStartDue(mustCycle(t, c.cycle), utc(t, c.now))
		if ok != c.ok || (ok && FormatTime(got) != c.want) {
			t.Errorf("NextStartDue(%s, %s) = %s, %v; want %s, %v", c.cycle, c.now, FormatTime(got), ok, c.want, c.ok)
		}
	}
}

func TestRemainingFirings(t *testing.T) {
	for _, c := range []struct {
		cycle, now string
		want       int
	}{
		{"R3/2026-11-09T08:00:00Z/PT1H", "2026-11-01T00:00:00Z", 3},
		{"R3/2026-11-09T08:00:00Z/PT1H", "2026-11-09T08:30:00Z", 2},
		{"R3/2026-11-09T08:00:00Z/PT1H", "2026-11-09T10:00:00Z", 1},
		{"R3/2026-11-09T08:00:00Z/PT1H", "2026-12-01T00:00:00Z", 0},
		{"R0/2026-11-09T08:00:00Z/PT1H", "2026-11-01T00:00:00Z", 0},
		{"R/2026-11-09T08:00:00Z/PT1H", "2030-01-01T00:00:00Z", Unbounded},
		{"R-1/2026-11-09T08:00:00Z/PT1H", "2030-01-01T00:00:00Z", Unbounded},
		{"R12/2026-01-31T00:00:00Z/P1M", "2026-06-15T00:00:00Z", 7},
	} {
		if got := RemainingFirings(mustCycle(t, c.cycle), utc(t, c.now)); got != c.want {
			t.Errorf("RemainingFirings(%s, %s) = %d, want %d", c.cycle, c.now, got, c.want)
		}
	}
}

func TestDateInPastAndFarAhead(t *testing.T) {
	now := utc(t, "2026-11-01T12:00:00Z")
	date := func(s string) DateTime {
		d, err := ParseDateTime(s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for s, want := range map[string]bool{
		"2026-11-01T11:59:59Z": true, "2026-11-01T12:00:00Z": false, "2026-11-01T13:00:00+02:00": true,
		"2026-12-01T09:00:00Z": false,
	} {
		if got := DateInPast(date(s), now); got != want {
			t.Errorf("DateInPast(%s) = %v", s, got)
		}
	}
	if !FarAhead(utc(t, "2206-11-01T12:00:00Z"), now) || FarAhead(utc(t, "2036-11-01T12:00:00Z"), now) || !FarAhead(utc(t, "2036-11-01T12:00:01Z"), now) {
		t.Error("FarAhead: the limit is ten calendar years")
	}
}

func TestPeriodShorterThanAndReplays(t *testing.T) {
	if n, short := PeriodShorterThan(mustCycle(t, "R/2026-11-09T08:00:00Z/PT0.25S"), time.Second); !short || n != 4 {
		t.Errorf("PT0.25S under PT1S: %d, %v", n, short)
	}
	if _, short := PeriodShorterThan(mustCycle(t, "R/2026-11-09T08:00:00Z/PT1S"), time.Second); short {
		t.Error("PT1S is not shorter than PT1S")
	}
	if _, short := PeriodShorterThan(mustCycle(t, "R/2026-11-09T08:00:00Z/P1M"), time.Hour); short {
		t.Error("a calendar period is never shorter")
	}
	// A day's outage replays 24 hourly occurrences; a week's, seven daily.
	c := mustCycle(t, "R/2026-11-09T08:00:00Z/PT1H")
	if n := SpiffReplays(c, utc(t, "2026-11-10T00:00:00Z"), utc(t, "2026-11-11T00:00:00Z")); n != 24 {
		t.Errorf("replays %d", n)
	}
	if n := SpiffReplays(mustCycle(t, "R/2026-11-09T08:00:00Z/P1D"), utc(t, "2026-11-10T00:00:00Z"), utc(t, "2026-11-17T00:00:00Z")); n != 7 {
		t.Errorf("replays %d", n)
	}
}

// Through and Before agree with a plain walk over the due times, for
// exact, calendar and stride schedules, at and around every due time.
func TestScheduleCounts(t *testing.T) {
	for _, s := range []Schedule{
		StartCycleSchedule(mustCycle(t, "R/2026-01-31T00:00:00Z/P1M")),
		StartCycleSchedule(mustCycle(t, "R7/2028-02-29T12:00:00Z/P1Y")),
		StartCycleSchedule(mustCycle(t, "R/2026-11-09T08:00:00Z/PT7H")),
		SpiffCycleSchedule(mustCycle(t, "R/2026-01-31T00:00:00Z/P1M")),
		SpiffCycleSchedule(mustCycle(t, "R5/2026-01-31T00:00:00Z/P1Y2M")),
	} {
		for k := 0; k < 40 && s.Has(k); k++ {
			d := s.Due(k)
			for _, c := range []struct {
				t       time.Time
				through int
				before  int
			}{
				{d.Add(-time.Microsecond), k, k},
				{d, k + 1, k},
				{d.Add(time.Microsecond), k + 1, k + 1},
			} {
				if got := s.Through(c.t); got != s.capN(c.through) {
					t.Errorf("%s Through(%s) = %d, want %d", s.Period.String(), FormatTime(c.t), got, c.through)
				}
				if got := s.Before(c.t); got != s.capN(c.before) {
					t.Errorf("%s Before(%s) = %d, want %d", s.Period.String(), FormatTime(c.t), got, c.before)
				}
			}
		}
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "PT0S", time.Second: "PT1S", 48 * time.Hour: "P2D", 16 * time.Hour: "PT16H",
		31*24*time.Hour + 3*time.Hour: "P31DT3H", 1500 * time.Millisecond: "PT1.5S", 90 * time.Minute: "PT1H30M",
		-time.Second: "-PT1S",
	} {
		if got := FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%s) = %s, want %s", d, got, want)
		}
	}
}
