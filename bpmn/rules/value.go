package rules

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
)

// The value rules (TMR1010-TMR1011, TMR1020-TMR1023, TMR1030-TMR1034) read
// the value of a quoted literal, or of an unquoted ISO value, according to
// the expression element that holds it. Which of them applies to a value
// is decided here, in one place, so that each problem gets one finding and
// a general rule (TMR1010, TMR1020, TMR1030) is never reported on top of a
// more specific one.

// finding is one value rule's finding on the value of a site. From and to
// are byte offsets in the value.
type finding struct {
	rule     string
	from, to int
	what     string
	detail   string
}

// runValueRule is the Run function of every value rule: it reports the
// findings of valueFindings that belong to the pass's rule.
func runValueRule(p *lint.Pass) {
	for _, s := range docSites(p) {
		for _, f := range s.findings() {
			if f.rule == p.Rule.ID {
				s.report(p, s.valueSpan(f.from, f.to), f.what, f.detail, nil)
			}
		}
	}
}

// valueFindings checks the value of one expression.
func valueFindings(s *site) []finding {
	v, ok := s.literal()
	if !ok {
		return nil
	}
	switch s.expr.Kind {
	case bpmn.TimeDate:
		return dateFindings(v)
	case bpmn.TimeDuration:
		return durationFindings(v)
	case bpmn.TimeCycle:
		return cycleFindings(v, s.event.Placement())
	}
	return nil
}

// dateFindings checks the value of a timeDate.
func dateFindings(v string) []finding {
	dt, err := timeexpr.ParseDateTime(v)
	if err != nil {
		saw := "not a valid ISO 8601 date-time (" + errMsg(err) + ")"
		detail := "Write one ISO 8601 date-time with Z or an offset, such as \"2026-12-01T09:00:00Z\"."
		switch {
		case isDuration(v):
			saw = "a duration in a timeDate, not a date-time"
			detail = "A bpmn:timeDate holds one date-time, such as \"2026-12-01T09:00:00Z\" (Spiff fails on a duration " +
				"there with a TypeError); to wait a length of time, use bpmn:timeDuration with \"PT48H\"."
		case isRepeating(v):
			saw = "a repeating interval in a timeDate, not a date-time"
			detail = "A bpmn:timeDate fires once at one date-time, such as \"2026-12-01T09:00:00Z\"; " +
				"a repeating timer is a bpmn:timeCycle, \"R/2026-11-09T08:00:00Z/P1D\"."
		case strings.Contains(v, "/"):
			saw = "a time interval in a timeDate, not a date-time"
		}
		return []finding{{rule: "TMR1010", to: len(v), what: saw + ": " + sq(v), detail: detail}}
	}
	if !dt.HasOffset {
		return []finding{noOffset(v, dt, 0, len(v), "date-time")}
	}
	return nil
}

// noOffset is the TMR1011 finding on a date-time part of a value.
func noOffset(part string, dt timeexpr.DateTime, from, to int, noun string) finding {
	what := noun + " has no offset"
	fixed := part + "Z"
	if dt.DateOnly {
		what = noun + " is a bare date with no time and no offset"
		if noun == "date-time" {
			what = "bare date has no time and no offset"
		}
		fixed = part + "T00:00:00Z"
		if dt.Form == timeexpr.FormBasic {
			fixed = part + "T000000Z"
		}
	}
	return finding{
		rule: "TMR1011", from: from, to: to,
		what: what + ": " + sq(part),
		detail: fmt.Sprintf("Add Z or an offset, as in %q. Spiff reads a date-time without one in the host's "+
			"local time zone, fixed when it starts, so the same model fires at different instants on different hosts.", fixed),
	}
}

