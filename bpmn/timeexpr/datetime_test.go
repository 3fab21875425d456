package timeexpr

import (
	"errors"
	"testing"
	"time"
)

func TestParseDateTimeAccepted(t *testing.T) {
	tests := []struct {
		in        string
		utc       string // RFC 3339 in UTC, with nanoseconds.
		hasOffset bool
		offset    int
		dateOnly  bool
		form      DateForm
	}{
		{"2026-12-01T09:00:00Z", "2026-12-01T09:00:00Z", true, 0, false, FormExtended},
		{"2026-12-01T09:00:00+01:00", "2026-12-01T08:00:00Z", true, 3600, false, FormExtended},
		{"2026-12-01T09:00:00-05:30", "2026-12-01T14:30:00Z", true, -19800, false, FormExtended},
		{"2026-12-01T09:00:00+01", "2026-12-01T08:00:00Z", true, 3600, false, FormExtended},
		{"2026-12-01T09:00:00+23:59", "2026-11-30T09:01:00Z", true, 86340, false, FormExtended},
		{"2026-12-01T09:00:00-00:00", "2026-12-01T09:00:00Z", true, 0, false, FormExtended},
		{"2026-12-01T09:00:00", "2026-12-01T09:00:00Z", false, 0, false, FormExtended},
		{"2026-12-01T09:00", "2026-12-01T09:00:00Z", false, 0, false, FormExtended},
		{"2026-12-01T09:00Z", "2026-12-01T09:00:00Z", true, 0, false, FormExtended},
		{"2026-12-01T09Z", "2026-12-01T09:00:00Z", true, 0, false, FormExtended},
		{"2026-12-01T09:00:00.5Z", "2026-12-01T09:00:00.5Z", true, 0, false, FormExtended},
		{"2026-12-01T09:00:00,25Z", "2026-12-01T09:00:00.25Z", true, 0, false, FormExtended},
		{"2026-12-01T09:00:00.123456789Z", "2026-12-01T09:00:00.123456789Z", true, 0, false, FormExtended},
		{"2026-12-01T09:00:00.1234567891234Z", "2026-12-01T09:00:00.123456789Z", true, 0, false, FormExtended},
		{"2026-12-01", "2026-12-01T00:00:00Z", false, 0, true, FormExtended},
		{"2028-02-29T00:00:00Z", "2028-02-29T00:00:00Z", true, 0, false, FormExtended},
		{"2000-02-29", "2000-02-29T00:00:00Z", false, 0, true, FormExtended},
		{"0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z", true, 0, false, FormExtended},
		{"9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z", true, 0, false, FormExtended},
		{"20261201T090000Z", "2026-12-01T09:00:00Z", true, 0, false, FormBasic},
		{"20261201T0900Z", "2026-12-01T09:00:00Z", true, 0, false, FormBasic},
		{"20261201T09Z", "2026-12-01T09:00:00Z", true, 0, false, FormBasic},
		{"20261201T090000,5+0100", "2026-12-01T08:00:00.5Z", true, 3600, false, FormBasic},
		{"20261201T090000-01", "2026-12-01T10:00:00Z", true, -3600, false, FormBasic},
		{"20261201T090000", "2026-12-01T09:00:00Z", false, 0, false, FormBasic},
		{"20261201", "2026-12-01T00:00:00Z", false, 0, true, FormBasic},
		{"2026-W49-2T09:00:00Z", "2026-12-01T09:00:00Z", true, 0, false, FormWeek},
		{"2026-W49-2T09:00:00+01:00", "2026-12-01T08:00:00Z", true, 3600, false, FormWeek},
		{"2026-W49-2", "2026-12-01T00:00:00Z", false, 0, true, FormWeek},
		{"2026W492T090000Z", "2026-12-01T09:00:00Z", true, 0, false, FormWeek},
		{"2026W492", "2026-12-01T00:00:00Z", false, 0, true, FormWeek},
		{"2026-W01-1", "2025-12-29T00:00:00Z", false, 0, true, FormWeek},
		{"2026-W46-1T08:00:00Z", "2026-11-09T08:00:00Z", true, 0, false, FormWeek},
		{"2026-W53-7", "2027-01-03T00:00:00Z", false, 0, true, FormWeek},
		{"2020-W53-5", "2021-01-01T00:00:00Z", false, 0, true, FormWeek},
	}
	for _, tc := range tests {
		dt, err := ParseDateTime(tc.in)
		if err != nil {
			t.Errorf("ParseDateTime(%q): %v", tc.in, err)
			continue
		}
		if got := dt.Time.Format(time.RFC3339Nano); got != tc.utc {
			t.Errorf("ParseDateTime(%q).Time = %s, want %s", tc.in, got, tc.utc)
		}
		if dt.Time.Location() != time.UTC {
			t.Errorf("ParseDateTime(%q).Time is in %v, want UTC", tc.in, dt.Time.Location())
		}
		if dt.HasOffset != tc.hasOffset || dt.Offset != tc.offset || dt.DateOnly != tc.dateOnly || dt.Form != tc.form {
			t.Errorf("ParseDateTime(%q) = %+v, want HasOffset=%v Offset=%d DateOnly=%v Form=%d",
				tc.in, dt, tc.hasOffset, tc.offset, tc.dateOnly, tc.form)
		}
	}
}

