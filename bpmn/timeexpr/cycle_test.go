package timeexpr

import (
	"testing"
	"time"
)

// utc parses an RFC 3339 instant for a test.
func utc(t testing.TB, s string) time.Time {
	t.Helper()
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("bad test instant %q: %v", s, err)
	}
	return v.UTC()
}

func TestParseCycleAccepted(t *testing.T) {
	tests := []struct {
		in     string
		repeat int
		form   CycleForm
		start  string // RFC 3339, or empty when the form has no start.
		period string // Duration text, or empty.
		end    string
	}{
		{"R/2026-11-09T08:00:00Z/P1D", -1, CycleStartDuration, "2026-11-09T08:00:00Z", "P1D", ""},
		{"R3/2026-11-09T08:00:00Z/PT1H", 3, CycleStartDuration, "2026-11-09T08:00:00Z", "PT1H", ""},
		{"R-1/2026-11-09T08:00:00Z/P1D", -1, CycleStartDuration, "2026-11-09T08:00:00Z", "P1D", ""},
		{"R0/2026-11-09T08:00:00Z/P1D", 0, CycleStartDuration, "2026-11-09T08:00:00Z", "P1D", ""},
		{"R1/2026-11-09T08:00:00Z/P1D", 1, CycleStartDuration, "2026-11-09T08:00:00Z", "P1D", ""},
		{"R007/2026-11-09T08:00:00Z/P1D", 7, CycleStartDuration, "2026-11-09T08:00:00Z", "P1D", ""},
		{"R/2026-11-09T08:00:00/P1D", -1, CycleStartDuration, "2026-11-09T08:00:00Z", "P1D", ""},
		{"R/2026-W46-1T08:00:00Z/P1W", -1, CycleStartDuration, "2026-11-09T08:00:00Z", "P1W", ""},
		{"R/20261109T080000Z/PT12H", -1, CycleStartDuration, "2026-11-09T08:00:00Z", "PT12H", ""},
		{"R/2026-12-01/P1D", -1, CycleStartDuration, "2026-12-01T00:00:00Z", "P1D", ""},
		{"R/2026-11-09T08:00:00Z/PT0S", -1, CycleStartDuration, "2026-11-09T08:00:00Z", "PT0S", ""},
		{"R/2026-11-09T08:00:00Z/-P1D", -1, CycleStartDuration, "2026-11-09T08:00:00Z", "-P1D", ""},
		{"R/PT1H/2026-11-10T08:00:00", -1, CycleDurationEnd, "", "PT1H", "2026-11-10T08:00:00Z"},
		{"R/P1D", -1, CycleDurationOnly, "", "P1D", ""},
		{"R3/PT1H", 3, CycleDurationOnly, "", "PT1H", ""},
		{"R2/P1D", 2, CycleDurationOnly, "", "P1D", ""},
		{"R3/PT1H/2026-11-10T08:00:00Z", 3, CycleDurationEnd, "", "PT1H", "2026-11-10T08:00:00Z"},
		{"R/2026-11-09T08:00:00Z/2026-11-10T08:00:00Z", -1, CycleStartEnd, "2026-11-09T08:00:00Z", "", "2026-11-10T08:00:00Z"},
	}
	for _, tc := range tests {
		c, err := ParseCycle(tc.in)
		if err != nil {
			t.Errorf("ParseCycle(%q): %v", tc.in, err)
			continue
		}
		if c.Repeat != tc.repeat || c.Form != tc.form || c.Text != tc.in || c.String() != tc.in {
			t.Errorf("ParseCycle(%q) = Repeat %d Form %v Text %q, want %d %v", tc.in, c.Repeat, c.Form, c.Text, tc.repeat, tc.form)
		}
		if want := tc.repeat; c.Count() != want {
			t.Errorf("ParseCycle(%q).Count() = %d, want %d", tc.in, c.Count(), want)
		}
		if tc.start != "" && !c.Start.Time.Equal(utc(t, tc.start)) {
			t.Errorf("ParseCycle(%q).Start = %v, want %s", tc.in, c.Start.Time, tc.start)
		}
		if tc.end != "" && !c.End.Time.Equal(utc(t, tc.end)) {
			t.Errorf("ParseCycle(%q).End = %v, want %s", tc.in, c.End.Time, tc.end)
		}
		if c.Period.Text != tc.period {
			t.Errorf("ParseCycle(%q).Period = %q, want %q", tc.in, c.Period.Text, tc.period)
		}
	}
}

