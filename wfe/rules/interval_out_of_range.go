package rules

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

// IntervalOutOfRange reports an Interval past the range of .NET's TimeSpan
// or DateTime.
var IntervalOutOfRange = &lint.Rule{
	ID:       "TMR6208",
	Name:     "interval-out-of-range",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Refuses:  true,
	Title:    "an Interval past .NET's TimeSpan or DateTime range: entering the activity fails",
	Doc: `The engine sums each unit in a 32-bit integer and builds a TimeSpan from the five sums; a
TimeSpan past about 29,000 years throws ArgumentOutOfRangeException, and so does a due time past
9999-12-31 when the runtime adds the interval to its clock. The exception propagates: the
command, or the creation of the instance, that enters the activity fails, and the instance stays
where it was. Write an interval within range, or a Date for a moment far ahead.`,
	Bad:  `<Timer Name="Archive" Type="Interval" Value="3000000d"/>`,
	Good: `<Timer Name="Archive" Type="Interval" Value="3650d"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkIntervalOutOfRange) },
}

// rangeFrom is the earliest entry the range check assumes: a due time past
// 9999-12-31 from this moment on fails.
var rangeFrom = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func checkIntervalOutOfRange(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	iv := v.interval()
	if iv.RangeErr {
		return []found{{fmt.Sprintf("Interval %s is past the range of .NET's TimeSpan: entering the activity throws, and the command fails", quote(v.Text)),
			"Write an interval within about 29,000 years, such as 3650d, or a Date."}}
	}
	if iv.Ms > 0 {
		if _, ok := value.AddMs(rangeFrom, iv.Ms); !ok {
			return []found{{fmt.Sprintf("Interval %s is due after 9999-12-31: entering the activity throws, and the command fails", quote(v.Text)),
				"Write a shorter interval, or a Date."}}
		}
	}
	return nil
}
