package rules

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/stateflows/catalog"
)

// DelayTwice reports the delay types on the source's main revision.
var DelayTwice = &lint.Rule{
	ID:       "TMR7020",
	Name:     "delay-added-twice",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindCS,
	Title:    "a delay time event adds its delay twice",
	Doc: `Since a change of 2024-12-17, DelayEvent.GetTriggerTime returns the rounded start plus
the delay plus the delay again: AfterOneMinute fires two minute boundaries later,
AfterOneHour two hour boundaries later, AfterOneDay at the second midnight, AfterOneWeek
fourteen days after its weekday boundary. The documentation still says one delay. The rule
follows the configured revision (stateflows: revision:); it is silent for
before-2024-12-17 and for the documented behaviour. Where the doubled delay is not what you
mean, write a custom TimeEvent whose GetTriggerTime returns the instant you mean.`,
	Bad: `.AddState("AwaitingPayment", s => s
    .AddTransition<AfterOneDay>("Expired"))`,
	Good: `public sealed class OneDayLater : TimeEvent
{
    protected override DateTime GetTriggerTime(DateTime startedAt) => startedAt.AddDays(1);
}

.AddState("AwaitingPayment", s => s
    .AddTransition<OneDayLater>("Expired"))`,
	Run: runDelayTwice,
}

// stepText renders a delay: 1 minute, 12 hours, 1 day, 7 days.
func stepText(d time.Duration) string {
	unit := func(n int, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %ss", n, one)
	}
	switch {
	case d%(24*time.Hour) == 0:
		return unit(int(d/(24*time.Hour)), "day")
	case d%time.Hour == 0:
		return unit(int(d/time.Hour), "hour")
	}
	return unit(int(d/time.Minute), "minute")
}

func runDelayTwice(p *lint.Pass) {
	eachSite(p, func(s Site, r Resolved, st *State) {
		step := r.Type.StepFor(r.Params)
		if st.Settings.Behaviour != catalog.Main || r.Type.Recurs || step <= 0 {
			return
		}
		twice := r.Type.Trigger(r.Params, catalog.Main, exampleAt)
		once := r.Type.Trigger(r.Params, catalog.Before20241217, exampleAt)
		reportSite(p, s,
			fmt.Sprintf("%s adds its delay twice (revision main): it fires at its rounded start + 2 × %s", display(s, r), stepText(step)),
			fmt.Sprintf("Activated on an example date, %s, it fires %s, not %s as documented. If one delay is what you mean, write a custom TimeEvent "+
				"whose GetTriggerTime returns that instant; on a release before 2024-12-17 say so in .seams-timers.yaml "+
				"(stateflows: revision: before-2024-12-17).", wallText(exampleAt), wallText(twice), wallText(once)))
	})
}
