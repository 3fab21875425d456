package rules

import (
	"fmt"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/wfe/value"
)

// DateAmbiguous reports a numeric date that reads differently under a
// day-first culture than the designer writes it.
var DateAmbiguous = &lint.Rule{
	ID:       "TMR6304",
	Name:     "date-ambiguous",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "a Date or DateAndTime that is ambiguous under a non-US culture",
	Doc: `The designer writes dates month first (MM/dd/yyyy). Under a day-first parsing culture
(wfe.culture such as en-GB or de-DE) a date whose day is 12 or less parses too, as another day:
03/04/2026 is 3 April, not 4 March. Nothing fails; the timer fires a month or more away from the
date that was meant. Write the ISO form yyyy-MM-dd, which reads the same under every culture.`,
	Bad: `# wfe: {culture: en-GB}
<Timer Name="Deadline" Type="Date" Value="03/04/2026"/>`,
	Good: `# wfe: {culture: en-GB}
<Timer Name="Deadline" Type="Date" Value="2026-04-03"/>`,
	Run: func(p *lint.Pass) { runValue(p, checkDateAmbiguous) },
}

func checkDateAmbiguous(v *Value) []found {
	if !isDate(v.Type) || v.sentinel() {
		return nil
	}
	c := v.Config.Culture
	if c.Order == "MDY" {
		return nil
	}
	d, err := value.ParseDateTime(v.Text, c)
	if err != nil || !d.Ambiguous {
		return nil
	}
	day := func(y, m, dd int) string {
		return time.Date(y, time.Month(m), dd, 0, 0, 0, 0, time.UTC).Format("2 January 2006")
	}
	return []found{{fmt.Sprintf("%s %s reads as %s under %s, and as %s in the designer's MM/dd/yyyy", v.Type, quote(v.Text),
		day(d.Year, d.Month, d.Day), c.Name, day(d.Swapped[0], d.Swapped[1], d.Swapped[2])),
		fmt.Sprintf("Write the ISO form %s (or %04d-%02d-%02d for the other reading), which reads the same under every culture.",
			quote(fmt.Sprintf("%04d-%02d-%02d", d.Year, d.Month, d.Day)), d.Swapped[0], d.Swapped[1], d.Swapped[2])}}
}
