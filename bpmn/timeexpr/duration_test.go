package timeexpr

import (
	"testing"
	"time"
)

func TestParseDurationAccepted(t *testing.T) {
	tests := []struct {
		in   string
		want Duration
	}{
		{"PT48H", Duration{Hours: 48}},
		{"P1Y2M3DT4H5M6S", Duration{Years: 1, Months: 2, Days: 3, Hours: 4, Minutes: 5, Seconds: 6}},
		{"P2W", Duration{Weeks: 2}},
		{"P1.5W", Duration{Weeks: 1.5}},
		{"P1D", Duration{Days: 1}},
		{"P1M", Duration{Months: 1}},
		{"PT1M", Duration{Minutes: 1}},
		{"P1MT1M", Duration{Months: 1, Minutes: 1}},
		{"P1Y", Duration{Years: 1}},
		{"PT36H", Duration{Hours: 36}},
		{"PT0S", Duration{}},
		{"P0D", Duration{}},
		{"-P1D", Duration{Days: 1, Negative: true}},
		{"-PT0S", Duration{Negative: true}},
		{"PT1.5S", Duration{Seconds: 1.5}},
		{"PT1,5H", Duration{Hours: 1.5}},
		{"PT1H30.5M", Duration{Hours: 1, Minutes: 30.5}},
		{"PT0.000000001S", Duration{Seconds: 0.000000001}},
		{"P0.5Y", Duration{Years: 0.5}},
		{"P1.5M", Duration{Months: 1.5}},
		{"P1Y1.0M", Duration{Years: 1, Months: 1}},
		{"P1DT0.5S", Duration{Days: 1, Seconds: 0.5}},
		{"P007D", Duration{Days: 7}},
		{"P999999999D", Duration{Days: 999999999}},
	}
	for _, tc := range tests {
		d, err := ParseDuration(tc.in)
		if err != nil {
			t.Errorf("ParseDuration(%q): %v", tc.in, err)
			continue
		}
		tc.want.Text = tc.in
		if d != tc.want {
			t.Errorf("ParseDuration(%q) = %#v, want %#v", tc.in, d, tc.want)
		}
		if d.String() != tc.in {
			t.Errorf("ParseDuration(%q).String() = %q", tc.in, d.String())
		}
	}
}

func TestParseDurationRefused(t *testing.T) {
	checkRefusals(t, "ParseDuration", func(s string) error { _, err := ParseDuration(s); return err }, []refusal{
		{"", 0, "empty duration"},
		{"P", 1, "expected at least one part after 'P'"},
		{"PT", 2, "expected a time part after 'T'"},
		{"P1DT", 4, "expected a time part after 'T'"},
		{"P36H", 1, "time designator 'H' without 'T' before it"},
		{"P1S", 1, "time designator 'S' without 'T' before it"},
		{"PT1H2D", 4, "date designator 'D' after 'T'"},
		{"PT1Y", 2, "date designator 'Y' after 'T'"},
		{"PT1W", 2, "date designator 'W' after 'T'"},
		{"P1W2D", 3, "weeks cannot be combined with other parts"},
		{"P1Y2W", 3, "weeks cannot be combined with other parts"},
		{"P1WT1H", 4, "weeks cannot be combined with other parts"},
		{"P2D1W", 3, "weeks cannot be combined with other parts"},
		{"pt1h", 0, "designators must be upper case"},
		{"Pt1h", 1, "designators must be upper case"},
		{"PT1h", 3, "designators must be upper case"},
		{"P1d", 2, "designators must be upper case"},
		{"-p1D", 1, "designators must be upper case"},
		{"PT1.5H30M", 2, "only the last part may have a fraction"},
		{"P1.5DT1H", 1, "only the last part may have a fraction"},
		{"P0.5Y1M", 1, "only the last part may have a fraction"},
		{"P1D2Y", 3, "designator 'Y' out of order (after 'D')"},
		{"PT1S1M", 4, "designator 'M' out of order (after 'S')"},
		{"P1M1Y", 3, "designator 'Y' out of order (after 'M')"},
		{"P1D1D", 3, "designator 'D' repeated"},
		{"PT1H1H", 4, "designator 'H' repeated"},
		{"PTT1H", 2, "designator 'T' repeated"},
		{"P1DTT1H", 4, "designator 'T' repeated"},
		{"P1.D", 3, "expected a digit after the decimal mark"},
		{"P.5D", 1, "expected a digit before the decimal mark"},
		{"P,5D", 1, "expected a digit before the decimal mark"},
		{"PD", 1, "expected a number before 'D'"},
		{"PTH", 2, "expected a number before 'H'"},
		{"P1", 2, "expected a designator after the number"},
		{"PT1", 3, "expected a designator after the number"},
		{"P1T1H", 2, "expected a designator after the number"},
		{"P1X", 2, "unknown designator 'X'"},
		{"P1D ", 3, "trailing text ' '"},
		{"P1DT1H ", 6, "trailing text ' '"},
		{"P1DT1H\n", 6, `trailing text '\n'`},
		{" P1D", 0, "leading whitespace"},
		{"P 1D", 1, "unexpected ' '"},
		{"P1 D", 2, "unexpected ' '"},
		{"P1D T1H", 3, "unexpected ' '"},
		{"+P1D", 0, "unexpected '+' before the duration"},
		{"--P1D", 1, "expected 'P' at the start of a duration"},
		{"-", 1, "expected 'P' after '-'"},
		{"P-1D", 1, "a sign is only allowed before 'P'"},
		{"P1D-", 3, "a sign is only allowed before 'P'"},
		{"P1DÉ", 3, "unexpected 'É'"},
		{"36H", 0, "expected 'P' at the start of a duration"},
		{"1 day", 0, "expected 'P' at the start of a duration"},
		{"2026-12-01T09:00:00Z", 0, "a date-time is not a duration"},
		{"2026-11-09T08:00:00Z/2026-11-10T08:00:00Z", 0, "a time interval is not a duration"},
		{"R/P1D", 0, "a repeating interval is not a duration"},
		{"P1234567890123456D", 1, "number too large"},
		{"P1000000000D", 0, "duration too long: more than 999999999 days"},
		{"P3000000Y", 0, "duration too long: more than 999999999 days"},
		{"P1D/P2D", 3, "unexpected '/'"},
	})
}

