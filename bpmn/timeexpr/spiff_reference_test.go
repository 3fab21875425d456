package timeexpr

import (
	"testing"
	"time"
)

// The cases below pin the due and firing times that SpiffWorkflow 3.1.2
// computed in the runs recorded in /work/shared/reference/spiff-oracle-*.txt
// (each case names its file and expression). "now" is the run's clock; a
// date-time without an offset was read on a host whose local time is UTC.
// Where this package is stricter than Spiff (it refuses something Spiff
// runs) or Spiff fails on something this package parses, the case says so.

// spiffDateCase is a timeDate run: the due time Spiff computed.
type spiffDateCase struct {
	name, text, due string
}

var spiffDateCases = []spiffDateCase{
	{"main: date with Z", "2026-12-01T09:00:00Z", "2026-12-01T09:00:00Z"},
	{"main: date with +01:00", "2026-12-01T09:00:00+01:00", "2026-12-01T08:00:00Z"},
	{"main: date without offset on a UTC host", "2026-12-01T09:00:00", "2026-12-01T09:00:00Z"},
	{"extra: week date", "2026-W49-2T09:00:00Z", "2026-12-01T09:00:00Z"},
	{"extra: basic format", "20261201T090000Z", "2026-12-01T09:00:00Z"},
	{"extra: bare date is midnight", "2026-12-01", "2026-12-01T00:00:00Z"},
	{"extra: nanoseconds truncated to microseconds", "2026-12-01T09:00:00.123456789Z", "2026-12-01T09:00:00.123456Z"},
}

func TestSpiffReferenceDates(t *testing.T) {
	for _, tc := range spiffDateCases {
		t.Run(tc.name, func(t *testing.T) {
			dt, err := ParseDateTime(tc.text)
			if err != nil {
				t.Fatalf("ParseDateTime(%q): %v", tc.text, err)
			}
			if got := truncMicro(dt.Time); !got.Equal(utc(t, tc.due)) {
				t.Errorf("%q is due %v in Spiff, got %v", tc.text, tc.due, got)
			}
		})
	}
}

// spiffDurationCase is a timeDuration run: due = now + the length Spiff
// gives the duration from now.
type spiffDurationCase struct {
	name, text, now, due string
}

var spiffDurationCases = []spiffDurationCase{
	{"main: PT48H", "PT48H", "2026-11-01T12:00:00Z", "2026-11-03T12:00:00Z"},
	{"elements: PT48H on every element", "PT48H", "2026-11-01T12:00:00Z", "2026-11-03T12:00:00Z"},
	{"main: P1M from November 1", "P1M", "2026-11-01T12:00:00Z", "2026-12-01T12:00:00Z"},
	{"main: P1Y2M3DT4H5M6S from November 1", "P1Y2M3DT4H5M6S", "2026-11-01T12:00:00Z", "2028-01-04T16:05:06Z"},
	{"main: P2W", "P2W", "2026-11-01T12:00:00Z", "2026-11-15T12:00:00Z"},
	{"main: PT0S is due at once", "PT0S", "2026-11-01T12:00:00Z", "2026-11-01T12:00:00Z"},
	{"main: PT1.5S", "PT1.5S", "2026-11-01T12:00:00Z", "2026-11-01T12:00:01.5Z"},
	{"extra: comma decimal mark PT1,5H", "PT1,5H", "2026-11-01T12:00:00Z", "2026-11-01T13:30:00Z"},
	{"extra: fraction in the last part PT1H30.5M", "PT1H30.5M", "2026-11-01T12:00:00Z", "2026-11-01T13:30:30Z"},
}

func TestSpiffReferenceDurations(t *testing.T) {
	for _, tc := range spiffDurationCases {
		t.Run(tc.name, func(t *testing.T) {
			d := mustDuration(t, tc.text)
			now := utc(t, tc.now)
			if got := now.Add(d.SpiffLength(now)); !got.Equal(utc(t, tc.due)) {
				t.Errorf("%q from %s is due %s in Spiff, got %v", tc.text, tc.now, tc.due, got)
			}
			// For these durations the seams scheduler agrees with Spiff.
			if got := d.AddTo(now); !got.Equal(utc(t, tc.due)) {
				t.Errorf("%q AddTo(%s) = %v, want %s", tc.text, tc.now, got, tc.due)
			}
		})
	}
}

// spiffCycleCase is a timeCycle run: Spiff's repeat count, its fixed
// stride in seconds (-1: not recorded) and its firings, from the first.
type spiffCycleCase struct {
	name, text, now string
	cycles          int
	stride          int64
	firings         []string
	from            int // Index of the first firing listed (a catch-up run lists later ones).
}

