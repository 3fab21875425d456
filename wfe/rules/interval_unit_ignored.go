package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

// IntervalUnitIgnored reports years, months or work-calendar units, which
// the public builds read as 0 and the documentation counts.
var IntervalUnitIgnored = &lint.Rule{
	ID:       "TMR6209",
	Name:     "interval-unit-ignored",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "years, months or work-calendar units, which the engine's timers read as 0",
	Doc: `The 2026 documentation and designer accept years (y), months (mm) and work-calendar units (wd,
wh, wm, whours...) in an Interval. The engine's own timer code, up to 6.0.2 (the newest public
build, run under Mono), reads only d, h, m, s and ms: "1y" reads 0, "1y 2mm 3d" is 3 days and
"1wd 2h" is 2 hours. Where the documentation and the code differ, seams-timers follows the code
(wfe.engine 5-6, the default); set wfe.engine to docs to model the documented behaviour, which
no public build shows. Write the interval in d, h, m, s and ms.`,
	Bad:  `<Timer Name="Renewal" Type="Interval" Value="1y"/>`,
	Good: `<Timer Name="Renewal" Type="Interval" Value="365d"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkIntervalUnitIgnored) },
}

// ignoredUnits lists the units of the ignored matches: "y, mm".
func ignoredUnits(iv value.Interval) string {
	var us []string
	for _, m := range iv.Ignored {
		if !slices.Contains(us, m.Unit.Name) {
			us = append(us, m.Unit.Name)
		}
	}
	return strings.Join(us, ", ")
}

func checkIntervalUnitIgnored(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	iv := v.interval()
	counted := false
	for _, m := range iv.Ignored {
		counted = counted || m.N != 0
	}
	if !counted {
		return nil
	}
	return []found{{fmt.Sprintf("Interval %s is read as %s on %s: the units %s count 0 (the 2026 documentation counts them)", quote(v.Text), iv.Reading(), v.engine().Behaviour(), ignoredUnits(iv)),
		"Write the interval in d, h, m, s and ms, such as 365d; or set wfe.engine: docs if the runtime is a build that counts them."}}
}
