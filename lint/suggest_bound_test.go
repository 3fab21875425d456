package lint

import (
	"runtime"
	"strings"
	"testing"
)

// TestSuggestLinear: the did-you-mean of a huge unknown name computes no
// distance against names far shorter, so its work (allocations, and bytes
// allocated, which the distance's rows would be) does not grow with the
// product of the lengths; near names are still suggested.
func TestSuggestLinear(t *testing.T) {
	names := []string{"TMR1004", "duration-not-quoted", "cycle-calendar-period", "timer-unused"}
	if got := Suggest("duraton-not-quoted", names); got != `; did you mean "duration-not-quoted"?` {
		t.Errorf("near name: %q", got)
	}
	work := func(n int) float64 {
		got := strings.Repeat("x", n)
		return testing.AllocsPerRun(3, func() { Suggest(got, names) })
	}
	// Under the race detector sync.Pool (fmt's printers) drops its items at
	// random, so the count is compared without it; the bytes below are
	// compared either way.
	if a1, a2 := work(1<<20), work(2<<20); a2 > a1+1 && !raceEnabled {
		t.Errorf("allocations %v, then %v for twice the name", a1, a2)
	}
	for _, n := range []int{1 << 16, 1 << 20} {
		// The bytes grow linearly: the lower-cased copy, and no distance
		// rows as long as the name (and no []rune of it) per candidate.
		got := strings.Repeat("x", n)
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		Suggest(got, names)
		runtime.ReadMemStats(&m1)
		if per := m1.TotalAlloc - m0.TotalAlloc; per > uint64(2*n+64<<10) {
			t.Errorf("name of %d bytes: %d bytes allocated, more than linear", n, per)
		}
	}
}