func TestDurationPredicates(t *testing.T) {
	tests := []struct {
		in                              string
		zero, calendar, fractionalCalen bool
	}{
		{"PT48H", false, false, false},
		{"PT0S", true, false, false},
		{"P0Y0M", true, false, false},
		{"-P0D", true, false, false},
		{"P1M", false, true, false},
		{"P1Y", false, true, false},
		{"P0.5Y", false, true, true},
		{"P1.5M", false, true, true},
		{"P1.0Y", false, true, true},
		{"P1Y0,0M", false, true, true},
		{"P1.5D", false, false, false},
		{"P1MT1.5M", false, true, false},
		{"P1W", false, false, false},
	}
	for _, tc := range tests {
		d, err := ParseDuration(tc.in)
		if err != nil {
			t.Fatalf("ParseDuration(%q): %v", tc.in, err)
		}
		if d.IsZero() != tc.zero || d.HasCalendar() != tc.calendar || d.FractionalCalendar() != tc.fractionalCalen {
			t.Errorf("%q: IsZero=%v HasCalendar=%v FractionalCalendar=%v, want %v %v %v", tc.in,
				d.IsZero(), d.HasCalendar(), d.FractionalCalendar(), tc.zero, tc.calendar, tc.fractionalCalen)
		}
	}
}

func TestDurationExact(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"PT48H", 48 * time.Hour, true},
		{"P2W", 14 * 24 * time.Hour, true},
		{"P1DT1H1M1.5S", 25*time.Hour + time.Minute + 1500*time.Millisecond, true},
		{"PT0.000000001S", 0, true},
		{"PT1.123456789S", 1123457 * time.Microsecond, true},
		{"PT0.6666667S", 666667 * time.Microsecond, true},
		{"P1.1D", 95040 * time.Second, true},
		{"-PT1H", -time.Hour, true},
		{"PT0S", 0, true},
		{"P1M", 0, false},
		{"P1Y", 0, false},
		{"P200000D", 0, false}, // Longer than a time.Duration holds.
	}
	for _, tc := range tests {
		d, err := ParseDuration(tc.in)
		if err != nil {
			t.Fatalf("ParseDuration(%q): %v", tc.in, err)
		}
		got, ok := d.Exact()
		if got != tc.want || ok != tc.ok {
			t.Errorf("%q.Exact() = %v, %v, want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestDurationStringBuilt(t *testing.T) {
	tests := []struct {
		d    Duration
		want string
	}{
		{Duration{Hours: 48}, "PT48H"},
		{Duration{Years: 1, Months: 2, Days: 3, Hours: 4, Minutes: 5, Seconds: 6.5}, "P1Y2M3DT4H5M6.5S"},
		{Duration{}, "PT0S"},
		{Duration{Negative: true}, "-PT0S"},
		{Duration{Weeks: 2, Negative: true}, "-P2W"},
	}
	for _, tc := range tests {
		if got := tc.d.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.d, got, tc.want)
		}
		if _, err := ParseDuration(tc.want); err != nil {
			t.Errorf("rendered %q does not parse: %v", tc.want, err)
		}
	}
}
