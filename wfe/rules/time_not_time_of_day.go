package rules

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

// TimeNotTimeOfDay reports a Time timer whose value is not a time of day.
var TimeNotTimeOfDay = &lint.Rule{
	ID:       "TMR6301",
	Name:     "time-not-time-of-day",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Refuses:  true,
	Title:    "a Time timer whose value is not a time of day",
	Doc: `A Time timer fires at a time of day: today at that time, or tomorrow once it has passed. Its
value is a time such as 09:00:00 (the designer writes HH:mm:ss). A delay such as "1m" is not a
time of day: the engine's own library template declares Type="Time" Value="1m", which the
designer shows as 01:00:00 and the runtime cannot read as a time. Write HH:mm:ss, or use an
Interval timer for a delay.`,
	Bad:  `<Timer Name="Nightly" Type="Time" Value="1m"/>`,
	Good: `<Timer Name="Nightly" Type="Time" Value="01:00:00"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkTimeNotTimeOfDay) },
}

func checkTimeNotTimeOfDay(v *Value) []found {
	if v.Type != "Time" || v.sentinel() {
		return nil
	}
	if _, err := value.ParseDotNet(v.Text, v.Config.Culture, parseRef, time.UTC); err == nil {
		return nil
	}
	detail := "Write a time of day as HH:mm:ss, such as 09:00:00; for a delay, use Type=\"Interval\"."
	if iv := value.ReadInterval(v.Text); iv.Positive() && !iv.Bare {
		detail = fmt.Sprintf("For a delay of %s, use Type=\"Interval\" Value=%s; for a time of day, write HH:mm:ss such as 09:00:00.", iv.Reading(), quote(v.Text))
	}
	return []found{{fmt.Sprintf("Time %s is not a time of day", quote(v.Text)), detail}}
}
