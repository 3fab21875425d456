package timeexpr

import (
	"errors"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

// The fuzz targets check that nothing panics and that every parsed value
// keeps its invariants. Their seed corpora are the f.Add calls below and
// the files under testdata/fuzz/<FuzzName>/.

// fuzzRef is the reference instant the fuzz targets compute from.
var fuzzRef = time.Date(2026, time.November, 1, 12, 0, 0, 0, time.UTC)

// checkSyntaxError checks the error of a refused value: a *SyntaxError
// whose offset lies in the value and whose message is a lower-case
// fragment.
func checkSyntaxError(t *testing.T, s string, err error) {
	t.Helper()
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("%q: error %T %v is not a *SyntaxError", s, err, err)
	}
	if se.Offset < 0 || se.Offset > len(s) {
		t.Fatalf("%q: offset %d outside [0, %d]: %s", s, se.Offset, len(s), se.Msg)
	}
	r, _ := utf8.DecodeRuneInString(se.Msg)
	if se.Msg == "" || !unicode.IsLower(r) && r != '\'' {
		t.Fatalf("%q: message %q does not start in lower case", s, se.Msg)
	}
}

func FuzzClassify(f *testing.F) {
	for _, tc := range classifyCases {
		f.Add(tc.text)
	}
	for _, s := range []string{"\"PT48H\"\n      ", "\n\t\t\"R/2026-11-09T08:00:00Z/P1D\"\n\t", "'''a\\\nb'''", "rb'x'", "(", ")", "\\", "'\\", "\"\\N{", "0x1e+5", "1e+5 + 'a'", "é.ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b := Classify(text)
		if b != Classify(text) {
			t.Fatalf("Classify(%q) is not deterministic", text)
		}
		if b.Kind < BodyEmpty || b.Kind > BodyExpression {
			t.Fatalf("Classify(%q).Kind = %d", text, b.Kind)
		}
		if b.Start < 0 || b.Start > b.End || b.End > len(text) {
			t.Fatalf("Classify(%q) span [%d:%d] out of bounds", text, b.Start, b.End)
		}
		blank := strings.Trim(text, " \t\f\r\n") == ""
		if blank != (b.Kind == BodyEmpty) {
			t.Fatalf("Classify(%q).Kind = %v, blank = %v", text, b.Kind, blank)
		}
		if b.Kind == BodyEmpty && (b.Start != 0 || b.End != len(text) || b.Value != "" || b.Indented) {
			t.Fatalf("Classify(%q) empty body = %+v", text, b)
		}
		if (b.Python != "") != (b.Kind == BodyExpression) {
			t.Fatalf("Classify(%q) Kind %v with Python %q", text, b.Kind, b.Python)
		}
		switch {
		case b.Quote != 0:
			if b.Kind != BodyQuoted && b.Kind != BodyCron {
				t.Fatalf("Classify(%q) Kind %v has a quote", text, b.Kind)
			}
			if b.Quote != '"' && b.Quote != '\'' {
				t.Fatalf("Classify(%q).Quote = %q", text, b.Quote)
			}
			if b.Start < 1 || text[b.Start-1] != b.Quote || b.End >= len(text) || text[b.End] != b.Quote {
				t.Fatalf("Classify(%q) content [%d:%d] is not between %q quotes", text, b.Start, b.End, b.Quote)
			}
			if raw := text[b.Start:b.End]; !strings.ContainsAny(raw, "\\\r") && b.Value != raw {
				t.Fatalf("Classify(%q).Value = %q, want %q", text, b.Value, raw)
			}
		case b.Kind == BodyQuoted:
			t.Fatalf("Classify(%q) quoted literal without a quote", text)
		case b.Kind != BodyEmpty:
			if b.Value != text[b.Start:b.End] || b.Value != strings.Trim(text, " \t\f\r\n") {
				t.Fatalf("Classify(%q).Value = %q, span %q", text, b.Value, text[b.Start:b.End])
			}
		}
		if b.Indented {
			if b.IndentStart < 1 || b.IndentStart >= b.IndentEnd || b.IndentEnd > len(text) {
				t.Fatalf("Classify(%q) indentation [%d:%d]", text, b.IndentStart, b.IndentEnd)
			}
			if c := text[b.IndentStart-1]; c != '\n' && c != '\r' {
				t.Fatalf("Classify(%q) indentation does not start a line", text)
			}
			if strings.Trim(text[b.IndentStart:b.IndentEnd], " \t\f") != "" {
				t.Fatalf("Classify(%q) indentation %q is not whitespace", text, text[b.IndentStart:b.IndentEnd])
			}
		} else if b.IndentStart != 0 || b.IndentEnd != 0 {
			t.Fatalf("Classify(%q) not indented with [%d:%d]", text, b.IndentStart, b.IndentEnd)
		}
		if b.Kind == BodyUnquotedISO {
			checkUnquotedLiteral(t, text, b)
		}
	})
}

