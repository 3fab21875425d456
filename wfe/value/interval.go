// Package value holds how OptimaJet Workflow Engine reads timer values
// (ENGINES.md section 1): Interval, exactly as the runtime sums it; Time,
// a time of day; Date and DateAndTime under a parsing culture;
// Expression, which is not computable ahead of time; the sentinels 0 and
// -1; and the work calendars the work-calendar units count in.
//
// Nothing here is taken from the engine's code: the tables in the tests
// are the facts ENGINES.md records, computed from the rule it states.
package value

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Unit is a unit the Interval reader sums.
type Unit struct {
	// Name is the unit's short spelling, as Reading writes it.
	Name string
	// Spellings are the alternatives the engine's pattern tries, in order.
	Spellings []string
	// Length is the unit's exact length; zero for the calendar units.
	Length time.Duration
	// Months is the length of a calendar unit in months (year 12, month 1).
	Months int
	// Work marks a work-calendar unit.
	Work bool
}

// Units are the units of the Interval reader, in the order they are
// summed and written: the plain units (days to milliseconds), the newer
// builds' years and months, and the work-calendar units.
var Units = []*Unit{
	{Name: "y", Spellings: []string{"y", "year", "years"}, Months: 12},
	{Name: "mm", Spellings: []string{"mm", "month", "months"}, Months: 1},
	{Name: "d", Spellings: []string{"d", "day", "days"}, Length: 24 * time.Hour},
	{Name: "h", Spellings: []string{"h", "hour", "hours"}, Length: time.Hour},
	{Name: "m", Spellings: []string{"m", "minute", "minutes"}, Length: time.Minute},
	{Name: "s", Spellings: []string{"s", "second", "seconds"}, Length: time.Second},
	{Name: "ms", Spellings: []string{"ms", "millisecond", "milliseconds"}, Length: time.Millisecond},
	{Name: "wy", Spellings: []string{"wy", "wyear", "wyears"}, Months: 12, Work: true},
	{Name: "wmm", Spellings: []string{"wmm", "wmonth", "wmonths"}, Months: 1, Work: true},
	{Name: "wd", Spellings: []string{"wd", "wday", "wdays"}, Work: true, Length: 24 * time.Hour},
	{Name: "wh", Spellings: []string{"wh", "whour", "whours"}, Work: true, Length: time.Hour},
	{Name: "wm", Spellings: []string{"wm", "wminute", "wminutes"}, Work: true, Length: time.Minute},
}

// Match is one match of a unit's pattern <digits*><spaces*><unit>.
type Match struct {
	Unit *Unit
	// N is the number the digits read (0 when there are none).
	N int64
	// Start and End are the byte offsets of the match; DigitsEnd is where
	// its digits end.
	Start, DigitsEnd, End int
	// Spelling is the unit as written.
	Spelling string
	// Overflow reports digits too large for the engine's 32-bit integer.
	Overflow bool
}

// Interval is an Interval timer value as the engine reads it.
type Interval struct {
	Text string
	// Bare reports a bare integer, read as milliseconds.
	Bare bool
	// Matches are the unit matches the engine sums, in text order.
	Matches []Match
	// Plain is the sum of the plain units; Months of years and months.
	Plain  time.Duration
	Months int64
	// Work is the sum of the work-calendar units.
	Work Work
	// Dropped are the digit runs (with a decimal point after them) that
	// no match reads: [start, end) byte offsets.
	Dropped [][2]int
}

// Work is an amount of working time.
type Work struct {
	Months, Days, Hours, Minutes int64
}

// IsZero reports no working time.
func (w Work) IsZero() bool { return w == Work{} }

// ReadInterval reads an Interval value as the runtime does: a bare
// integer (int.TryParse: spaces and a sign allowed) is milliseconds;
// otherwise every match of each unit's pattern is summed, a match being
// digits (maybe none), spaces, and one of the unit's spellings
// (case-insensitive) followed by a non-word character, a digit or the end.
func ReadInterval(text string) Interval {
	iv := Interval{Text: text}
	if n, err := strconv.ParseInt(strings.TrimSpace(text), 10, 32); err == nil {
		iv.Bare = true
		iv.Plain = time.Duration(n) * time.Millisecond
		return iv
	}
	for _, u := range Units {
		for p := 0; p < len(text); {
			m, ok, skip := matchAt(text, p, u)
			if !ok {
				p = skip
				continue
			}
			iv.Matches = append(iv.Matches, m)
			p = m.End
		}
	}
	slices.SortStableFunc(iv.Matches, func(a, b Match) int { return cmp.Compare(a.Start, b.Start) })
	for _, m := range iv.Matches {
		u := m.Unit
		switch {
		case u.Work && u.Months > 0:
			iv.Work.Months += m.N * int64(u.Months)
		case u.Work && u.Length == 24*time.Hour:
			iv.Work.Days += m.N
		case u.Work && u.Length == time.Hour:
			iv.Work.Hours += m.N
		case u.Work:
			iv.Work.Minutes += m.N
		case u.Months > 0:
			iv.Months += m.N * int64(u.Months)
		default:
			iv.Plain += time.Duration(m.N) * u.Length
		}
	}
	iv.Dropped = dropped(text, iv.Matches)
	return iv
}

