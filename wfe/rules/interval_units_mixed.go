package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// IntervalUnitsMixed reports plain and work-calendar units in one
// Interval.
var IntervalUnitsMixed = &lint.Rule{
	ID:       "TMR6205",
	Name:     "interval-units-mixed",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Refuses:  true,
	Title:    "an Interval mixing plain and work-calendar units",
	Doc: `An Interval counts either plain time (d, h, m, s, ms, and y, mm) or working time on a work
calendar (wd, wh, wm, wmm, wy and their long forms such as whours), never both: the engine
refuses the value ("It is impossible to combine time with working time") and registers nothing.
Write the whole value in one kind of unit. This is the documentation's behaviour (wfe.engine:
docs): the public builds up to 6.0.2 read the work units as 0 (TMR6209).`,
	Bad:  `<Timer Name="SLA" Type="Interval" Value="1wd 4h"/>`,
	Good: `<Timer Name="SLA" Type="Interval" Value="1wd 4wh"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkIntervalUnitsMixed) },
}

func checkIntervalUnitsMixed(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	if iv := v.interval(); iv.Mixed() {
		return []found{{fmt.Sprintf("Interval %s mixes plain and work-calendar units: the engine refuses it", quote(v.Text)),
			"Write the whole value in work-calendar units (wd, wh, wm) or in plain units (d, h, m)."}}
	}
	return nil
}