// checkUnquotedLiteral checks a body classified as an unquoted ISO value:
// it holds no expression (no JUEL, FEEL, Python name, call or string), and
// once put in double quotes it is one quoted literal whose value is the
// same text, which Literal returns as Spiff reads it. (The rules' own
// property, that TMR1004 quotes a body only when the quoted text passes
// every TMR1xxx rule, is FuzzQuoteFix in package rules, which runs them.)
func checkUnquotedLiteral(t *testing.T, text string, b Body) {
	t.Helper()
	v := b.Value
	if strings.Contains(v, "${") || strings.Contains(v, "#{") || strings.ContainsAny(v, "=()[]{}\"'_") {
		t.Fatalf("Classify(%q) is an unquoted ISO value with an expression inside", text)
	}
	for _, run := range strings.FieldsFunc(v, func(r rune) bool { return r < 0x80 && !isLetter(byte(r)) }) {
		if !isoRun(run) {
			t.Fatalf("Classify(%q) is an unquoted ISO value holding the name %q", text, run)
		}
	}
	if strings.ContainsAny(v, "\\\"") {
		return
	}
	q := Classify(`"` + v + `"`)
	if q.Kind != BodyQuoted || q.Value != v || q.Indented {
		t.Fatalf("Classify(%q) quoted is %+v, want the literal %q", text, q, v)
	}
	lit, ok := Literal(`"` + v + `"`)
	if !ok || lit != v {
		t.Fatalf("Literal of %q quoted = %q, %v", text, lit, ok)
	}
}

func FuzzParseDateTime(f *testing.F) {
	for _, s := range []string{
		"2026-12-01T09:00:00Z", "2026-12-01T09:00:00+01:00", "2026-12-01T09:00:00", "20261201T090000Z",
		"2026-W49-2T09:00:00Z", "2026-W49-2", "2026W492T090000,5-0130", "2026-12-01", "2026-12-01T09:00:00.123456789Z",
		"2026-02-30T00:00:00Z", "2026-12-01T24:00:00Z", "2026-335", "2026-W53-7", "2026-12-01T09:00:00Z ",
		"2026-11-09T08:00:00Z/2026-11-10T08:00:00Z", "PT48H", "9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00+23:59",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		dt, err := ParseDateTime(s)
		if err != nil {
			checkSyntaxError(t, s, err)
			return
		}
		if dt.Time.Location() != time.UTC {
			t.Fatalf("%q: Time in %v", s, dt.Time.Location())
		}
		if dt.Form != FormExtended && dt.Form != FormBasic && dt.Form != FormWeek {
			t.Fatalf("%q: Form %d", s, dt.Form)
		}
		if y := dt.Time.Year(); y < 1 || y > 9999 {
			t.Fatalf("%q: year %d", s, y)
		}
		if dt.Offset <= -86400 || dt.Offset >= 86400 || dt.Offset%60 != 0 || (!dt.HasOffset && dt.Offset != 0) {
			t.Fatalf("%q: offset %d (HasOffset %v)", s, dt.Offset, dt.HasOffset)
		}
		if dt.DateOnly && (dt.HasOffset || !dt.Time.Equal(dt.Time.Truncate(24*time.Hour))) {
			t.Fatalf("%q: bare date %+v", s, dt)
		}
		// The value round-trips through its fields.
		again, err := ParseDateTime(dt.String())
		if err != nil {
			t.Fatalf("%q renders as %q, which does not parse: %v", s, dt.String(), err)
		}
		if again != dt {
			t.Fatalf("%q renders as %q, which parses as %+v, not %+v", s, dt.String(), again, dt)
		}
		// Where Go's RFC 3339 reader reads the same text, it finds the
		// same instant.
		if dt.Form == FormExtended && dt.HasOffset {
			if gt, err := time.Parse(time.RFC3339Nano, s); err == nil && !gt.Equal(dt.Time) {
				t.Fatalf("%q: %v, Go reads %v", s, dt.Time, gt)
			}
		}
	})
}

