package timeexpr

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ParseDateTime parses a strict ISO 8601 date-time or bare date: the
// extended form 2026-12-01T09:00:00Z, the basic form 20261201T090000Z, the
// week form 2026-W49-2T09:00:00Z (or basic 2026W492T090000Z), a bare date
// 2026-12-01 (DateOnly, midnight), a time reduced to hh or hh:mm, a
// fraction of a second of any length after '.' or ',' (kept to the
// nanosecond, further digits truncated), and an offset Z, ±hh, ±hh:mm
// (extended) or ±hhmm (basic). Without an offset HasOffset is false and
// Time is the wall reading placed in UTC.
//
// It refuses, with a *SyntaxError that says where: impossible dates
// (Feb 30, month 13, week 53 of a 52-week year), hour 24, minute or second
// 60, a mix of basic and extended format, lower-case designators,
// whitespace around the value, ordinal dates (SpiffWorkflow cannot read
// them), week dates with a negative offset (SpiffWorkflow strips every '-'
// from a week date, the offset's sign included, and fails) or before year
// 1000 (it cannot write their calendar date back), a signed
// (expanded) year, year 0, a date-time outside years 1-9999 once
// converted to UTC (Python's limits), and a duration, interval or
// repeating interval given as a date-time.
func ParseDateTime(s string) (DateTime, error) {
	dt, err := parseDateTime(s)
	if err != nil {
		return DateTime{}, err
	}
	return dt, nil
}

