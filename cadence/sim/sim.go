// Package sim simulates a Cadence cron workflow as the server runs it: the
// next run is computed from the current run's start with the schedule in
// UTC; a scheduled time that falls before the run closes is skipped, or,
// with the buffer-one policy, the first such time is buffered and starts as
// soon as the run closes; the start jitter (whole seconds, seeded) is added
// to each start; a run whose start falls in a downtime window starts when
// the window ends.
package sim

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/seams/seams-timers/cadence/cron"
	simcore "github.com/seams/seams-timers/sim"
)

// Overlap is what the server does with a scheduled time that falls before
// the current run closes.
type Overlap int

// The overlap policies.
const (
	// Skip skips every such time (Cadence's default).
	Skip Overlap = iota
	// BufferOne buffers the first such time and starts it as soon as the
	// run closes; the others are skipped.
	BufferOne
)

// ParseOverlap reads skip or buffer-one.
func ParseOverlap(s string) (Overlap, error) {
	switch s {
	case "", "skip":
		return Skip, nil
	case "buffer-one", "buffer":
		return BufferOne, nil
	}
	return Skip, fmt.Errorf("--overlap %q: want skip or buffer-one", s)
}

func (o Overlap) String() string {
	if o == BufferOne {
		return "buffer-one"
	}
	return "skip"
}

// Window is a downtime of the server, [Start, End), the core's.
type Window = simcore.Window

// Input is one simulation.
type Input struct {
	Schedule *cron.Schedule
	// From is when the cron workflow is started; Until ends the
	// simulation (exclusive).
	From, Until time.Time
	// RunTime is how long each run takes.
	RunTime time.Duration
	Overlap Overlap
	// Jitter is the start jitter's upper bound; each run's jitter is a
	// whole number of seconds in [0, Jitter], drawn from Seed.
	Jitter time.Duration
	Seed   uint64
	Down   []Window
}

// Status is what became of a scheduled time.
type Status string

// The statuses.
const (
	Run      Status = "run"
	Buffered Status = "buffered"
	Skipped  Status = "skipped"
)

// Entry is one scheduled time and what became of it.
type Entry struct {
	Scheduled time.Time
	Status    Status
	// Start and Close are the run's, for a run or a buffered time.
	Start, Close time.Time
	Jitter       time.Duration
	// Reason says why a time was skipped, or why a run started late.
	Reason string
}

// MaxEntries bounds a simulation: it stops once it has recorded this many
// scheduled times (a cron of every minute over 100 years would otherwise
// hold 52 million), and WriteText says so. The memory of simulate is then
// bounded by its output.
const MaxEntries = 100_000

// Simulate runs the cron workflow, up to MaxEntries scheduled times.
func Simulate(in Input) []Entry {
	rng := rand.New(rand.NewPCG(in.Seed, 0x5ea35))
	var out []Entry
	prevStart, prevClose := in.From, in.From
	for {
		n := in.Schedule.Next(prevStart)
		var missed []time.Time
		if len(out) >= MaxEntries {
			break
		}
		for !n.IsZero() && n.Before(prevClose) && n.Before(in.Until) && len(out)+len(missed) < MaxEntries {
			missed = append(missed, n)
			n = in.Schedule.Next(n)
		}
		if len(out)+len(missed) >= MaxEntries {
			for _, m := range missed {
				out = append(out, Entry{Scheduled: m, Status: Skipped, Reason: fmt.Sprintf("the run started %s was still open (it closed %s)", stamp(prevStart), stamp(prevClose))})
			}
			break
		}
		e := Entry{Status: Run}
		var base time.Time
		if in.Overlap == BufferOne && len(missed) > 0 {
			e.Scheduled, e.Status, base = missed[0], Buffered, prevClose
			missed = missed[1:]
		} else {
			if n.IsZero() {
				break
			}
			// The backoff from the close to the next time, rounded up to
			// whole seconds, as the server computes it.
			e.Scheduled, base = n, prevClose.Add(ceilSeconds(n.Sub(prevClose)))
		}
		for _, m := range missed {
			if !m.Before(in.Until) {
				break
			}
			out = append(out, Entry{Scheduled: m, Status: Skipped, Reason: fmt.Sprintf("the run started %s was still open (it closed %s)", stamp(prevStart), stamp(prevClose))})
		}
		if !e.Scheduled.Before(in.Until) {
			break
		}
		if in.Jitter > 0 {
			e.Jitter = time.Duration(rng.Int64N(int64(ceilSeconds(in.Jitter)/time.Second)+1)) * time.Second
		}
		e.Start = base.Add(e.Jitter)
		if w, ok := downAt(in.Down, e.Start); ok {
			e.Reason = fmt.Sprintf("the server was down from %s to %s", stamp(w.Start), stamp(w.End))
			e.Start = w.End
			// The times the downtime swallowed were never scheduled: the
			// server schedules the next time when this run closes, from
			// its start.
			for t := in.Schedule.Next(e.Scheduled); !t.IsZero() && t.Before(w.End) && t.Before(in.Until) && len(out) < MaxEntries; t = in.Schedule.Next(t) {
				out = append(out, Entry{Scheduled: t, Status: Skipped, Reason: fmt.Sprintf("the server was down from %s to %s, and the late run started at its end", stamp(w.Start), stamp(w.End))})
			}
		}
		e.Close = e.Start.Add(in.RunTime)
		out = append(out, e)
		prevStart, prevClose = e.Start, e.Close
	}
	// A stable sort keeps equal times in the order they were recorded.
	slices.SortStableFunc(out, func(a, b Entry) int { return a.Scheduled.Compare(b.Scheduled) })
	return out
}

// downAt returns the downtime window holding t.
func downAt(ws []Window, t time.Time) (Window, bool) { return simcore.DownAt(ws, t) }

func ceilSeconds(d time.Duration) time.Duration {
	if r := d % time.Second; r > 0 {
		return d - r + time.Second
	}
	return d
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// WriteText writes the simulation: a header, one line per scheduled time,
// and a summary.
func WriteText(w io.Writer, in Input, es []Entry) error {
	jitter := "no jitter"
	if in.Jitter > 0 {
		jitter = fmt.Sprintf("jitter up to %s (seed %d)", in.Jitter, in.Seed)
	}
	if _, err := fmt.Fprintf(w, "cron %q from %s until %s, each run %s, overlap %s, %s\n",
		in.Schedule.Spec, stamp(in.From), stamp(in.Until), in.RunTime, in.Overlap, jitter); err != nil {
		return err
	}
	counts := map[Status]int{}
	for _, e := range es {
		counts[e.Status]++
		var err error
		switch e.Status {
		case Skipped:
			_, err = fmt.Fprintf(w, "%s  skipped   %s\n", stamp(e.Scheduled), e.Reason)
		default:
			line := fmt.Sprintf("%s  %-8s  start %s", stamp(e.Scheduled), e.Status, stamp(e.Start))
			if e.Jitter > 0 {
				line += fmt.Sprintf(" (jitter %s)", e.Jitter)
			}
			line += ", close " + stamp(e.Close)
			if e.Reason != "" {
				line += "; " + e.Reason
			}
			_, err = fmt.Fprintln(w, line)
		}
		if err != nil {
			return err
		}
	}
	if len(es) >= MaxEntries {
		if _, err := fmt.Fprintf(w, "stopped at %d scheduled times, the limit: simulate a shorter window (--until)\n", MaxEntries); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "%d scheduled: %d run, %d buffered, %d skipped\n", len(es), counts[Run], counts[Buffered], counts[Skipped])
	return err
}

// CheckJitter refuses a start jitter larger than the schedule's interval,
// as the Cadence frontend does. Facts (cadence-workflow/cadence at
// 5bc96221b, service/frontend/api/handler.go,
// validateStartWorkflowExecutionRequest; common/backoff/cron.go): with a
// cron schedule and a jitter over zero, the frontend computes the backoff
// from the zero time.Time to the schedule's next firing, in whole seconds
// rounded up, and refuses the start with "A valid JitterStartSeconds is
// not set on request (larger than cron duration)" when the jitter exceeds
// it. That backoff also holds a random draw in [0, jitter] (the function
// adds the jitter it is given), so a jitter up to the interval always
// passes and a larger one is refused with probability (J-I)/(J+1) in
// seconds: simulate refuses every such jitter, the runs it would draw
// being ones the frontend may refuse. The client rounds the jitter up to
// whole seconds (go.uber.org/cadence: common.Int32Ceil), as here.
func CheckJitter(s *cron.Schedule, jitter time.Duration) error {
	if jitter <= 0 {
		return nil
	}
	var zero time.Time
	next := s.Next(zero)
	if next.IsZero() {
		return nil // refused as a schedule with no next firing
	}
	interval := ceilSeconds(next.Sub(zero))
	j := ceilSeconds(jitter)
	if j <= interval {
		return nil
	}
	ji, ii := int64(j/time.Second), int64(interval/time.Second)
	return fmt.Errorf("the Cadence frontend refuses a jitter larger than the schedule's interval (%q: %s, from the zero time 0001-01-01T00:00:00Z to its first firing) with %q, at random: its check adds a draw in [0, jitter] to the interval, so %s is refused %d times in %d",
		s.Spec, interval, "A valid JitterStartSeconds is not set on request (larger than cron duration).", j, ji-ii, ji+1)
}
