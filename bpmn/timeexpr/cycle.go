package timeexpr

import (
	"math"
	"strconv"
	"strings"
)

// ParseCycle parses an ISO 8601 repeating interval in any of its four
// forms, and Form says which: R[n]/<start>/<duration>,
// R[n]/<duration>, R[n]/<duration>/<end> and R[n]/<start>/<end>. The
// parts are strict date-times (ParseDateTime) and durations
// (ParseDuration). R and R-1 are unbounded (Repeat -1); R0 parses (a rule
// warns that it never fires); other negative counts are refused.
//
// It refuses, with a *SyntaxError whose Offset is in s (a part's own
// error is moved to where the part starts): a value without the leading
// R[n]/ (P1D), R5 alone, an empty part, a third part, '--' as a separator
// (which SpiffWorkflow accepts in place of '/'), two durations, a start
// date-time alone, and a <start>/<end> pair whose end is not after its
// start.
func ParseCycle(s string) (Cycle, error) {
	c, err := parseCycle(s)
	if err != nil {
		return Cycle{}, err
	}
	return c, nil
}

// maxRepeat bounds the repeat count.
const maxRepeat = math.MaxInt32

// isDurationPart reports whether a cycle part is meant as a duration.
func isDurationPart(p string) bool {
	p = strings.TrimPrefix(p, "-")
	return p != "" && (p[0] == 'P' || p[0] == 'p')
}

// parseCycle is ParseCycle with a concrete error type.
func parseCycle(s string) (Cycle, *SyntaxError) {
	if s == "" {
		return Cycle{}, synErr(0, "empty repeating interval")
	}
	if isSpaceByte(s[0]) {
		return Cycle{}, synErr(0, "leading whitespace")
	}
	switch s[0] {
	case 'R':
	case 'r':
		return Cycle{}, synErr(0, "designators must be upper case")
	default:
		return Cycle{}, synErr(0, "a repeating interval starts with R[n]/")
	}
	if j := strings.Index(s, "--"); j >= 0 {
		return Cycle{}, synErr(j, "'--' is not a separator: use '/'")
	}
	slash := strings.IndexByte(s, '/')
	count := s[1:]
	if slash >= 0 {
		count = s[1:slash]
	}
	c := Cycle{Text: s, Repeat: -1}
	switch {
	case count == "" || count == "-1":
	case count[0] == '-' && countDigits(count, 1) == len(count)-1 && len(count) > 1:
		return Cycle{}, synErr(1, "repeat count %s out of range", count)
	case countDigits(count, 0) == len(count):
		n, err := strconv.Atoi(count)
		if err != nil || n > maxRepeat {
			return Cycle{}, synErr(1, "repeat count too large")
		}
		c.Repeat = n
	default:
		k := 1 + countDigits(count, 0)
		if count[0] == '-' {
			k = 2 + countDigits(count, 1)
		}
		if k < len(s) && isSpaceByte(s[k]) && strings.Trim(s[k:], " \t\r\n\f\v") == "" {
			return Cycle{}, trailing(s, k)
		}
		return Cycle{}, synErr(k, "expected a repeat count or '/' after 'R'")
	}
	if slash < 0 {
		return Cycle{}, synErr(len(s), "expected '/' after R%s", count)
	}

	// The parts after R[n]/.
	type part struct {
		text string
		off  int
	}
	var parts []part
	off := slash + 1
	for {
		j := strings.IndexByte(s[off:], '/')
		if j < 0 {
			parts = append(parts, part{s[off:], off})
			break
		}
		parts = append(parts, part{s[off : off+j], off})
		off += j + 1
	}
	if len(parts) > 2 {
		return Cycle{}, synErr(parts[2].off-1, "extra part %s: a repeating interval has at most two parts after R[n]/", show(s[parts[2].off-1:]))
	}
	for _, p := range parts {
		if p.text == "" {
			return Cycle{}, synErr(p.off, "empty part: expected a date-time or a duration")
		}
	}
	moved := func(err *SyntaxError, off int) *SyntaxError {
		return &SyntaxError{Offset: err.Offset + off, Msg: err.Msg}
	}
	first := parts[0]
	if len(parts) == 1 {
		if !isDurationPart(first.text) {
			if _, err := parseDateTime(first.text); err != nil {
				return Cycle{}, moved(err, first.off)
			}
			return Cycle{}, synErr(len(s), "expected '/' and a duration after the start date-time")
		}
		d, err := parseDuration(first.text)
		if err != nil {
			return Cycle{}, moved(err, first.off)
		}
		c.Form, c.Period = CycleDurationOnly, d
		return c, nil
	}
	second := parts[1]
	switch {
	case isDurationPart(first.text) && isDurationPart(second.text):
		return Cycle{}, synErr(second.off, "two durations: expected a start or an end date-time")
	case isDurationPart(first.text):
		d, err := parseDuration(first.text)
		if err != nil {
			return Cycle{}, moved(err, first.off)
		}
		e, err := parseDateTime(second.text)
		if err != nil {
			return Cycle{}, moved(err, second.off)
		}
		c.Form, c.Period, c.End = CycleDurationEnd, d, e
	case isDurationPart(second.text):
		st, err := parseDateTime(first.text)
		if err != nil {
			return Cycle{}, moved(err, first.off)
		}
		d, err := parseDuration(second.text)
		if err != nil {
			return Cycle{}, moved(err, second.off)
		}
		c.Form, c.Start, c.Period = CycleStartDuration, st, d
	default:
		st, err := parseDateTime(first.text)
		if err != nil {
			return Cycle{}, moved(err, first.off)
		}
		e, err := parseDateTime(second.text)
		if err != nil {
			return Cycle{}, moved(err, second.off)
		}
		if !e.Time.After(st.Time) {
			return Cycle{}, synErr(second.off, "the end date-time is not after the start")
		}
		c.Form, c.Start, c.End = CycleStartEnd, st, e
	}
	return c, nil
}

// String returns the cycle as written; a Cycle built in code without Text
// is rendered canonically.
func (c Cycle) String() string {
	if c.Text != "" {
		return c.Text
	}
	var b strings.Builder
	b.WriteByte('R')
	if c.Repeat >= 0 {
		b.WriteString(strconv.Itoa(c.Repeat))
	}
	b.WriteByte('/')
	switch c.Form {
	case CycleStartDuration:
		b.WriteString(c.Start.String() + "/" + c.Period.String())
	case CycleDurationOnly:
		b.WriteString(c.Period.String())
	case CycleDurationEnd:
		b.WriteString(c.Period.String() + "/" + c.End.String())
	case CycleStartEnd:
		b.WriteString(c.Start.String() + "/" + c.End.String())
	}
	return b.String()
}
