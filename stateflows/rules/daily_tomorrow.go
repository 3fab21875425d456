package rules

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/lint"
)

// DailyTomorrow reports the daily types whose time of day is not
// midnight.
var DailyTomorrow = &lint.Rule{
	ID:       "TMR7031",
	Name:     "daily-starts-tomorrow",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindCS,
	Title:    "a daily time event first fires tomorrow, even when today's time is still ahead",
	Doc: `The daily types (EveryOneDay and its TimeOfDay, AtEveryNoon, AtEvery3AM ... AtEvery9PM)
start at today's date at their time of day and add one day: the first firing is always
tomorrow. AtEvery9AM activated at 08:00 skips the 09:00 an hour later. The documentation
says "daily at the named clock time". For midnight (AtEveryMidnight, EveryOneDay's default)
tomorrow is the next occurrence anyway, and the rule is silent. Where today's occurrence
must fire, write a custom TimeEvent whose GetTriggerTime returns it. The rule is silent under
the documented behaviour (stateflows: revision: documented).`,
	Bad:  `.AddInternalTransition<AtEvery9AM>(t => t.AddEffect(c => MorningDigest(c)))`,
	Good: `.AddInternalTransition<AtEveryMidnight>(t => t.AddEffect(c => NightlyDigest(c)))`,
	Run:  runDailyTomorrow,
}

func runDailyTomorrow(p *lint.Pass) {
	eachSite(p, func(s Site, r Resolved, st *State) {
		tod := r.Params.TimeOfDay % (24 * time.Hour)
		if !st.Settings.Behaviour.Source() || !r.Type.Daily() || tod.Truncate(time.Second) == 0 {
			return
		}
		// The example: activated an hour before the time of day (at
		// midnight for a time in the first hour), Wednesday 2026-11-04.
		at := time.Date(2026, 11, 4, 0, 0, 0, 0, time.UTC)
		if tod >= time.Hour {
			at = at.Add(tod - time.Hour).Truncate(time.Minute)
		}
		reportSite(p, s,
			fmt.Sprintf("%s first fires tomorrow at %s, even when today's %s is still ahead", display(s, r), clockText(tod), clockText(tod)),
			fmt.Sprintf("Activated on an example date, %s, it first fires %s, not %s. The start is today's date at the time of day, plus one day; "+
				"if today's occurrence must fire, write a custom TimeEvent whose GetTriggerTime returns it.",
				wallText(at), wallText(r.Type.Trigger(r.Params, st.Settings.Behaviour, at)), wallText(r.Type.DocumentedTrigger(r.Params, at))))
	})
}
