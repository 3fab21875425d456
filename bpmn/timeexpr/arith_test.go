package timeexpr

import (
	"math"
	"testing"
	"time"
)

// mustDuration parses a duration for a test.
func mustDuration(t testing.TB, s string) Duration {
	t.Helper()
	d, err := ParseDuration(s)
	if err != nil {
		t.Fatalf("ParseDuration(%q): %v", s, err)
	}
	return d
}

// mustCycle parses a cycle for a test.
func mustCycle(t testing.TB, s string) Cycle {
	t.Helper()
	c, err := ParseCycle(s)
	if err != nil {
		t.Fatalf("ParseCycle(%q): %v", s, err)
	}
	return c
}

func TestAddTo(t *testing.T) {
	tests := []struct {
		name, dur, from, want string
	}{
		{"month clamped to February", "P1M", "2026-01-31T10:00:00Z", "2026-02-28T10:00:00Z"},
		{"month clamped to leap February", "P1M", "2028-01-31T10:00:00Z", "2028-02-29T10:00:00Z"},
		{"month clamped to April", "P1M", "2026-03-31T00:00:00Z", "2026-04-30T00:00:00Z"},
		{"two months from Jan 31", "P2M", "2026-01-31T00:00:00Z", "2026-03-31T00:00:00Z"},
		{"year from leap day", "P1Y", "2028-02-29T00:00:00Z", "2029-02-28T00:00:00Z"},
		{"four years from leap day", "P4Y", "2028-02-29T00:00:00Z", "2032-02-29T00:00:00Z"},
		{"year and months together", "P1Y1M", "2026-01-31T00:00:00Z", "2027-02-28T00:00:00Z"},
		{"months before days", "P1M1D", "2026-01-31T00:00:00Z", "2026-03-01T00:00:00Z"},
		{"all parts", "P1Y2M3DT4H5M6S", "2026-11-01T12:00:00Z", "2028-01-04T16:05:06Z"},
		{"hours", "PT48H", "2026-11-01T12:00:00Z", "2026-11-03T12:00:00Z"},
		{"weeks", "P2W", "2026-11-01T12:00:00Z", "2026-11-15T12:00:00Z"},
		{"fraction of a second", "PT1.5S", "2026-11-01T12:00:00Z", "2026-11-01T12:00:01.5Z"},
		// Sub-microsecond digits round as Python's timedelta rounds them.
		{"nanosecond rounds to zero", "PT0.000000001S", "2026-11-01T12:00:00Z", "2026-11-01T12:00:00Z"},
		{"below the half rounds down", "PT1.0000015S", "2026-11-01T12:00:00Z", "2026-11-01T12:00:01.000001Z"},
		{"above the half rounds up", "PT0.0000015S", "2026-11-01T12:00:00Z", "2026-11-01T12:00:00.000002Z"},
		{"fractional day", "P1.5D", "2026-11-01T12:00:00Z", "2026-11-03T00:00:00Z"},
		{"time of day kept", "P1M", "2026-01-31T23:30:00.5Z", "2026-02-28T23:30:00.5Z"},
		{"negative month", "-P1M", "2026-03-31T00:00:00Z", "2026-02-28T00:00:00Z"},
		{"negative hours", "-PT36H", "2026-11-03T00:00:00Z", "2026-11-01T12:00:00Z"},
		{"half a year is six months", "P0.5Y", "2026-01-31T00:00:00Z", "2026-07-31T00:00:00Z"},
		{"fractional month", "P1.5M", "2026-01-15T00:00:00Z", "2026-03-01T00:00:00Z"},
		{"zero", "PT0S", "2026-11-01T12:00:00Z", "2026-11-01T12:00:00Z"},
		{"across a year end", "P1M", "2026-12-31T00:00:00Z", "2027-01-31T00:00:00Z"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := mustDuration(t, tc.dur).AddTo(utc(t, tc.from))
			if want := utc(t, tc.want); !got.Equal(want) || got.Location() != time.UTC {
				t.Errorf("%s.AddTo(%s) = %v, want %v", tc.dur, tc.from, got, want)
			}
		})
	}
}

