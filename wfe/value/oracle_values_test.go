package value

import (
	"fmt"
	"strings"
)

// oracleValue is one value the oracle is asked about.
type oracleValue struct {
	kind, culture, text string
}

// oracleCultures are the parsing cultures the Time, Date and DateAndTime
// values are read under.
var oracleCultures = []string{"invariant", "en-US", "de-DE", "ru-RU", "fr-FR"}

// oracleValues generates the values the recorded oracle answers cover:
// Interval values built from numbers, unit spellings and separators, the
// edge cases of .NET's regular expressions and integers, and Time, Date
// and DateAndTime values under each culture. The order is fixed, so that
// the ids are stable.
func oracleValues() []oracleValue {
	var out []oracleValue
	add := func(kind, culture, text string) { out = append(out, oracleValue{kind, culture, text}) }
	numbers := []string{"0", "1", "4", "10", "90", "1.5", "007"}
	units := []string{
		"d", "D", "day", "Day", "days", "DAYS", "h", "H", "hour", "hours", "hr", "hrs", "Hours",
		"m", "M", "min", "mins", "minute", "minutes", "MINUTES", "s", "S", "sec", "secs", "second", "seconds",
		"ms", "MS", "msec", "millisecond", "milliseconds", "y", "Y", "year", "years", "mm", "MM", "month", "months",
		"w", "week", "weeks", "wd", "wh", "whours", "wm", "wy", "wmm", "mo",
	}
	for _, n := range numbers {
		for _, u := range units {
			add("Interval", "invariant", n+u)
			if n == "1" || n == "10" || n == "1.5" {
				add("Interval", "invariant", n+" "+u)
			}
		}
	}
	edges := []string{
		// Sentinels and bare integers.
		"0", "-1", " 0", "0 ", "-0", "+0", "00", "+5", "-500", " 250 ", "60000", "\t7\t", "1 000", "1,000",
		"2147483647", "2147483648", "-2147483648", "-2147483649", "99999999999", "4\u00a0", "\u00a04",
		"\u0664", "\uff14", "0x10", "1e3", "", " ", "-", "+",
		// Each pattern consumes the character after it.
		"1h2h", "1ms1s", "1h1h1h", "1h 2h", "1h,2h", "1d2d3d", "1m2s", "1s2m", "1h30", "1h30m", "1d2h3m4s5ms",
		"2h1", "1h_30m", "1h-30m", "1h+30m", "1h;30m", "1h.30m", "1h/2h", "4h 4h", "4h4h4h4h",
		strings.Repeat("1h", 50), strings.Repeat("1h ", 50), strings.Repeat("1d ", 25),
		// Unicode spaces, digits and letters.
		"4\u00a0h", "4\u2009h", "4\u3000h", "4\u2028h", "4\u0085h", "4\u200bh", "4\th", "4\nh", "4\r\nh",
		"\u0664h", "\u0664\u0664h", "4\u0664h", "\uff14h", "1\u0660h", "4h\u00a0", "4h\u00e9", "4h\u0301", "4h\u203f",
		"4\u0130h", "4\u0131", "\u0130", "4\u212ah", "4\u017fs", "4 SECONDS", "4 \u0130\u0130",
		"10 M\u0130NUTES", "10 MINUTES", "10 minutes", "4H\u00a0", "4h\u00a01h",
		// ISO 8601, clock times and decimals.
		"PT4H", "P1D", "PT1H30M", "P1DT2H", "P1W", "P1Y2M", "00:30:00", "1:00", "1.5h", "2,5h", "1 1/2h",
		"1h 30min", "1 hour 30 minutes", "1 hour and 30 minutes", "1 day, 2 hours",
		// Years, months and work units (6.0.2 ignores them).
		"1y 2mm 3d", "1wd 2h", "8 whours", "1mm 1m", "1y1d", "2 years 1 month", "1 wday 2 whours",
		// int32 sums and TimeSpan / DateTime range.
		"2147483647ms", "2147483647ms 1ms", "2147483647ms1ms", "2147483647ms 2147483647ms", "2147483648ms",
		"2147483647s", "2147483647m", "2147483647h", "2147483647d", "1073741824d 1073741824d",
		"24855d", "24856d", "10675199d", "10675200d", "2914289d", "2914290d", "3000000d",
		"1000000d", "2000000d", "2900000d", "25000000h", "70000000h", "100000000h", "1500000000m",
		"2147483647d 2147483647d", "-5h", "h-5", "5h-", "-2147483648d", "4294967296h", "4294967297h",
		"99999999999h", "99999999999d 2h",
	}
	for _, e := range edges {
		add("Interval", "invariant", e)
	}
	times := []string{
		"09:00", "9:00", "09:00:00", "21:30", "00:00", "23:59:59", "12:00", "11:59:59", "12:00:01", "00:30:00",
		"9 PM", "9PM", "9 pm", "9 AM", "12 AM", "12 PM", "13:00 PM", "00:00 AM", "9:30 p.m.", "09:00:00.500",
		"09:00+02:00", "09:00Z", "2027-01-02 09:00", "01/02/2027 09:00", "T09:00", "9", "1m", "4h", "24:00",
		"25:00", "9:60", "09.00", "9h", "0900", " 09:00 ", "09:00:00 AM", "午前9:00", "9:00 nachm.", "09:00 ",
		"2027-01-02T09:00:00", "01.02.2027 09:00", "12:00:00.999", "18:00", "12:00:00", "06:00", "noon",
		"9 : 00", "09:0", "9:5", "15:45:30",
	}
	dates := []string{
		"01/02/2027", "2027-01-02", "02.01.2027", "1/2/2027", "13/01/2027", "01/13/2027", "2027/01/02",
		"02-01-2027", "01-02-27", "1/2/27", "2 January 2027", "January 2, 2027", "2 Jan 2027", "Jan 2 2027",
		"2 janvier 2027", "2. Januar 2027", "2 января 2027", "2027-01-02T10:30:00", "2027-01-02T10:30:00Z",
		"2027-01-02T10:30:00+02:00", "2027-01-02 10:30", "01/02/2027 10:30 PM", "01/02/2027 22:30",
		"02.01.2027 22:30", "2027-13-01", "2027-02-30", "31/12/2026", "12/31/2026", "2026-11-06", "2026-11-05",
		"01/02", "1/2", "Jan 2", "10:30", "2027", "01/02/2027 25:00", "", "0", "-1", "tomorrow", "2027.01.02",
		"02/01/2027", "9999-12-31", "0001-01-01", "29/02/2028", "02/29/2028", "1 févr. 2027", "2027-1-2",
		"  2027-01-02  ", "Sat, 02 Jan 2027 10:00:00 GMT",
	}
	for _, c := range oracleCultures {
		for _, t := range times {
			add("Time", c, t)
		}
		for _, d := range dates {
			add("Date", c, d)
			add("DateAndTime", c, d)
		}
	}
	return out
}

// oracleID is the stable id of the i-th generated value.
func oracleID(i int) string { return fmt.Sprintf("v%04d", i) }
