package value

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ParseDotNet reads a Time, Date or DateAndTime value as the engine does,
// with DateTime.Parse(value, SchemeParsingCulture), for the shapes whose
// answers were measured against Mono (testdata/oracle.tsv): a time of day
// (H:m[:s[.fff]], an AM/PM designator, which a 24-hour hour ignores, Z
// or an offset, converted to the runtime's clock); a numeric date with /,
// . or - in the culture's field order (year first when it has four
// digits; a two-digit year is 1930-2029; no year is the current year),
// optionally followed by a time; ISO 8601; and dates with English month
// names (and the culture's own, for de-DE, fr-FR and ru-RU). A value
// with only a time is today's. The result is a wall time on the
// runtime's clock. Other shapes (RFC 1123, other calendars, the rest of
// .NET's heuristics) are refused: the error then says the value is not
// in a form seams-timers reads, which may still be one .NET reads.
func ParseDotNet(text string, c Culture, now time.Time, clock *time.Location) (time.Time, error) {
	if clock == nil {
		clock = time.UTC
	}
	now = now.In(clock)
	s := strings.TrimSpace(text)
	fail := fmt.Errorf("%q does not parse as a date or time under %s (%s, ISO yyyy-MM-dd, or HH:mm)", text, c.Name, c.Pattern())
	if s == "" {
		return time.Time{}, fail
	}
	datePart, timePart := s, ""
	if m := dotnetPatterns().timeTail.FindStringSubmatchIndex(s); m != nil && (strings.Contains(s[m[2]:m[3]], ":") || dotnetPatterns().designator.MatchString(s[m[2]:m[3]])) {
		prefix := s[:m[2]]
		datePart, timePart = "", s[m[2]:m[3]]
		if prefix != "" {
			// A date, then a space or a T, then the time.
			datePart = prefix[:len(prefix)-1]
			if datePart == "" || datePart != strings.TrimSpace(datePart) {
				return time.Time{}, fail
			}
		}
	}
	y, mo, d := now.Year(), int(now.Month()), now.Day()
	if datePart != "" {
		var ok bool
		y, mo, d, ok = parseDatePart(datePart, c, now.Year())
		if !ok || !validDate(y, mo, d) {
			return time.Time{}, fail
		}
	}
	if timePart == "" {
		return time.Date(y, time.Month(mo), d, 0, 0, 0, 0, clock), nil
	}
	m := dotnetPatterns().time.FindStringSubmatch(timePart)
	if m == nil {
		return time.Time{}, fail
	}
	h, _ := strconv.Atoi(m[1])
	mi, sec, ns := 0, 0, 0
	if m[2] != "" {
		mi, _ = strconv.Atoi(m[2])
	}
	if m[3] != "" {
		sec, _ = strconv.Atoi(m[3])
	}
	if m[4] != "" {
		frac := (m[4] + "000000000")[:9]
		ns, _ = strconv.Atoi(frac)
	}
	if m[2] == "" && m[5] == "" {
		return time.Time{}, fail // a bare hour needs a designator
	}
	switch strings.ToUpper(m[5]) {
	case "AM":
		if h == 12 {
			h = 0
		}
	case "PM":
		if h == 0 {
			return time.Time{}, fail
		}
		if h < 12 {
			h += 12
		}
	}
	if h > 23 || mi > 59 || sec > 59 {
		return time.Time{}, fail
	}
	if m[6] == "" {
		return time.Date(y, time.Month(mo), d, h, mi, sec, ns, clock), nil
	}
	off := 0
	if z := m[6]; z != "Z" && z != "z" {
		oh, _ := strconv.Atoi(z[1:3])
		om, _ := strconv.Atoi(z[len(z)-2:])
		if oh > 14 || om > 59 {
			return time.Time{}, fail
		}
		off = oh*3600 + om*60
		if z[0] == '-' {
			off = -off
		}
	}
	t := time.Date(y, time.Month(mo), d, h, mi, sec, ns, time.FixedZone("", off)).In(clock)
	return t, nil
}

// The patterns of the DateTime.Parse subset, compiled on first use: a
// check that reads no Time or Date value never builds them.
var (
	dotnetOnce sync.Once
	dotnetRes  *dotnetRE
)

func dotnetPatterns() *dotnetRE {
	dotnetOnce.Do(func() { dotnetRes = compileDotnet() })
	return dotnetRes
}

