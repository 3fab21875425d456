// Package history reads workflow histories exported by the Cadence CLI
// (a JSON array of events, int64 nanosecond timestamps) and the Temporal
// CLI ({"events": [...]}, RFC 3339 times, "60s" durations, enum names
// such as EVENT_TYPE_TIMER_STARTED), with the range of every event in the
// file.
package history

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// Event is one event of a history, with what the timer rules need.
type Event struct {
	ID   int64
	Type string // TimerStarted, TimerFired, ... (the Cadence spelling)
	Time time.Time
	// TimerID is the timer's ID for the timer events.
	TimerID string
	// Timeout is a TimerStarted's start-to-fire timeout.
	Timeout time.Duration
	// Offset and End are the event object's bytes in the file.
	Offset, End int
}

// History is a parsed history file.
type History struct {
	Events []Event
	// SDK is "Cadence" or "Temporal", as the format says.
	SDK string
}

// SyntaxError is a file that is not JSON, or not a history, at an offset.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string { return e.Msg }

// Sniff reports whether src is shaped as an exported history: a JSON array
// whose first element is an object with an "eventType" key (the Cadence
// CLI), or an object with an "events" array, at its top or under
// "history", whose first element is (the Temporal CLI). Other JSON, even
// one that names "eventType" somewhere (a package.json, a dashboard), is
// not a history and is skipped. Only the start of the file is read: a
// history broken further on (truncated, a stray comma) is still one, and
// Parse reports where it breaks.
func Sniff(src []byte) bool {
	if !bytes.Contains(src, []byte(`"eventType"`)) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	tok, err := dec.Token()
	if err != nil {
		return false
	}
	switch tok {
	case json.Delim('['):
		return firstEventHasType(dec)
	case json.Delim('{'):
		return sniffEventsKey(dec, 0)
	}
	return false
}

// sniffEventsKey reads the keys of an object (its '{' read) for "events"
// holding an array of events, or "history" holding such an object.
func sniffEventsKey(dec *json.Decoder, depth int) bool {
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch key, _ := tok.(string); {
		case key == "events":
			if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
				return false
			}
			return firstEventHasType(dec)
		case key == "history" && depth == 0:
			if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
				return false
			}
			return sniffEventsKey(dec, depth+1)
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return false
			}
		}
	}
	return false
}

// firstEventHasType reads the first element of an array (its '[' read) and
// reports whether it is an object with an "eventType" key among its own.
func firstEventHasType(dec *json.Decoder) bool {
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if tok == "eventType" {
			return true
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return false
		}
	}
	return false
}

// MaxEvents bounds the events of a history file, four times the servers'
// own limit on a workflow's history (51,200 events in Cadence and
// Temporal): an event is held in about 90 bytes, so 60 MB of tiny events
// would take gigabytes.
const MaxEvents = 200_000

// Parse reads a history file, up to MaxEvents events.
func Parse(src []byte) (*History, error) {
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.UseNumber()
	h := &History{SDK: "Cadence"}
	tok, err := dec.Token()
	if err != nil {
		return nil, syntaxErr(src, dec, err)
	}
	switch tok {
	case json.Delim('['):
	case json.Delim('{'):
		h.SDK = "Temporal"
		if err := seekEvents(src, dec); err != nil {
			return nil, err
		}
	default:
		return nil, &SyntaxError{Offset: 0, Msg: "a history is a JSON array of events or an object with an \"events\" array"}
	}
	for dec.More() {
		start := skipSpace(src, int(dec.InputOffset()))
		if len(h.Events) >= MaxEvents {
			return nil, &SyntaxError{Offset: start, Msg: fmt.Sprintf("more than %d events: the history is too large to check", MaxEvents)}
		}
		var raw map[string]any
		if err := dec.Decode(&raw); err != nil {
			return nil, syntaxErr(src, dec, err)
		}
		ev, err := event(raw)
		if err != nil {
			return nil, &SyntaxError{Offset: start, Msg: err.Error()}
		}
		ev.Offset, ev.End = start, int(dec.InputOffset())
		h.Events = append(h.Events, ev)
	}
	if _, err := dec.Token(); err != nil {
		return nil, syntaxErr(src, dec, err)
	}
	return h, nil
}