// refusal is one refused value, with the offset and the message of its
// *SyntaxError.
type refusal struct {
	in     string
	offset int
	msg    string
}

// checkRefusals runs parse on each refusal.
func checkRefusals(t *testing.T, name string, parse func(string) error, tests []refusal) {
	t.Helper()
	for _, tc := range tests {
		err := parse(tc.in)
		if err == nil {
			t.Errorf("%s(%q) succeeded, want %q at %d", name, tc.in, tc.msg, tc.offset)
			continue
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s(%q) error %T is not a *SyntaxError", name, tc.in, err)
			continue
		}
		if se.Offset != tc.offset || se.Msg != tc.msg {
			t.Errorf("%s(%q) = %q at %d, want %q at %d", name, tc.in, se.Msg, se.Offset, tc.msg, tc.offset)
		}
		if se.Error() != se.Msg {
			t.Errorf("%s(%q).Error() = %q, want the message", name, tc.in, se.Error())
		}
	}
}

func TestParseDateTimeRefused(t *testing.T) {
	checkRefusals(t, "ParseDateTime", func(s string) error { _, err := ParseDateTime(s); return err }, []refusal{
		{"", 0, "empty date-time"},
		// Impossible dates and times.
		{"2026-02-30T09:00:00Z", 8, "day 30 out of range for February 2026"},
		{"2027-02-29", 8, "day 29 out of range for February 2027"},
		{"2100-02-29", 8, "day 29 out of range for February 2100"},
		{"2026-04-31", 8, "day 31 out of range for April 2026"},
		{"2026-01-00", 8, "day 0 out of range for January 2026"},
		{"20260230", 6, "day 30 out of range for February 2026"},
		{"2026-13-01T09:00:00Z", 5, "month 13 out of range"},
		{"2026-00-01", 5, "month 0 out of range"},
		{"20261301", 4, "month 13 out of range"},
		{"2027-W53-1T09:00:00Z", 6, "week 53 out of range for 2027 (52 weeks)"},
		{"2025W531", 5, "week 53 out of range for 2025 (52 weeks)"},
		{"2026-W00-1", 6, "week 0 out of range for 2026 (53 weeks)"},
		{"2026-W49-8", 9, "week day 8 out of range"},
		{"2026-W49-0", 9, "week day 0 out of range"},
		{"9999-W52-7", 0, "date out of range"},
		{"0000-01-01", 0, "year 0 out of range"},
		{"9999-12-31T23:00:00-05:00", 0, "date-time out of range once converted to UTC"},
		{"0001-01-01T00:00:00+01:00", 0, "date-time out of range once converted to UTC"},
		{"2026-12-01T24:00:00Z", 11, "hour 24 out of range"},
		{"2026-12-01T09:60:00Z", 14, "minute 60 out of range"},
		{"2026-12-01T09:00:60Z", 17, "second 60 out of range"},
		{"20261201T096000Z", 11, "minute 60 out of range"},
		{"20261201T090060Z", 13, "second 60 out of range"},
		// Mixed basic and extended format.
		{"2026-12-01T090000Z", 13, "mixed basic and extended format"},
		{"20261201T09:00:00Z", 11, "mixed basic and extended format"},
		{"2026-1201", 7, "mixed basic and extended format"},
		{"202612-01", 4, "expected a month and a day (MMDD) after the year"},
		{"2026-12-01T09:00:00+0100", 22, "mixed basic and extended format"},
		{"20261201T090000+01:00", 18, "mixed basic and extended format"},
		{"2026-12-01T09:0000Z", 16, "mixed basic and extended format"},
		{"20261201T0900:00Z", 13, "mixed basic and extended format"},
		{"2026-W492", 8, "mixed basic and extended format"},
		{"2026W49-2", 7, "mixed basic and extended format"},
		// Case.
		{"2026-12-01t09:00:00Z", 10, "expected 'T' between date and time, found lower-case 't'"},
		{"2026-12-01T09:00:00z", 19, "the UTC designator must be upper case 'Z'"},
		{"2026-w49-2", 5, "week designator must be upper case 'W'"},
		{"2026w492", 4, "week designator must be upper case 'W'"},
		// Whitespace.
		{"2026-12-01T09:00:00Z ", 20, "trailing text ' '"},
		{"2026-12-01T09:00:00Z\n", 20, `trailing text '\n'`},
		{" 2026-12-01T09:00:00Z", 0, "leading whitespace"},
		{"2026-12-01 ", 10, "trailing text ' '"},
		{"2026-12-01 09:00:00Z", 10, "expected 'T' between date and time"},
		// Structure.
		{"2026-12-01T09:00:00ZX", 20, "trailing text 'X'"},
		{"2026-12-01T09:00:00+01:00:00", 25, "trailing text ':00'"},
		{"2026-12-01T", 11, "expected a 2-digit hour after 'T'"},
		{"2026-12-01T9:00", 11, "expected a 2-digit hour after 'T'"},
		{"2026-12-01T09:", 14, "expected a 2-digit minute"},
		{"2026-12-01T09:00:", 17, "expected a 2-digit second"},
		{"2026-12-01T09:00:00.Z", 20, "expected a digit after the decimal mark"},
		{"2026-12-01T09.5Z", 13, "a decimal fraction is allowed on seconds only"},
		{"2026-12-01T09:00.5Z", 16, "a decimal fraction is allowed on seconds only"},
		{"20261201T0900.5Z", 13, "a decimal fraction is allowed on seconds only"},
		{"2026-12-01T09:00:00+", 20, "expected a 2-digit offset hour"},
		{"2026-12-01T09:00:00+1", 20, "expected a 2-digit offset hour"},
		{"2026-12-01T09:00:00+01:", 23, "expected a 2-digit offset minute"},
		{"2026-12-01T09:00:00+24:00", 20, "offset hour 24 out of range"},
		{"2026-12-01T09:00:00+01:60", 23, "offset minute 60 out of range"},
		{"2026-12-01Z", 10, "expected 'T' between date and time"},
		{"2026-12", 7, "expected '-' and a day after the month"},
		{"2026-12-1", 8, "expected a 2-digit day"},
		{"2026-1-01", 5, "expected a 2-digit month"},
		{"2026", 4, "expected '-' and a month after the year"},
		{"202612", 4, "expected a month and a day (MMDD) after the year"},
		{"26-12-01", 2, "expected a 4-digit year"},
		{"2026/12/01", 4, "expected '-' after the year"},
		{"2026-W4", 6, "expected a 2-digit week after 'W'"},
		{"2026-W49", 8, "expected '-' and a week day after the week"},
		{"2026W49", 7, "expected a week day (1-7) after the week"},
		{"2026-W49-2X", 10, "expected 'T' between date and time"},
		{"+2026-12-01", 0, "a signed (expanded) year is not read by SpiffWorkflow"},
		{"now", 0, "expected a 4-digit year"},
		// Forms SpiffWorkflow cannot read.
		{"2026-335", 0, "ordinal dates are not read by SpiffWorkflow"},
		{"2026-335T09:00:00Z", 0, "ordinal dates are not read by SpiffWorkflow"},
		{"2026335T090000Z", 0, "ordinal dates are not read by SpiffWorkflow"},
		{"2026-W49-2T09:00:00-05:00", 19, "week dates with a negative offset are not read by SpiffWorkflow"},
		{"0121-W01-1", 0, "week dates before year 1000 are not read by SpiffWorkflow"},
		{"1000-W01-1", 0, "week dates before year 1000 are not read by SpiffWorkflow"},
		// Other values given as a date-time.
		{"PT48H", 0, "a duration is not a date-time"},
		{"-P1D", 0, "a duration is not a date-time"},
		{"R/2026-11-09T08:00:00Z/P1D", 0, "a repeating interval is not a date-time"},
		{"2026-11-09T08:00:00Z/2026-11-10T08:00:00Z", 20, "a time interval is not a date-time"},
		{"2026-11-09T08:00:00Z/P1D", 20, "a time interval is not a date-time"},
		{"0 0 * * *", 1, "expected a 4-digit year"},
	})
}

// TestDateTimeString pins the canonical rendering.
func TestDateTimeString(t *testing.T) {
	tests := map[string]string{
		"2026-12-01T09:00:00Z":         "2026-12-01T09:00:00Z",
		"2026-12-01T09:00+01":          "2026-12-01T09:00:00+01:00",
		"2026-12-01T09:00:00,500-0000": "",
		"20261201T0900-0130":           "20261201T090000-0130",
		"2026W492":                     "2026-W49-2",
		"2026-12-01":                   "2026-12-01",
		"2026-12-01T09:00:00.120":      "2026-12-01T09:00:00.12",
	}
	for in, want := range tests {
		dt, err := ParseDateTime(in)
		if want == "" {
			if err == nil {
				t.Errorf("ParseDateTime(%q) succeeded", in)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseDateTime(%q): %v", in, err)
			continue
		}
		if got := dt.String(); got != want {
			t.Errorf("ParseDateTime(%q).String() = %q, want %q", in, got, want)
		}
	}
	if got := (DateTime{Time: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), HasOffset: true}).String(); got != "2026-12-01T09:00:00Z" {
		t.Errorf("String of a DateTime built in code = %q", got)
	}
}
