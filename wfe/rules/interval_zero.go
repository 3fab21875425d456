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
	Refuses:  true,
	Title:    "an Interval the engine reads as 0 or less: never registered",
	Doc: `The runtime reads an Interval as the sum of its <number><unit> parts, the units being d, h, m,
s and ms (and their long forms day, hour, minute, second, millisecond). Anything else counts 0:
"10 min", "10mins", "2hrs", "1 week" and "00:30:00" all read as 0, without an error. An interval
of 0 or less gives no execution time, and a timer with no execution time is not registered: the
transition silently never fires. The sentinels 0 and -1 are TMR6207's. Write the interval with
the engine's units.`,
	Bad:  `<Timer Name="SLA" Type="Interval" Value="10 min"/>`,
	Good: `<Timer Name="SLA" Type="Interval" Value="10m"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkIntervalZero) },
}

func checkIntervalZero(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	iv := v.interval()
	if iv.Overflowed() {
		return []found{{fmt.Sprintf("Interval %s has a number beyond the engine's 32-bit integer", quote(v.Text)),
			"Write a smaller number in a larger unit, such as 30d."}}
	}
	if iv.Positive() {
		return nil
	}
	what := fmt.Sprintf("Interval %s is read as %s: the timer is never registered", quote(v.Text), iv.Reading())
	detail := "Write the interval in the engine's units d, h, m, s and ms, such as 10m, 4h or 1d 2h."
	if d, ok := iv.Intended(); ok && d > 0 {
		detail = fmt.Sprintf("Write %s: the engine reads only the units d, h, m, s and ms.", quote(value.FormatDuration(d)))
	}
	return []found{{what, detail}}
}
