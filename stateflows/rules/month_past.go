package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// MonthPast reports AfterOneMonth and EveryOneMonth.
var MonthPast = &lint.Rule{
	ID:       "TMR7010",
	Name:     "month-event-past",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindCS,
	Title:    "a month time event resolves to the first of the current month: due at once",
	Doc: `AfterOneMonth and EveryOneMonth compute the first day of the current month at 00:00 and
call AddMonths(1) on it without using the result (DateTime is immutable), so the trigger
is usually already past: the event is due at the scheduler's next minute tick, not a month
later. The documentation lists this as an implementation caveat. On an internal
transition EveryOneMonth is re-registered to the same past instant after every delivery
and fires at every minute tick while its state stays active. Write a custom TimeEvent
whose GetTriggerTime returns the month you mean, or use the Scheduling extension.`,
	Bad: `.AddState("Billing", b => b
    .AddInternalTransition<EveryOneMonth>(t => t.AddEffect(c => SendInvoice(c))))`,
	Good: `public sealed class FirstOfNextMonth : TimeEvent
{
    protected override DateTime GetTriggerTime(DateTime startedAt)
        => new DateTime(startedAt.Year, startedAt.Month, 1).AddMonths(1);
}

.AddState("Billing", b => b
    .AddInternalTransition<FirstOfNextMonth>(t => t.AddEffect(c => SendInvoice(c))))`,
	Run: runMonthPast,
}

func runMonthPast(p *lint.Pass) {
	eachSite(p, func(s Site, r Resolved, _ *State) {
		if !r.Type.Monthly() {
			return
		}
		start := r.Type.Start(r.Params, exampleAt)
		what := fmt.Sprintf("%s resolves to the first day of the current month, 00:00, already past: due at once, not %s",
			display(s, r), r.Type.Intended)
		if r.Type.Recurs && s.Internal {
			what = fmt.Sprintf("%s resolves to the first day of the current month, 00:00, already past: due at once, "+
				"and again at every minute tick while the state stays active", display(s, r))
		}
		reportSite(p, s, what, fmt.Sprintf("Activated on an example date, %s, it resolves to %s. The source drops the result of AddMonths(1); "+
			"write a custom TimeEvent whose GetTriggerTime returns the month you mean "+
			"(new DateTime(startedAt.Year, startedAt.Month, 1).AddMonths(1)), or use the Scheduling extension.",
			wallText(exampleAt), wallText(start)))
	})
}