var spiffCycleCases = []spiffCycleCase{
	{name: "calendar: monthly from Jan 31 strides 31 days", text: "R/2026-01-31T00:00:00Z/P1M", now: "2026-01-01T00:00:00Z",
		cycles: -1, stride: 2678400, firings: []string{"2026-01-31T00:00:00Z", "2026-03-03T00:00:00Z", "2026-04-03T00:00:00Z",
			"2026-05-04T00:00:00Z", "2026-06-04T00:00:00Z", "2026-07-05T00:00:00Z"}},
	{name: "calendar: yearly from Jan 31 strides 365 days", text: "R/2026-01-31T00:00:00Z/P1Y", now: "2026-01-01T00:00:00Z",
		cycles: -1, stride: 31536000, firings: []string{"2026-01-31T00:00:00Z", "2027-01-31T00:00:00Z", "2028-01-31T00:00:00Z",
			"2029-01-30T00:00:00Z", "2030-01-30T00:00:00Z", "2031-01-30T00:00:00Z"}},
	{name: "calendar: yearly from a leap day strides 366 days", text: "R/2028-02-29T00:00:00Z/P1Y", now: "2026-01-01T00:00:00Z",
		cycles: -1, stride: 31622400, firings: []string{"2028-02-29T00:00:00Z", "2029-03-01T00:00:00Z", "2030-03-02T00:00:00Z",
			"2031-03-03T00:00:00Z", "2032-03-03T00:00:00Z", "2033-03-04T00:00:00Z"}},
	{name: "main: daily", text: "R/2026-11-09T08:00:00Z/P1D", now: "2026-11-01T12:00:00Z",
		cycles: -1, stride: 86400, firings: []string{"2026-11-09T08:00:00Z", "2026-11-10T08:00:00Z", "2026-11-11T08:00:00Z", "2026-11-12T08:00:00Z"}},
	{name: "main and elements: three hourly firings", text: "R3/2026-11-09T08:00:00Z/PT1H", now: "2026-11-01T12:00:00Z",
		cycles: 3, stride: 3600, firings: []string{"2026-11-09T08:00:00Z", "2026-11-09T09:00:00Z", "2026-11-09T10:00:00Z"}},
	{name: "main and elements: no start, first firing a period after now", text: "R/P1D", now: "2026-11-01T12:00:00Z",
		cycles: -1, stride: 86400, firings: []string{"2026-11-02T12:00:00Z", "2026-11-03T12:00:00Z", "2026-11-04T12:00:00Z", "2026-11-05T12:00:00Z"}},
	{name: "main: monthly from Jan 31, static", text: "R/2026-01-31T00:00:00Z/P1M", now: "2026-11-01T12:00:00Z",
		cycles: -1, stride: 2678400, firings: []string{"2026-01-31T00:00:00Z", "2026-03-03T00:00:00Z", "2026-04-03T00:00:00Z", "2026-05-04T00:00:00Z"}},
	{name: "main: monthly from Jan 31, engine after 9 catch-up firings", text: "R/2026-01-31T00:00:00Z/P1M", now: "2026-11-01T12:00:00Z",
		cycles: -1, stride: 2678400, from: 9, firings: []string{"2026-11-06T00:00:00Z", "2026-12-07T00:00:00Z", "2027-01-07T00:00:00Z", "2027-02-07T00:00:00Z"}},
	{name: "extra: zero period fires at the start forever", text: "R/2026-11-09T08:00:00Z/PT0S", now: "2026-11-01T12:00:00Z",
		cycles: -1, stride: 0, firings: []string{"2026-11-09T08:00:00Z", "2026-11-09T08:00:00Z", "2026-11-09T08:00:00Z", "2026-11-09T08:00:00Z"}},
	{name: "extra: duration and end starts an hour before the end", text: "R3/PT1H/2026-11-10T08:00:00Z", now: "2026-11-01T12:00:00Z",
		cycles: 3, stride: 3600, firings: []string{"2026-11-10T07:00:00Z", "2026-11-10T08:00:00Z", "2026-11-10T09:00:00Z"}},
	{name: "extra: two firings with no start", text: "R2/P1D", now: "2026-11-01T12:00:00Z",
		cycles: 2, stride: 86400, firings: []string{"2026-11-02T12:00:00Z", "2026-11-03T12:00:00Z"}},
	{name: "extra: R0 never fires", text: "R0/2026-11-09T08:00:00Z/P1D", now: "2026-11-01T12:00:00Z",
		cycles: 0, stride: 86400},
	{name: "extra: R1 fires once", text: "R1/2026-11-09T08:00:00Z/P1D", now: "2026-11-01T12:00:00Z",
		cycles: 1, stride: 86400, firings: []string{"2026-11-09T08:00:00Z"}},
	{name: "extra: R-1 is unbounded", text: "R-1/2026-11-09T08:00:00Z/P1D", now: "2026-11-01T12:00:00Z",
		cycles: -1, stride: 86400, firings: []string{"2026-11-09T08:00:00Z", "2026-11-10T08:00:00Z", "2026-11-11T08:00:00Z", "2026-11-12T08:00:00Z"}},
	{name: "extra: start without offset on a UTC host", text: "R/2026-11-09T08:00:00/P1D", now: "2026-11-01T12:00:00Z",
		cycles: -1, stride: 86400, firings: []string{"2026-11-09T08:00:00Z", "2026-11-10T08:00:00Z", "2026-11-11T08:00:00Z", "2026-11-12T08:00:00Z"}},
	{name: "extra: weekly from a week date", text: "R/2026-W46-1T08:00:00Z/P1W", now: "2026-11-01T12:00:00Z",
		cycles: -1, stride: 604800, firings: []string{"2026-11-09T08:00:00Z", "2026-11-16T08:00:00Z", "2026-11-23T08:00:00Z", "2026-11-30T08:00:00Z"}},
}

