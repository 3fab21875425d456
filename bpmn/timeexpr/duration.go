package timeexpr

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	sosodev "github.com/sosodev/duration"
)

// Designator ranks, in the order ISO 8601 writes them.
const (
	rankYears = iota
	rankMonths
	rankWeeks
	rankDays
	rankHours
	rankMinutes
	rankSeconds
)

// maxDurationDays is the longest duration SpiffWorkflow can represent:
// Python's timedelta stops at 999999999 days.
const maxDurationDays = 999999999

// maxNumberDigits bounds the integer digits of one number, well above any
// value that passes maxDurationDays.
const maxNumberDigits = 15

// ParseDuration parses a strict ISO 8601 duration:
// P[nY][nM][nD][T[nH][nM][nS]] with the designators in that order, each at
// most once, at least one part, a T only when a time part follows, or PnW
// alone. Designators are upper case, the decimal mark is '.' or ',', only
// the last written part may have a fraction, and nothing else (no space)
// may appear. A leading '-' parses with Negative set (the rules refuse
// it). A zero duration (PT0S) and fractional years or months (P0.5Y)
// parse too; the rules refuse them. A duration longer than 999999999 days,
// SpiffWorkflow's limit, is refused.
//
// The grammar is this package's own; github.com/sosodev/duration, which is
// lenient, only converts the numbers of a duration that already passed it.
func ParseDuration(s string) (Duration, error) {
	d, err := parseDuration(s)
	if err != nil {
		return Duration{}, err
	}
	return d, nil
}

// parseDuration is ParseDuration with a concrete error type.
func parseDuration(s string) (Duration, *SyntaxError) {
	if s == "" {
		return Duration{}, synErr(0, "empty duration")
	}
	if isSpaceByte(s[0]) {
		return Duration{}, synErr(0, "leading whitespace")
	}
	i := 0
	if s[0] == '-' {
		i = 1
	}
	if i == len(s) {
		return Duration{}, synErr(i, "expected 'P' after '-'")
	}
	switch c := s[i]; {
	case c == 'P':
	case c == 'p':
		return Duration{}, synErr(i, "designators must be upper case")
	case c == '+':
		return Duration{}, synErr(i, "unexpected '+' before the duration")
	case c == 'R' && strings.IndexByte(s, '/') >= 0:
		return Duration{}, synErr(i, "a repeating interval is not a duration")
	case isDigit(c):
		if _, err := parseDateTime(s[i:]); err == nil || strings.IndexByte(s, '/') >= 0 {
			if strings.IndexByte(s, '/') >= 0 {
				return Duration{}, synErr(i, "a time interval is not a duration")
			}
			return Duration{}, synErr(i, "a date-time is not a duration")
		}
		return Duration{}, synErr(i, "expected 'P' at the start of a duration")
	default:
		return Duration{}, synErr(i, "expected 'P' at the start of a duration")
	}
	i++
	if i == len(s) {
		return Duration{}, synErr(i, "expected at least one part after 'P'")
	}

	var (
		inTime    bool
		tOff      = -1
		lastRank  = -1
		lastLet   byte
		parts     int
		timeParts int
		weeks     bool
		fracOff   = -1 // Offset of the number of a fractional part.
		values    [7]float64
	)
	for i < len(s) {
		c := s[i]
		if c == 'T' {
			if inTime {
				return Duration{}, synErr(i, "designator 'T' repeated")
			}
			inTime, tOff = true, i
			i++
			if i == len(s) {
				return Duration{}, synErr(i, "expected a time part after 'T'")
			}
			continue
		}
		start := i
		n := countDigits(s, i)
		if n == 0 {
			switch {
			case c == '.' || c == ',':
				return Duration{}, synErr(i, "expected a digit before the decimal mark")
			case strings.IndexByte("YMWDHS", c) >= 0:
				return Duration{}, synErr(i, "expected a number before '%c'", c)
			case strings.IndexByte("ymwdhst", c) >= 0:
				return Duration{}, synErr(i, "designators must be upper case")
			case c == '-' || c == '+':
				return Duration{}, synErr(i, "a sign is only allowed before 'P'")
			case isSpaceByte(c):
				if strings.Trim(s[i:], " \t\r\n\f\v") == "" {
					return Duration{}, trailing(s, i)
				}
				return Duration{}, synErr(i, "unexpected %s", show(s[i:i+1]))
			}
			return Duration{}, synErr(i, "unexpected %s", show(firstRune(s[i:])))
		}
		if n > maxNumberDigits {
			return Duration{}, synErr(start, "number too large")
		}
		i += n
		frac := false
		if i < len(s) && (s[i] == '.' || s[i] == ',') {
			i++
			m := countDigits(s, i)
			if m == 0 {
				return Duration{}, synErr(i, "expected a digit after the decimal mark")
			}
			i += m
			frac = true
		}
		num := strings.Replace(s[start:i], ",", ".", 1)
		if i == len(s) {
			return Duration{}, synErr(i, "expected a designator after the number")
		}
		des := s[i]
		rank := -1
		if !inTime {
			switch des {
			case 'Y':
				rank = rankYears
			case 'M':
				rank = rankMonths
			case 'W':
				rank = rankWeeks
			case 'D':
				rank = rankDays
			case 'H', 'S':
				return Duration{}, synErr(start, "time designator '%c' without 'T' before it", des)
			}
		} else {
			switch des {
			case 'H':
				rank = rankHours
			case 'M':
				rank = rankMinutes
			case 'S':
				rank = rankSeconds
			case 'Y', 'W', 'D':
				return Duration{}, synErr(start, "date designator '%c' after 'T'", des)
			}
		}
		if rank < 0 {
			switch {
			case strings.IndexByte("ymwdhst", des) >= 0:
				return Duration{}, synErr(i, "designators must be upper case")
			case des == 'T':
				return Duration{}, synErr(i, "expected a designator after the number")
			case isSpaceByte(des):
				if strings.Trim(s[i:], " \t\r\n\f\v") == "" {
					return Duration{}, trailing(s, i)
				}
				return Duration{}, synErr(i, "unexpected %s", show(s[i:i+1]))
			}
			return Duration{}, synErr(i, "unknown designator %s", show(firstRune(s[i:])))
		}
		switch {
		case rank == lastRank:
			return Duration{}, synErr(start, "designator '%c' repeated", des)
		case weeks || (rank == rankWeeks && parts > 0):
			return Duration{}, synErr(start, "weeks cannot be combined with other parts")
		case rank < lastRank:
			return Duration{}, synErr(start, "designator '%c' out of order (after '%c')", des, lastLet)
		case fracOff >= 0:
			return Duration{}, synErr(fracOff, "only the last part may have a fraction")
		}
		if frac {
			fracOff = start
		}
		v, err := strconv.ParseFloat(num, 64)
		if err != nil || math.IsInf(v, 0) {
			return Duration{}, synErr(start, "number too large")
		}
		values[rank] = v
		weeks = weeks || rank == rankWeeks
		lastRank, lastLet = rank, des
		parts++
		if inTime {
			timeParts++
		}
		i++
	}
	if inTime && timeParts == 0 {
		return Duration{}, synErr(tOff+1, "expected a time part after 'T'")
	}
	days := values[rankYears]*366 + values[rankMonths]*31 + values[rankWeeks]*7 + values[rankDays] +
		values[rankHours]/24 + values[rankMinutes]/1440 + values[rankSeconds]/86400
	if days > maxDurationDays {
		return Duration{}, synErr(0, "duration too long: more than %d days", maxDurationDays)
	}

	// The grammar passed: sosodev/duration converts the numbers. It knows
	// no ',' decimal mark.
	p, err := sosodev.Parse(strings.ReplaceAll(s, ",", "."))
	if err != nil {
		return Duration{}, synErr(0, "duration not understood: %s", err.Error())
	}
	d := Duration{
		Years:    p.Years,
		Months:   p.Months,
		Weeks:    p.Weeks,
		Days:     p.Days,
		Hours:    p.Hours,
		Minutes:  p.Minutes,
		Seconds:  p.Seconds,
		Negative: p.Negative,
		Text:     s,
	}
	if d.Negative != (s[0] == '-') || d.Years != values[rankYears] || d.Months != values[rankMonths] ||
		d.Weeks != values[rankWeeks] || d.Days != values[rankDays] || d.Hours != values[rankHours] ||
		d.Minutes != values[rankMinutes] || d.Seconds != values[rankSeconds] {
		// This cannot happen for a duration that passed the grammar; it
		// guards against a change in the library.
		return Duration{}, synErr(0, "duration not understood")
	}
	return d, nil
}

