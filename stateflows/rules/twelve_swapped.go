package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// TwelveSwapped reports AtEvery12AM and AtEvery12PM.
var TwelveSwapped = &lint.Rule{
	ID:       "TMR7011",
	Name:     "twelve-am-pm-swapped",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindCS,
	Title:    "AtEvery12AM fires at noon and AtEvery12PM at midnight",
	Doc: `AtEvery12AM's time of day is 12:00 (noon) and AtEvery12PM's is 00:00 (midnight): the
names are swapped (12 AM is midnight, 12 PM is noon). The documentation lists both as
implementation caveats. Use AtEveryMidnight for 00:00 and AtEveryNoon for 12:00, which
say what they do.`,
	Bad:  `.AddInternalTransition<AtEvery12AM>(t => t.AddEffect(c => RollOverDay(c)))`,
	Good: `.AddInternalTransition<AtEveryMidnight>(t => t.AddEffect(c => RollOverDay(c)))`,
	Run:  runTwelveSwapped,
}

func runTwelveSwapped(p *lint.Pass) {
	eachSite(p, func(s Site, r Resolved, _ *State) {
		var what, detail string
		switch r.Type.Name {
		case "AtEvery12AM":
			what = fmt.Sprintf("%s fires at 12:00 (noon), not at midnight", display(s, r))
			detail = "Use AtEveryMidnight for 00:00, or AtEveryNoon if noon is what you mean."
		case "AtEvery12PM":
			what = fmt.Sprintf("%s fires at 00:00 (midnight), not at noon", display(s, r))
			detail = "Use AtEveryNoon for 12:00, or AtEveryMidnight if midnight is what you mean."
		default:
			return
		}
		reportSite(p, s, what, detail)
	})
}
