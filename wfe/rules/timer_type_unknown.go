package rules

import (
	"fmt"
	"strings"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe"
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
				if f, bad := checkType(t); bad {
					p.ReportSpan(t.Type.Range, t.ID, "Type", f.what, f.detail)
				}
			}
		}
	},
}

// checkType reports a timer whose Type is not one of Types.
func checkType(t *wfe.Timer) (found, bool) {
	typ := t.Type.Value
	if knownType(typ) {
		return found{}, false
	}
	f := found{fmt.Sprintf("timer %s has no Type", quote(t.Name.Value)),
		"Write Type=\"Interval\", \"Time\", \"Date\", \"DateAndTime\" or \"Expression\"."}
	if t.Type.Set {
		f.what = fmt.Sprintf("Type %s of timer %s is not a timer type", quote(typ), quote(t.Name.Value))
		for _, k := range Types {
			if strings.EqualFold(k, strings.TrimSpace(typ)) {
				f.detail = fmt.Sprintf("Write Type=%q, spelled as the engine's type.", k)
			}
		}
	}
	return f, true
}
