package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Edit storms (issue 29): a burst of didChange notifications for one
// buffer settles with a check after the burst, on the latest text, not a
// check per edit. Before: 10,000 one-character edits of a 2 KB buffer ran
// 10,000 checks (28 s) with no debounce delay; of a 1 MB buffer, with the
// 150 ms delay, they did not settle within 30 s (a line index and a copy
// of the whole buffer per edit).

// storm sends n didChange notifications for one buffer, each typing one
// space at the start of line 2, and waits for the diagnostics of the last
// version. pad lines of comment make the buffer large. It returns how many
// checks the server ran for the storm, how many of them it dropped as
// stale, and how long it took to settle.
func storm(t *testing.T, debounce time.Duration, n, pad int) (checks, dropped int64, took time.Duration) {
	t.Helper()
	dir := copyExamples(t)
	path := filepath.Join(dir, "broken", "reminders.bpmn")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if pad > 0 {
		comment := "<!--\n" + strings.Repeat("padding padding padding padding padding padding\n", pad) + "-->\n"
		i := strings.LastIndex(string(src), "</bpmn:definitions>")
		src = []byte(string(src[:i]) + comment + string(src[i:]))
		if err := os.WriteFile(path, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := newClient(t, debounce)
	c.initialize(nil, nil)
	uri := c.open(path)
	c.waitDiags(uri, 1)
	checks0, dropped0 := c.server.checks.Load(), c.server.dropped.Load()
	start := time.Now()
	at := Range{Start: Position{Line: 1}, End: Position{Line: 1}}
	for v := 2; v <= n+1; v++ {
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": v},
			"contentChanges": []map[string]any{{"range": at, "text": " "}}})
	}
	ds := c.waitDiags(uri, n+1)
	took = time.Since(start)
	checks, dropped = c.server.checks.Load()-checks0, c.server.dropped.Load()-dropped0

	// The diagnostics are those of the latest text, which holds every edit.
	line2 := strings.Index(string(src), "\n") + 1
	want := string(src[:line2]) + strings.Repeat(" ", n) + string(src[line2:])
	c.server.mu.Lock()
	got := string(c.server.docs[uri].text)
	c.server.mu.Unlock()
	if got != want {
		t.Errorf("the buffer after the storm is not the text with the %d edits", n)
	}
	if cli := cliFindings(t, path, []byte(want)); len(ds) != len(cli) || find(ds, "TMR1004") == nil {
		t.Errorf("the last version's diagnostics: %d (TMR1004 %v), check reports %d", len(ds), find(ds, "TMR1004") != nil, len(cli))
	}
	return checks, dropped, took
}

// TestEditStormDebounced: with a debounce delay, a burst of 10,000 edits
// is one check.
func TestEditStormDebounced(t *testing.T) {
	checks, dropped, took := storm(t, time.Second, 10_000, 0)
	t.Logf("10,000 edits, 1 s debounce: %d checks (%d dropped), settled in %v", checks, dropped, took)
	if checks != 1 {
		t.Errorf("%d checks for a burst of 10,000 edits, want 1", checks)
	}
}

// TestEditStormAtOnce: with no debounce delay, the server checks once it
// has read what the client sent, so a burst is a few checks, not one per
// edit (before: 10,000).
func TestEditStormAtOnce(t *testing.T) {
	checks, dropped, took := storm(t, 0, 10_000, 0)
	t.Logf("10,000 edits, no debounce: %d checks (%d dropped), settled in %v", checks, dropped, took)
	if checks > 100 {
		t.Errorf("%d checks for a burst of 10,000 edits, want a few", checks)
	}
}

// TestEditStormLargeBuffer: a burst of edits of a 1 MB buffer costs the
// edits, not a pass over the buffer each (before: not settled in 30 s).
func TestEditStormLargeBuffer(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1 MB buffer")
	}
	if raceEnabled {
		// The detector makes 10,000 edits of 1 MB several times slower;
		// the storms of TestEditStormDebounced and TestEditStormAtOnce
		// run under it.
		t.Skip("a 1 MB buffer under the race detector")
	}
	for _, d := range []time.Duration{0, 150 * time.Millisecond} {
		checks, dropped, took := storm(t, d, 10_000, 20_000)
		t.Logf("10,000 edits of 1 MB, debounce %v: %d checks (%d dropped), settled in %v", d, checks, dropped, took)
		if checks > 100 {
			t.Errorf("debounce %v: %d checks for a burst of 10,000 edits, want a few", d, checks)
		}
	}
}

// TestRequestSeesDueChecks: with no debounce delay, a request that comes
// in the same burst as the edits before it (no wait for diagnostics) is
// answered on the latest text: the checks due run first.
func TestRequestSeesDueChecks(t *testing.T) {
	dir := copyExamples(t)
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(filepath.Join(dir, "broken", "reminders.bpmn"))
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{"range": Range{Start: Position{Line: 1}, End: Position{Line: 1}}, "text": "<!-- typing -->\n"}}})
	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": Range{End: Position{Line: 999}},
		"context": map[string]any{"diagnostics": []Diagnostic{}},
	}, &actions)
	if len(actions) == 0 {
		t.Fatal("no code actions: the request was answered before the check of the latest text")
	}
}
