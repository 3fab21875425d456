package history

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"
)

const cadenceHistory = `[
  {"eventId": 1, "timestamp": 1764579600000000000, "eventType": "WorkflowExecutionStarted"},
  {"eventId": 5, "timestamp": 1764579600000000000, "eventType": "TimerStarted",
   "timerStartedEventAttributes": {"timerId": "1", "startToFireTimeoutSeconds": 60}},
  {"eventId": 6, "timestamp": 1764579600000000000, "eventType": "TimerStarted",
   "timerStartedEventAttributes": {"timerId": "2", "startToFireTimeoutSeconds": 600}},
  {"eventId": 8, "timestamp": 1764579690000000000, "eventType": "TimerFired",
   "timerFiredEventAttributes": {"timerId": "1", "startedEventId": 5}},
  {"eventId": 9, "timestamp": 1764579690000000000, "eventType": "CancelTimerFailed",
   "cancelTimerFailedEventAttributes": {"timerId": "1", "cause": "TIMER_ID_UNKNOWN"}},
  {"eventId": 10, "timestamp": 1764579700000000000, "eventType": "WorkflowExecutionCompleted"}
]`

const temporalHistory = `{"events": [
  {"eventId": "1", "eventTime": "2025-12-01T09:00:00Z", "eventType": "EVENT_TYPE_WORKFLOW_EXECUTION_STARTED"},
  {"eventId": "5", "eventTime": "2025-12-01T09:00:00Z", "eventType": "EVENT_TYPE_TIMER_STARTED",
   "timerStartedEventAttributes": {"timerId": "a", "startToFireTimeout": "1.5s"}},
  {"eventId": "7", "eventTime": "2025-12-01T09:00:01.5Z", "eventType": "EVENT_TYPE_TIMER_FIRED",
   "timerFiredEventAttributes": {"timerId": "a", "startedEventId": "5"}}
]}`

func TestParseCadence(t *testing.T) {
	h, err := Parse([]byte(cadenceHistory))
	if err != nil {
		t.Fatal(err)
	}
	if h.SDK != "Cadence" || len(h.Events) != 6 {
		t.Fatalf("SDK %s, %d events", h.SDK, len(h.Events))
	}
	ev := h.Events[1]
	if ev.Type != "TimerStarted" || ev.TimerID != "1" || ev.Timeout != time.Minute || ev.ID != 5 {
		t.Errorf("event 5 = %+v", ev)
	}
	if got := cadenceHistory[ev.Offset:ev.End]; !strings.HasPrefix(got, `{"eventId": 5,`) || !strings.HasSuffix(got, "}}") {
		t.Errorf("event 5's bytes are %q", got)
	}
	fs := Check(h, 10*time.Second)
	var rules []string
	for _, f := range fs {
		rules = append(rules, f.Rule+"@"+itoa(f.Event.ID))
	}
	if got := strings.Join(rules, " "); got != "late@8 cancel-failed@9 unresolved@6" {
		t.Errorf("findings %s", got)
	}
	if !strings.Contains(fs[0].What, "30s after its due time") {
		t.Errorf("lateness not named: %s", fs[0].What)
	}
	// With a threshold over the lateness, the fire is on time.
	if fs := Check(h, time.Minute); len(fs) != 2 {
		t.Errorf("threshold 1m: %d findings, want 2", len(fs))
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestParseTemporal(t *testing.T) {
	h, err := Parse([]byte(temporalHistory))
	if err != nil {
		t.Fatal(err)
	}
	if h.SDK != "Temporal" || len(h.Events) != 3 || h.Events[1].Type != "TimerStarted" || h.Events[1].Timeout != 1500*time.Millisecond {
		t.Fatalf("%+v", h)
	}
	if fs := Check(h, 0); len(fs) != 0 {
		t.Errorf("a timer fired on time, and the run is open: findings %+v", fs)
	}
}

func TestSyntaxErrors(t *testing.T) {
	for _, tc := range []struct {
		src    string
		offset int
	}{
		{`[{"eventId": 1, "eventType": "TimerStarted",]`, 44},
		{`[{"eventId": 1, "eventType": "TimerStarted"}`, 44},
		{`{"events": 3, "eventType": "x"}`, 12},
		{`"eventType"`, 0},
		{`[{"eventId": 1, "eventType": 7}]`, 1},
	} {
		_, err := Parse([]byte(tc.src))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("%s: error %v, want a *SyntaxError", tc.src, err)
			continue
		}
		if se.Offset != tc.offset {
			t.Errorf("%s: offset %d (%s), want %d", tc.src, se.Offset, se.Msg, tc.offset)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(cadenceHistory))
	f.Add([]byte(temporalHistory))
	f.Add([]byte(`[{"eventType": "TimerStarted", "timerStartedEventAttributes": {"startToFireTimeoutSeconds": "x"}}]`))
	f.Fuzz(func(t *testing.T, src []byte) {
		h, err := Parse(src)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(src) {
				t.Fatalf("error %#v: want a *SyntaxError inside the input", err)
			}
			return
		}
		for _, ev := range h.Events {
			if ev.Offset < 0 || ev.End > len(src) || ev.Offset >= ev.End || src[ev.Offset] != '{' {
				t.Fatalf("event %+v: range outside the input or not at its object", ev)
			}
		}
		_ = Check(h, time.Second)
	})
}

func TestSniffByStructure(t *testing.T) {
	for _, c := range []struct {
		src  string
		want bool
	}{
		{`[{"eventId": 1, "eventType": "WorkflowExecutionStarted", "timestamp": 1}]`, true},
		{`[{"eventId": 1, "eventType": "WorkflowExecutionStarted",]`, true}, // a broken export: Parse reports it
		{`{"events": [{"eventId": "1", "eventType": "EVENT_TYPE_WORKFLOW_EXECUTION_STARTED"}]}`, true},
		{`{"namespace": "x", "history": {"events": [{"eventType": "EVENT_TYPE_TIMER_STARTED"}]}}`, true},
		{`{"name": "desk", "version": "1.0.0", "eventType": "not a history"}`, false},
		{`{"panels": [{"targets": [{"eventType": "TimerFired"}]}]}`, false},
		{`[{"id": 1, "meta": {"eventType": "x"}}]`, false},
		{`{"events": [{"kind": "click", "eventType": "x"}]}`, true},
		{`{"events": "eventType"}`, false},
		{`["eventType"]`, false},
		{`"eventType"`, false},
		{`{"events": [`, false},
		{`not json "eventType"`, false},
	} {
		if got := Sniff([]byte(c.src)); got != c.want {
			t.Errorf("Sniff(%s) = %v, want %v", c.src, got, c.want)
		}
	}
}
