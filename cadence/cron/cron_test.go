package cron

import (
	"testing"
	"time"
)

func TestCheck(t *testing.T) {
	at2026(t)
	for _, tc := range []struct {
		spec string
		want []Problem
	}{
		{"0 9 * * 1-5", nil},
		{"@every 90s", nil},
		{"@daily", nil},
		{"0 0 29 2 *", nil}, // fires in leap years, within robfig's five-year search
		{"0 9 * *", []Problem{Syntax}},
		{"61 * * * *", []Problem{Syntax}},
		{"0 0 30 2 *", []Problem{Never}},
		{"0 0 31 4 *", []Problem{Never}},
		{"CRON_TZ=Europe/Berlin 0 9 * * *", []Problem{TimeZone}},
		{"TZ=UTC 0 9 * * *", nil},               // one offset: nothing moves
		{"CRON_TZ=Asia/Kolkata 0 9 * * *", nil}, // no daylight saving since 1945
		{"@every 0s", []Problem{Every}},
		{"@every -1m", []Problem{Every}},
		{"CRON_TZ=Nowhere/Atlantis 0 9 * * *", []Problem{Syntax}},
		{"CRON_TZ=Europe/Berlin 0 0 30 2 *", []Problem{Never, TimeZone}},
		{"TZ=", []Problem{Syntax}}, // robfig/cron v3.0.1 panics on it
		{"CRON_TZ=UTC", []Problem{Syntax}},
	} {
		got := Check(tc.spec)
		if len(got) != len(tc.want) {
			t.Errorf("%q: %d findings %+v, want %v", tc.spec, len(got), got, tc.want)
			continue
		}
		for i, f := range got {
			if f.Problem != tc.want[i] || f.What == "" || f.Detail == "" {
				t.Errorf("%q: finding %d = %+v, want problem %d with words", tc.spec, i, f, tc.want[i])
			}
		}
	}
}

// TestZone pins what ENGINES.md records: CRON_TZ=Europe/Berlin 0 9 * * *
// fires at 08:00Z in winter and 07:00Z after the March change.
func TestZone(t *testing.T) {
	s, err := Parse("CRON_TZ=Europe/Berlin 0 9 * * *")
	if err != nil {
		t.Skipf("no Europe/Berlin zone data here: %v", err)
	}
	winter := s.Next(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	summer := s.Next(time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC))
	if winter != time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC) || summer != time.Date(2026, 4, 1, 7, 0, 0, 0, time.UTC) {
		t.Errorf("winter %s, summer %s; want 08:00Z and 07:00Z", winter, summer)
	}
	if winter.Location() != time.UTC {
		t.Errorf("Next returns %s, want UTC", winter.Location())
	}
}

func FuzzCheck(f *testing.F) {
	for _, s := range []string{"0 9 * * 1-5", "@every 90s", "0 0 30 2 *", "CRON_TZ=Europe/Berlin 0 9 * * *", "*/0 * * * *", "@every -1s", "TZ= * * * * *"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		for _, fd := range Check(spec) {
			if fd.What == "" || fd.Detail == "" {
				t.Fatalf("%q: a finding without words: %+v", spec, fd)
			}
		}
		if s, err := Parse(spec); err == nil {
			from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			if n := s.Next(from); !n.IsZero() && !n.After(from) {
				t.Fatalf("%q: next %s is not after %s", spec, n, from)
			}
		}
	})
}
