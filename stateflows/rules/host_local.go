package rules

import (
	"fmt"
	"time"

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
(the arithmetic is on the local wall clock). The minute and hour types round the local wall
time too: where the config names a zone whose offset is not a whole number of their
boundaries, their triggers fall between the UTC boundaries the documentation promises
(EveryOneHour in Asia/Kolkata, UTC+05:30, at 10:30Z and 11:30Z, not 11:00Z; EveryThirtyMinutes
in Asia/Kathmandu, UTC+05:45, at :15 and :45). The rule reports the first such event of each
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
		if done || !set.Behaviour.Source() || set.ZoneSet && set.utcZone() {
			return
		}
		var what, detail string
		switch off, ok := offBoundary(p, r, set); {
		case r.Type.Calendar():
			what = fmt.Sprintf("%s is computed on the host's local clock (DateTime.Now), not in UTC as documented", display(s, r))
			if set.ZoneSet {
				what += fmt.Sprintf(" (the config's host zone is %s)", set.Zone)
			}
			detail = "Its day boundaries fall at the host's local midnight and move with its DST changes."
		case ok:
			what = fmt.Sprintf("%s is computed on the host's local clock (DateTime.Now): in %s (UTC%s) its %s boundaries "+
				"fall between the UTC ones the documentation promises", display(s, r), set.Zone, offsetText(off), unitText(r.Type.Unit()))
			detail = "It rounds the host's local wall time, and that zone's offset is not a whole number of its boundaries."
		default:
			return
		}
		done = true
		reportSite(p, s, what,
			detail+" Run the host in UTC "+
				"and say so in .seams-timers.yaml (stateflows: timezone: UTC); `seams-timers next --engine stateflows "+
				s.Type+" --tz ZONE` shows its triggers in a zone.")
	})
}

// offBoundary reports, for a minute or hour type on a host whose zone the
// config names, an offset of that zone at which the type's local
// boundaries are not UTC ones (an hour type in Asia/Kolkata).
func offBoundary(p *lint.Pass, r Resolved, set Settings) (time.Duration, bool) {
	if !set.ZoneSet {
		return 0, false
	}
	at := p.Now
	if at.IsZero() {
		at = time.Now()
	}
	return r.Type.OffBoundary(set.Zone, at)
}

// offsetText writes an offset as +05:30.
func offsetText(d time.Duration) string {
	sign := "+"
	if d < 0 {
		sign, d = "-", -d
	}
	m := int(d / time.Minute)
	return fmt.Sprintf("%s%02d:%02d", sign, m/60, m%60)
}

// unitText names a boundary length: "hour", "30-minute".
func unitText(d time.Duration) string {
	if d == time.Hour {
		return "hour"
	}
	return fmt.Sprintf("%d-minute", int(d/time.Minute))
}
