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
	"unicode/utf8"
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

// Engine is the build of the Workflow Engine whose timer code is modelled.
// The zero value is the newest build measured (6.0.2).
type Engine uint8

const (
	// Engine6 is 5.0 to 6.0.2 (2020-10 to 2022-07), run under Mono: the
	// units d, h, m, s and ms; an Interval that reads 0 registers a row
	// due now.
	Engine6 Engine = iota
	// Engine4 is 4.x (up to 4.2.5, 2020-07): the same reading; an Interval
	// that reads 0 or less is never registered.
	Engine4
	// EngineDocs is the 2026 documentation: 6's behaviour plus years,
	// months and the work-calendar units, which no public build counts.
	EngineDocs
)

// EngineNames are the names the config accepts, by engine.
var EngineNames = []string{"5-6", "4", "docs"}

// ParseEngine reads an engine name of the config.
func ParseEngine(s string) (Engine, bool) {
	switch s {
	case "5-6", "5", "6", "6.0.2":
		return Engine6, true
	case "4", "4.x":
		return Engine4, true
	case "docs":
		return EngineDocs, true
	}
	return Engine6, false
}

// String is the engine's config name.
func (e Engine) String() string { return EngineNames[e] }

// Behaviour names the behaviour a finding assumes.
func (e Engine) Behaviour() string {
	switch e {
	case Engine4:
		return "engine 4.x"
	case EngineDocs:
		return "the 2026 documentation"
	}
	return "engine 5.0-6.0.2"
}

// ZeroRegisters reports whether an Interval reading 0 registers a row
// due now (5.0 on) rather than no row (4.x).
func (e Engine) ZeroRegisters() bool { return e != Engine4 }

// counts reports whether the engine counts the unit.
func (e Engine) counts(u *Unit) bool { return e == EngineDocs || !u.Work && u.Months == 0 }

// Match is one match of a unit's pattern <digits*><spaces*><unit>.
type Match struct {
	Unit *Unit
	// N is the number the digits read: int.TryParse of them, 0 when there
	// are none or it fails (beyond int32, or digits other than 0-9).
	N int64
	// Start and End are the byte offsets of the match (End after the
	// character the pattern consumes); DigitsEnd is where its digits end.
	Start, DigitsEnd, End int
	// Spelling is the unit as written.
	Spelling string
	// Overflow reports digits that int.TryParse refuses, so that the part
	// reads 0: beyond int32, or digits other than ASCII 0-9.
	Overflow bool
}

// Interval is an Interval timer value as the engine reads it.
type Interval struct {
	Text string
	// Engine is the build whose reading this is.
	Engine Engine
	// Bare reports a bare integer, read as milliseconds.
	Bare bool
	// Matches are the unit matches the engine sums, in text order;
	// Ignored the matches of units the engine does not count (years,
	// months and work units before the documentation).
	Matches []Match
	Ignored []Match
	// Ms is the reading in milliseconds: the bare integer, or the plain
	// units as TimeSpan(days, hours, minutes, seconds, ms) computes them
	// from each unit's int32 sum (which wraps).
	Ms int64
	// RangeErr reports a reading past TimeSpan's range: GetInterval
	// throws ArgumentOutOfRangeException.
	RangeErr bool
	// Plain is Ms as a Go duration, saturated at its range.
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

// TimeSpan's range in milliseconds.
const maxTimeSpanMs = 922337203685477

// ReadInterval reads an Interval value as the newest measured build
// (6.0.2) does.
func ReadInterval(text string) Interval { return ReadIntervalAs(text, Engine6) }

// ReadIntervalAs reads an Interval value as the engine does: a bare
// integer (int.TryParse) is milliseconds; otherwise, for each unit, every
// match of <\d*><\s*><spelling>(\W|\d|$) is summed in an int32, the
// match consuming the character after the spelling, so that a number
// glued to the previous unit is lost ("1h2h" is 1 h). .NET's \d, \s and
// \w are Unicode; the case is folded for ASCII letters only.
func ReadIntervalAs(text string, e Engine) Interval {
	iv := Interval{Text: text, Engine: e}
	if n, ok := dotNetInt32(text); ok {
		iv.Bare = true
		iv.Ms = int64(n)
		iv.Plain = time.Duration(n) * time.Millisecond
		return iv
	}
	sums := map[string]int32{}
	for _, u := range Units {
		for p := 0; p < len(text); {
			m, ok, skip := matchAt(text, p, u)
			if !ok {
				p = skip
				continue
			}
			if e.counts(u) {
				iv.Matches = append(iv.Matches, m)
				sums[u.Name] += int32(m.N)
			} else {
				iv.Ignored = append(iv.Ignored, m)
			}
			p = m.End
		}
	}
	slices.SortStableFunc(iv.Matches, func(a, b Match) int { return cmp.Compare(a.Start, b.Start) })
	slices.SortStableFunc(iv.Ignored, func(a, b Match) int { return cmp.Compare(a.Start, b.Start) })
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
		}
	}
	iv.Ms = ((int64(sums["d"])*24*3600+int64(sums["h"])*3600+int64(sums["m"])*60+int64(sums["s"]))*1000 + int64(sums["ms"]))
	if iv.Ms > maxTimeSpanMs || iv.Ms < -maxTimeSpanMs {
		iv.RangeErr = true
	}
	const maxDur = int64(1<<63-1) / int64(time.Millisecond)
	iv.Plain = time.Duration(max(-maxDur, min(maxDur, iv.Ms))) * time.Millisecond
	iv.Dropped = dropped(text, append(slices.Clone(iv.Matches), iv.Ignored...))
	return iv
}