// seekEvents moves the decoder into the events array of an object,
// looking one level down ({"history": {"events": [...]}}) too.
func seekEvents(src []byte, dec *json.Decoder) error {
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return syntaxErr(src, dec, err)
		}
		key, _ := tok.(string)
		if key == "events" {
			tok, err := dec.Token()
			if err != nil {
				return syntaxErr(src, dec, err)
			}
			if tok != json.Delim('[') {
				return &SyntaxError{Offset: int(dec.InputOffset()), Msg: `"events" is not an array`}
			}
			return nil
		}
		if key == "history" {
			tok, err := dec.Token()
			if err != nil {
				return syntaxErr(src, dec, err)
			}
			if tok == json.Delim('{') {
				return seekEvents(src, dec)
			}
			return &SyntaxError{Offset: int(dec.InputOffset()), Msg: `"history" is not an object`}
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return syntaxErr(src, dec, err)
		}
	}
	return &SyntaxError{Offset: int(dec.InputOffset()), Msg: `the object has no "events" array`}
}

func syntaxErr(src []byte, dec *json.Decoder, err error) error {
	// The streaming decoder's offsets are not always at the offending
	// byte; a whole-document parse says where the first error is.
	var v any
	if uerr := json.Unmarshal(src, &v); uerr != nil {
		var se *json.SyntaxError
		if errors.As(uerr, &se) {
			off := max(int(se.Offset)-1, 0)
			if strings.Contains(se.Error(), "unexpected end") {
				off = len(src)
			}
			return &SyntaxError{Offset: off, Msg: "not valid JSON: " + se.Error()}
		}
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return &SyntaxError{Offset: min(int(te.Offset), len(src)), Msg: "not valid JSON: " + te.Error()}
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return &SyntaxError{Offset: len(src), Msg: "not valid JSON: the file ends inside a value"}
	}
	return &SyntaxError{Offset: min(int(dec.InputOffset()), len(src)), Msg: "not valid JSON: " + err.Error()}
}

func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r' || src[i] == ',') {
		i++
	}
	return i
}

// event reads one event object.
func event(raw map[string]any) (Event, error) {
	var ev Event
	typ, ok := raw["eventType"].(string)
	if !ok {
		return ev, fmt.Errorf("event has no eventType string")
	}
	ev.Type = normalType(typ)
	if id, ok := number(raw["eventId"]); ok {
		ev.ID = id
	}
	switch t := raw["timestamp"].(type) {
	case json.Number:
		ns, err := strconv.ParseInt(t.String(), 10, 64)
		if err != nil {
			return ev, fmt.Errorf("event %d: timestamp %s is not nanoseconds", ev.ID, t)
		}
		ev.Time = time.Unix(0, ns).UTC()
	case string:
		tt, err := time.Parse(time.RFC3339Nano, t)
		if err != nil {
			return ev, fmt.Errorf("event %d: timestamp %q is not RFC 3339", ev.ID, t)
		}
		ev.Time = tt.UTC()
	}
	if t, ok := raw["eventTime"].(string); ok {
		tt, err := time.Parse(time.RFC3339Nano, t)
		if err != nil {
			return ev, fmt.Errorf("event %d: eventTime %q is not RFC 3339", ev.ID, t)
		}
		ev.Time = tt.UTC()
	}
	attrs, _ := raw[lowerFirst(ev.Type)+"EventAttributes"].(map[string]any)
	if attrs == nil {
		return ev, nil
	}
	switch id := attrs["timerId"].(type) {
	case string:
		ev.TimerID = id
	case json.Number:
		ev.TimerID = id.String()
	}
	if ev.Type == "TimerStarted" {
		switch {
		case attrs["startToFireTimeoutSeconds"] != nil:
			s, ok := number(attrs["startToFireTimeoutSeconds"])
			if !ok {
				return ev, fmt.Errorf("event %d: startToFireTimeoutSeconds is not a whole number", ev.ID)
			}
			ev.Timeout = time.Duration(s) * time.Second
		case attrs["startToFireTimeout"] != nil:
			s, _ := attrs["startToFireTimeout"].(string)
			d, err := protoDuration(s)
			if err != nil {
				return ev, fmt.Errorf("event %d: startToFireTimeout %q is not a duration such as \"60s\"", ev.ID, s)
			}
			ev.Timeout = d
		}
	}
	return ev, nil
}

