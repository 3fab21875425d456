package bpmn

import (
	"strings"
	"testing"
)

// flat is a definitions element holding n empty elements.
func flat(n int) []byte {
	return []byte(defsOpen + strings.Repeat("<x/>", n) + "</bpmn:definitions>")
}

// TestNodesBounded: a model's parse allocates at most twice as much when
// its elements double, and one with more than MaxNodes tokens is a
// TMR0001, too large to check, stopped there.
func TestNodesBounded(t *testing.T) {
	work := func(n int) float64 {
		src := flat(n)
		return testing.AllocsPerRun(2, func() { Parse("flat.bpmn", src) })
	}
	a1, a2 := work(20000), work(40000)
	if a2 > 2.2*a1 {
		t.Errorf("allocations %v, then %v for twice the elements", a1, a2)
	}
	_, err := Parse("big.bpmn", flat(MaxNodes+1))
	if err == nil || err.Rule != "TMR0001" || !strings.Contains(err.Msg, "too large to check") {
		t.Errorf("err = %v, want TMR0001 too large to check", err)
	}
}
