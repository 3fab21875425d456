package value

import (
	"testing"
	"time"
)

// FuzzReadInterval: any text reads without a panic; the sum is the sum of
// the matches, matches and dropped runs lie in the text in order.
func FuzzReadInterval(f *testing.F) {
	for _, s := range []string{"4", "1.5h", "1h30", "1d 2h", "PT4H", "10 min", "8 whours", "1wd 4h", "-1", "99999999999h"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		iv := ReadInterval(s)
		if iv.Reading() == "" {
			t.Fatal("empty reading")
		}
		if iv.Bare {
			if len(iv.Matches) > 0 {
				t.Fatal("a bare integer with unit matches")
			}
			return
		}
		// Each unit summed in an int32 that wraps, then TimeSpan's
		// arithmetic in 64 bits.
		sums := map[string]int32{}
		for _, m := range iv.Matches {
			if m.Start < 0 || m.Start > m.DigitsEnd || m.DigitsEnd > m.End || m.End > len(s) {
				t.Fatalf("match %+v outside %q", m, s)
			}
			sums[m.Unit.Name] += int32(m.N)
		}
		ms := ((int64(sums["d"])*24*3600+int64(sums["h"])*3600+int64(sums["m"])*60+int64(sums["s"]))*1000 + int64(sums["ms"]))
		if ms != iv.Ms {
			t.Fatalf("%q: %d ms, the matches sum to %d", s, iv.Ms, ms)
		}
		for _, d := range iv.Dropped {
			if d[0] < 0 || d[0] >= d[1] || d[1] > len(s) {
				t.Fatalf("dropped run %v outside %q", d, s)
			}
		}
		_, _ = iv.Intended()
		_, _ = iv.Due(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC), nil)
	})
}

// FuzzParseTimeOfDay: a time that parses prints back to itself.
func FuzzParseTimeOfDay(f *testing.F) {
	for _, s := range []string{"09:00", "00:01:00", "1m", "12:30 PM", "23:59:59"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseTimeOfDay(s)
		if err != nil {
			return
		}
		w, err := ParseTimeOfDay(v.String())
		if err != nil || w != v {
			t.Fatalf("%q reads as %v, which reads back as %v (%v)", s, v, w, err)
		}
	})
}

// FuzzParseDateTime: a date that parses is a valid date, under every
// culture, and its ISO form reads back the same.
func FuzzParseDateTime(f *testing.F) {
	for _, s := range []string{"12/31/2026", "31.12.2026 10:00", "2026-12-31T18:00:00", "03/04/2026", "2026/12/31"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range CultureNames() {
			c, _ := LookupCulture(name)
			d, err := ParseDateTime(s, c)
			if err != nil {
				continue
			}
			if !validDate(d.Year, d.Month, d.Day) {
				t.Fatalf("%q under %s: invalid date %v", s, name, d)
			}
			iso := d.String()
			e, err := ParseDateTime(iso, c)
			if err != nil || e.Year != d.Year || e.Month != d.Month || e.Day != d.Day || e.Hour != d.Hour {
				t.Fatalf("%q under %s reads as %s, which reads back as %v (%v)", s, name, iso, e, err)
			}
		}
	})
}

// FuzzParseDotNet: any text parses or fails without a panic, under every
// culture; a parsed value is on the runtime's clock, and a date and time
// written back in ISO form parses to the same instant.
func FuzzParseDotNet(f *testing.F) {
	for _, s := range []string{"9 PM", "13:00 PM", "09:00+02:00", "01.02.2027 22:30", "2 January 2027", "Jan 2", "1/2/27", "2027-01-02T10:30:00Z", "T09:00", ""} {
		f.Add(s)
	}
	now := time.Date(2026, 11, 6, 12, 0, 0, 0, time.UTC)
	loc := time.FixedZone("X", 3600)
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range CultureNames() {
			c, _ := LookupCulture(name)
			p, err := ParseDotNet(s, c, now, loc)
			if err != nil {
				continue
			}
			if p.Location() != loc {
				t.Fatalf("%q under %s: %v not on the runtime's clock", s, name, p)
			}
			if p.Year() < 1 || p.Year() > 9999 {
				continue
			}
			iso := p.Format("2006-01-02T15:04:05")
			q, err := ParseDotNet(iso, c, now, loc)
			if err != nil || !q.Equal(p.Truncate(time.Second)) {
				t.Fatalf("%q under %s reads as %s, which reads back as %v (%v)", s, name, iso, q, err)
			}
		}
	})
}