// number reads a JSON number or a string holding one (protojson writes
// int64 as strings).
func number(v any) (int64, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = x
	default:
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// protoDuration reads a protobuf JSON duration ("60s", "1.5s").
func protoDuration(s string) (time.Duration, error) {
	if !strings.HasSuffix(s, "s") {
		return 0, fmt.Errorf("no unit")
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(s, "s"), 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("bad duration")
	}
	return time.Duration(f * float64(time.Second)), nil
}

// normalType turns EVENT_TYPE_TIMER_STARTED into TimerStarted; a
// CamelCase name is kept.
func normalType(t string) string {
	if !strings.HasPrefix(t, "EVENT_TYPE_") {
		return t
	}
	var b strings.Builder
	for _, w := range strings.Split(strings.TrimPrefix(t, "EVENT_TYPE_"), "_") {
		if w == "" {
			continue
		}
		b.WriteString(w[:1])
		b.WriteString(strings.ToLower(w[1:]))
	}
	return b.String()
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// Closes reports whether an event type closes the run.
func Closes(t string) bool {
	switch t {
	case "WorkflowExecutionCompleted", "WorkflowExecutionFailed", "WorkflowExecutionTimedOut",
		"WorkflowExecutionCanceled", "WorkflowExecutionTerminated", "WorkflowExecutionContinuedAsNew":
		return true
	}
	return false
}

// Finding is a timer problem a history shows, at an event.
type Finding struct {
	// Rule is "late", "cancel-failed" or "unresolved".
	Rule  string
	Event Event
	What  string
	// Detail says what it means and what to do.
	Detail string
}

// Check returns the timer findings of a history: a TimerFired later than
// its start plus its timeout plus late; a CancelTimerFailed; a
// TimerStarted neither fired nor cancelled before the run closed.
func Check(h *History, late time.Duration) []Finding {
	var out []Finding
	started := map[string]Event{}
	var order []string
	resolved := map[string]bool{}
	closed := false
	for _, ev := range h.Events {
		if closed {
			break
		}
		switch ev.Type {
		case "TimerStarted":
			if _, seen := started[ev.TimerID]; !seen {
				order = append(order, ev.TimerID)
			}
			started[ev.TimerID] = ev
			resolved[ev.TimerID] = false
		case "TimerFired":
			resolved[ev.TimerID] = true
			st, ok := started[ev.TimerID]
			if !ok || st.Time.IsZero() || ev.Time.IsZero() {
				continue
			}
			due := st.Time.Add(st.Timeout)
			if by := ev.Time.Sub(due); by > late {
				out = append(out, Finding{Rule: "late", Event: ev,
					What: fmt.Sprintf("timer %s fired at %s, %s after its due time %s (started %s with a timeout of %s)",
						ev.TimerID, stamp(ev.Time), by, stamp(due), stamp(st.Time), st.Timeout),
					Detail: fmt.Sprintf("Timer expiry is a target, not a latency guarantee: the lateness is over the configured %s (cadence.timer-late). Look at the timer-task latency of the cluster for that time.", late)})
			}
		case "TimerCanceled":
			resolved[ev.TimerID] = true
		case "CancelTimerFailed":
			out = append(out, Finding{Rule: "cancel-failed", Event: ev,
				What:   fmt.Sprintf("the cancellation of timer %s failed: it had already fired, so the race between cancel and fire happened", ev.TimerID),
				Detail: "The workflow code must handle a timer that fires although it was cancelled (its Get returns nil); see TMR8007."})
		default:
			closed = Closes(ev.Type)
		}
	}
	if !closed {
		return out
	}
	for _, id := range order {
		if !resolved[id] {
			ev := started[id]
			out = append(out, Finding{Rule: "unresolved", Event: ev,
				What:   fmt.Sprintf("timer %s was started and neither fired nor was cancelled before the run closed", id),
				Detail: "A timer left pending when the run ends is dropped; cancel it before returning, or wait for it, so that the history says what became of it."})
		}
	}
	return out
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }
