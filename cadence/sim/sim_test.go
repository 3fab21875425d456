package sim

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/cadence/cron"
)

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func schedule(t *testing.T, spec string) *cron.Schedule {
	t.Helper()
	s, err := cron.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type row struct {
	scheduled string
	status    Status
	start     string
}

func check(t *testing.T, got []Entry, want []row) {
	t.Helper()
	if len(got) != len(want) {
		for _, e := range got {
			t.Logf("%s %s %s", e.Scheduled.Format(time.RFC3339), e.Status, e.Start.Format(time.RFC3339))
		}
		t.Fatalf("%d entries, want %d", len(got), len(want))
	}
	for i, w := range want {
		e := got[i]
		if !e.Scheduled.Equal(at(w.scheduled)) || e.Status != w.status {
			t.Errorf("entry %d: %s %s, want %s %s", i, e.Scheduled.Format(time.RFC3339), e.Status, w.scheduled, w.status)
		}
		if w.start != "" && !e.Start.Equal(at(w.start)) {
			t.Errorf("entry %d (%s): start %s, want %s", i, w.scheduled, e.Start.Format(time.RFC3339), w.start)
		}
	}
}

// TestSkip: an hourly schedule whose runs take 90 minutes skips every
// other time; each next run is computed from the run's start.
func TestSkip(t *testing.T) {
	got := Simulate(Input{Schedule: schedule(t, "0 * * * *"), From: at("2026-12-01T08:30:00Z"), Until: at("2026-12-01T13:00:00Z"), RunTime: 90 * time.Minute})
	check(t, got, []row{
		{"2026-12-01T09:00:00Z", Run, "2026-12-01T09:00:00Z"},
		{"2026-12-01T10:00:00Z", Skipped, ""},
		{"2026-12-01T11:00:00Z", Run, "2026-12-01T11:00:00Z"},
		{"2026-12-01T12:00:00Z", Skipped, ""},
	})
}

// TestBufferOne: the first time that falls before the run closes is
// buffered and starts when the run closes; the next is computed from that
// start.
func TestBufferOne(t *testing.T) {
	got := Simulate(Input{Schedule: schedule(t, "0 * * * *"), From: at("2026-12-01T08:30:00Z"), Until: at("2026-12-01T13:00:00Z"), RunTime: 150 * time.Minute, Overlap: BufferOne})
	// 09:00 runs to 11:30; 10:00 buffered (starts 11:30, closes 14:00),
	// 11:00 skipped; from the 11:30 start, 12:00 falls before 14:00 and
	// is buffered, but starts at 14:00, after --until: not listed.
	check(t, got, []row{
		{"2026-12-01T09:00:00Z", Run, "2026-12-01T09:00:00Z"},
		{"2026-12-01T10:00:00Z", Buffered, "2026-12-01T11:30:00Z"},
		{"2026-12-01T11:00:00Z", Skipped, ""},
		{"2026-12-01T12:00:00Z", Buffered, "2026-12-01T14:00:00Z"},
	})
}

// TestJitterAfterDowntime: a run due during a downtime starts when the
// server is back; the times the downtime swallowed are skipped; the jitter
// (seeded) is added to each start; the next time is computed from the late
// start.
func TestJitterAfterDowntime(t *testing.T) {
	in := Input{Schedule: schedule(t, "*/15 * * * *"), From: at("2026-12-01T09:00:00Z"), Until: at("2026-12-01T10:00:00Z"),
		RunTime: time.Minute, Jitter: 30 * time.Second, Seed: 11,
		Down: []Window{{Start: at("2026-12-01T09:14:00Z"), End: at("2026-12-01T09:40:00Z")}}}
	got := Simulate(in)
	check(t, got, []row{
		{"2026-12-01T09:15:00Z", Run, "2026-12-01T09:40:00Z"},
		{"2026-12-01T09:30:00Z", Skipped, ""},
		{"2026-12-01T09:45:00Z", Run, ""},
	})
	last := got[2]
	if last.Jitter < 0 || last.Jitter > 30*time.Second || last.Jitter%time.Second != 0 {
		t.Errorf("jitter %s: want whole seconds in [0s, 30s]", last.Jitter)
	}
	if want := at("2026-12-01T09:45:00Z").Add(last.Jitter); !last.Start.Equal(want) {
		t.Errorf("09:45 starts %s, want %s (its jitter added)", last.Start, want)
	}
	if !strings.Contains(got[0].Reason, "down from 2026-12-01T09:14:00Z to 2026-12-01T09:40:00Z") {
		t.Errorf("the late run does not say why: %q", got[0].Reason)
	}
	// The same seed gives the same jitters; the exact values pin the
	// generator (math/rand/v2 PCG), so that a change shows.
	again := Simulate(in)
	for i := range got {
		if got[i] != again[i] {
			t.Fatalf("entry %d differs between two runs with seed 11", i)
		}
	}
	if got[0].Jitter != 24*time.Second || last.Jitter != 29*time.Second {
		t.Errorf("jitters %s, %s with seed 11; want 24s, 29s", got[0].Jitter, last.Jitter)
	}
}

// TestBackoffRoundsUp: a run that closes off the second waits for the next
// time with the backoff rounded up to whole seconds, as the server computes
// it from the close.
func TestBackoffRoundsUp(t *testing.T) {
	got := Simulate(Input{Schedule: schedule(t, "@every 1m"), From: at("2026-12-01T09:00:00Z"), Until: at("2026-12-01T09:02:30Z"), RunTime: 1500 * time.Millisecond})
	check(t, got, []row{
		{"2026-12-01T09:01:00Z", Run, "2026-12-01T09:01:00Z"},
		// The first run closed at 09:01:01.5; the backoff to 09:02 is
		// 58.5 s, rounded up to 59 s.
		{"2026-12-01T09:02:00Z", Run, "2026-12-01T09:02:00.5Z"},
	})
}

func TestWriteText(t *testing.T) {
	in := Input{Schedule: schedule(t, "0 * * * *"), From: at("2026-12-01T08:30:00Z"), Until: at("2026-12-01T11:00:00Z"), RunTime: 90 * time.Minute}
	var b bytes.Buffer
	if err := WriteText(&b, in, Simulate(in)); err != nil {
		t.Fatal(err)
	}
	want := `cron "0 * * * *" from 2026-12-01T08:30:00Z until 2026-12-01T11:00:00Z, each run 1h30m0s, overlap skip, no jitter
2026-12-01T09:00:00Z  run       start 2026-12-01T09:00:00Z, close 2026-12-01T10:30:00Z
2026-12-01T10:00:00Z  skipped   the run started 2026-12-01T09:00:00Z was still open (it closed 2026-12-01T10:30:00Z)
2 scheduled: 1 run, 0 buffered, 1 skipped
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestSimulateBounded: a cron of every minute over a century stops at
// MaxEntries, and the work (allocations) of a window twice as long is at
// most twice as much until the limit.
func TestSimulateBounded(t *testing.T) {
	s, fs := cron.Read("* * * * *")
	if len(fs) != 0 {
		t.Fatal(fs)
	}
	from := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	es := Simulate(Input{Schedule: s, From: from, Until: from.AddDate(100, 0, 0), RunTime: time.Second})
	if len(es) != MaxEntries {
		t.Fatalf("%d entries, want the limit %d", len(es), MaxEntries)
	}
	var b strings.Builder
	if err := WriteText(&b, Input{Schedule: s, From: from, Until: from.AddDate(100, 0, 0)}, es); err != nil || !strings.Contains(b.String(), "stopped at 100000 scheduled times") {
		t.Errorf("no note of the limit: %v", err)
	}
	// A run longer than the century: every time is missed, still bounded.
	es = Simulate(Input{Schedule: s, From: from, Until: from.AddDate(100, 0, 0), RunTime: 200 * 365 * 24 * time.Hour})
	if len(es) > MaxEntries {
		t.Fatalf("%d entries, over the limit", len(es))
	}
	allocs := func(hours int) float64 {
		return testing.AllocsPerRun(2, func() {
			Simulate(Input{Schedule: s, From: from, Until: from.Add(time.Duration(hours) * time.Hour), RunTime: time.Second})
		})
	}
	a1, a2 := allocs(24), allocs(48)
	if a2 > 2.2*a1+8 {
		t.Errorf("allocations %v for a day, %v for two: super-linear", a1, a2)
	}
}

// TestCheckJitter pins the frontend's jitter check: the interval is from
// the zero time to the first firing (0001-01-01 is a Monday), and a
// jitter up to it passes.
func TestCheckJitter(t *testing.T) {
	for _, tc := range []struct {
		spec   string
		jitter time.Duration
		ok     bool
	}{
		{"@every 1h", time.Hour, true},
		{"@every 1h", time.Hour + time.Second, false},
		{"@every 1h", time.Hour + 500*time.Millisecond, false}, // rounded up to 3601s, as the client does
		{"*/15 * * * *", 15 * time.Minute, true},
		{"*/15 * * * *", 16 * time.Minute, false},
		{"0 9 * * 1-5", 9 * time.Hour, true}, // Monday 09:00 of year 1
		{"0 9 * * 1-5", 10 * time.Hour, false},
		{"@daily", 24 * time.Hour, true},
		{"@every 1h", 0, true},
	} {
		s, err := cron.Parse(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		err = CheckJitter(s, tc.jitter)
		if (err == nil) != tc.ok {
			t.Errorf("%q --jitter %s: %v, want ok %v", tc.spec, tc.jitter, err, tc.ok)
		}
	}
	s, _ := cron.Parse("@every 1h")
	err := CheckJitter(s, 2*time.Hour)
	if err == nil || !strings.Contains(err.Error(), `("@every 1h": 1h0m0s, from the zero time`) || !strings.Contains(err.Error(), "2h0m0s is refused 3600 times in 7201") {
		t.Errorf("2h on @every 1h: %v", err)
	}
}

// TestEachInOrder: the times Each hands over one run at a time come in
// the order a sort of them all gives (the property that lets it keep one
// run's times only), over schedules, run times, jitters, overlaps and
// downtimes that make runs overlap, skip, buffer and start late; and the
// streamed text equals the text of the whole list.
func TestEachInOrder(t *testing.T) {
	from := at("2026-11-01T00:00:00Z")
	for _, spec := range []string{"* * * * *", "*/7 * * * *", "0 * * * *", "30 9 * * 1-5", "0 0 1 * *"} {
		for _, runTime := range []time.Duration{0, 90 * time.Second, 59 * time.Minute, 3 * time.Hour, 50 * time.Hour} {
			for _, overlap := range []Overlap{Skip, BufferOne} {
				for _, jitter := range []time.Duration{0, 45 * time.Second} {
					in := Input{Schedule: schedule(t, spec), From: from, Until: from.Add(4 * 24 * time.Hour), RunTime: runTime,
						Overlap: overlap, Jitter: jitter, Seed: 7,
						Down: []Window{{Start: at("2026-11-03T10:00:00Z"), End: at("2026-11-04T02:30:00Z")}}}
					es := Simulate(in)
					for i := 1; i < len(es); i++ {
						if es[i].Scheduled.Before(es[i-1].Scheduled) {
							t.Fatalf("%s run %s %s jitter %s: %s after %s", spec, runTime, overlap, jitter, es[i].Scheduled, es[i-1].Scheduled)
						}
					}
					var whole, streamed bytes.Buffer
					if err := WriteText(&whole, in, es); err != nil {
						t.Fatal(err)
					}
					if err := StreamText(&streamed, in); err != nil {
						t.Fatal(err)
					}
					if whole.String() != streamed.String() {
						t.Fatalf("%s: streamed text differs", spec)
					}
				}
			}
		}
	}
}
