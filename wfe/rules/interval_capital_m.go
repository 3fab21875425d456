package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// IntervalCapitalM reports an Interval whose M means minutes.
var IntervalCapitalM = &lint.Rule{
	ID:       "TMR6204",
	Name:     "interval-capital-m",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "an Interval whose M is minutes, not months",
	Doc: `Units are read case-insensitively, so M is the minute m: "1M" waits one minute. Months are mm
(or month, months) in the builds that read them. The lower-case m, the designer's minute, is not
reported. Write m for minutes and mm for months.`,
	Bad:  `<Timer Name="Renewal" Type="Interval" Value="1M"/>`,
	Good: `<Timer Name="Renewal" Type="Interval" Value="1mm"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkIntervalCapitalM) },
}

func checkIntervalCapitalM(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	m, ok := v.interval().CapitalM()
	if !ok {
		return nil
	}
	return []found{{fmt.Sprintf("Interval %s reads %dM as %d minute(s): M is minutes, months are mm", quote(v.Text), m.N, m.N),
		fmt.Sprintf("Write %dm for minutes, or %dmm for months.", m.N, m.N)}}
}
