package value

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeOfDay is a Time timer's value: a time of day.
type TimeOfDay struct{ Hour, Minute, Second int }

// String writes the time as the designer does, HH:mm:ss.
func (t TimeOfDay) String() string { return fmt.Sprintf("%02d:%02d:%02d", t.Hour, t.Minute, t.Second) }

// ParseTimeOfDay reads a Time value: H:mm or H:mm:ss, 24-hour, or with AM
// or PM after it. "1m", "4h" and "00:30" with a unit are not times of day.
func ParseTimeOfDay(text string) (TimeOfDay, error) {
	s := strings.TrimSpace(text)
	pm, am := false, false
	if u := strings.ToUpper(s); strings.HasSuffix(u, "PM") || strings.HasSuffix(u, "AM") {
		pm, am = strings.HasSuffix(u, "PM"), strings.HasSuffix(u, "AM")
		s = strings.TrimSpace(s[:len(s)-2])
	}
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return TimeOfDay{}, fmt.Errorf("%q is not a time of day (HH:mm or HH:mm:ss)", text)
	}
	var n [3]int
	for i, p := range parts {
		if len(p) == 0 || len(p) > 2 || (i > 0 && len(p) != 2) {
			return TimeOfDay{}, fmt.Errorf("%q is not a time of day (HH:mm or HH:mm:ss)", text)
		}
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return TimeOfDay{}, fmt.Errorf("%q is not a time of day (HH:mm or HH:mm:ss)", text)
		}
		n[i] = v
	}
	t := TimeOfDay{n[0], n[1], n[2]}
	if am || pm {
		if t.Hour < 1 || t.Hour > 12 {
			return TimeOfDay{}, fmt.Errorf("%q: the hour of a 12-hour time is 1 to 12", text)
		}
		t.Hour %= 12
		if pm {
			t.Hour += 12
		}
	}
	if t.Hour > 23 || t.Minute > 59 || t.Second > 59 {
		return TimeOfDay{}, fmt.Errorf("%q is out of range for a time of day", text)
	}
	return t, nil
}

// LooksLikeDelay reports a time in the first hour after midnight other
// than midnight itself (00:01:00, 00:30:00): written as a delay, it fires
// daily at that time of day.
func (t TimeOfDay) LooksLikeDelay() bool { return t.Hour == 0 && (t.Minute > 0 || t.Second > 0) }

// Next is when a Time timer registered at now is due: today at the time
// of day, on the runtime's clock, or tomorrow when that has passed.
func (t TimeOfDay) Next(now time.Time, loc *time.Location) time.Time {
	n := now.In(loc)
	at := time.Date(n.Year(), n.Month(), n.Day(), t.Hour, t.Minute, t.Second, 0, loc)
	if at.Before(n) {
		at = time.Date(n.Year(), n.Month(), n.Day()+1, t.Hour, t.Minute, t.Second, 0, loc)
	}
	return at
}

// Culture is a parsing culture's numeric date form.
type Culture struct {
	Name string
	// Order is the order of the fields of a numeric date: "MDY", "DMY"
	// or "YMD".
	Order string
	// Sep is the date separator.
	Sep byte
}

// cultures are the parsing cultures seams-timers knows, sorted by name:
// an array, which the linker lays out, so that a run that reads no scheme
// builds no map of them at start-up.
var cultures = [...]Culture{
	{"de-DE", "DMY", '.'},
	{"en-AU", "DMY", '/'},
	{"en-GB", "DMY", '/'},
	{"en-US", "MDY", '/'},
	{"es-ES", "DMY", '/'},
	{"fr-FR", "DMY", '/'},
	{"invariant", "MDY", '/'},
	{"it-IT", "DMY", '/'},
	{"ja-JP", "YMD", '/'},
	{"nl-NL", "DMY", '-'},
	{"pl-PL", "DMY", '.'},
	{"pt-BR", "DMY", '/'},
	{"ru-RU", "DMY", '.'},
	{"zh-CN", "YMD", '/'},
}

// LookupCulture returns the known culture of that name.
func LookupCulture(name string) (Culture, bool) {
	for _, c := range cultures {
		if c.Name == name {
			return c, true
		}
	}
	return Culture{}, false
}

// CultureNames lists the known cultures, sorted.
func CultureNames() []string {
	out := make([]string, len(cultures))
	for i, c := range cultures {
		out[i] = c.Name
	}
	return out
}

