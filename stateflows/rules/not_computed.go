package rules

import (
	"fmt"
	"slices"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/stateflows/catalog"
)

// NotComputed reports the time events whose trigger is their own code.
var NotComputed = &lint.Rule{
	ID:       "TMR7050",
	Name:     "trigger-not-computed",
	Severity: lint.SeverityInfo,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindCS,
	Title:    "a custom time event's trigger is its own code: not computed",
	Doc: `A class deriving from TimeEvent (or DelayEvent, IntervalEvent, a catalog type) that
overrides GetTriggerTime, GetDelayStart, GetIntervalStart, Delay, Interval or Moment, or
overrides Hours, Day or TimeOfDay with something other than a constant, computes its
trigger in code seams-timers does not run: its call sites are not checked and next cannot
list its firings. A class that carries a catalog type's name, or the name of one of the
framework's abstract events (DelayEvent, IntervalEvent, ...), is the framework's own
definition, whose trigger the catalog computes: it is not reported. Test its GetTriggerTime, or write the override as a constant
(protected override int Hours => 3;) where that is what you mean.`,
	Bad: `public sealed class PaymentTimeout : TimeEvent
{
    protected override DateTime GetTriggerTime(DateTime startedAt) => startedAt.AddMinutes(15);
}`,
	Good: `public sealed class ThreeHours : AfterOneHour
{
    protected override int Hours => 3;
}`,
	Run: runNotComputed,
}

func runNotComputed(p *lint.Pass) {
	f, ok := p.File.Model.(*File)
	if !ok {
		return
	}
	st := state(p)
	for _, c := range f.Classes {
		if frameworkOwn(c.Name) {
			continue
		}
		if r := st.Classes.Resolve(c.Name); !r.Event {
			continue
		}
		for _, m := range c.Members {
			var what string
			switch {
			case m.ownCode():
				what = fmt.Sprintf("%s.%s is the class's own code: its trigger is not computed", c.Name, m.Name)
			case !m.Const:
				what = fmt.Sprintf("%s.%s is not a constant: its trigger is not computed", c.Name, m.Name)
			default:
				continue
			}
			p.ReportSpan(m.At, c.Name, m.Name, what,
				"seams-timers computes the catalog's triggers only: test this event's GetTriggerTime, or write the override as a constant "+
					"(protected override int Hours => 3;) if that is what you mean.")
		}
	}
}

// frameworkOwn reports a class that carries the name of a catalog type or
// of one of the framework's abstract time events: the framework's own
// definition of it (Core/Stateflows.Common/Events/TimeEvents), whose
// trigger the catalog computes. Call sites resolve such a name to the
// catalog type whatever class declares it, so its overrides decide
// nothing seams-timers reads.
func frameworkOwn(name string) bool {
	return catalog.Lookup(name) != nil || slices.Contains(catalog.Bases, name)
}
