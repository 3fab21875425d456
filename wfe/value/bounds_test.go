package value

import (
	"strings"
	"testing"
	"time"
)

// stepAdd is Add's working days counted one by one, as the engine does.
func stepAdd(c *Calendar, t time.Time, days int64) time.Time {
	t = c.snap(t.In(c.Zone))
	for range days {
		n := t.AddDate(0, 0, 1)
		for !c.working(n) {
			n = n.AddDate(0, 0, 1)
		}
		t = c.snap(n)
	}
	return t
}

// TestCalendarWeeksAtOnce: whole weeks added at once land where counting
// day by day does, with holidays before, among and after the days.
func TestCalendarWeeksAtOnce(t *testing.T) {
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Skip(err)
	}
	cals := []*Calendar{
		{Zone: time.UTC, Weekdays: [7]bool{false, true, true, true, true, true, false}, Start: 8 * time.Hour, End: 16 * time.Hour},
		{Zone: berlin, Weekdays: [7]bool{false, true, false, true, false, true, true}, Start: 9 * time.Hour, End: 17 * time.Hour,
			Holidays: map[string]bool{"2026-12-25": true, "2027-01-01": true, "2026-11-03": true}},
	}
	from := time.Date(2026, 10, 30, 15, 30, 0, 0, time.UTC)
	for ci, c := range cals {
		for _, d := range []int64{1, 3, 5, 6, 7, 11, 12, 29, 100, 367, 1000} {
			for h := range 3 {
				start := from.Add(time.Duration(h*7) * time.Hour)
				got, want := c.Add(start, Work{Days: d}), stepAdd(c, start, d)
				if !got.Equal(want) {
					t.Errorf("calendar %d, %s + %dwd: %s, counted day by day %s", ci, start, d, got, want)
				}
			}
		}
	}
}

// TestCalendarLinear: 2,000,000,000wd is computed in steps bounded by the
// holidays, not the days: doubling the days does not double the work.
func TestCalendarLinear(t *testing.T) {
	c := &Calendar{Zone: time.UTC, Weekdays: [7]bool{false, true, true, true, true, true, false}, Start: 8 * time.Hour, End: 16 * time.Hour,
		Holidays: map[string]bool{"2026-12-25": true}}
	from := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	a1 := testing.AllocsPerRun(3, func() { c.Add(from, Work{Days: 1_000_000_000}) })
	a2 := testing.AllocsPerRun(3, func() { c.Add(from, Work{Days: 2_000_000_000}) })
	if a2 > 2*a1+10 || a1 > 10_000 {
		t.Errorf("allocations %v for 1e9wd, %v for 2e9wd", a1, a2)
	}
	if got := c.Add(from, Work{Days: 2_000_000_000}); got.Year() < 7_000_000 {
		t.Errorf("2e9wd lands in %d", got.Year())
	}
}

// TestReadIntervalLinear: reading "1s" repeated grows linearly in its
// allocations (the dropped digits were once matched against every match).
func TestReadIntervalLinear(t *testing.T) {
	s1, s2 := strings.Repeat("1s 2x", 2000), strings.Repeat("1s 2x", 4000)
	a1 := testing.AllocsPerRun(2, func() { ReadInterval(s1) })
	a2 := testing.AllocsPerRun(2, func() { ReadInterval(s2) })
	if a2 > 2.2*a1+8 {
		t.Errorf("allocations %v, then %v for twice the text", a1, a2)
	}
}
