package rules

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/lint"
)

// WeeklySkips reports the weekly interval types whose weekday is not
// Sunday.
var WeeklySkips = &lint.Rule{
	ID:       "TMR7030",
	Name:     "weekly-skips-coming",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindCS,
	Title:    "a weekly time event skips the coming weekday when it is later in the week",
	Doc: `The weekly interval types (EveryOneWeek and its Day, EveryMonday ... EverySaturday) start
at midnight + (Day − DayOfWeek) days, with Sunday = 0, and add 7 days: when the target
weekday is still ahead in the current week (Sunday to Saturday), its coming occurrence is
skipped and the first firing is a week later. EverySaturday activated on a Wednesday fires
the Saturday after next; EveryMonday activated on a Sunday fires the Monday after next. The
documentation says "weekly at 00:00 on the named weekday". EverySunday never skips. Where
the coming weekday must fire, write a custom TimeEvent whose GetTriggerTime returns it. The
rule is silent under the documented behaviour (stateflows: revision: documented).`,
	Bad:  `.AddInternalTransition<EverySaturday>(t => t.AddEffect(c => WeeklyReport(c)))`,
	Good: `.AddInternalTransition<EverySunday>(t => t.AddEffect(c => WeeklyReport(c)))`,
	Run:  runWeeklySkips,
}

func runWeeklySkips(p *lint.Pass) {
	eachSite(p, func(s Site, r Resolved, st *State) {
		d := r.Params.Day
		if !st.Settings.Behaviour.Source() || !r.Type.Weekly() || !r.Type.Recurs || d == time.Sunday {
			return
		}
		// The example: activated the day before the target weekday, in the
		// week of Sunday 2026-11-01.
		at := time.Date(2026, 11, 1+int(d)-1, 10, 0, 30, 0, time.UTC)
		when := "on a Sunday"
		if d > time.Monday {
			when = "Sunday to " + (d - 1).String()
		}
		reportSite(p, s,
			fmt.Sprintf("%s skips the coming %s when activated earlier in the week (%s): its first firing is a week later", display(s, r), d, when),
			fmt.Sprintf("Activated on an example date, %s, it first fires %s, not %s. The start is midnight + (Day − DayOfWeek) days, Sunday = 0, plus 7 days; "+
				"if the coming %s must fire, write a custom TimeEvent whose GetTriggerTime returns it.",
				wallText(at), wallText(r.Type.Trigger(r.Params, st.Settings.Behaviour, at)), wallText(r.Type.DocumentedTrigger(r.Params, at)), d))
	})
}