func FuzzParseDuration(f *testing.F) {
	for _, s := range []string{
		"PT48H", "P1Y2M3DT4H5M6S", "P2W", "PT0S", "-P1D", "PT1.5S", "PT1,5H", "P0.5Y", "P1.5M", "PT1H30.5M",
		"P", "PT", "P36H", "PT1H2D", "P1W2D", "pt1h", "PT1.5H30M", "P1DT1H ", "P999999999D", "P1000000000D",
		"PT0.000000001S", "P2700000Y", "PT23999999976H", "PT1.0000015S", "PT0.6666667S", "PT0.0000005S", "P300Y", "P7974Y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDuration(s)
		if err != nil {
			checkSyntaxError(t, s, err)
			return
		}
		if d.Text != s || d.String() != s {
			t.Fatalf("%q: Text %q String %q", s, d.Text, d.String())
		}
		if d.Negative != strings.HasPrefix(s, "-") {
			t.Fatalf("%q: Negative %v", s, d.Negative)
		}
		for _, v := range []float64{d.Years, d.Months, d.Weeks, d.Days, d.Hours, d.Minutes, d.Seconds} {
			if v < 0 || v != v || v > 1e15 {
				t.Fatalf("%q: part %v", s, v)
			}
		}
		// The numbers round-trip through a canonical rendering.
		built := d
		built.Text = ""
		again, err := ParseDuration(built.String())
		if err != nil {
			t.Fatalf("%q renders as %q, which does not parse: %v", s, built.String(), err)
		}
		again.Text = ""
		if again != built {
			t.Fatalf("%q renders as %q, which parses as %#v, not %#v", s, built.String(), again, built)
		}
		if !d.HasCalendar() && d.FractionalCalendar() && !strings.ContainsAny(s, ".,") {
			t.Fatalf("%q: FractionalCalendar without a calendar part or a decimal mark", s)
		}
		end := d.AddTo(fuzzRef)
		length := d.SpiffLength(fuzzRef)
		if !d.IsZero() && !end.Equal(fuzzRef) && d.Negative != end.Before(fuzzRef) {
			t.Fatalf("%q: AddTo(%v) = %v", s, fuzzRef, end)
		}
		if exact, ok := d.Exact(); ok {
			if d.HasCalendar() {
				t.Fatalf("%q: Exact with a calendar part", s)
			}
			if got := end.Sub(fuzzRef); got != exact {
				t.Fatalf("%q: AddTo moves %v, Exact is %v", s, got, exact)
			}
			if diff := length - exact; diff > 500 || diff < -500 {
				t.Fatalf("%q: SpiffLength %v, Exact %v", s, length, exact)
			}
		} else if !d.HasCalendar() && d.Weeks*7+d.Days+d.Hours/24+d.Minutes/1440+d.Seconds/86400 < 100000 {
			t.Fatalf("%q: no Exact length for a short duration", s)
		}
		// The duration path and the cycle path agree (issue 11): a catch
		// waiting d and a cycle stepping by d reach the same instant, to
		// the microsecond, as long as Spiff's float stride is exact.
		if !d.Negative && !d.FractionalCalendar() && d.calendarMonths() < 1200 {
			due := DurationSchedule(d, fuzzRef).First
			c := Cycle{Repeat: 2, Form: CycleStartDuration, Start: DateTime{Time: fuzzRef, HasOffset: true}, Period: d}
			step := SpiffCycleSchedule(c).Due(1)
			if ns := nanosBetween(fuzzRef, due); ns.IsInt64() && ns.Int64() < (1<<52)*1000 && !due.Equal(step) {
				t.Fatalf("%q: duration due %v, cycle step %v", s, FormatTime(due), FormatTime(step))
			}
			if d.RoundsToZero() && !due.Equal(fuzzRef) {
				t.Fatalf("%q: rounds to zero but waits until %v", s, due)
			}
			if _, over := DurationSchedule(d, fuzzRef).Overflow(); over != due.After(MaxTime) {
				t.Fatalf("%q: Overflow %v for a due time %v", s, over, due)
			}
		}
	})
}