// TestAddToIgnoresLocation checks that the arithmetic is done in UTC: a
// day is 86400 s even across a DST change of the time's location.
func TestAddToIgnoresLocation(t *testing.T) {
	ny := time.FixedZone("EST", -5*3600)
	from := time.Date(2026, 3, 7, 12, 0, 0, 0, ny)
	got := mustDuration(t, "P1D").AddTo(from)
	if want := utc(t, "2026-03-08T17:00:00Z"); !got.Equal(want) {
		t.Errorf("P1D.AddTo(%v) = %v, want %v", from, got, want)
	}
	// The month is counted on the UTC date: 2026-01-31T22:00-05:00 is
	// Feb 1 in UTC.
	got = mustDuration(t, "P1M").AddTo(time.Date(2026, 1, 31, 22, 0, 0, 0, ny))
	if want := utc(t, "2026-03-01T03:00:00Z"); !got.Equal(want) {
		t.Errorf("P1M.AddTo = %v, want %v", got, want)
	}
}

func TestSpiffLength(t *testing.T) {
	const day = 24 * time.Hour
	tests := []struct {
		name, dur, from string
		want            time.Duration
	}{
		{"month of January", "P1M", "2026-01-31T00:00:00Z", 31 * day},
		{"month of February", "P1M", "2026-02-01T00:00:00Z", 28 * day},
		{"month of leap February", "P1M", "2028-02-10T00:00:00Z", 29 * day},
		{"month of November", "P1M", "2026-11-01T12:00:00Z", 30 * day},
		{"year from January", "P1Y", "2026-01-31T00:00:00Z", 365 * day},
		{"year over a leap February", "P1Y", "2028-02-29T00:00:00Z", 366 * day},
		{"year from March of a leap year", "P1Y", "2028-03-01T00:00:00Z", 365 * day},
		{"year as twelve months", "P12M", "2028-02-29T00:00:00Z", 366 * day},
		{"all parts from November", "P1Y2M3DT4H5M6S", "2026-11-01T12:00:00Z", 429*day + 4*time.Hour + 5*time.Minute + 6*time.Second},
		{"weeks", "P2W", "2026-11-01T12:00:00Z", 14 * day},
		{"fraction of a second", "PT1.5S", "2026-11-01T12:00:00Z", 1500 * time.Millisecond},
		{"half a microsecond rounds to even 0", "PT0.0000005S", "2026-11-01T12:00:00Z", 0},
		{"1.5 microseconds round to even 2", "PT0.0000015S", "2026-11-01T12:00:00Z", 2 * time.Microsecond},
		{"nanoseconds round to microseconds", "PT0.000001499S", "2026-11-01T12:00:00Z", time.Microsecond},
		{"fractional month", "P1.5M", "2026-01-15T00:00:00Z", 45 * day},
		{"negative", "-P1D", "2026-11-01T12:00:00Z", -day},
		{"zero", "PT0S", "2026-11-01T12:00:00Z", 0},
		{"location ignored", "P1M", "2026-02-01T03:00:00+05:00", 31 * day},
		{"saturates", "P999999999D", "2026-11-01T12:00:00Z", time.Duration(math.MaxInt64)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			from, err := time.Parse(time.RFC3339, tc.from)
			if err != nil {
				t.Fatal(err)
			}
			if got := mustDuration(t, tc.dur).SpiffLength(from); got != tc.want {
				t.Errorf("%s.SpiffLength(%s) = %v, want %v", tc.dur, tc.from, got, tc.want)
			}
		})
	}
}

func TestSpiffNanosBefore(t *testing.T) {
	const day = 24 * time.Hour
	tests := []struct {
		dur, end string
		want     time.Duration
	}{
		{"P1M", "2026-03-31T00:00:00Z", 28 * day},  // February.
		{"P1M", "2026-01-15T00:00:00Z", 31 * day},  // December 2025.
		{"P1Y", "2028-03-01T00:00:00Z", 366 * day}, // March 2027 to February 2028.
		{"P2M", "2028-04-01T00:00:00Z", 60 * day},  // February and March 2028.
		{"PT1H", "2026-11-10T08:00:00Z", time.Hour},
		{"P1.5M", "2026-03-31T00:00:00Z", 28*day + 31*day/2},
	}
	for _, tc := range tests {
		if got := saturate(mustDuration(t, tc.dur).spiffNanosBefore(utc(t, tc.end)), false); got != tc.want {
			t.Errorf("%s.spiffNanosBefore(%s) = %v, want %v", tc.dur, tc.end, got, tc.want)
		}
	}
}

