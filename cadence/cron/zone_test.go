package cron

import (
	"strings"
	"testing"
	"time"

	robfig "github.com/robfig/cron/v3"
)

// at2026 fixes the years the zone check looks at: 2026 to 2031.
func at2026(t *testing.T) {
	t.Helper()
	old := clock
	clock = func() time.Time { return time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC) }
	t.Cleanup(func() { clock = old })
}

// TestZoneMessages pins what TMR8012 says per zone: daylight saving only
// for a zone that has it in the years concerned, by how much the firings
// move, and nothing for a zone with one offset or a schedule whose
// firings a change does not move.
func TestZoneMessages(t *testing.T) {
	at2026(t)
	for _, tc := range []struct{ spec, want string }{
		{"TZ=UTC 0 9 * * *", ""},
		{"CRON_TZ=Asia/Kolkata 0 9 * * *", ""},
		{"CRON_TZ=Asia/Tokyo 0 9 * * *", ""},
		{"CRON_TZ=Europe/Berlin 0 9 * * *", "CRON_TZ=Europe/Berlin makes the firings' UTC time move by 1h with Europe/Berlin's daylight saving"},
		{"TZ=America/New_York @daily", "TZ=America/New_York makes the firings' UTC time move by 1h with America/New_York's daylight saving"},
		{"CRON_TZ=Australia/Lord_Howe 0 9 * * *", "move by 30m with Australia/Lord_Howe's daylight saving"},
		{"CRON_TZ=Europe/Berlin 0 * * * *", ""},   // hourly: the same UTC times in either offset
		{"CRON_TZ=Europe/Berlin */5 * * * *", ""}, // likewise
		{"CRON_TZ=Australia/Lord_Howe */30 * * * *", ""},
		{"CRON_TZ=Europe/Berlin */5 * * * 1-5", "move by 1h"}, // Friday 23:55 moves into Saturday
		{"CRON_TZ=Europe/Berlin @every 1h", ""},               // @every does not read the zone
		{"TZ=Local 0 9 * * *", "TZ=Local reads the schedule in the local time zone of the machine the server runs on"},
	} {
		var got string
		for _, f := range Check(tc.spec) {
			if f.Problem == TimeZone {
				got = f.What
			}
		}
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.spec, got, tc.want)
		}
		if tc.want != "" && strings.Contains(tc.spec, "Kolkata") && strings.Contains(got, "daylight") {
			t.Errorf("%q: says daylight saving", tc.spec)
		}
	}
}

// TestZoneMovesAgreesWithRobfig checks the structural reading of moves
// against robfig/cron itself: from January to April 2026 (a change of
// each zone's offset with daylight saving falls in it), the UTC firings
// of the schedule in the zone differ from its firings at the zone's
// January offset exactly when the check reports a finding.
func TestZoneMovesAgreesWithRobfig(t *testing.T) {
	at2026(t)
	from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	to := from.AddDate(0, 4, 0)
	for _, zone := range []string{"Europe/Berlin", "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Kolkata", "Australia/Sydney", "UTC"} {
		for _, fields := range []string{"0 9 * * *", "0 * * * *", "*/30 * * * *", "15 * * * *", "0 */2 * * *", "*/10 * * * 1-5", "0 0 1 * *", "30 2 * * *", "0 0,12 * * *", "@daily", "@hourly"} {
			spec := "CRON_TZ=" + zone + " " + fields
			s, err := Parse(spec)
			if err != nil {
				t.Skipf("no zone data for %s here: %v", zone, err)
			}
			inZone := s.sched.(*robfig.SpecSchedule)
			fixed := *inZone
			_, off := from.In(inZone.Location).Zone()
			fixed.Location = time.FixedZone("fixed", off)
			differ := false
			a, b := inZone.Next(from), fixed.Next(from)
			for n := 0; !differ && a.Before(to) && n < 200_000; n++ {
				differ = !a.Equal(b)
				a, b = inZone.Next(a), fixed.Next(b)
			}
			finding := false
			for _, f := range Check(spec) {
				finding = finding || f.Problem == TimeZone
			}
			if finding != differ {
				t.Errorf("%q: finding %v, robfig's firings move %v", spec, finding, differ)
			}
		}
	}
}

// TestEvery pins the @every warning: robfig/cron runs 0s, -1m and 500ms
// every second and drops a fraction of a second.
func TestEvery(t *testing.T) {
	for _, tc := range []struct{ spec, want string }{
		{"@every 0s", "@every 0s runs every 1s: robfig/cron runs an interval under a second every second"},
		{"@every -1m", "@every -1m runs every 1s"},
		{"@every 500ms", "@every 500ms runs every 1s"},
		{"@every 1500ms", "@every 1500ms runs every 1s: robfig/cron drops the fraction of a second"},
		{"@every 1s", ""},
		{"@every 1h30m", ""},
	} {
		var got string
		for _, f := range Check(tc.spec) {
			if f.Problem == Every {
				got = f.What
			}
		}
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.spec, got, tc.want)
		}
		s, err := Parse(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		// The warning says what robfig/cron does: its Next is a second on.
		from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		if tc.want != "" && strings.Contains(tc.want, "runs every 1s") && s.Next(from) != from.Add(time.Second) {
			t.Errorf("%q: next %s, want a second on", tc.spec, s.Next(from))
		}
	}
}

// TestNextIsRobfigs keeps the arithmetic robfig/cron's own: Next is
// robfig/cron/v3's ParseStandard(spec).Next in UTC, on a range of
// schedules and instants.
func TestNextIsRobfigs(t *testing.T) {
	specs := []string{"0 9 * * 1-5", "*/7 * * * *", "0 0 29 2 *", "@every 90s", "@every 0s", "@every 1500ms", "@monthly", "CRON_TZ=Europe/Berlin 0 9 * * *", "TZ=America/New_York 30 2 * * *", "5 4 * * sun", "0 22 * * 1-5", "0 0 1,15 * 3"}
	for _, spec := range specs {
		ours, err := Parse(spec)
		if err != nil {
			t.Skipf("%q: %v", spec, err)
		}
		theirs, err := robfig.ParseStandard(spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, start := range []time.Time{
			time.Date(2026, 3, 29, 0, 59, 59, 500, time.UTC), // Berlin's spring change
			time.Date(2026, 11, 1, 5, 30, 0, 0, time.UTC),    // New York's autumn change
			time.Date(2028, 2, 28, 23, 59, 0, 0, time.UTC),
			time.Date(2026, 12, 31, 23, 59, 59, 999, time.UTC),
		} {
			a, b := start, start
			for range 200 {
				a, b = ours.Next(a), theirs.Next(b)
				if !a.Equal(b) {
					t.Fatalf("%q from %s: %s, robfig/cron %s", spec, start, a, b)
				}
				if a.IsZero() {
					break
				}
			}
		}
	}
}