// firstRune returns the first UTF-8 sequence of s (one byte when s does
// not start with a valid one).
func firstRune(s string) string {
	_, n := utf8.DecodeRuneInString(s)
	return s[:n]
}

// IsZero reports a duration whose every part is zero (PT0S, -P0D).
func (d Duration) IsZero() bool {
	return d.Years == 0 && d.Months == 0 && d.Weeks == 0 && d.Days == 0 &&
		d.Hours == 0 && d.Minutes == 0 && d.Seconds == 0
}

// HasCalendar reports a non-zero year or month part: a length that
// depends on the calendar.
func (d Duration) HasCalendar() bool { return d.Years != 0 || d.Months != 0 }

// FractionalCalendar reports a year or month part with a fraction. A
// decimal mark written in such a part counts even when the value is whole
// (P1.0Y): SpiffWorkflow reads it as a float and crashes on it as on P0.5Y.
func (d Duration) FractionalCalendar() bool {
	if d.Years != math.Trunc(d.Years) || d.Months != math.Trunc(d.Months) {
		return true
	}
	return writtenCalendarFraction(d.Text)
}

// writtenCalendarFraction reports a decimal mark in the Y or (date) M
// part of a duration's text.
func writtenCalendarFraction(s string) bool {
	numStart, frac := -1, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 'T':
			return false
		case isDigit(c):
			if numStart < 0 {
				numStart, frac = i, false
			}
		case c == '.' || c == ',':
			frac = numStart >= 0
		default:
			if (c == 'Y' || c == 'M') && frac {
				return true
			}
			numStart, frac = -1, false
		}
	}
	return false
}

// String returns the duration as written; a Duration built in code
// without Text is rendered canonically.
func (d Duration) String() string {
	if d.Text != "" {
		return d.Text
	}
	var b strings.Builder
	if d.Negative {
		b.WriteByte('-')
	}
	b.WriteByte('P')
	num := func(v float64, des byte) {
		if v != 0 {
			b.WriteString(strconv.FormatFloat(v, 'f', -1, 64))
			b.WriteByte(des)
		}
	}
	num(d.Years, 'Y')
	num(d.Months, 'M')
	num(d.Weeks, 'W')
	num(d.Days, 'D')
	if d.Hours != 0 || d.Minutes != 0 || d.Seconds != 0 {
		b.WriteByte('T')
		num(d.Hours, 'H')
		num(d.Minutes, 'M')
		num(d.Seconds, 'S')
	}
	if b.Len() == 1 || (d.Negative && b.Len() == 2) {
		b.WriteString("T0S")
	}
	return b.String()
}
