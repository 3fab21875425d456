package rules

import (
	"fmt"
	"strings"

	"github.com/seams/seams-timers/lint"
)

// TimersResetTogether reports a timer whose failed firing restarts the
// other timers of its activity.
var TimersResetTogether = &lint.Rule{
	ID:       "TMR6403",
	Name:     "timers-reset-together",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "two timers on one activity, one whose condition can fail: it resets the others",
	Doc: `When a timer fires and its conditions fail, the runtime runs the clear-and-register cycle for
the activity: every timer of the activity is registered again, so an Interval timer beside it
starts its delay over, and a Time timer moves to its next time of day. With a reminder every
hour whose condition fails and an SLA of 4 hours on the same activity, the SLA never comes. Set
NotOverrideIfExists="true" on the timers that must keep their time, or make the failing
timer's transition unconditional.`,
	Bad: `<Timer Name="Reminder" Type="Interval" Value="1h"/>
<Timer Name="SLA" Type="Interval" Value="4h"/>
<!-- Reminder: From="Open" with an Action condition; SLA: From="Open" -->`,
	Good: `<Timer Name="Reminder" Type="Interval" Value="1h"/>
<Timer Name="SLA" Type="Interval" Value="4h" NotOverrideIfExists="true"/>
<!-- Reminder: From="Open" with an Action condition; SLA: From="Open" -->`,
	Run: func(p *lint.Pass) {
		for _, s := range schemes(p) {
			for _, f := range flowsOf(p, s) {
				if len(f.Timers) < 2 {
					continue
				}
				for _, t := range f.Timers {
					if !f.CanFail(t) {
						continue
					}
					var reset []string
					for _, o := range f.Timers {
						if o != t && !o.NotOverride() && !isDate(o.Type.Value) {
							reset = append(reset, quote(o.Name.Value))
						}
					}
					if len(reset) == 0 {
						continue
					}
					tr := f.Uses[t][0]
					p.ReportSpan(tr.TimerTrigger().NameRef.Range, tr.ID, "NameRef",
						fmt.Sprintf("timer %s can fail its conditions at %s: each failed firing registers %s again", quote(t.Name.Value), quote(f.Activity), strings.Join(reset, ", ")),
						fmt.Sprintf("Set NotOverrideIfExists=\"true\" on %s to keep its due time, or make %s's transition unconditional.", strings.Join(reset, ", "), quote(t.Name.Value)))
				}
			}
		}
	},
}
