package catalog

import (
	"testing"
	"time"
)

// TestOffBoundary holds, with exact instants, where a minute or hour type
// misses the UTC boundary its documentation promises: the source rounds
// the host's local wall time, so in a zone whose offset is not a whole
// number of the type's boundaries every trigger falls between UTC ones.
// The trigger is the main revision's for an interval type (start +
// interval), reached in the zone; the documented one is in UTC.
func TestOffBoundary(t *testing.T) {
	rows := []struct {
		typ, zone string
		at        string // activation, UTC
		off       string // "" when the zone's boundaries are UTC ones all year
		trigger   string // the source's first trigger, UTC
		docum     string // the documented one, UTC
	}{
		{"EveryOneHour", "Asia/Kolkata", "2026-11-04T10:10:00Z", "+05:30", "2026-11-04T10:30:00Z", "2026-11-04T11:00:00Z"},
		{"EveryThirtyMinutes", "Asia/Kolkata", "2026-11-04T10:10:00Z", "", "2026-11-04T10:30:00Z", "2026-11-04T10:30:00Z"},
		{"EveryFifteenMinutes", "Asia/Kathmandu", "2026-11-04T10:10:00Z", "", "2026-11-04T10:15:00Z", "2026-11-04T10:15:00Z"},
		{"EveryThirtyMinutes", "Asia/Kathmandu", "2026-11-04T10:10:00Z", "+05:45", "2026-11-04T10:15:00Z", "2026-11-04T10:30:00Z"},
		{"EveryOneHour", "Asia/Kathmandu", "2026-11-04T10:10:00Z", "+05:45", "2026-11-04T10:15:00Z", "2026-11-04T11:00:00Z"},
		// Lord Howe is +11:00 in January and +10:30 in July: the July hour misses.
		{"EveryOneHour", "Australia/Lord_Howe", "2026-01-15T10:10:00Z", "+10:30", "2026-01-15T11:00:00Z", "2026-01-15T11:00:00Z"},
		{"EveryOneHour", "Australia/Lord_Howe", "2026-07-15T10:10:00Z", "+10:30", "2026-07-15T10:30:00Z", "2026-07-15T11:00:00Z"},
		{"EveryOneHour", "America/St_Johns", "2026-11-04T10:10:00Z", "-03:30", "2026-11-04T10:30:00Z", "2026-11-04T11:00:00Z"},
		{"EveryOneHour", "Europe/Berlin", "2026-11-04T10:10:00Z", "", "2026-11-04T11:00:00Z", "2026-11-04T11:00:00Z"},
		{"EveryThirtyMinutes", "Europe/Berlin", "2026-11-04T10:10:00Z", "", "2026-11-04T10:30:00Z", "2026-11-04T10:30:00Z"},
		// Calendar types are moved by any offset and report none here.
		{"AtEveryMidnight", "Asia/Kolkata", "2026-11-04T10:10:00Z", "", "2026-11-04T18:30:00Z", "2026-11-05T00:00:00Z"},
	}
	for _, r := range rows {
		typ := Lookup(r.typ)
		loc, err := time.LoadLocation(r.zone)
		if err != nil {
			t.Fatal(err)
		}
		at, err := time.Parse(time.RFC3339, r.at)
		if err != nil {
			t.Fatal(err)
		}
		p := typ.Defaults
		off, ok := typ.OffBoundary(loc, at)
		got := ""
		if ok {
			got = formatOffset(off)
		}
		if got != r.off {
			t.Errorf("%s in %s: off-boundary offset %q, want %q", r.typ, r.zone, got, r.off)
		}
		w := typ.Trigger(p, Main, Wall(at, loc))
		trig, _, _ := Reach(w, loc, at)
		if s := trig.UTC().Format(time.RFC3339); s != r.trigger {
			t.Errorf("%s in %s at %s: trigger %s, want %s", r.typ, r.zone, r.at, s, r.trigger)
		}
		if s := typ.DocumentedTrigger(p, at).UTC().Format(time.RFC3339); s != r.docum {
			t.Errorf("%s at %s: documented %s, want %s", r.typ, r.at, s, r.docum)
		}
	}
}

func formatOffset(d time.Duration) string {
	sign := "+"
	if d < 0 {
		sign, d = "-", -d
	}
	m := int(d / time.Minute)
	return sign + time.Date(0, 1, 1, m/60, m%60, 0, 0, time.UTC).Format("15:04")
}
