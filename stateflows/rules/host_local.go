package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// HostLocal reports, once per file, that the calendar time events use the
// host's local time.
var HostLocal = &lint.Rule{
	ID:       "TMR7040",
	Name:     "host-local-time",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: KindCS,
	Title:    "time events use the host's local time where the documentation promises UTC",
	Doc: `The documentation says event times are UTC and daily and weekly events use UTC calendar
boundaries. The source stamps an activation and decides what is due with DateTime.Now, the
host's local time: AfterOneDay, AfterTwelveHours, the daily, weekly and month types fall at
the host's local midnight and noon, and its daylight-saving changes stretch or shorten them
(the arithmetic is on the local wall clock). The rule reports the first such event of each
file, unless the config declares a host zone that is UTC (stateflows: timezone: UTC). Run
the host in UTC and declare it, or give the host's zone so that next computes in it. The rule is
silent under the documented behaviour (stateflows: revision: documented).`,
	Bad: `// .seams-timers.yaml has no stateflows: timezone, or a zone with an offset.
.AddTransition<AfterOneDay>("Expired")`,
	Good: `// .seams-timers.yaml: stateflows: { timezone: UTC }, and the host runs with TZ=UTC.
.AddTransition<AfterOneDay>("Expired")`,
	Run: runHostLocal,
}

func runHostLocal(p *lint.Pass) {
	done := false
	eachSite(p, func(s Site, r Resolved, st *State) {
		set := st.Settings
		if done || !set.Behaviour.Source() || set.ZoneSet && set.utcZone() || !r.Type.Calendar() {
			return
		}
		done = true
		what := fmt.Sprintf("%s is computed on the host's local clock (DateTime.Now), not in UTC as documented", display(s, r))
		if set.ZoneSet {
			what += fmt.Sprintf(" (the config's host zone is %s)", set.Zone)
		}
		reportSite(p, s, what,
			"Its day boundaries fall at the host's local midnight and move with its DST changes. Run the host in UTC "+
				"and say so in .seams-timers.yaml (stateflows: timezone: UTC); `seams-timers next --engine stateflows "+
				s.Type+" --tz ZONE` shows its triggers in a zone.")
	})
}
