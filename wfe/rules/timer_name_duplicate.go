package rules

import (
	"fmt"

	"github.com/seams/seams-timers/lint"
)

// TimerNameDuplicate reports a timer name declared twice.
var TimerNameDuplicate = &lint.Rule{
	ID:       "TMR6102",
	Name:     "timer-name-duplicate",
	Severity: lint.SeverityError,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "two timers of a scheme have the same name",
	Doc: `A trigger names its timer by NameRef, and the runtime keeps one timer row per instance and
timer name. Two <Timer> elements with the same Name cannot be told apart: a trigger gets one of
them, and the other's value is never used. Give each timer its own name.`,
	Bad: `<Timers>
  <Timer Name="SLA" Type="Interval" Value="4h"/>
  <Timer Name="SLA" Type="Interval" Value="8h"/>
</Timers>`,
	Good: `<Timers>
  <Timer Name="SLA" Type="Interval" Value="4h"/>
  <Timer Name="SLAVip" Type="Interval" Value="8h"/>
</Timers>`,
	Run: func(p *lint.Pass) {
		for _, s := range schemes(p) {
			first := map[string]int{}
			for _, t := range s.Timers {
				n := t.Name.Value
				line, seen := first[n]
				if !seen {
					first[n] = t.Range.Start.Line
					continue
				}
				p.ReportSpan(t.Name.Range, t.ID, "Name", fmt.Sprintf("timer name %s is declared twice", quote(n)),
					fmt.Sprintf("Rename this timer or remove it: the timer on line %d has the same name, and a trigger's NameRef cannot tell them apart.", line))
			}
		}
	},
}
