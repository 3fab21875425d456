package sim

import (
	"strings"
	"testing"
)

// TestOldStartsEndInBoundedTime simulates cycles that started centuries
// before the window (a typo 1026 for 2026, issue 11): the simulator
// refuses what it cannot step through instead of looping, and simulates
// an old but representable timer start by the scheduler's rule (missed
// firings collapse into the latest), with exact due times.
func TestOldStartsEndInBoundedTime(t *testing.T) {
	sc := Scenario{From: at(t, "2026-11-08T00:00:00Z"), Until: at(t, "2026-11-10T00:00:00Z")}
	cases := []struct {
		name, refusal string
		doc           *bpmnDocument
	}{
		{"start in 1026", "first due time 1026-11-09T08:00:00Z lies before 1823-11-13, the first day the simulator represents",
			startModel(t, "old.bpmn", "Old", "timeCycle", "R/1026-11-09T08:00:00Z/P1D")},
		{"boundary in 1026", "first due time 1026-11-09T08:00:00Z lies before 1823-11-13, the first day the simulator represents",
			catchModel(t, "boundary-ni", "timeCycle", "R/1026-11-09T08:00:00Z/PT1H", false)},
		// Python: (datetime(2026,11,8) - datetime(1900,1,1)) // timedelta(minutes=1) is 66718080.
		{"boundary replaying millions", "66718080 occurrences are due before the window starts, and SpiffWorkflow would replay every one " +
			"of them at once: more than the 100000 the simulator replays",
			catchModel(t, "boundary-ni", "timeCycle", "R/1900-01-01T00:00:00Z/PT1M", false)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := run(t, sc, c.doc)
			var got []string
			for _, s := range r.Timers {
				if s.Refusal != nil {
					got = append(got, s.Refusal.Msg)
				}
			}
			equal(t, "refusals", got, []string{c.refusal})
		})
	}
	// An old start the simulator represents: 1926, a century of missed
	// daily firings collapsed into the latest, then one a day.
	r := run(t, Scenario{From: at(t, "2026-11-08T12:00:00Z"), Until: at(t, "2026-11-10T00:00:00Z")},
		startModel(t, "old.bpmn", "Old", "timeCycle", "R/1926-11-09T08:00:00Z/P1D"))
	equal(t, "fires", fires(r, "T"), []string{
		"2026-11-08T12:00:00Z due 2026-11-08T08:00:00Z",
		"2026-11-09T08:00:00Z due 2026-11-09T08:00:00Z",
	})
	if m := stats(t, r, "T").Missed; m != 36524 {
		t.Errorf("missed %d, want 36524 (Python: 36525 due by 2026-11-08T08:00Z, the latest fires)", m)
	}
	if s := stats(t, r, "T"); s.Refusal != nil || strings.Contains(s.Note, "not simulated") {
		t.Errorf("refused: %v %s", s.Refusal, s.Note)
	}
}