// dotNetInt32 is int.TryParse(s) with NumberStyles.Integer under the
// invariant culture: white space (tab to CR, space) around, a sign, ASCII
// digits, trailing NULs, within int32.
func dotNetInt32(s string) (int32, bool) {
	white := func(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }
	i := 0
	for i < len(s) && white(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	j := i
	var n int64
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		n = n*10 + int64(s[j]-'0')
		if n > 1<<31 {
			n = 1 << 32
		}
		j++
	}
	if j == i {
		return 0, false
	}
	for j < len(s) && white(s[j]) {
		j++
	}
	for j < len(s) && s[j] == 0 {
		j++
	}
	if j != len(s) {
		return 0, false
	}
	if neg {
		n = -n
	}
	if n > 1<<31-1 || n < -1<<31 {
		return 0, false
	}
	return int32(n), true
}

// matchAt tries the unit's pattern at byte p: greedy digits, greedy
// spaces, then the spelling whose next character is not a word character
// other than a digit, that character being consumed. The pattern cannot
// backtrack into the digits or spaces, since a spelling starts with a
// letter. When it fails, it fails as well at every start inside those
// digits and spaces (they end at the same byte), so skip is the next
// start worth trying: the search stays linear in the text.
func matchAt(text string, p int, u *Unit) (m Match, ok bool, skip int) {
	i := p
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !isDotNetDigit(r) {
			break
		}
		i += n
	}
	de := i
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !isDotNetSpace(r) {
			break
		}
		i += n
	}
	for _, sp := range u.Spellings {
		end := i + len(sp)
		if end > len(text) || !asciiEqualFold(text[i:end], sp) {
			continue
		}
		if end < len(text) {
			r, n := utf8.DecodeRuneInString(text[end:])
			if isDotNetWord(r) && !isDotNetDigit(r) {
				continue
			}
			end += n
		}
		m := Match{Unit: u, Start: p, DigitsEnd: de, End: end, Spelling: text[i : i+len(sp)]}
		if de > p {
			n, ok := dotNetInt32(text[p:de])
			m.N, m.Overflow = int64(n), !ok
		}
		return m, true, end
	}
	_, n := utf8.DecodeRuneInString(text[p:])
	return Match{}, false, max(i, p+n)
}

// asciiEqualFold compares under RegexOptions.IgnoreCase with the invariant
// culture: ASCII letters fold; no other character equals an ASCII one.
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// The .NET character classes, on UTF-16: a character beyond the Basic
// Multilingual Plane is two surrogates, neither a digit, a space nor a
// word character.

// isDotNetDigit is \d: a decimal digit (Nd).
func isDotNetDigit(r rune) bool { return r <= 0xFFFF && unicode.Is(unicode.Nd, r) }

// isDotNetSpace is \s: [\f\n\r\t\v\x85\p{Z}].
func isDotNetSpace(r rune) bool {
	return r == '\f' || r == '\n' || r == '\r' || r == '\t' || r == '\v' || r == 0x85 || r <= 0xFFFF && unicode.Is(unicode.Z, r)
}

// isDotNetWord is \w: [\p{L}\p{Mn}\p{Nd}\p{Pc}].
func isDotNetWord(r rune) bool {
	return r <= 0xFFFF && (unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Pc, r))
}