// DefaultCulture is the invariant culture, the runtime's default
// SchemeParsingCulture: MM/dd/yyyy, like the designer.
var DefaultCulture = Culture{"invariant", "MDY", '/'}

// DateTime is a Date or DateAndTime value as DateTime.Parse reads it.
type DateTime struct {
	Year, Month, Day     int
	Hour, Minute, Second int
	// HasTime reports a time of day in the text.
	HasTime bool
	// Ambiguous reports a numeric day-first or month-first date whose
	// first two fields could be either (both 12 or less, and different);
	// Swapped is then the other reading.
	Ambiguous bool
	Swapped   [3]int
}

// At is the value on the runtime's clock: the instant for DateAndTime,
// midnight for Date.
func (d DateTime) At(loc *time.Location, dateOnly bool) time.Time {
	if dateOnly {
		return time.Date(d.Year, time.Month(d.Month), d.Day, 0, 0, 0, 0, loc)
	}
	return time.Date(d.Year, time.Month(d.Month), d.Day, d.Hour, d.Minute, d.Second, 0, loc)
}

// String writes the value as yyyy-MM-dd[ HH:mm:ss].
func (d DateTime) String() string {
	s := fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)
	if d.HasTime {
		s += fmt.Sprintf(" %02d:%02d:%02d", d.Hour, d.Minute, d.Second)
	}
	return s
}

// ParseDateTime reads a Date or DateAndTime value as DateTime.Parse does
// under a culture: ISO 8601 (yyyy-MM-dd, with a T or a space and a time)
// under any culture, else the culture's numeric date, optionally followed
// by a time of day. A zone or offset is refused: rows store none.
func ParseDateTime(text string, c Culture) (DateTime, error) {
	s := strings.TrimSpace(text)
	var d DateTime
	datePart, timePart := s, ""
	if i := strings.IndexAny(s, " T"); i >= 0 {
		datePart, timePart = s[:i], strings.TrimSpace(s[i+1:])
	}
	if timePart != "" {
		if strings.ContainsAny(timePart, "Zz+") || strings.Count(timePart, "-") > 0 {
			return d, fmt.Errorf("%q: a timer's date holds no zone or offset", text)
		}
		t, err := ParseTimeOfDay(timePart)
		if err != nil {
			return d, fmt.Errorf("%q: the time of day %q does not parse", text, timePart)
		}
		d.Hour, d.Minute, d.Second, d.HasTime = t.Hour, t.Minute, t.Second, true
	}
	var f [3]int
	order := c.Order
	fields := strings.Split(datePart, string(c.Sep))
	if strings.Count(datePart, "-") == 2 && len(datePart) >= 8 && len(strings.Split(datePart, "-")[0]) == 4 {
		fields, order = strings.Split(datePart, "-"), "YMD"
	}
	if len(fields) != 3 {
		return d, fmt.Errorf("%q does not parse under %s (%s)", text, c.Name, c.Pattern())
	}
	for i, x := range fields {
		v, err := strconv.Atoi(x)
		if err != nil || v < 0 || len(x) == 0 || len(x) > 4 {
			return d, fmt.Errorf("%q does not parse under %s (%s)", text, c.Name, c.Pattern())
		}
		f[i] = v
	}
	idx := map[byte]int{}
	for i := range 3 {
		idx[order[i]] = i
	}
	d.Year, d.Month, d.Day = f[idx['Y']], f[idx['M']], f[idx['D']]
	if len(fields[idx['Y']]) != 4 {
		return d, fmt.Errorf("%q does not parse under %s (%s): the year has four digits", text, c.Name, c.Pattern())
	}
	if !validDate(d.Year, d.Month, d.Day) {
		return d, fmt.Errorf("%q does not parse under %s (%s): no day %d of month %d", text, c.Name, c.Pattern(), d.Day, d.Month)
	}
	if order != "YMD" && f[0] <= 12 && f[1] <= 12 && f[0] != f[1] {
		d.Ambiguous = true
		d.Swapped = [3]int{d.Year, d.Day, d.Month}
	}
	return d, nil
}

// Pattern is the culture's numeric date pattern.
func (c Culture) Pattern() string {
	sep := string(c.Sep)
	switch c.Order {
	case "DMY":
		return "dd" + sep + "MM" + sep + "yyyy"
	case "YMD":
		return "yyyy" + sep + "MM" + sep + "dd"
	}
	return "MM" + sep + "dd" + sep + "yyyy"
}

func validDate(y, m, d int) bool {
	if y < 1 || m < 1 || m > 12 || d < 1 {
		return false
	}
	return d <= time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}