func FuzzParseCycle(f *testing.F) {
	for _, s := range []string{
		"R/2026-11-09T08:00:00Z/P1D", "R3/2026-11-09T08:00:00Z/PT1H", "R/P1D", "R2/P1D", "R0/2026-11-09T08:00:00Z/P1D",
		"R-1/2026-11-09T08:00:00Z/P1D", "R3/PT1H/2026-11-10T08:00:00Z", "R/2026-11-09T08:00:00Z/2026-11-10T08:00:00Z",
		"R/2026-01-31T00:00:00Z/P1M", "R/2028-02-29T00:00:00Z/P1Y", "R/2026-W46-1T08:00:00Z/P1W", "R/2026-11-09T08:00:00/P1D",
		"R/2026-11-09T08:00:00Z--P1D", "R/2026-11-09T08:00:00Z/P1D/extra", "P1D", "R5", "R/P1D/P2D", "R/2026-11-09T08:00:00Z/-P1D",
		"R/2026-11-09T08:00:00Z/PT0S", "R/0001-01-01T00:00:00Z/P2700000Y", "R/9999-12-31T23:59:59Z/P1.5M",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCycle(s)
		if err != nil {
			checkSyntaxError(t, s, err)
			return
		}
		if c.Text != s || c.String() != s {
			t.Fatalf("%q: Text %q String %q", s, c.Text, c.String())
		}
		if c.Repeat < -1 || c.Count() != c.Repeat {
			t.Fatalf("%q: Repeat %d Count %d", s, c.Repeat, c.Count())
		}
		if c.Form < CycleStartDuration || c.Form > CycleStartEnd {
			t.Fatalf("%q: Form %d", s, c.Form)
		}
		// The parts round-trip through a canonical rendering.
		built := c
		built.Text, built.Period.Text = "", ""
		again, err := ParseCycle(built.String())
		if err != nil {
			t.Fatalf("%q renders as %q, which does not parse: %v", s, built.String(), err)
		}
		again.Text, again.Period.Text = "", ""
		if again != built {
			t.Fatalf("%q renders as %q, which parses as %+v, not %+v", s, built.String(), again, built)
		}
		var due, spiff [5]time.Time
		for k := range due {
			due[k], spiff[k] = c.Due(k), c.SpiffDueFrom(fuzzRef, k)
			_ = c.SpiffDue(k)
		}
		switch c.Form {
		case CycleStartDuration:
			if !due[0].Equal(c.Start.Time) || !spiff[0].Equal(truncMicro(c.Start.Time)) {
				t.Fatalf("%q: first due %v / Spiff %v, start %v", s, due[0], spiff[0], c.Start.Time)
			}
		case CycleDurationOnly:
			if !due[0].IsZero() || !c.SpiffDue(0).IsZero() {
				t.Fatalf("%q: a cycle with no start has due times", s)
			}
		case CycleDurationEnd:
			if !due[1].Equal(c.End.Time) || !spiff[1].Equal(truncMicro(c.End.Time)) {
				t.Fatalf("%q: second due %v / Spiff %v, end %v", s, due[1], spiff[1], c.End.Time)
			}
		case CycleStartEnd:
			if !due[0].Equal(c.Start.Time) || !due[1].Equal(c.End.Time) || !c.SpiffDue(0).IsZero() {
				t.Fatalf("%q: dues %v, %v", s, due[0], due[1])
			}
		}
		if c.Period.Negative || c.Form == CycleStartEnd || c.Form == CycleDurationOnly {
			return
		}
		for k := 1; k < len(due); k++ {
			if due[k].Before(due[k-1]) {
				t.Fatalf("%q: Due(%d) %v before Due(%d) %v", s, k, due[k], k-1, due[k-1])
			}
			if spiff[k].Sub(spiff[k-1]) != spiff[1].Sub(spiff[0]) {
				t.Fatalf("%q: Spiff's stride changes at %d", s, k)
			}
		}
	})
}
