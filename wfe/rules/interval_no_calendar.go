package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// IntervalNoCalendar reports work-calendar units with no work calendar
// configured.
var IntervalNoCalendar = &lint.Rule{
	ID:       "TMR6206",
	Name:     "interval-no-calendar",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Refuses:  true,
	Title:    "work-calendar units with no work calendar configured",
	Doc: `Work-calendar units (wd, wh, wm, wmm, wy and their long forms) count working time on the work
calendar resolved for the instance. The runtime's calendars are C# configuration, which the
scheme does not show; seams-timers reads them from the wfe.calendars section of
.seams-timers.yaml (weekdays, working hours, holidays, zone). Without one, no due time can be
computed. Describe the runtime's calendar there, or write plain units. This is the
documentation's behaviour (wfe.engine: docs): the public builds up to 6.0.2 read the work units
as 0 (TMR6209).`,
	Bad: `# .seams-timers.yaml has no wfe.calendars
<Timer Name="Review" Type="Interval" Value="8 whours"/>`,
	Good: `# .seams-timers.yaml: wfe: {calendars: {default: {weekdays: [mon, tue, wed, thu, fri], hours: 09:00-17:00}}}
<Timer Name="Review" Type="Interval" Value="8 whours"/>`,
	Run: func(p *lint.Pass) { runValue(p, checkIntervalNoCalendar) },
}

func checkIntervalNoCalendar(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	iv := v.interval()
	if !iv.HasWork() || iv.Mixed() || v.Config.WorkCalendar() != nil {
		return nil
	}
	return []found{{fmt.Sprintf("Interval %s counts working time, and no work calendar is configured", quote(v.Text)),
		"Describe the runtime's work calendar under wfe.calendars in .seams-timers.yaml (weekdays, hours, holidays, zone), or write plain units."}}
}
