package bpmn

import (
	"testing"

	"github.com/seams/seams-timers/bpmn/timeexpr"
)

func TestExprKindValueKind(t *testing.T) {
	for k, want := range map[ExprKind]timeexpr.ValueKind{
		TimeDate: timeexpr.ValueDate, TimeDuration: timeexpr.ValueDuration, TimeCycle: timeexpr.ValueCycle, 0: 0,
	} {
		if got := k.ValueKind(); got != want {
			t.Errorf("%s.ValueKind() = %v, want %v", k, got, want)
		}
	}
}