// matchAt tries the unit's pattern at byte p: greedy digits, greedy
// spaces, then the first spelling whose next character is not a letter or
// an underscore. The pattern cannot backtrack into the digits or spaces,
// since a spelling starts with a letter. When it fails, it fails as well
// at every start inside those digits and spaces (they end at the same
// byte), so skip is the next start worth trying: the search stays linear
// in the text.
func matchAt(text string, p int, u *Unit) (m Match, ok bool, skip int) {
	i := p
	for i < len(text) && text[i] >= '0' && text[i] <= '9' {
		i++
	}
	de := i
	for i < len(text) && isDotNetSpace(text[i]) {
		i++
	}
	for _, sp := range u.Spellings {
		end := i + len(sp)
		if end > len(text) || !strings.EqualFold(text[i:end], sp) {
			continue
		}
		if end < len(text) && isWordRune(text[end:]) {
			continue
		}
		m := Match{Unit: u, Start: p, DigitsEnd: de, End: end, Spelling: text[i:end]}
		if de > p {
			n, err := strconv.ParseInt(text[p:de], 10, 64)
			if err != nil || n > 1<<31-1 {
				n, m.Overflow = 1<<31-1, true
			}
			m.N = n
		}
		return m, true, end
	}
	return Match{}, false, max(i, p+1)
}

// isDotNetSpace is \s for ASCII.
func isDotNetSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}

// isWordRune reports whether s starts with a word character that is not
// a digit: a letter, a mark or a connector such as '_' (\w minus \d).
func isWordRune(s string) bool {
	r := []rune(s[:min(len(s), 4)])
	if len(r) == 0 {
		return false
	}
	c := r[0]
	return c == '_' || unicode.IsLetter(c) || unicode.Is(unicode.Mn, c) || unicode.Is(unicode.Pc, c)
}

// dropped returns the digit runs no match reads, each with the decimal
// point or comma that follows it when a digit comes after that.
func dropped(text string, ms []Match) [][2]int {
	var out [][2]int
	read := func(a, b int) bool {
		for _, m := range ms {
			if m.Start <= a && b <= m.DigitsEnd {
				return true
			}
		}
		return false
	}
	for i := 0; i < len(text); {
		if text[i] < '0' || text[i] > '9' {
			i++
			continue
		}
		j := i
		for j < len(text) && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if !read(i, j) {
			end := j
			if end+1 < len(text) && (text[end] == '.' || text[end] == ',') && text[end+1] >= '0' && text[end+1] <= '9' {
				end++
			}
			out = append(out, [2]int{i, end})
		}
		i = j
	}
	return out
}

// Overflowed reports a number above the engine's 32-bit integer.
func (iv Interval) Overflowed() bool {
	for _, m := range iv.Matches {
		if m.Overflow {
			return true
		}
	}
	return false
}

// CapitalM returns the first match that writes the minute unit as a
// capital M ("1M"), which reads as minutes where months may be meant.
func (iv Interval) CapitalM() (Match, bool) {
	for _, m := range iv.Matches {
		if m.Unit.Name == "m" && m.Spelling == "M" && m.N > 0 {
			return m, true
		}
	}
	return Match{}, false
}

// Positive reports whether the engine computes an execution time: the
// reading is more than zero. An Interval of 0 or less is never registered.
func (iv Interval) Positive() bool {
	return iv.Plain > 0 || iv.Months > 0 || iv.HasWork()
}

// HasWork reports work-calendar units with a number.
func (iv Interval) HasWork() bool { return !iv.Work.IsZero() }

// Mixed reports plain and work-calendar units together, which the engine
// refuses ("It is impossible to combine time with working time").
func (iv Interval) Mixed() bool { return iv.HasWork() && (iv.Plain != 0 || iv.Months != 0) }

