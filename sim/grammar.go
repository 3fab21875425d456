// Package sim is the engine-neutral core of the simulators: the one
// grammar of a run's inputs (an instant, a duration, a window, and the
// scenario header every engine's scenario file extends), read the same in
// flags, scenario files and config. Each engine's simulator (bpmn/sim,
// wfe/sim, stateflows/sim, cadence/sim) builds on it; it knows no engine.
//
// The grammar, once:
//
//   - An instant is RFC 3339 with Z or an offset (fractional seconds
//     allowed, spaces around it ignored), read as that moment and returned
//     in UTC. A value without a zone is an error here: no engine's clock is
//     guessed. An engine whose host reads local wall time (Stateflows'
//     --now) says so itself, with ParseWallTime and the host's zone.
//   - A duration is ISO 8601 of exact length (PT1S, PT1H30M, P7D, P2W; no
//     years or months, whose length depends on the date) or Go syntax
//     (1s, 1h30m, 90m): both everywhere, read by one parser
//     (lint/duration, which the config reads too), so that flags,
//     scenario files and .seams-timers.yaml agree.
//   - A window is START/END, two instants, END after START: the runtime is
//     down in [START, END).
//   - A scenario header is from, until, step and down (Header).
package sim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/seams/seams-timers/lint/duration"
)

// ParseInstant reads an RFC 3339 instant with Z or an offset, surrounding
// spaces ignored, and returns it in UTC.
func ParseInstant(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, &InstantError{Text: s}
	}
	return t.UTC(), nil
}

// InstantError is a value that is no RFC 3339 instant.
type InstantError struct{ Text string }

func (e *InstantError) Error() string {
	return "want an RFC 3339 instant with Z or an offset, such as 2026-11-01T12:00:00Z, not " + strconv.Quote(e.Text)
}

// wallLayouts are the forms of a wall time without a zone.
var wallLayouts = []string{"2006-01-02T15:04:05", "2006-01-02T15:04", "2006-01-02 15:04:05", "2006-01-02 15:04"}

// ParseWallTime reads a wall time without a zone (2026-11-04T10:00:30,
// 2026-11-04 10:00) as the clock on the wall shows it; the engine that
// reads host-local time turns it into an instant in the host's zone. An
// RFC 3339 instant is not a wall time (ok is false).
func ParseWallTime(s string) (wall time.Time, ok bool) {
	s = strings.TrimSpace(s)
	for _, layout := range wallLayouts {
		if w, err := time.Parse(layout, s); err == nil {
			return w, true
		}
	}
	return time.Time{}, false
}

// ParseDuration reads a duration of zero or more, surrounding spaces
// ignored, with the one duration grammar of the config
// (lint.ParseConfigDuration): ISO 8601 of exact length (PT1S, P7D, P2W,
// PT0.5S) or Go syntax (1s, 1h30m).
func ParseDuration(s string) (time.Duration, error) {
	v := strings.TrimSpace(s)
	d, err := duration.Parse(v)
	if err != nil {
		return 0, &DurationError{Text: s, Why: durationWhy(v)}
	}
	return d, nil
}

// durationWhy says why a value that is no duration is not, where the
// form alone does not say it.
func durationWhy(v string) string {
	switch {
	case v == "":
		return "it is empty"
	case strings.HasPrefix(v, "-"):
		return "it is negative"
	case strings.HasPrefix(v, "P"):
		date, _, _ := strings.Cut(v, "T")
		if strings.ContainsAny(date, "YM") {
			return "years and months have no fixed length; give days instead"
		}
	}
	return ""
}

// ParsePositiveDuration is ParseDuration of a duration greater than zero.
func ParsePositiveDuration(s string) (time.Duration, error) {
	d, err := ParseDuration(s)
	if err != nil {
		return 0, err
	}
	if d <= 0 {
		return 0, &DurationError{Text: s, Why: "want a positive duration"}
	}
	return d, nil
}

// DurationError is a value that is no duration the grammar reads.
type DurationError struct {
	Text string
	// Why is the reason, when there is one beyond the form.
	Why string
}

func (e *DurationError) Error() string {
	msg := strconv.Quote(e.Text) + " is not a duration such as PT1S, P7D, 90s or 1h30m"
	if e.Why != "" {
		msg += " (" + e.Why + ")"
	}
	return msg
}

// Window is a half-open span of time [Start, End) in which the runtime is
// down.
type Window struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// String renders the window as START/END, in UTC.
func (w Window) String() string { return FormatInstant(w.Start) + "/" + FormatInstant(w.End) }

// Contains reports whether t lies in the window.
func (w Window) Contains(t time.Time) bool { return !t.Before(w.Start) && t.Before(w.End) }

// ParseWindow reads START/END: two instants, END after START.
func ParseWindow(s string) (Window, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Window{}, fmt.Errorf("%q: want START/END, such as 2026-11-10T00:00:00Z/2026-11-17T00:00:00Z", s)
	}
	start, err := ParseInstant(a)
	if err != nil {
		return Window{}, err
	}
	end, err := ParseInstant(b)
	if err != nil {
		return Window{}, err
	}
	if !end.After(start) {
		return Window{}, fmt.Errorf("%q: the end is not after the start", s)
	}
	return Window{Start: start, End: end}, nil
}

// FormatInstant renders an instant in UTC, RFC 3339, with the fraction
// of a second only when there is one: 2026-11-01T12:00:00Z.
func FormatInstant(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.999999999Z")
}

// DownAt returns the window of ws that holds t, if any.
func DownAt(ws []Window, t time.Time) (Window, bool) {
	for _, w := range ws {
		if w.Contains(t) {
			return w, true
		}
	}
	return Window{}, false
}

// ErrNoFrom is a scenario with no start.
var ErrNoFrom = errors.New("from is missing")