// dues returns Due(0..n-1) (or SpiffDue) as RFC 3339 strings.
func dues(n int, due func(int) time.Time) []string {
	out := make([]string, n)
	for k := range out {
		out[k] = due(k).Format(time.RFC3339Nano)
	}
	return out
}

// equalStrings compares two string slices.
func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

func TestCycleDue(t *testing.T) {
	tests := []struct {
		name, cycle string
		want        []string
	}{
		{"monthly from Jan 31, clamped, never drifting", "R/2026-01-31T00:00:00Z/P1M", []string{
			"2026-01-31T00:00:00Z", "2026-02-28T00:00:00Z", "2026-03-31T00:00:00Z", "2026-04-30T00:00:00Z",
			"2026-05-31T00:00:00Z", "2026-06-30T00:00:00Z", "2026-07-31T00:00:00Z"}},
		{"yearly from a leap day", "R/2028-02-29T00:00:00Z/P1Y", []string{
			"2028-02-29T00:00:00Z", "2029-02-28T00:00:00Z", "2030-02-28T00:00:00Z", "2031-02-28T00:00:00Z",
			"2032-02-29T00:00:00Z"}},
		{"daily", "R/2026-11-09T08:00:00Z/P1D", []string{
			"2026-11-09T08:00:00Z", "2026-11-10T08:00:00Z", "2026-11-11T08:00:00Z", "2026-11-12T08:00:00Z"}},
		{"hourly, bounded", "R3/2026-11-09T08:00:00Z/PT1H", []string{
			"2026-11-09T08:00:00Z", "2026-11-09T09:00:00Z", "2026-11-09T10:00:00Z"}},
		{"monthly with a day", "R/2026-01-31T00:00:00Z/P1M1D", []string{
			"2026-01-31T00:00:00Z", "2026-03-01T00:00:00Z", "2026-04-02T00:00:00Z"}}, // Jan 31 + P2M2D.
		{"offset start", "R/2026-11-09T08:00:00+01:00/P1D", []string{
			"2026-11-09T07:00:00Z", "2026-11-10T07:00:00Z"}},
		{"duration and end, anchored at the end", "R3/P1M/2026-03-31T00:00:00Z", []string{
			"2026-02-28T00:00:00Z", "2026-03-31T00:00:00Z", "2026-04-30T00:00:00Z"}},
		{"hour before an end", "R3/PT1H/2026-11-10T08:00:00Z", []string{
			"2026-11-10T07:00:00Z", "2026-11-10T08:00:00Z", "2026-11-10T09:00:00Z"}},
		{"start and end", "R/2026-11-09T08:00:00Z/2026-11-10T20:00:00.5Z", []string{
			"2026-11-09T08:00:00Z", "2026-11-10T20:00:00.5Z", "2026-11-12T08:00:01Z"}},
		{"zero period", "R/2026-11-09T08:00:00Z/PT0S", []string{
			"2026-11-09T08:00:00Z", "2026-11-09T08:00:00Z"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := mustCycle(t, tc.cycle)
			if got := dues(len(tc.want), c.Due); !equalStrings(got, tc.want) {
				t.Errorf("%s Due = %v, want %v", tc.cycle, got, tc.want)
			}
		})
	}
	// Far multiples are computed from the start, not by repeated addition.
	c := mustCycle(t, "R/2026-01-31T00:00:00Z/P1M")
	for k, want := range map[int]string{12: "2027-01-31T00:00:00Z", 13: "2027-02-28T00:00:00Z", 25: "2028-02-29T00:00:00Z", -1: "2025-12-31T00:00:00Z"} {
		if got := c.Due(k).Format(time.RFC3339); got != want {
			t.Errorf("Due(%d) = %s, want %s", k, got, want)
		}
	}
	if got := mustCycle(t, "R/P1D").Due(3); !got.IsZero() {
		t.Errorf("R/P1D Due(3) = %v, want the zero time", got)
	}
}

