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

// Simulate runs the cron workflow, up to MaxEntries scheduled times, and
// returns them in order.
func Simulate(in Input) []Entry {
	var out []Entry
	_ = Each(in, func(e Entry) error { out = append(out, e); return nil })
	return out
}

// Each runs the cron workflow as Simulate does and hands each scheduled
// time to fn, in order, as soon as no later run can come before it: it
// keeps the times of one run at most, so that its memory does not grow
// with the window. The times of one run (those it skipped, its own, those
// a downtime swallowed) all fall at or before its start, and the next
// run's after it, so sorting each run's times orders them all. An error
// of fn stops the simulation and is returned.
func Each(in Input, fn func(Entry) error) error {
	rng := rand.New(rand.NewPCG(in.Seed, 0x5ea35))
	// out holds the current run's times; n counts those handed to fn.
	var out []Entry
	n := 0
	flush := func() error {
		// A stable sort keeps equal times in the order they were recorded.
		slices.SortStableFunc(out, func(a, b Entry) int { return a.Scheduled.Compare(b.Scheduled) })
		for _, e := range out {
			if err := fn(e); err != nil {
				return err
			}
		}
		n += len(out)
		out = out[:0]
		return nil
	}
	prevStart, prevClose := in.From, in.From
	for {
		if err := flush(); err != nil {
			return err
		}
		next := in.Schedule.Next(prevStart)
		var missed []time.Time
		if n >= MaxEntries {
			break
		}
		for !next.IsZero() && next.Before(prevClose) && next.Before(in.Until) && n+len(missed) < MaxEntries {
			missed = append(missed, next)
			next = in.Schedule.Next(next)
		}
		if n+len(missed) >= MaxEntries {
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
			if next.IsZero() {
				break
			}
			// The backoff from the close to the next time, rounded up to
			// whole seconds, as the server computes it.
			e.Scheduled, base = next, prevClose.Add(ceilSeconds(next.Sub(prevClose)))
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
			for t := in.Schedule.Next(e.Scheduled); !t.IsZero() && t.Before(w.End) && t.Before(in.Until) && n+len(out) < MaxEntries; t = in.Schedule.Next(t) {
				out = append(out, Entry{Scheduled: t, Status: Skipped, Reason: fmt.Sprintf("the server was down from %s to %s, and the late run started at its end", stamp(w.Start), stamp(w.End))})
			}
		}
		e.Close = e.Start.Add(in.RunTime)
		out = append(out, e)
		prevStart, prevClose = e.Start, e.Close
	}
	return flush()
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
	t := NewText(w, in)
	if err := t.Begin(); err != nil {
		return err
	}
	for _, e := range es {
		if err := t.Entry(e); err != nil {
			return err
		}
	}
	return t.End()
}

// StreamText simulates and writes the text as WriteText does, each line
// when its time is known.
func StreamText(w io.Writer, in Input) error {
	t := NewText(w, in)
	if err := t.Begin(); err != nil {
		return err
	}
	if err := Each(in, t.Entry); err != nil {
		return err
	}
	return t.End()
}

// Text writes the text output of one schedule line by line.
type Text struct {
	w      io.Writer
	in     Input
	counts map[Status]int
	n      int
}

// NewText starts the text output of a simulation.
func NewText(w io.Writer, in Input) *Text { return &Text{w: w, in: in, counts: map[Status]int{}} }

// Header is the first line of a schedule's text output.
func Header(in Input) string {
	jitter := "no jitter"
	if in.Jitter > 0 {
		jitter = fmt.Sprintf("jitter up to %s (seed %d)", in.Jitter, in.Seed)
	}
	return fmt.Sprintf("cron %q from %s until %s, each run %s, overlap %s, %s",
		in.Schedule.Spec, stamp(in.From), stamp(in.Until), in.RunTime, in.Overlap, jitter)
}

// Begin writes the header.
func (t *Text) Begin() error {
	_, err := fmt.Fprintln(t.w, Header(t.in))
	return err
}

// Message is an entry's text line without its scheduled time.
func (e Entry) Message() string {
	if e.Status == Skipped {
		return "skipped   " + e.Reason
	}
	line := fmt.Sprintf("%-8s  start %s", e.Status, stamp(e.Start))
	if e.Jitter > 0 {
		line += fmt.Sprintf(" (jitter %s)", e.Jitter)
	}
	line += ", close " + stamp(e.Close)
	if e.Reason != "" {
		line += "; " + e.Reason
	}
	return line
}

// Entry writes one scheduled time's line.
func (t *Text) Entry(e Entry) error {
	t.counts[e.Status]++
	t.n++
	_, err := fmt.Fprintf(t.w, "%s  %s\n", stamp(e.Scheduled), e.Message())
	return err
}

// End writes the summary.
func (t *Text) End() error {
	if t.n >= MaxEntries {
		if _, err := fmt.Fprintf(t.w, "stopped at %d scheduled times, the limit: simulate a shorter window (--until)\n", MaxEntries); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(t.w, "%d scheduled: %d run, %d buffered, %d skipped\n", t.n, t.counts[Run], t.counts[Buffered], t.counts[Skipped])
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
