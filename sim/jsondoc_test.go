package sim

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestAppendString: the fast path writes what encoding/json reads back,
// markup as it is, and the characters a terminal acts on escaped.
func TestAppendString(t *testing.T) {
	for _, s := range []string{"", "plain", `a"b\c`, "<tag>&amp;", "line\nbreak", "esc\x1b[31m", "c1\u009b", "bidi\u202e", "sep\u2028", "naïve", string([]byte{0xff, 'x'})} {
		b := AppendString(nil, s)
		var back string
		if err := json.Unmarshal(b, &back); err != nil {
			t.Errorf("%q: %s does not read back: %v", s, b, err)
			continue
		}
		if want := strings.ToValidUTF8(s, "\ufffd"); back != want {
			t.Errorf("%q read back as %q", s, back)
		}
		if !bytes.Equal(b, AppendString(nil, []byte(s))) {
			t.Errorf("%q: string and bytes differ", s)
		}
		for _, r := range string(b) {
			if unsafeRune(r) || r < 0x20 {
				t.Errorf("%q: %s holds %U as it is", s, b, r)
			}
		}
		if strings.Contains(s, "<") && !strings.Contains(string(b), "<") {
			t.Errorf("%q: markup escaped: %s", s, b)
		}
	}
}

// TestJSONDoc: a document with no event and one with two read back, with
// their fields in order.
func TestJSONDoc(t *testing.T) {
	from := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for _, n := range []int{0, 2} {
		var b bytes.Buffer
		d := NewJSONDoc(&b, Head{Engine: "bpmn", From: from, Until: from.Add(time.Hour), Header: "h"})
		for i := range n {
			d.Event(map[string]any{"time": Instant(from.Add(time.Duration(i) * time.Minute)), "kind": "k", "message": "m"})
		}
		if err := d.End([]any{TimerID{Engine: "bpmn", Timer: "t"}}); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Schema   string
			Notes    []string
			Findings []any
			Events   []map[string]any
			Timers   []TimerID
		}
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		if doc.Schema != SimulateSchema || doc.Notes == nil || doc.Findings == nil || len(doc.Events) != n || len(doc.Timers) != 1 {
			t.Errorf("%+v\n%s", doc, b.String())
		}
		if i := strings.Index(b.String(), `"events"`); i < 0 || i > strings.Index(b.String(), `"timers"`) {
			t.Errorf("events after timers:\n%s", b.String())
		}
	}
}

// TestInstant: UTC with Z, a fraction only when there is one.
func TestInstant(t *testing.T) {
	x := time.Date(2026, 11, 1, 9, 0, 0, 500_000_000, time.FixedZone("CET", 3600))
	if got := Instant(x); got != "2026-11-01T08:00:00.5Z" {
		t.Error(got)
	}
	if got := string(AppendInstant(nil, x.Truncate(time.Second))); got != "2026-11-01T08:00:00Z" {
		t.Error(got)
	}
}
