package rules

import (
	"fmt"
	"strings"

	"github.com/seams/seams-timers/lint"
)

// IntervalBareInteger reports an Interval written as a bare integer,
// which the engine reads as milliseconds.
var IntervalBareInteger = &lint.Rule{
	ID:       "TMR6203",
	Name:     "interval-bare-integer",
	Severity: lint.SeverityWarning,
	Kind:     lint.KindFile,
	Engine:   EngineName,
	FileKind: Kind,
	Title:    "an Interval written as a bare integer: milliseconds",
	Doc: `A bare integer Interval is milliseconds: Value="4" waits 4 ms, Value="60" 60 ms. It is seldom
what was meant (4 hours, 60 minutes). Write the unit, even for milliseconds.`,
	Bad:  `<Timer Name="SLA" Type="Interval" Value="4"/>`,
	Good: `<Timer Name="SLA" Type="Interval" Value="4h"/>`,
	Run:  func(p *lint.Pass) { runValue(p, checkIntervalBareInteger) },
}

func checkIntervalBareInteger(v *Value) []found {
	if v.Type != "Interval" || v.sentinel() {
		return nil
	}
	iv := v.interval()
	if !iv.Bare || !iv.Positive() {
		return nil
	}
	n := strings.TrimPrefix(strings.TrimSpace(v.Text), "+")
	return []found{{fmt.Sprintf("Interval %s is a bare integer, read as %s milliseconds", quote(v.Text), n),
		fmt.Sprintf("Write the unit: %s for milliseconds, or %s, %s for what may be meant.", quote(n+"ms"), quote(n+"m"), quote(n+"h"))}}
}
