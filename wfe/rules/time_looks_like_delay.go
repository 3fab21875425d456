package rules

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

// TimeLooksLikeDelay reports a Time timer whose value reads as a delay.
var TimeLooksLikeDelay = &lint.Rule{
	ID:       "TMR6302",
	Name:     "time-looks-like-delay",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a Time timer whose value looks like a delay",
	Doc: `A Time value is a time of day, not a delay: Value="00:01:00" fires every day at 00:01, not a
minute after the instance enters the activity. A time in the first hour after midnight (other
than midnight itself) is most often a delay written as a time. For a delay, use an Interval
timer; for a time of day just after midnight, keep it and suppress this finding.`,
	Bad:  `<Timer Name="Retry" Type="Time" Value="00:01:00"/>`,
	Good: `<Timer Name="Retry" Type="Interval" Value="1m"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkTimeLooksLikeDelay) },
}

func checkTimeLooksLikeDelay(v *Value) []found {
	if v.Type != "Time" || v.sentinel() {
		return nil
	}
	t, err := value.ParseTimeOfDay(v.Text)
	if err != nil || !t.LooksLikeDelay() {
		return nil
	}
	d := value.FormatDuration(time.Duration(t.Minute)*time.Minute + time.Duration(t.Second)*time.Second)
	return []found{{fmt.Sprintf("Time %s fires daily at %s, not %s after the activity is entered", quote(v.Text), t, d),
		fmt.Sprintf("For a delay, write Type=\"Interval\" Value=%s; for a time of day, keep it and suppress this finding.", quote(d))}}
}
