package value

import (
	"testing"
	"time"
)

// TestReadInterval is the table of ENGINES.md section 1: every value it
// lists, and more, with the engine's reading in milliseconds (plain units;
// months and work units in their own columns). No .NET runtime can run
// here, so the facts are encoded as this table.
func TestReadInterval(t *testing.T) {
	const (
		ms  = int64(1)
		sec = 1000 * ms
		min = 60 * sec
		hr  = 60 * min
		day = 24 * hr
	)
	cases := []struct {
		text    string
		ms      int64
		months  int64
		work    Work
		bare    bool
		dropped string
	}{
		// ENGINES.md's values.
		{text: "4", ms: 4, bare: true},
		{text: "4h", ms: 4 * hr},
		{text: "1d 2h", ms: 26 * hr},
		{text: "10minutes", ms: 10 * min},
		{text: "1h 30m", ms: 90 * min},
		{text: "PT4H", ms: 4 * hr},
		{text: "1.5h", ms: 5 * hr, dropped: `"1."`},
		{text: "1h30", ms: 1 * hr, dropped: `"30"`},
		{text: "1M", ms: 1 * min},
		{text: "10 min", ms: 0, dropped: `"10"`},
		{text: "10mins", ms: 0, dropped: `"10"`},
		{text: "2hrs", ms: 0, dropped: `"2"`},
		{text: "1 week", ms: 0, dropped: `"1"`},
		{text: "00:30:00", ms: 0, dropped: `"00", "30", "00"`},
		{text: "0", ms: 0, bare: true},
		{text: "-1", ms: -1, bare: true},
		{text: "8 whours", work: Work{Hours: 8}},
		// Bare integers: int.TryParse allows spaces and a sign.
		{text: "60000", ms: 60000, bare: true},
		{text: " 250 ", ms: 250, bare: true},
		{text: "+5", ms: 5, bare: true},
		{text: "-500", ms: -500, bare: true},
		{text: "99999999999", ms: 0, dropped: `"99999999999"`},
		// Plain units, long and short, any case.
		{text: "30s", ms: 30 * sec},
		{text: "250ms", ms: 250},
		{text: "2 days", ms: 2 * day},
		{text: "1 day", ms: day},
		{text: "3 hours", ms: 3 * hr},
		{text: "1 hour 30 minutes", ms: 90 * min},
		{text: "45 seconds", ms: 45 * sec},
		{text: "10 milliseconds", ms: 10},
		{text: "2H", ms: 2 * hr},
		{text: "1D", ms: day},
		{text: "1d2h3m4s5ms", ms: day + 2*hr + 3*min + 4*sec + 5},
		{text: "1h,30m", ms: 90 * min},
		{text: "4h 4h", ms: 8 * hr},
		{text: "h", ms: 0},
		{text: "", ms: 0},
		{text: "P1D", ms: day},
		{text: "PT1H30M", ms: 90 * min},
		{text: "2.5d", ms: 5 * day, dropped: `"2."`},
		{text: "1 1/2h", ms: 2 * hr, dropped: `"1", "1"`},
		{text: "1h_30m", ms: 30 * min, dropped: `"1"`},
		{text: "5hours", ms: 5 * hr},
		{text: "5 hrs", ms: 0, dropped: `"5"`},
		{text: "1 minute", ms: min},
		{text: "90 sec", ms: 0, dropped: `"90"`},
		// Newer builds: years and months, and the M of minutes.
		{text: "1mm", months: 1},
		{text: "2 months", months: 2},
		{text: "1y", months: 12},
		{text: "1 year 2mm", months: 14},
		{text: "1MM", months: 1},
		{text: "30M", ms: 30 * min},
		// Work-calendar units.
		{text: "2wd", work: Work{Days: 2}},
		{text: "1wh 30wm", work: Work{Hours: 1, Minutes: 30}},
		{text: "1wmm", work: Work{Months: 1}},
		{text: "3 wdays", work: Work{Days: 3}},
		{text: "1wy", work: Work{Months: 12}},
		{text: "8wh 1h", ms: hr, work: Work{Hours: 8}},
	}
	if len(cases) < 40 {
		t.Fatalf("the table has %d values, want at least 40", len(cases))
	}
	for _, c := range cases {
		e := Engine6
		if c.months != 0 || !c.work.IsZero() {
			// Years, months and work units are the documentation's: 6.0.2
			// ignores them.
			e = EngineDocs
			if got := ReadInterval(c.text); got.Months != 0 || got.HasWork() || len(got.Ignored) == 0 {
				t.Errorf("%q: 6.0.2 counts %d months, work %+v, ignores %d matches", c.text, got.Months, got.Work, len(got.Ignored))
			}
		}
		iv := ReadIntervalAs(c.text, e)
		if got := iv.Plain.Milliseconds(); got != c.ms || iv.Months != c.months || iv.Work != c.work || iv.Bare != c.bare {
			t.Errorf("%q: read %d ms, %d months, work %+v, bare %v; want %d ms, %d months, work %+v, bare %v",
				c.text, got, iv.Months, iv.Work, iv.Bare, c.ms, c.months, c.work, c.bare)
		}
		if got := iv.DroppedText(); got != c.dropped {
			t.Errorf("%q: dropped %s, want %s", c.text, got, c.dropped)
		}
	}
}

func TestIntervalReadingAndIntent(t *testing.T) {
	cases := []struct {
		text, reading string
		intended      time.Duration
		ok            bool
	}{
		{"1.5h", "5h", 90 * time.Minute, true},
		{"1h30", "1h", 90 * time.Minute, true},
		{"1d 2h", "1d 2h", 26 * time.Hour, true},
		{"10 min", "0", 10 * time.Minute, true},
		{"00:30:00", "0", 0, false},
		{"1mm", "1mm", 0, false},
		{"8 whours", "8wh", 0, false},
	}
	for _, c := range cases {
		iv := ReadIntervalAs(c.text, EngineDocs)
		if got := iv.Reading(); got != c.reading {
			t.Errorf("%q: reading %q, want %q", c.text, got, c.reading)
		}
		d, ok := iv.Intended()
		if ok != c.ok || ok && d != c.intended {
			t.Errorf("%q: intended %v %v, want %v %v", c.text, d, ok, c.intended, c.ok)
		}
	}
}

func TestIntervalPredicates(t *testing.T) {
	if ReadInterval("10 min").Positive() || ReadInterval("0").Positive() || ReadInterval("-1").Positive() {
		t.Error("a reading of 0 or less is positive")
	}
	if !ReadIntervalAs("8 whours", EngineDocs).Positive() || !ReadIntervalAs("1mm", EngineDocs).Positive() {
		t.Error("work and month readings are not positive")
	}
	if !ReadIntervalAs("8wh 1h", EngineDocs).Mixed() || ReadIntervalAs("8 whours", EngineDocs).Mixed() || ReadInterval("8wh 1h").Mixed() {
		t.Error("Mixed is wrong")
	}
	if !ReadInterval("9999999999h").Overflowed() || ReadInterval("2147483647ms").Overflowed() {
		t.Error("Overflowed is wrong")
	}
	// The engine compares the raw value: " 0 " is a bare integer, read 0.
	if IsSentinel(" 0 ") || !IsSentinel("0") || !IsSentinel("-1") || IsSentinel("00") {
		t.Error("IsSentinel is wrong")
	}
}
