package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

// IntervalZero reports an Interval the engine reads as 0 or less.
var IntervalZero = &lint.Rule{
	ID:       "TMR6201",
	Name:     "interval-zero",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "an Interval the engine reads as 0 or less: fires at once, or never",
	Doc: `The runtime reads an Interval as the sum of its <number><unit> parts, the units being d, h, m,
s and ms (and their long forms day, hour, minute, second, millisecond). Anything else counts 0:
"10 min", "10mins", "2hrs", "1 week" and "00:30:00" all read as 0, without an error, and so does
a number beyond int32. From 5.0 on (wfe.engine 5-6, the default; measured on 6.0.2) a reading of
0 registers a timer row due now: the transition fires at the next poll, a second after the
activity is entered. On 4.x (wfe.engine 4) a reading of 0 registers nothing, and the transition
never fires. A reading below 0 (an int32 sum that wraps, "-500") is never registered on any
build. The sentinels 0 and -1 are TMR6210's and TMR6207's. Write the interval with the engine's
units.`,
	Bad:  `<Timer Name="SLA" Type="Interval" Value="10 min"/>`,
	Good: `<Timer Name="SLA" Type="Interval" Value="10m"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkIntervalZero) },
}

func checkIntervalZero(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	iv := v.interval()
	if iv.Positive() || iv.RangeErr {
		return nil
	}
	e := v.engine()
	var what string
	switch {
	case iv.Ms < 0:
		what = fmt.Sprintf("Interval %s is read as %s, below 0: the timer is never registered", quote(v.Text), iv.Reading())
	case e.ZeroRegisters():
		what = fmt.Sprintf("Interval %s is read as 0: on %s the timer is registered due now and fires at the next poll", quote(v.Text), e.Behaviour())
	default:
		what = fmt.Sprintf("Interval %s is read as 0: on %s the timer is never registered", quote(v.Text), e.Behaviour())
	}
	detail := "Write the interval in the engine's units d, h, m, s and ms, such as 10m, 4h or 1d 2h."
	switch d, ok := iv.Intended(); {
	case iv.Ms < 0 && !iv.Bare:
		detail = "Each unit is summed in a 32-bit integer, which wrapped below 0: write a smaller number in a larger unit, such as 30d."
	case iv.Overflowed():
		detail = "A number beyond the engine's 32-bit integer (or written with digits other than 0-9) reads 0: write a smaller number in a larger unit, such as 30d."
	case len(iv.Ignored) > 0:
		detail = "See TMR6209: the units " + ignoredUnits(iv) + " count 0 on " + e.Behaviour() + "."
	case ok && d > 0:
		detail = fmt.Sprintf("Write %s: the engine reads only the units d, h, m, s and ms.", quote(value.FormatDuration(d)))
	}
	return []found{{what, detail}}
}