// durationFindings checks the value of a timeDuration.
func durationFindings(v string) []finding {
	d, err := timeexpr.ParseDuration(v)
	if err != nil {
		saw := "not a strict ISO 8601 duration (" + errMsg(err) + ")"
		detail := durationSyntaxDetail
		switch {
		case isDateTime(v):
			saw = "a date-time in a timeDuration, not a duration"
			detail = "A bpmn:timeDuration holds a length of time, such as \"PT48H\"; to wait until a date-time, " +
				"use bpmn:timeDate with \"2026-12-01T09:00:00Z\"."
		case isRepeating(v):
			saw = "a repeating interval in a timeDuration, not a duration"
			detail = "A bpmn:timeDuration holds one length of time, such as \"PT48H\"; a repeating timer is a " +
				"bpmn:timeCycle, \"R/2026-11-09T08:00:00Z/P1D\"."
		case strings.Contains(v, "/"):
			saw = "a time interval in a timeDuration, not a duration"
		}
		return []finding{{rule: "TMR1020", to: len(v), what: saw + ": " + sq(v), detail: detail}}
	}
	if f, ok := durationProblem(d, "duration", 0, len(v)); ok {
		return []finding{f}
	}
	return nil
}

const durationSyntaxDetail = "Write a strict ISO 8601 duration such as \"PT48H\": PnYnMnDTnHnMnS or PnW, " +
	"upper-case, with a T before hours, minutes and seconds, at least one part, and a fraction only in the last part."

// durationProblem checks a duration that parsed: negative, zero, or with
// a fractional year or month, in that order, one finding at most. Noun is
// "duration" or "cycle period".
func durationProblem(d timeexpr.Duration, noun string, from, to int) (finding, bool) {
	text := d.Text
	switch {
	case d.Negative:
		return finding{
			rule: "TMR1022", from: from, to: to,
			what: noun + " is negative: " + sq(text),
			detail: "Give a positive duration, such as \"PT48H\". Spiff refuses a leading '-' " +
				"(Exception: Invalid duration) when the instance first waits on the timer, in production.",
		}, true
	case d.IsZero() || d.RoundsToZero():
		detail := "Give a positive duration, such as \"PT48H\": a zero duration fires as soon as the instance waits."
		if noun != "duration" {
			detail = "Give a positive period, such as \"P1D\": Spiff's engine loops forever on a zero cycle period."
		}
		what := noun + " is zero: " + sq(text)
		if !d.IsZero() {
			what = noun + " is zero once SpiffWorkflow rounds it to the microsecond: " + sq(text)
			detail = "Spiff's timedelta holds whole microseconds and rounds " + sq(text) + " to 0 (half to even). " + detail
		}
		return finding{rule: "TMR1021", from: from, to: to, what: what, detail: detail}, true
	case d.FractionalCalendar():
		return finding{
			rule: "TMR1023", from: from, to: to,
			what: noun + " has a fractional year or month: " + sq(text),
			detail: "Write whole years and months, or the length in smaller units (\"P6M\" for \"P0.5Y\", " +
				"\"P45D\" for \"P1.5M\"): Spiff parses a fractional year or month and then crashes on it.",
		}, true
	}
	return finding{}, false
}

// cyclePart is one '/'-separated part of a repeating interval and its
// byte offsets in the value.
type cyclePart struct {
	text     string
	from, to int
}

func splitCycle(v string) []cyclePart {
	var out []cyclePart
	off := 0
	for p := range strings.SplitSeq(v, "/") {
		out = append(out, cyclePart{text: p, from: off, to: off + len(p)})
		off += len(p) + 1
	}
	return out
}