// dropped returns the digit runs no match reads, each with the decimal
// point or comma that follows it when a digit comes after that.
func dropped(text string, ms []Match) [][2]int {
	var out [][2]int
	// A run [a, b) is read when a match starting at or before a reads
	// digits to b or beyond: with the matches in order of their start and
	// the runs met in text order, a running maximum of the digits' ends
	// answers it, in time linear in the text and the matches.
	slices.SortFunc(ms, func(x, y Match) int { return cmp.Compare(x.Start, y.Start) })
	next, reach := 0, -1
	read := func(a, b int) bool {
		for ; next < len(ms) && ms[next].Start <= a; next++ {
			reach = max(reach, ms[next].DigitsEnd)
		}
		return reach >= b
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

// Positive reports a reading of more than zero.
func (iv Interval) Positive() bool {
	return iv.Ms > 0 || iv.Months > 0 || iv.HasWork()
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
	if iv.Ms != 0 {
		parts = append(parts, FormatMs(iv.Ms))
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

// FormatMs writes a length in milliseconds in the engine's units, largest
// first, beyond the range of a Go duration too.
func FormatMs(ms int64) string {
	if ms == 0 {
		return "0"
	}
	sign := ""
	if ms < 0 {
		sign, ms = "-", -ms
	}
	var parts []string
	for _, u := range []struct {
		l int64
		n string
	}{{86400000, "d"}, {3600000, "h"}, {60000, "m"}, {1000, "s"}, {1, "ms"}} {
		if n := ms / u.l; n > 0 {
			parts = append(parts, fmt.Sprintf("%d%s", n, u.n))
			ms -= n * u.l
		}
	}
	return sign + strings.Join(parts, " ")
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

// IsSentinel reports the special values 0 ("immediate") and -1 ("never"):
// the engine compares the raw value, so " 0" is not the sentinel. The
// TimerValue_<name> process parameter replaces them at run time.
func IsSentinel(text string) bool { return text == "0" || text == "-1" }

// Registration is what the runtime does with a timer on entering the
// activity.
type Registration uint8

const (
	// Registered is a row due at the time computed.
	Registered Registration = iota
	// NotRegistered is no row: the timer never fires.
	NotRegistered
	// Immediate is the sentinel 0: the timer transition executes at once on
	// entering the activity, with no row.
	Immediate
	// Never is the sentinel -1: no row.
	Never
	// Fails is a computation that throws, so that the command or the instance
	// creation that enters the activity fails.
	Fails
)

// DateTime's range: DateTime.AddMilliseconds refuses this many or more.
const maxDateTimeMs = 315537897600000

// Register is what the engine does with an Interval value on entering the
// activity at now (the runtime's wall clock): the sentinels, then the
// reading; a row due now + the reading (5.0 on: a reading of 0 is due now;
// 4.x: a reading of 0 or less registers nothing). Months and work units
// are the documentation's and are added by Due.
func (iv Interval) Register(now time.Time) (time.Time, Registration) {
	switch {
	case iv.Text == "0":
		return time.Time{}, Immediate
	case iv.Text == "-1":
		return time.Time{}, Never
	case iv.RangeErr:
		return time.Time{}, Fails
	case iv.Ms < 0 || iv.Ms == 0 && !iv.Engine.ZeroRegisters() && iv.Months == 0 && !iv.HasWork():
		return time.Time{}, NotRegistered
	}
	due, ok := AddMs(now, iv.Ms)
	if !ok {
		return time.Time{}, Fails
	}
	return due, Registered
}

// AddMs is DateTime.AddMilliseconds on the wall clock of now: the engine's
// times are wall times in the runtime's zone (or UTC), and a moment past
// 9999-12-31 throws.
func AddMs(now time.Time, ms int64) (time.Time, bool) {
	if ms >= maxDateTimeMs || ms <= -maxDateTimeMs {
		return time.Time{}, false
	}
	loc := now.Location()
	wall := time.Date(now.Year(), now.Month(), now.Day(), now.Hour(), now.Minute(), now.Second(), now.Nanosecond(), time.UTC)
	const day = 24 * 3600 * 1000
	wall = wall.AddDate(0, 0, int(ms/day)).Add(time.Duration(ms%day) * time.Millisecond)
	if wall.Year() > 9999 || wall.Year() < 1 {
		return time.Time{}, false
	}
	return time.Date(wall.Year(), wall.Month(), wall.Day(), wall.Hour(), wall.Minute(), wall.Second(), wall.Nanosecond(), loc), true
}