func TestParseCycleRefused(t *testing.T) {
	checkRefusals(t, "ParseCycle", func(s string) error { _, err := ParseCycle(s); return err }, []refusal{
		{"", 0, "empty repeating interval"},
		{"P1D", 0, "a repeating interval starts with R[n]/"},
		{"2026-11-09T08:00:00Z/2026-11-10T08:00:00Z", 0, "a repeating interval starts with R[n]/"},
		{"0 0 * * *", 0, "a repeating interval starts with R[n]/"},
		{" R/P1D", 0, "leading whitespace"},
		{"r/P1D", 0, "designators must be upper case"},
		{"R5", 2, "expected '/' after R5"},
		{"R", 1, "expected '/' after R"},
		{"R-1", 3, "expected '/' after R-1"},
		{"R-2/P1D", 1, "repeat count -2 out of range"},
		{"R99999999999/P1D", 1, "repeat count too large"},
		{"Rx/P1D", 1, "expected a repeat count or '/' after 'R'"},
		{"R3x/P1D", 2, "expected a repeat count or '/' after 'R'"},
		{"R-", 2, "expected a repeat count or '/' after 'R'"},
		{"R5 ", 2, "trailing text ' '"},
		{"R/", 2, "empty part: expected a date-time or a duration"},
		{"R//P1D", 2, "empty part: expected a date-time or a duration"},
		{"R/P1D/", 6, "empty part: expected a date-time or a duration"},
		{"R/2026-11-09T08:00:00Z/P1D/extra", 26, "extra part '/extra': a repeating interval has at most two parts after R[n]/"},
		{"R/2026-11-09T08:00:00Z/P1D/", 26, "extra part '/': a repeating interval has at most two parts after R[n]/"},
		{"R/2026-11-09T08:00:00Z--P1D", 22, "'--' is not a separator: use '/'"},
		{"R--2026-11-09T08:00:00Z/P1D", 1, "'--' is not a separator: use '/'"},
		{"R/P1D/P2D", 6, "two durations: expected a start or an end date-time"},
		{"R/2026-11-09T08:00:00Z", 22, "expected '/' and a duration after the start date-time"},
		{"R/2026-11-10T08:00:00Z/2026-11-09T08:00:00Z", 23, "the end date-time is not after the start"},
		// A part's own error, at its offset in the whole value.
		{"R/2026-02-30T08:00:00Z/P1D", 10, "day 30 out of range for February 2026"},
		{"R/2026-11-09T24:00:00Z/P1D", 13, "hour 24 out of range"},
		{"R/2026-11-09T08:00:00Z/P1W2D", 26, "weeks cannot be combined with other parts"},
		{"R/2026-11-09T08:00:00Z/pt1h", 23, "designators must be upper case"},
		{"R/2026-11-09T08:00:00Z/P36H", 24, "time designator 'H' without 'T' before it"},
		{"R/2026-11-09T08:00:00Z/P", 24, "expected at least one part after 'P'"},
		{"R/2026-11-09T08:00:00Z /P1D", 22, "trailing text ' '"},
		{"R3/PT1H/2026-11-31T08:00:00Z", 16, "day 31 out of range for November 2026"},
		{"R/P1X", 4, "unknown designator 'X'"},
		{"R/now/P1D", 2, "expected a 4-digit year"},
		{"R/2026-11-09T08:00:00Z/P1D ", 26, "trailing text ' '"},
	})
}