func compileDotnet() *dotnetRE {
	return &dotnetRE{
		// timeTail finds a time at the end of a value: after a space or a
		// T, or the whole value.
		timeTail:   regexp.MustCompile(`(?i)(?:^|[ T])(\d{1,2}\s*(?::\s*\d{1,2}(?:\s*:\s*\d{1,2}(?:\.\d{1,7})?)?)?\s*(?:AM|PM)?\s*(?:Z|[+-]\d{2}:?\d{2})?)$`),
		time:       regexp.MustCompile(`(?i)^(\d{1,2})\s*(?::\s*(\d{1,2})(?:\s*:\s*(\d{1,2})(?:\.(\d{1,7}))?)?)?\s*(AM|PM)?\s*(Z|[+-]\d{2}:?\d{2})?$`),
		designator: regexp.MustCompile(`(?i)[AP]M`),
		numDate:    regexp.MustCompile(`^(\d{1,4})[/.-](\d{1,2})(?:[/.-](\d{1,4}))?$`),
		dayMonth:   regexp.MustCompile(`^(\d{1,2})\.?\s+(\pL+)\.?,?\s+(\d{4})$`),
		monthDay:   regexp.MustCompile(`^(\pL+)\.?\s+(\d{1,2}),?(?:\s+(\d{4}))?$`),
	}
}

type dotnetRE struct {
	timeTail, time, designator, numDate, dayMonth, monthDay *regexp.Regexp
}

// parseDatePart reads the date before the time.
func parseDatePart(s string, c Culture, year int) (y, m, d int, ok bool) {
	if f := dotnetPatterns().numDate.FindStringSubmatch(s); f != nil {
		a, _ := strconv.Atoi(f[1])
		b, _ := strconv.Atoi(f[2])
		if f[3] == "" {
			if len(f[1]) > 2 {
				return 0, 0, 0, false
			}
			if c.Order == "DMY" {
				return year, b, a, true
			}
			if c.Order == "MDY" {
				return year, a, b, true
			}
			return 0, 0, 0, false
		}
		z, _ := strconv.Atoi(f[3])
		if len(f[1]) == 4 {
			return a, b, z, true
		}
		if len(f[1]) > 2 || len(f[3]) == 3 {
			return 0, 0, 0, false
		}
		if len(f[3]) <= 2 {
			z = twoDigitYear(z)
		}
		switch c.Order {
		case "DMY":
			return z, b, a, true
		case "MDY":
			return z, a, b, true
		}
		return 0, 0, 0, false
	}
	if f := dotnetPatterns().dayMonth.FindStringSubmatch(s); f != nil {
		mo := monthNumber(f[2], c)
		d, _ := strconv.Atoi(f[1])
		y, _ := strconv.Atoi(f[3])
		return y, mo, d, mo > 0
	}
	if f := dotnetPatterns().monthDay.FindStringSubmatch(s); f != nil {
		mo := monthNumber(f[1], c)
		d, _ := strconv.Atoi(f[2])
		if f[3] == "" {
			// "Jan 2": measured only under the month-first cultures (de-DE
			// reads the 2 as a year).
			if c.Order != "MDY" {
				return 0, 0, 0, false
			}
			return year, mo, d, mo > 0
		}
		y, _ := strconv.Atoi(f[3])
		return y, mo, d, mo > 0
	}
	return 0, 0, 0, false
}

// twoDigitYear is the Gregorian calendar's TwoDigitYearMax of 2029.
func twoDigitYear(y int) int {
	if y <= 29 {
		return 2000 + y
	}
	return 1900 + y
}

// monthNames are the month names read: English under every culture (as
// .NET does), and the culture's own for the cultures measured.
var (
	monthOnce sync.Once
	monthMap  map[string][12]string
)

func monthNames() map[string][12]string {
	monthOnce.Do(func() { monthMap = monthTable() })
	return monthMap
}

func monthTable() map[string][12]string {
	return map[string][12]string{
		"":      {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"},
		"de-DE": {"januar", "februar", "märz", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "dezember"},
		"fr-FR": {"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
		"ru-RU": {"января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"},
	}
}

// monthNumber is the month a name or its three-letter English
// abbreviation spells, or 0.
func monthNumber(w string, c Culture) int {
	lw := strings.ToLower(w)
	for _, names := range []string{"", c.Name} {
		list, ok := monthNames()[names]
		if !ok {
			continue
		}
		for i, n := range list {
			if lw == n || names == "" && len(lw) == 3 && strings.HasPrefix(n, lw) {
				return i + 1
			}
		}
	}
	return 0
}
