package rules

import (
	"fmt"
	"strings"

	"github.com/seams/seams-timers/lint"
)

// TimerTypeUnknown reports a timer whose Type is not one of the five.
var TimerTypeUnknown = &lint.Rule{
	ID:       "TMR6101",
	Name:     "timer-type-unknown",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Refuses:  true,
	Title:    "timer Type is not Interval, Time, Date, DateAndTime or Expression",
	Doc: `The engine knows five timer types: Interval (a delay), Time (a time of day), Date (a date at
midnight), DateAndTime (an instant) and Expression (C# computed at run time). A timer with
another Type, a Type in another spelling or no Type at all cannot be read, so the runtime
registers nothing for it. Write one of the five, spelled as here.`,
	Bad:  `<Timer Name="SLA" Type="Delay" Value="4h"/>`,
	Good: `<Timer Name="SLA" Type="Interval" Value="4h"/>`,
	Run: func(p *lint.Pass) {
		for _, s := range schemes(p) {
			for _, t := range s.Timers {
				typ := t.Type.Value
				if knownType(typ) {
					continue
				}
				what := fmt.Sprintf("timer %s has no Type", quote(t.Name.Value))
				detail := "Write Type=\"Interval\", \"Time\", \"Date\", \"DateAndTime\" or \"Expression\"."
				if t.Type.Set {
					what = fmt.Sprintf("Type %s of timer %s is not a timer type", quote(typ), quote(t.Name.Value))
					for _, k := range Types {
						if strings.EqualFold(k, strings.TrimSpace(typ)) {
							detail = fmt.Sprintf("Write Type=%q, spelled as the engine's type.", k)
						}
					}
				}
				p.ReportSpan(t.Type.Range, t.ID, "Type", what, detail)
			}
		}
	},
}
