package sim

import (
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
)

func cycle(t *testing.T, s string) timeexpr.Cycle {
	t.Helper()
	e, err := ParseValue(bpmn.TimeCycle, s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return e.Cycle
}

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
		got, ok := NextStartDue(cycle(t, c.cycle), at(t, c.now))
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
		if got := RemainingFirings(cycle(t, c.cycle), at(t, c.now)); got != c.want {
			t.Errorf("RemainingFirings(%s, %s) = %d, want %d", c.cycle, c.now, got, c.want)
		}
	}
}

func TestDateInPastAndFarAhead(t *testing.T) {
	now := at(t, "2026-11-01T12:00:00Z")
	date := func(s string) timeexpr.DateTime {
		e, err := ParseValue(bpmn.TimeDate, s)
		if err != nil {
			t.Fatal(err)
		}
		return e.Date
	}
	for s, want := range map[string]bool{
		"2026-11-01T11:59:59Z": true, "2026-11-01T12:00:00Z": false, "2026-11-01T13:00:00+02:00": true,
		"2026-12-01T09:00:00Z": false,
	} {
		if got := DateInPast(date(s), now); got != want {
			t.Errorf("DateInPast(%s) = %v", s, got)
		}
	}
	if !FarAhead(at(t, "2206-11-01T12:00:00Z"), now) || FarAhead(at(t, "2036-11-01T12:00:00Z"), now) || !FarAhead(at(t, "2036-11-01T12:00:01Z"), now) {
		t.Error("FarAhead: the limit is ten calendar years")
	}
}

func TestPeriodShorterThanAndReplays(t *testing.T) {
	if n, short := PeriodShorterThan(cycle(t, "R/2026-11-09T08:00:00Z/PT0.25S"), time.Second); !short || n != 4 {
		t.Errorf("PT0.25S under PT1S: %d, %v", n, short)
	}
	if _, short := PeriodShorterThan(cycle(t, "R/2026-11-09T08:00:00Z/PT1S"), time.Second); short {
		t.Error("PT1S is not shorter than PT1S")
	}
	if _, short := PeriodShorterThan(cycle(t, "R/2026-11-09T08:00:00Z/P1M"), time.Hour); short {
		t.Error("a calendar period is never shorter")
	}
	// A day's outage replays 24 hourly occurrences; a week's, seven daily.
	c := cycle(t, "R/2026-11-09T08:00:00Z/PT1H")
	if n := SpiffReplays(c, at(t, "2026-11-10T00:00:00Z"), at(t, "2026-11-11T00:00:00Z")); n != 24 {
		t.Errorf("replays %d", n)
	}
	if n := SpiffReplays(cycle(t, "R/2026-11-09T08:00:00Z/P1D"), at(t, "2026-11-10T00:00:00Z"), at(t, "2026-11-17T00:00:00Z")); n != 7 {
		t.Errorf("replays %d", n)
	}
}

// Through and Before agree with a plain walk over the due times, for
// exact, calendar and stride schedules, at and around every due time.
func TestScheduleCounts(t *testing.T) {
	for _, s := range []Schedule{
		StartCycleSchedule(cycle(t, "R/2026-01-31T00:00:00Z/P1M")),
		StartCycleSchedule(cycle(t, "R7/2028-02-29T12:00:00Z/P1Y")),
		StartCycleSchedule(cycle(t, "R/2026-11-09T08:00:00Z/PT7H")),
		SpiffCycleSchedule(cycle(t, "R/2026-01-31T00:00:00Z/P1M")),
		SpiffCycleSchedule(cycle(t, "R5/2026-01-31T00:00:00Z/P1Y2M")),
	} {
		for k := 0; k < 40 && s.has(k); k++ {
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

// The simulator reads the values the rules accept and refuses, with no
// rule of its own, what it cannot compute due times for; which rule
// refuses what is rules.ExpressionVerdict's business (verdict_test.go).
func TestParseValue(t *testing.T) {
	for _, c := range []struct {
		kind bpmn.ExprKind
		text string
		ok   bool
	}{
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/P1D"`, true},
		{bpmn.TimeCycle, `"R0/2026-11-09T08:00:00Z/P1D"`, true},
		{bpmn.TimeCycle, `"R/2026-01-31T00:00:00Z/P1M"`, true},
		{bpmn.TimeDuration, ` "PT48H"` + "\n", true},
		{bpmn.TimeDate, `'2026-12-01T09:00:00+01:00'`, true},
		{bpmn.TimeCycle, `"R/P1D"`, false},
		{bpmn.TimeCycle, `"R3/PT1H/2026-11-10T08:00:00Z"`, false},
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00/P1D"`, false},
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/PT0S"`, false},
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/-P1D"`, false},
		{bpmn.TimeCycle, `"R/2026-11-09T08:00:00Z/P0.5M"`, false},
		{bpmn.TimeCycle, `"0 0 * * *"`, false},
		{bpmn.TimeDuration, `PT48H`, false},
		{bpmn.TimeDuration, "\n    \"PT48H\"", false},
		{bpmn.TimeDuration, `"-P1D"`, false},
		{bpmn.TimeDuration, `"P0.5Y"`, false},
		{bpmn.TimeDuration, `"pt1h"`, false},
		{bpmn.TimeDate, "  ", false},
		{bpmn.TimeDate, `"2026-12-01T09:00:00"`, false},
		{bpmn.TimeDate, `due_time`, false},
	} {
		value, lit := Literal(c.text)
		var err error
		if lit {
			_, err = ParseValue(c.kind, value)
		}
		if got := lit && err == nil; got != c.ok {
			t.Errorf("%s %q: read %v (literal %v, %v), want %v", c.kind, c.text, got, lit, err, c.ok)
		}
	}
	if _, err := (Expr{Kind: bpmn.TimeDuration}).StartSchedule(); err == nil {
		t.Error("a duration on a timer start has a schedule")
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
