package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

// IntervalMisread reports an Interval whose text the engine sums
// differently from how it reads.
var IntervalMisread = &lint.Rule{
	ID:       "TMR6202",
	Name:     "interval-misread",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "an Interval the engine sums differently from how it reads",
	Doc: `The runtime sums only whole numbers written directly before a unit. A number it finds no unit
for is dropped without a word: in "1.5h" the "1." is dropped and the timer waits 5 hours; in
"1h30" the "30" is dropped and it waits 1 hour. The message shows the engine's reading. Write
every part as a whole number with its unit.`,
	Bad:  `<Timer Name="SLA" Type="Interval" Value="1.5h"/>`,
	Good: `<Timer Name="SLA" Type="Interval" Value="1h 30m"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkIntervalMisread) },
}

func checkIntervalMisread(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	iv := v.interval()
	if iv.Bare || !iv.Positive() || len(iv.Dropped) == 0 {
		return nil
	}
	what := fmt.Sprintf("Interval %s is read as %s: the %s is dropped", quote(v.Text), iv.Reading(), iv.DroppedText())
	detail := "Write every part as a whole number with its unit, such as 1h 30m."
	if d, ok := iv.Intended(); ok && d > 0 {
		detail = fmt.Sprintf("Write %s, if %s is meant.", quote(value.FormatDuration(d)), value.FormatDuration(d))
	}
	return []found{{what, detail}}
}