// Reading writes the engine's reading in the engine's own units: "5h",
// "1d 2h", "4ms", "0".
func (iv Interval) Reading() string {
	var parts []string
	if iv.Months != 0 {
		if y := iv.Months / 12; y != 0 {
			parts = append(parts, fmt.Sprintf("%dy", y))
		}
		if m := iv.Months % 12; m != 0 {
			parts = append(parts, fmt.Sprintf("%dmm", m))
		}
	}
	if iv.Plain != 0 {
		parts = append(parts, FormatDuration(iv.Plain))
	}
	w := iv.Work
	for _, x := range []struct {
		n int64
		u string
	}{{w.Months / 12, "wy"}, {w.Months % 12, "wmm"}, {w.Days, "wd"}, {w.Hours, "wh"}, {w.Minutes, "wm"}} {
		if x.n != 0 {
			parts = append(parts, fmt.Sprintf("%d%s", x.n, x.u))
		}
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, " ")
}

// FormatDuration writes an exact length in the engine's units, largest
// first: 90 minutes is "1h 30m", 4 ms "4ms", 0 "0".
func FormatDuration(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	var parts []string
	for _, u := range []struct {
		l time.Duration
		n string
	}{{24 * time.Hour, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}, {time.Millisecond, "ms"}} {
		if n := d / u.l; n > 0 {
			parts = append(parts, fmt.Sprintf("%d%s", n, u.n))
			d -= n * u.l
		}
	}
	if len(parts) == 0 {
		return sign + d.String()
	}
	return sign + strings.Join(parts, " ")
}

// DroppedText returns the text of the dropped runs, quoted and joined:
// `"1."`, `"30"`.
func (iv Interval) DroppedText() string {
	var q []string
	for _, d := range iv.Dropped {
		q = append(q, strconv.Quote(iv.Text[d[0]:d[1]]))
	}
	return strings.Join(q, ", ")
}

// Intended reads the text as a person would: decimal numbers before a
// unit ("1.5h"), and a number after a unit in the next smaller unit
// ("1h30" is 1h 30m). It reports false when the text does not read as
// a plain length that way.
func (iv Interval) Intended() (time.Duration, bool) {
	t := strings.TrimSpace(iv.Text)
	var total time.Duration
	var last time.Duration
	any := false
	for i := 0; i < len(t); {
		for i < len(t) && (t[i] == ' ' || t[i] == ',') {
			i++
		}
		if i >= len(t) {
			break
		}
		j := i
		for j < len(t) && (t[j] >= '0' && t[j] <= '9' || t[j] == '.') {
			j++
		}
		if j == i {
			return 0, false
		}
		num, err := strconv.ParseFloat(t[i:j], 64)
		if err != nil {
			return 0, false
		}
		for j < len(t) && t[j] == ' ' {
			j++
		}
		k := j
		for k < len(t) && unicode.IsLetter(rune(t[k])) {
			k++
		}
		var unit time.Duration
		if k == j {
			unit = smaller(last)
			if unit == 0 {
				return 0, false
			}
		} else {
			unit = humanUnit(t[j:k])
			if unit == 0 {
				return 0, false
			}
		}
		total += time.Duration(num * float64(unit))
		last = unit
		any = true
		i = k
	}
	return total, any
}

// smaller is the next smaller plain unit after a unit's length.
func smaller(u time.Duration) time.Duration {
	switch u {
	case 24 * time.Hour:
		return time.Hour
	case time.Hour:
		return time.Minute
	case time.Minute:
		return time.Second
	case time.Second:
		return time.Millisecond
	}
	return 0
}

// humanUnit is the length of a unit a person writes: the engine's plain
// spellings, and the ones it does not read (min, hrs, sec, week...).
func humanUnit(w string) time.Duration {
	switch strings.ToLower(w) {
	case "min", "mins":
		return time.Minute
	case "hr", "hrs":
		return time.Hour
	case "sec", "secs":
		return time.Second
	case "w", "wk", "wks", "week", "weeks":
		return 7 * 24 * time.Hour
	}
	if u := plainUnit(w); u != nil {
		return u.Length
	}
	return 0
}

// plainUnit finds the plain unit a word spells (case-insensitive).
func plainUnit(w string) *Unit {
	for _, u := range Units {
		if u.Work || u.Months > 0 {
			continue
		}
		for _, sp := range u.Spellings {
			if strings.EqualFold(sp, w) {
				return u
			}
		}
	}
	return nil
}

// IsSentinel reports the special values 0 ("immediate") and -1 ("never"),
// which SetTimerValue is meant to replace at run time through the
// TimerValue_<name> process parameter.
func IsSentinel(text string) bool {
	t := strings.TrimSpace(text)
	return t == "0" || t == "-1"
}