func TestSpiffReferenceCycles(t *testing.T) {
	for _, tc := range spiffCycleCases {
		t.Run(tc.name, func(t *testing.T) {
			c := mustCycle(t, tc.text)
			now := utc(t, tc.now)
			if c.Count() != tc.cycles {
				t.Errorf("Count() = %d, Spiff counts %d", c.Count(), tc.cycles)
			}
			var stride time.Duration
			switch c.Form {
			case CycleStartDuration:
				stride = c.Period.SpiffLength(c.Start.Time)
			case CycleDurationOnly:
				stride = c.Period.SpiffLength(now)
			case CycleDurationEnd:
				stride = saturate(c.Period.spiffNanosBefore(c.End.Time), false)
			}
			if want := time.Duration(tc.stride) * time.Second; stride != want {
				t.Errorf("stride %v, Spiff's is %v", stride, want)
			}
			for n, want := range tc.firings {
				k := tc.from + n
				if got := c.SpiffDueFrom(now, k); !got.Equal(utc(t, want)) {
					t.Errorf("firing %d at %v, Spiff's at %s", k, got, want)
				}
				if c.Form != CycleDurationOnly {
					if got := c.SpiffDue(k); !got.Equal(utc(t, want)) {
						t.Errorf("SpiffDue(%d) = %v, Spiff's at %s", k, got, want)
					}
				}
			}
		})
	}
}

// TestSpiffReferenceDivergences pins where this package and Spiff differ
// on purpose, each case from the oracle runs.
func TestSpiffReferenceDivergences(t *testing.T) {
	// Spiff runs these; the strict grammar refuses them.
	strictDurations := map[string]string{
		"extra: empty duration (Spiff: zero)":      "",
		"extra: P (Spiff: zero)":                   "P",
		"extra: lower case pt1h (Spiff: one hour)": "pt1h",
	}
	for name, s := range strictDurations {
		if _, err := ParseDuration(s); err == nil {
			t.Errorf("%s: ParseDuration(%q) succeeded", name, s)
		}
	}
	if _, err := ParseCycle("R/2026-11-09T08:00:00Z--P1D"); err == nil {
		t.Errorf("extra: '--' separator (Spiff: same as '/') was accepted")
	}
	// Spiff refuses these too.
	for _, s := range []string{"PT", "PT1.5H30M", "P1W2D", "P1DT1H ", "P36H"} {
		if _, err := ParseDuration(s); err == nil {
			t.Errorf("extra: ParseDuration(%q) succeeded; Spiff refuses it", s)
		}
	}
	for _, s := range []string{"R/2026-11-09T08:00:00Z/P1D/extra", "P1D", "R5", "0 0 * * *", "2026-11-09T08:00:00Z/2026-11-10T08:00:00Z"} {
		if _, err := ParseCycle(s); err == nil {
			t.Errorf("extra/main: ParseCycle(%q) succeeded; Spiff refuses it", s)
		}
	}
	for _, s := range []string{"PT48H", "2026-12-01T09:00:00Z ", "2026-11-09T08:00:00Z/2026-11-10T08:00:00Z", "0 0 * * *"} {
		if _, err := ParseDateTime(s); err == nil {
			t.Errorf("extra/main: ParseDateTime(%q) succeeded; Spiff refuses it", s)
		}
	}
	// These parse here (the rules refuse them by their own IDs); Spiff
	// fails on them at run time.
	if d := mustDuration(t, "-P1D"); !d.Negative {
		t.Errorf("main: -P1D (Spiff: Invalid duration) did not parse as negative")
	}
	for _, s := range []string{"P0.5Y", "P1.5M"} {
		if d := mustDuration(t, s); !d.FractionalCalendar() {
			t.Errorf("extra: %s (Spiff crashes) is not FractionalCalendar", s)
		}
	}
	c := mustCycle(t, "R/2026-11-09T08:00:00Z/2026-11-10T08:00:00Z")
	if c.Form != CycleStartEnd || !c.SpiffDue(0).IsZero() {
		t.Errorf("extra: <start>/<end> (Spiff: AttributeError) is %v with SpiffDue(0) %v", c.Form, c.SpiffDue(0))
	}
	// The seams scheduler and Spiff part ways on calendar periods.
	m := mustCycle(t, "R/2026-01-31T00:00:00Z/P1M")
	if m.Due(1).Equal(m.SpiffDue(1)) {
		t.Errorf("calendar: the scheduler's Feb 28 and Spiff's Mar 3 agree: %v", m.Due(1))
	}
}