func TestCycleSpiffDue(t *testing.T) {
	tests := []struct {
		name, cycle string
		want        []string
	}{
		{"monthly from Jan 31 strides 31 days", "R/2026-01-31T00:00:00Z/P1M", []string{
			"2026-01-31T00:00:00Z", "2026-03-03T00:00:00Z", "2026-04-03T00:00:00Z", "2026-05-04T00:00:00Z"}},
		{"duration and end, length counted back", "R3/P1M/2026-03-31T00:00:00Z", []string{
			"2026-03-03T00:00:00Z", "2026-03-31T00:00:00Z", "2026-04-28T00:00:00Z"}},
		{"a period longer than a time.Duration", "R/2026-11-01T12:00:00Z/P300Y", []string{
			"2026-11-01T12:00:00Z", "2326-11-01T12:00:00Z", "2626-10-31T12:00:00Z"}},
		{"start truncated to the microsecond", "R/2026-11-09T08:00:00.123456789Z/PT1S", []string{
			"2026-11-09T08:00:00.123456Z", "2026-11-09T08:00:01.123456Z"}},
		{"zero period", "R/2026-11-09T08:00:00Z/PT0S", []string{
			"2026-11-09T08:00:00Z", "2026-11-09T08:00:00Z", "2026-11-09T08:00:00Z"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := mustCycle(t, tc.cycle)
			if got := dues(len(tc.want), c.SpiffDue); !equalStrings(got, tc.want) {
				t.Errorf("%s SpiffDue = %v, want %v", tc.cycle, got, tc.want)
			}
			now := utc(t, "2000-01-01T00:00:00Z")
			if got := dues(len(tc.want), func(k int) time.Time { return c.SpiffDueFrom(now, k) }); !equalStrings(got, tc.want) {
				t.Errorf("%s SpiffDueFrom = %v, want %v", tc.cycle, got, tc.want)
			}
		})
	}
	for _, s := range []string{"R/P1D", "R/2026-11-09T08:00:00Z/2026-11-10T08:00:00Z"} {
		if got := mustCycle(t, s).SpiffDue(0); !got.IsZero() {
			t.Errorf("%s SpiffDue(0) = %v, want the zero time", s, got)
		}
	}
	if got := (Cycle{}).Due(0); !got.IsZero() {
		t.Errorf("zero Cycle Due(0) = %v", got)
	}
}

func TestCycleCountAndString(t *testing.T) {
	for in, want := range map[string]int{"R/P1D": -1, "R-1/P1D": -1, "R0/P1D": 0, "R1/P1D": 1, "R12/P1D": 12} {
		if got := mustCycle(t, in).Count(); got != want {
			t.Errorf("%s Count() = %d, want %d", in, got, want)
		}
	}
	c := Cycle{Repeat: 3, Form: CycleStartDuration, Start: DateTime{Time: utc(t, "2026-11-09T08:00:00Z"), HasOffset: true},
		Period: Duration{Days: 1}}
	if got, want := c.String(), "R3/2026-11-09T08:00:00Z/P1D"; got != want {
		t.Errorf("built Cycle String() = %q, want %q", got, want)
	}
	for f := CycleStartDuration; f <= CycleStartEnd; f++ {
		if f.String() == "unknown" {
			t.Errorf("CycleForm(%d) has no name", f)
		}
	}
	if CycleForm(0).String() != "unknown" {
		t.Errorf("CycleForm(0).String() = %q", CycleForm(0).String())
	}
}

// TestArithmeticSaturates checks that absurd values do not overflow or
// panic.
func TestArithmeticSaturates(t *testing.T) {
	from := utc(t, "2026-11-01T12:00:00Z")
	for _, s := range []string{"P999999999D", "P2700000Y", "PT23999999976H", "P142857142W"} {
		d := mustDuration(t, s)
		if got := d.AddTo(from); !got.After(from) {
			t.Errorf("%s.AddTo = %v, not after %v", s, got, from)
		}
		if got := d.SpiffLength(from); got <= 0 {
			t.Errorf("%s.SpiffLength = %v", s, got)
		}
		c := Cycle{Form: CycleStartDuration, Start: DateTime{Time: from}, Period: d}
		if a, b := c.Due(math.MaxInt), c.Due(math.MaxInt-1); a.Before(b) {
			t.Errorf("%s Due(MaxInt) %v before Due(MaxInt-1) %v", s, a, b)
		}
		_ = c.SpiffDue(math.MaxInt)
		_ = c.SpiffDue(math.MinInt)
		c.Form = CycleDurationEnd
		c.End = c.Start
		_ = c.Due(math.MinInt)
		_ = c.SpiffDue(math.MinInt)
	}
}