// repeatPart matches the R[n] part of a repeating interval.
var repeatPart = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^R(-1|[0-9]*)$`) })

// cycleFindings checks the value of a timeCycle on an element of the
// placement (which decides the arithmetic TMR1034 describes).
func cycleFindings(v string, place bpmn.Placement) []finding {
	c, err := timeexpr.ParseCycle(v)
	if err != nil {
		return []finding{cycleSyntax(v, err)}
	}
	parts := splitCycle(v)
	var out []finding
	var start, period *cyclePart
	switch c.Form {
	case timeexpr.CycleStartDuration:
		start, period = part(parts, 1), part(parts, 2)
	case timeexpr.CycleDurationOnly:
		period = part(parts, 1)
		out = append(out, finding{
			rule: "TMR1031", to: len(v),
			what: "cycle has no start date-time: " + sq(v),
			detail: "Give the first firing's date-time, with Z or an offset: R[n]/<start>/<duration>, such as " +
				"\"R/2026-11-09T08:00:00Z/P1D\". Without one, Spiff counts from the moment the timer starts waiting, " +
				"so the firings would depend on when a container booted.",
		})
	case timeexpr.CycleDurationEnd:
		period = part(parts, 1)
		out = append(out, finding{
			rule: "TMR1032", to: len(v),
			what: "cycle uses the " + c.Form.String() + " form: " + sq(v),
			detail: "Write R[n]/<start>/<duration> with the first firing as the start, such as " +
				"\"R/2026-11-09T08:00:00Z/P1D\"; Spiff would count this form back from its end date-time.",
		})
	case timeexpr.CycleStartEnd:
		start = part(parts, 1)
		out = append(out, finding{
			rule: "TMR1032", to: len(v),
			what: "cycle uses the " + c.Form.String() + " form: " + sq(v),
			detail: "Write R[n]/<start>/<duration>, such as \"R/2026-11-09T08:00:00Z/P1D\"; Spiff fails on the " +
				"<start>/<end> form (AttributeError) when the timer first waits.",
		})
	}
	if start != nil && !c.Start.HasOffset {
		out = append(out, noOffset(start.text, c.Start, start.from, start.to, "cycle start"))
	}
	if c.Repeat == 0 {
		r := parts[0]
		out = append(out, finding{
			rule: "TMR1033", from: r.from, to: r.to,
			what: "cycle never fires, R0 repeats zero times: " + sq(v),
			detail: "Give the number of firings (R1 fires once, R without a number never stops), " +
				"or remove the timer.",
		})
	}
	if period != nil {
		if f, ok := durationProblem(c.Period, "cycle period", period.from, period.to); ok {
			out = append(out, f)
		} else if c.Period.HasCalendar() {
			out = append(out, calendarPeriod(c, period, place))
		}
	}
	return out
}

// part returns parts[i], or nil when there are fewer.
func part(parts []cyclePart, i int) *cyclePart {
	if i < len(parts) {
		return &parts[i]
	}
	return nil
}

// calendarPeriod is the TMR1034 warning on a period in years or months.
// It describes the arithmetic the element gets: the seams calendar on a
// process's timer start, Spiff's fixed stride anywhere else, with the
// first firings of this cycle.
func calendarPeriod(c timeexpr.Cycle, period *cyclePart, place bpmn.Placement) finding {
	f := finding{rule: "TMR1034", from: period.from, to: period.to}
	if c.Form != timeexpr.CycleStartDuration || !c.Start.HasOffset {
		f.what = "cycle period is in years or months: " + sq(period.text)
		f.detail = "The length of a year or month depends on where it is counted: write the period in weeks or days " +
			"(\"P7D\", \"P4W\") for a fixed stride."
		return f
	}
	if place == bpmn.PlaceProcessStart {
		s := timeexpr.StartCycleSchedule(c)
		f.what = "cycle period is in years or months: on this timer start the seams scheduler adds calendar multiples " +
			"of it to the start, clamped to the month's end (" + firings(s) + "): " + sq(period.text)
		f.detail = "A start day past the 28th does not fire on that day every month. Start on the 28th or before to " +
			"fire on the same day of every month, or write the period in weeks or days (\"P7D\", \"P4W\") for a fixed stride."
		return f
	}
	s := timeexpr.SpiffCycleSchedule(c)
	step, _ := s.Step()
	f.what = "cycle period is in years or months: on this catch event SpiffWorkflow turns it once into a fixed stride " +
		"of " + days(step) + ", measured from the start month, and adds it on every firing (" + firings(s) + "): " + sq(period.text)
	f.detail = "The firings drift off the calendar. Write the period in weeks or days if a fixed stride is meant " +
		"(\"P7D\", \"P4W\"); to fire on the same day of every month, start a process with a timer start instead."
	return f
}

// firings lists the first three due times of a schedule, or fewer when it
// has fewer, for messages.
func firings(s timeexpr.Schedule) string {
	var out []string
	for k := 0; k < 3 && s.Has(k); k++ {
		out = append(out, utc(s.Due(k)))
	}
	if s.Has(3) {
		out = append(out, "...")
	}
	return strings.Join(out, ", ")
}

// days renders a stride given in microseconds in days, or in ISO 8601
// form when it is not a whole number of days.
func days(us int64) string {
	const day = 24 * 3600 * 1_000_000
	if us > 0 && us%day == 0 {
		if us == day {
			return "1 day"
		}
		return fmt.Sprintf("%d days", us/day)
	}
	return timeexpr.FormatMicros(us)
}

// cycleSyntax explains a value that is not a repeating interval. When the
// R[n] part is right and one part is plainly meant as a date-time or a
// duration but is not a valid one, that part is reported by the date or
// duration rule; otherwise the whole value is a TMR1030.
func cycleSyntax(v string, err error) finding {
	detail := "Write R[n]/<start>/<duration> with a start that has Z or an offset, such as " +
		"\"R/2026-11-09T08:00:00Z/P1D\"."
	whole := func(saw, detail string) finding {
		return finding{rule: "TMR1030", to: len(v), what: saw + ": " + sq(v), detail: detail}
	}
	parts := splitCycle(v)
	if len(parts) == 1 {
		switch {
		case isDuration(v):
			return whole("a duration in a timeCycle, not a repeating interval", "A bpmn:timeCycle repeats from a "+
				"start: \"R/2026-11-09T08:00:00Z/P1D\". To wait once for a length of time, use bpmn:timeDuration.")
		case isDateTime(v):
			return whole("a date-time in a timeCycle, not a repeating interval", "A bpmn:timeCycle repeats from a "+
				"start: \"R/2026-11-09T08:00:00Z/P1D\". To fire once at a date-time, use bpmn:timeDate.")
		}
		return whole("not an ISO 8601 repeating interval R[n]/<start>/<duration> ("+errMsg(err)+")", detail)
	}
	if !repeatPart().MatchString(parts[0].text) {
		if len(parts) == 2 && isDateTime(parts[0].text) {
			return whole("a time interval with no R[n]/ repetition, not a repeating interval", detail)
		}
		return whole("not an ISO 8601 repeating interval R[n]/<start>/<duration> ("+errMsg(err)+")", detail)
	}
	if len(parts) <= 3 {
		for _, p := range parts[1:] {
			switch {
			case looksDuration(p.text):
				if _, perr := timeexpr.ParseDuration(p.text); perr != nil {
					return finding{
						rule: "TMR1020", from: p.from, to: p.to,
						what:   "cycle period is not a strict ISO 8601 duration (" + errMsg(perr) + "): " + sq(p.text),
						detail: durationSyntaxDetail,
					}
				}
			case looksDate(p.text):
				if _, perr := timeexpr.ParseDateTime(p.text); perr != nil {
					return finding{
						rule: "TMR1010", from: p.from, to: p.to,
						what:   "cycle date-time is not a valid ISO 8601 date-time (" + errMsg(perr) + "): " + sq(p.text),
						detail: detail,
					}
				}
			}
		}
	}
	return whole("not an ISO 8601 repeating interval R[n]/<start>/<duration> ("+errMsg(err)+")", detail)
}

// errMsg is the message of a timeexpr error.
func errMsg(err error) string {
	var se *timeexpr.SyntaxError
	if errors.As(err, &se) {
		return se.Msg
	}
	return err.Error()
}

// isDuration reports whether v is a valid duration.
func isDuration(v string) bool {
	_, err := timeexpr.ParseDuration(v)
	return err == nil
}

// isDateTime reports whether v is a valid date-time.
func isDateTime(v string) bool {
	_, err := timeexpr.ParseDateTime(v)
	return err == nil
}

// isRepeating reports whether v parses as a repeating interval.
func isRepeating(v string) bool {
	_, err := timeexpr.ParseCycle(v)
	return err == nil
}

// looksDuration reports whether a cycle part is meant as a duration: it
// starts with P (or -P), in either case.
func looksDuration(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return s != "" && (s[0] == 'P' || s[0] == 'p')
}

// looksDate reports whether a cycle part is meant as a date-time: it
// starts with a digit and holds no duration designator P.
func looksDate(s string) bool {
	return s != "" && s[0] >= '0' && s[0] <= '9' && !strings.ContainsAny(s, "Pp")
}
