package history

import (
	"strings"
	"testing"
)

func events(n int) []byte {
	return []byte(`[{"eventId": 1, "eventType": "WorkflowExecutionStarted"},` +
		strings.Repeat(`{"eventId": 2, "eventType": "TimerStarted", "timerStartedEventAttributes": {"timerId": "1", "startToFireTimeoutSeconds": 60}},`, n) +
		`{"eventId": 3, "eventType": "WorkflowExecutionCompleted"}]`)
}

// TestParseBounded: the parse allocates at most twice as much when the
// events double; past MaxEvents, and past the decoder's nesting depth, a
// history is a syntax error, not a crash.
func TestParseBounded(t *testing.T) {
	work := func(n int) float64 {
		src := events(n)
		return testing.AllocsPerRun(2, func() { Parse(src) })
	}
	a1, a2 := work(2000), work(4000)
	if a2 > 2.2*a1+8 {
		t.Errorf("allocations %v, then %v for twice the events", a1, a2)
	}
	if _, err := Parse(events(MaxEvents)); err == nil || !strings.Contains(err.Error(), "too large to check") {
		t.Errorf("err = %v, want too large to check", err)
	}
	deep := `[{"eventType": "WorkflowExecutionStarted", "x": ` + strings.Repeat("[", 1<<20) + strings.Repeat("]", 1<<20) + `}]`
	if _, err := Parse([]byte(deep)); err == nil {
		t.Error("a history nested a million deep parsed")
	}
}