// synErr builds a *SyntaxError.
func synErr(off int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// twoDigits reads the two-digit field name (minute, second, offset hour,
// offset minute) at s[i:] and checks it is at most maxValue.
func twoDigits(s string, i int, name string, maxValue int) (int, *SyntaxError) {
	if countDigits(s, i) < 2 {
		return 0, synErr(i, "expected a 2-digit %s", name)
	}
	v, _ := atoiN(s, i, 2)
	if v > maxValue {
		return 0, synErr(i, "%s %d out of range", name, v)
	}
	return v, nil
}

// isDigit reports an ASCII digit.
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isSpaceByte reports the whitespace a value may be surrounded by in XML
// text.
func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// countDigits returns the number of ASCII digits at s[i:].
func countDigits(s string, i int) int {
	n := 0
	for i+n < len(s) && isDigit(s[i+n]) {
		n++
	}
	return n
}

// atoiN reads exactly n digits at s[i:]; ok is false when there are fewer.
func atoiN(s string, i, n int) (int, bool) {
	if i+n > len(s) {
		return 0, false
	}
	v := 0
	for k := 0; k < n; k++ {
		c := s[i+k]
		if !isDigit(c) {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// show quotes a piece of a value for a message, in single quotes, with
// control characters escaped and long text shortened.
func show(s string) string {
	const max = 24
	short := s
	if len(short) > max {
		cut := max
		for cut > 0 && !isRuneStart(short[cut]) {
			cut--
		}
		short = short[:cut] + "..."
	}
	q := strconv.Quote(short)
	q = strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
	return "'" + q + "'"
}

// isRuneStart reports whether c starts a UTF-8 sequence.
func isRuneStart(c byte) bool { return c&0xC0 != 0x80 }

// trailing is the error for text left after a complete value.
func trailing(s string, i int) *SyntaxError {
	return synErr(i, "trailing text %s", show(s[i:]))
}

// isLeap reports a Gregorian leap year.
func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// daysIn returns the number of days of month m (1-12) of year y.
func daysIn(y, m int) int {
	switch m {
	case 2:
		if isLeap(y) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// isoWeeks returns the number of ISO weeks of year y: 53 when the year
// starts on a Thursday, or on a Wednesday in a leap year, 52 otherwise.
func isoWeeks(y int) int {
	wd := time.Date(y, time.January, 1, 0, 0, 0, 0, time.UTC).Weekday()
	if wd == time.Thursday || (wd == time.Wednesday && isLeap(y)) {
		return 53
	}
	return 52
}

// weekDate returns the calendar date of ISO week w, day d (1 = Monday) of
// year y. Week 1 is the week holding January 4th.
func weekDate(y, w, d int) time.Time {
	jan4 := time.Date(y, time.January, 4, 0, 0, 0, 0, time.UTC)
	wd := int(jan4.Weekday())
	if wd == 0 {
		wd = 7
	}
	return jan4.AddDate(0, 0, (w-1)*7+(d-1)-(wd-1))
}

// parseDateTime is ParseDateTime with a concrete error type.
func parseDateTime(s string) (DateTime, *SyntaxError) {
	dt, err := parseDateTimeRaw(s)
	if err != nil {
		if j := strings.IndexByte(s, '/'); j >= 0 && err.Offset == j {
			if _, e := parseDateTimeRaw(s[:j]); e == nil {
				return DateTime{}, synErr(j, "a time interval is not a date-time")
			}
		}
		return DateTime{}, err
	}
	return dt, nil
}

func parseDateTimeRaw(s string) (DateTime, *SyntaxError) {
	if s == "" {
		return DateTime{}, synErr(0, "empty date-time")
	}
	if isSpaceByte(s[0]) {
		return DateTime{}, synErr(0, "leading whitespace")
	}
	switch {
	case s[0] == 'P' || s[0] == 'p' || strings.HasPrefix(s, "-P") || strings.HasPrefix(s, "-p"):
		return DateTime{}, synErr(0, "a duration is not a date-time")
	case s[0] == 'R' || s[0] == 'r':
		if strings.IndexByte(s, '/') >= 0 {
			return DateTime{}, synErr(0, "a repeating interval is not a date-time")
		}
	case s[0] == '+' || s[0] == '-':
		return DateTime{}, synErr(0, "a signed (expanded) year is not read by SpiffWorkflow")
	}

	var (
		dt            DateTime
		year, mon, dy int
		extended      bool
		week          bool
		i             int
	)
	n := countDigits(s, 0)
	if n < 4 {
		return DateTime{}, synErr(n, "expected a 4-digit year")
	}
	year, _ = atoiN(s, 0, 4)
	if year == 0 {
		return DateTime{}, synErr(0, "year 0 out of range")
	}
	i = 4
	if i == len(s) {
		return DateTime{}, synErr(i, "expected '-' and a month after the year")
	}
	switch c := s[i]; {
	case c == '-':
		extended = true
		i++
		if i < len(s) && (s[i] == 'W' || s[i] == 'w') {
			if s[i] == 'w' {
				return DateTime{}, synErr(i, "week designator must be upper case 'W'")
			}
			week = true
			break
		}
		n = countDigits(s, i)
		nextOK := i+n == len(s) || !isDigit(s[i+n]) && s[i+n] != '-'
		switch {
		case n == 3 && nextOK:
			return DateTime{}, synErr(0, "ordinal dates are not read by SpiffWorkflow")
		case n == 4:
			return DateTime{}, synErr(i+2, "mixed basic and extended format")
		case n != 2:
			return DateTime{}, synErr(i, "expected a 2-digit month")
		}
		mon, _ = atoiN(s, i, 2)
		i += 2
		if i == len(s) {
			return DateTime{}, synErr(i, "expected '-' and a day after the month")
		}
		if s[i] != '-' {
			return DateTime{}, synErr(i, "expected '-' and a day after the month")
		}
		i++
		if countDigits(s, i) != 2 {
			return DateTime{}, synErr(i, "expected a 2-digit day")
		}
		dy, _ = atoiN(s, i, 2)
		i += 2
	case c == 'W':
		week = true
	case c == 'w':
		return DateTime{}, synErr(i, "week designator must be upper case 'W'")
	case isDigit(c):
		n = countDigits(s, i)
		switch {
		case n == 3:
			return DateTime{}, synErr(0, "ordinal dates are not read by SpiffWorkflow")
		case n < 4:
			return DateTime{}, synErr(i, "expected a month and a day (MMDD) after the year")
		}
		mon, _ = atoiN(s, i, 2)
		dy, _ = atoiN(s, i+2, 2)
		if i+4 < len(s) && s[i+4] == '-' {
			return DateTime{}, synErr(i+4, "mixed basic and extended format")
		}
		i += 4
	default:
		return DateTime{}, synErr(i, "expected '-' after the year")
	}

	var date time.Time
	if week {
		dt.Form = FormWeek
		i++ // The 'W'.
		if countDigits(s, i) < 2 {
			return DateTime{}, synErr(i, "expected a 2-digit week after 'W'")
		}
		wk, _ := atoiN(s, i, 2)
		wkOff := i
		i += 2
		if extended {
			if i < len(s) && isDigit(s[i]) {
				return DateTime{}, synErr(i, "mixed basic and extended format")
			}
			if i == len(s) || s[i] != '-' {
				return DateTime{}, synErr(i, "expected '-' and a week day after the week")
			}
			i++
		} else if i < len(s) && s[i] == '-' {
			return DateTime{}, synErr(i, "mixed basic and extended format")
		}
		if i == len(s) || !isDigit(s[i]) {
			return DateTime{}, synErr(i, "expected a week day (1-7) after the week")
		}
		wd := int(s[i] - '0')
		if wk < 1 || wk > isoWeeks(year) {
			return DateTime{}, synErr(wkOff, "week %d out of range for %d (%d weeks)", wk, year, isoWeeks(year))
		}
		if wd < 1 || wd > 7 {
			return DateTime{}, synErr(i, "week day %d out of range", wd)
		}
		i++
		if i < len(s) && isDigit(s[i]) {
			return DateTime{}, synErr(i, "expected 'T' between date and time")
		}
		date = weekDate(year, wk, wd)
		if date.Year() > 9999 || date.Year() < 1 {
			return DateTime{}, synErr(0, "date out of range")
		}
		if date.Year() < 1000 {
			// Spiff writes the week's calendar date with strftime's %Y,
			// which does not pad a year below 1000, and fromisoformat
			// then refuses it.
			return DateTime{}, synErr(0, "week dates before year 1000 are not read by SpiffWorkflow")
		}
	} else {
		dt.Form = FormBasic
		monOff, dayOff := 4, 6
		if extended {
			dt.Form = FormExtended
			monOff, dayOff = 5, 8
		}
		if mon < 1 || mon > 12 {
			return DateTime{}, synErr(monOff, "month %d out of range", mon)
		}
		if dy < 1 || dy > daysIn(year, mon) {
			return DateTime{}, synErr(dayOff, "day %d out of range for %s %d", dy, time.Month(mon), year)
		}
		date = time.Date(year, time.Month(mon), dy, 0, 0, 0, 0, time.UTC)
	}

	if i == len(s) {
		dt.DateOnly = true
		dt.Time = date
		return dt, nil
	}
	switch c := s[i]; {
	case c == 'T':
	case c == 't':
		return DateTime{}, synErr(i, "expected 'T' between date and time, found lower-case 't'")
	case strings.Trim(s[i:], " \t\r\n\f\v") == "":
		return DateTime{}, trailing(s, i)
	case c == '/':
		return DateTime{}, trailing(s, i)
	default:
		return DateTime{}, synErr(i, "expected 'T' between date and time")
	}
	i++

	// The time of day.
	if countDigits(s, i) < 2 {
		return DateTime{}, synErr(i, "expected a 2-digit hour after 'T'")
	}
	hh, _ := atoiN(s, i, 2)
	if hh > 23 {
		return DateTime{}, synErr(i, "hour %d out of range", hh)
	}
	i += 2
	mm, ss, ns := 0, 0, 0
	var ferr *SyntaxError
	fracNotSeconds := func(i int) *SyntaxError {
		return synErr(i, "a decimal fraction is allowed on seconds only")
	}
	// The minutes and seconds: after ':' in the extended form, directly
	// in the basic form.
	switch {
	case i < len(s) && s[i] == ':':
		if !extended {
			return DateTime{}, synErr(i, "mixed basic and extended format")
		}
		i++
		mm, ferr = twoDigits(s, i, "minute", 59)
		if ferr != nil {
			return DateTime{}, ferr
		}
		i += 2
		switch {
		case i < len(s) && s[i] == ':':
			i++
			ss, ferr = twoDigits(s, i, "second", 59)
			if ferr != nil {
				return DateTime{}, ferr
			}
			i += 2
		case i < len(s) && isDigit(s[i]):
			return DateTime{}, synErr(i, "mixed basic and extended format")
		case i < len(s) && (s[i] == '.' || s[i] == ','):
			return DateTime{}, fracNotSeconds(i)
		}
	case i < len(s) && isDigit(s[i]):
		if extended {
			return DateTime{}, synErr(i, "mixed basic and extended format")
		}
		mm, ferr = twoDigits(s, i, "minute", 59)
		if ferr != nil {
			return DateTime{}, ferr
		}
		i += 2
		switch {
		case i < len(s) && isDigit(s[i]):
			ss, ferr = twoDigits(s, i, "second", 59)
			if ferr != nil {
				return DateTime{}, ferr
			}
			i += 2
			if i < len(s) && isDigit(s[i]) {
				return DateTime{}, trailing(s, i)
			}
		case i < len(s) && s[i] == ':':
			return DateTime{}, synErr(i, "mixed basic and extended format")
		case i < len(s) && (s[i] == '.' || s[i] == ','):
			return DateTime{}, fracNotSeconds(i)
		}
	case i < len(s) && (s[i] == '.' || s[i] == ','):
		return DateTime{}, fracNotSeconds(i)
	}
	if i < len(s) && (s[i] == '.' || s[i] == ',') {
		i++
		n := countDigits(s, i)
		if n == 0 {
			return DateTime{}, synErr(i, "expected a digit after the decimal mark")
		}
		for k := 0; k < 9; k++ {
			ns *= 10
			if k < n {
				ns += int(s[i+k] - '0')
			}
		}
		i += n
	}

	// The offset.
	off := 0
	if i < len(s) {
		switch c := s[i]; c {
		case 'Z':
			dt.HasOffset = true
			i++
		case 'z':
			return DateTime{}, synErr(i, "the UTC designator must be upper case 'Z'")
		case '+', '-':
			if week && c == '-' {
				return DateTime{}, synErr(i, "week dates with a negative offset are not read by SpiffWorkflow")
			}
			sign := 1
			if c == '-' {
				sign = -1
			}
			i++
			oh, ferr := twoDigits(s, i, "offset hour", 23)
			if ferr != nil {
				return DateTime{}, ferr
			}
			i += 2
			om := 0
			switch {
			case i < len(s) && s[i] == ':':
				if !extended {
					return DateTime{}, synErr(i, "mixed basic and extended format")
				}
				i++
				om, ferr = twoDigits(s, i, "offset minute", 59)
				if ferr != nil {
					return DateTime{}, ferr
				}
				i += 2
			case i < len(s) && isDigit(s[i]):
				if extended {
					return DateTime{}, synErr(i, "mixed basic and extended format")
				}
				om, ferr = twoDigits(s, i, "offset minute", 59)
				if ferr != nil {
					return DateTime{}, ferr
				}
				i += 2
			}
			dt.HasOffset = true
			off = sign * (oh*3600 + om*60)
		}
	}
	if i < len(s) {
		return DateTime{}, trailing(s, i)
	}
	wall := time.Date(date.Year(), date.Month(), date.Day(), hh, mm, ss, ns, time.UTC)
	dt.Offset = off
	dt.Time = wall.Add(-time.Duration(off) * time.Second)
	if y := dt.Time.Year(); y < 1 || y > 9999 {
		// Python's datetime cannot hold it: Spiff fails converting to UTC.
		return DateTime{}, synErr(0, "date-time out of range once converted to UTC")
	}
	return dt, nil
}

// String renders the date-time canonically in its form (extended when
// Form is unset): seconds always written, a fraction only when non-zero,
// the offset as Z, ±hh:mm (extended, week) or ±hhmm (basic), none when
// HasOffset is false. A parsed value renders to text that parses back to
// the same DateTime.
func (d DateTime) String() string {
	wall := d.Time.UTC().Add(time.Duration(d.Offset) * time.Second)
	var b strings.Builder
	switch d.Form {
	case FormBasic:
		fmt.Fprintf(&b, "%04d%02d%02d", wall.Year(), int(wall.Month()), wall.Day())
	case FormWeek:
		y, w := wall.ISOWeek()
		wd := int(wall.Weekday())
		if wd == 0 {
			wd = 7
		}
		fmt.Fprintf(&b, "%04d-W%02d-%d", y, w, wd)
	default:
		fmt.Fprintf(&b, "%04d-%02d-%02d", wall.Year(), int(wall.Month()), wall.Day())
	}
	if d.DateOnly {
		return b.String()
	}
	basic := d.Form == FormBasic
	if basic {
		fmt.Fprintf(&b, "T%02d%02d%02d", wall.Hour(), wall.Minute(), wall.Second())
	} else {
		fmt.Fprintf(&b, "T%02d:%02d:%02d", wall.Hour(), wall.Minute(), wall.Second())
	}
	if ns := wall.Nanosecond(); ns != 0 {
		b.WriteString(strings.TrimRight(fmt.Sprintf(".%09d", ns), "0"))
	}
	if !d.HasOffset {
		return b.String()
	}
	if d.Offset == 0 {
		b.WriteByte('Z')
		return b.String()
	}
	sign, off := '+', d.Offset
	if off < 0 {
		sign, off = '-', -off
	}
	if basic {
		fmt.Fprintf(&b, "%c%02d%02d", sign, off/3600, off%3600/60)
	} else {
		fmt.Fprintf(&b, "%c%02d:%02d", sign, off/3600, off%3600/60)
	}
	return b.String()
}
