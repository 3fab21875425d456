package lsp

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

func TestNegotiateEncoding(t *testing.T) {
	for _, tc := range []struct {
		offered []string
		want    string
	}{
		{nil, encUTF16},
		{[]string{"utf-8", "utf-16"}, encUTF8},
		{[]string{"utf-16", "utf-8"}, encUTF16},
		{[]string{"utf-32"}, encUTF32},
		{[]string{"latin-1"}, encUTF16},
	} {
		if got := negotiateEncoding(tc.offered); got != tc.want {
			t.Errorf("negotiateEncoding(%q) = %s, want %s", tc.offered, got, tc.want)
		}
	}
}

// TestLineIndex converts byte offsets on a line with non-ASCII text (two
// bytes for ü, four for 𝄞, a surrogate pair in UTF-16) in each encoding,
// and back.
func TestLineIndex(t *testing.T) {
	text := []byte("ab\r\n\tü𝄞x\nlast")
	off := strings.Index(string(text), "x")
	for _, tc := range []struct {
		enc  string
		char int
	}{{encUTF8, 1 + 2 + 4}, {encUTF16, 1 + 1 + 2}, {encUTF32, 1 + 1 + 1}} {
		x := newLineIndex(text, tc.enc)
		p := x.position(off)
		if p != (Position{Line: 1, Character: tc.char}) {
			t.Errorf("%s: position(%d) = %+v, want line 1 character %d", tc.enc, off, p, tc.char)
		}
		if back := x.offset(p); back != off {
			t.Errorf("%s: offset(%+v) = %d, want %d", tc.enc, p, back, off)
		}
		// Past the end of line 0 is its end, before "\r\n"; past the last
		// line is the end of the text.
		if got := x.offset(Position{Line: 0, Character: 99}); got != 2 {
			t.Errorf("%s: offset past line 0's end = %d, want 2", tc.enc, got)
		}
		if got := x.offset(Position{Line: 9, Character: 0}); got != len(text) {
			t.Errorf("%s: offset past the last line = %d, want %d", tc.enc, got, len(text))
		}
	}
	// A finding's byte column past the end of its line stays on the line.
	if got := newLineIndex(text, encUTF8).lineColOffset(1, 40); got != 2 {
		t.Errorf("lineColOffset(1, 40) = %d, want 2 (the end of line 1)", got)
	}
	// A character inside the surrogate pair stops before the rune.
	x := newLineIndex(text, encUTF16)
	if got, want := x.offset(Position{Line: 1, Character: 3}), strings.Index(string(text), "𝄞"); got != want {
		t.Errorf("offset inside a surrogate pair = %d, want %d", got, want)
	}
}

// TestUTF8Positions negotiates UTF-8 and checks that a finding after
// non-ASCII text on its line is at its byte column, and that UTF-16 puts
// it at its UTF-16 column.
func TestUTF8Positions(t *testing.T) {
	dir := copyExamples(t)
	path := filepath.Join(dir, "broken", "reminders.bpmn")
	src, _ := os.ReadFile(path)
	wide := strings.Replace(string(src), "        <bpmn:timeDuration>PT48H", "<!-- Prüfung für die Frist --><bpmn:timeDuration>PT48H", 1)
	if err := os.WriteFile(path, []byte(wide), 0o644); err != nil {
		t.Fatal(err)
	}
	col := strings.Index(strings.Split(wide, "\n")[11], "PT48H")
	for _, tc := range []struct {
		enc  string
		char int
	}{{encUTF8, col}, {encUTF16, col - 2}} {
		c := newClient(t, 0)
		if res := c.initialize([]string{tc.enc}, nil); res.Capabilities.PositionEncoding != tc.enc {
			t.Fatalf("positionEncoding %s, want %s", res.Capabilities.PositionEncoding, tc.enc)
		}
		uri := c.open(path)
		d := find(c.waitDiags(uri, 1), "TMR1004")
		if d == nil || d.Range.Start != (Position{Line: 11, Character: tc.char}) {
			t.Errorf("%s: TMR1004 at %+v, want line 11 character %d", tc.enc, d, tc.char)
		}
	}
}

// TestWatchedGraph changes the index graph on disk: the open model that
// the graph covers is checked again, and the finding the change resolves
// is gone. A finding on a triple about an element points at the element.
func TestWatchedGraph(t *testing.T) {
	dir := copyExamples(t)
	c := newClient(t, 0)
	c.initialize(nil, nil)
	model := filepath.Join(dir, "broken", "lifts", "approval.bpmn")
	uri := c.open(model)
	if find(c.waitDiags(uri, 1), "TMR3001") == nil {
		t.Fatal("no TMR3001 on the unlifted boundary")
	}
	graphPath := filepath.Join(dir, "broken", "lifts", "index.ttl")
	g, _ := os.ReadFile(graphPath)
	g = append(g, "<approval.bpmn#Escalate> a proc:TimerCatchEvent .\n"...)
	if err := os.WriteFile(graphPath, g, 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": pathURI(graphPath), "type": fileChanged}}})
	if d := find(c.waitDiags(uri, 1), "TMR3001"); d != nil {
		t.Fatalf("TMR3001 still reported after the graph lifted the timer: %+v", d)
	}

	// The graph, open: TMR3002 on the triple names the element of
	// digest.bpmn it is about.
	guri := c.open(graphPath)
	d := find(c.waitDiags(guri, 1), "TMR3002")
	if d == nil || len(d.RelatedInformation) != 1 {
		t.Fatalf("TMR3002: %+v", d)
	}
	rel := d.RelatedInformation[0]
	digest, _ := os.ReadFile(filepath.Join(dir, "broken", "lifts", "digest.bpmn"))
	line := strings.Count(string(digest[:strings.Index(string(digest), `id="EveryMorning"`)]), "\n")
	if rel.Location.URI != pathURI(filepath.Join(dir, "broken", "lifts", "digest.bpmn")) || rel.Location.Range.Start.Line != line ||
		!strings.Contains(rel.Message, "digest.bpmn#EveryMorning") {
		t.Errorf("related information %+v, want digest.bpmn line %d", rel, line)
	}

	// An unsaved edit of the open graph re-checks the open model against
	// the buffer: removing the lift brings TMR3001 back.
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": guri, "version": 2},
		"contentChanges": []map[string]any{{"text": strings.Replace(string(g), "<approval.bpmn#Escalate> a proc:TimerCatchEvent .\n", "", 1)}},
	})
	deadline := time.After(20 * time.Second)
	for {
		select {
		case p := <-c.got:
			if p.URI == uri && find(p.Diagnostics, "TMR3001") != nil {
				return
			}
		case <-deadline:
			t.Fatal("the model was not checked again against the edited graph buffer")
		}
	}
}

// TestInlayHints: off unless asked for, then the next firing after each
// timer body.
func TestInlayHints(t *testing.T) {
	dir := copyExamples(t)
	path := filepath.Join(dir, "broken", "schedules.bpmn")
	params := func(uri string) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": uri}, "range": Range{End: Position{Line: 999}}}
	}
	off := newClient(t, 0)
	if res := off.initialize(nil, nil); res.Capabilities.InlayHintProvider {
		t.Fatal("inlay hints on by default")
	}
	var hints []inlayHint
	uri := off.open(path)
	off.mustCall("textDocument/inlayHint", params(uri), &hints)
	if len(hints) != 0 {
		t.Fatalf("hints while off: %+v", hints)
	}
	on := newClient(t, 0)
	if res := on.initialize(nil, map[string]any{"inlayHints": true}); !res.Capabilities.InlayHintProvider {
		t.Fatal("inlayHints: true did not turn the provider on")
	}
	uri = on.open(path)
	on.mustCall("textDocument/inlayHint", params(uri), &hints)
	labels := map[string]bool{}
	for _, h := range hints {
		labels[h.Label] = true
	}
	// EveryMonthEnd: R/2026-01-31T18:00:00Z/P1M on a timer start, from
	// 2026-11-01T12:00:00Z: the seams calendar gives Nov 30.
	if !labels["next 2026-11-30T18:00:00Z"] || !labels["refused: TMR1031"] {
		t.Errorf("hints: %+v", hints)
	}
}

// TestBrokenBuffer types a model character by character, from nothing:
// every prefix is half-typed XML. The server reports a finding on each
// (or none), never crashes, and still answers.
func TestBrokenBuffer(t *testing.T) {
	dir := copyExamples(t)
	path := filepath.Join(dir, "broken", "reminders.bpmn")
	src, _ := os.ReadFile(path)
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := pathURI(path)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "xml", "version": 1, "text": ""}})
	c.waitDiags(uri, 1)
	x := newLineIndex(nil, encUTF16)
	var last []Diagnostic
	for i := 0; i < len(src); i += 7 {
		end := x.position(len(x.text))
		chunk := src[i:min(i+7, len(src))]
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": i + 2},
			"contentChanges": []map[string]any{{"range": Range{Start: end, End: end}, "text": string(chunk)}},
		})
		x = newLineIndex(append(append([]byte{}, x.text...), chunk...), encUTF16)
		last = c.waitDiags(uri, i+2)
		if len(last) == 0 {
			t.Fatalf("no finding on the half-typed buffer %q", x.text)
		}
		if i%70 == 0 {
			var h *hover
			c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": end}, &h)
			var actions []codeAction
			c.mustCall("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": Range{End: end}, "context": map[string]any{}}, &actions)
		}
	}
	if ds := cliFindings(t, path, src); len(ds) != len(last) {
		t.Errorf("after typing the whole model: %d diagnostics, check reports %d", len(last), len(ds))
	}
}

// TestPlainHover: a client that shows hover text only as plain text gets
// it without Markdown marks.
func TestPlainHover(t *testing.T) {
	dir := copyExamples(t)
	c := newClient(t, 0)
	var res initializeResult
	c.mustCall("initialize", map[string]any{"capabilities": map[string]any{"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"plaintext"}}}}}, &res)
	uri := c.open(filepath.Join(dir, "broken", "schedules.bpmn"))
	c.waitDiags(uri, 1)
	var h hover
	// EveryMonthEnd's body, on a timer start: the seams calendar.
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{Line: 25, Character: 40}}, &h)
	v := h.Contents.Value
	if h.Contents.Kind != "plaintext" || strings.ContainsAny(v, "`*") || !strings.Contains(v, "Next 5 firings") ||
		!strings.Contains(v, "seams calendar: calendar multiples") || !strings.Contains(v, "- 2026-11-30T18:00:00Z") ||
		!strings.Contains(v, "- 2027-02-28T18:00:00Z") {
		t.Errorf("plain hover (%s):\n%s", h.Contents.Kind, v)
	}
}

// TestSuppressAction applies the suppression code action, then writes a
// reason after the ID: first TMR0010 asks for the reason and TMR1004
// stays, then TMR1004 is gone.
func TestSuppressAction(t *testing.T) {
	dir := copyExamples(t)
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(filepath.Join(dir, "broken", "reminders.bpmn"))
	d := find(c.waitDiags(uri, 1), "TMR1004")
	if d == nil {
		t.Fatal("no TMR1004")
	}
	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": d.Range, "context": map[string]any{"diagnostics": []Diagnostic{*d}}}, &actions)
	var edit *textEdit
	for _, a := range actions {
		if strings.HasPrefix(a.Title, "Suppress TMR1004") {
			edit = &a.Edit.Changes[uri][0]
		}
	}
	if edit == nil {
		t.Fatalf("no suppression among %+v", actions)
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{"range": edit.Range, "text": edit.NewText}}})
	ds := c.waitDiags(uri, 2)
	if find(ds, "TMR0010") == nil || find(ds, "TMR1004") == nil {
		t.Fatalf("after the comment without a reason: %+v", ds)
	}
	// The reason goes after the ID, before " -->".
	at := Position{Line: edit.Range.Start.Line, Character: strings.Index(edit.NewText, " -->")}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3},
		"contentChanges": []map[string]any{{"range": Range{Start: at, End: at}, "text": " the bank sends PT48H as is"}}})
	ds = c.waitDiags(uri, 3)
	if find(ds, "TMR0010") != nil || find(ds, "TMR1004") != nil || find(ds, "TMR0012") != nil {
		t.Fatalf("after writing the reason: %+v", ds)
	}
}

// TestDebounce: changes that come faster than the debounce delay are
// checked once, on the last version; closing the buffer clears its
// diagnostics.
func TestDebounce(t *testing.T) {
	dir := copyExamples(t)
	path := filepath.Join(dir, "broken", "reminders.bpmn")
	c := newClient(t, time.Second)
	c.initialize(nil, nil)
	uri := c.open(path)
	for v := 2; v <= 6; v++ {
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": v},
			"contentChanges": []map[string]any{{"range": Range{Start: Position{Line: 1}, End: Position{Line: 1}}, "text": "<!-- typing -->\n"}}})
	}
	select {
	case p := <-c.got:
		if p.Version == nil || *p.Version != 6 || len(p.Diagnostics) == 0 {
			t.Fatalf("first diagnostics after the burst: version %v, %d diagnostics; want version 6", p.Version, len(p.Diagnostics))
		}
	case <-time.After(30 * time.Second):
		t.Fatal("no diagnostics after the burst")
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if ds := c.waitDiags(uri, 0); len(ds) != 0 {
		t.Fatalf("diagnostics after close: %+v", ds)
	}
}

// TestOtherEngine: a file of another engine (Stateflows' C#) gets the
// same diagnostics as check reports, and its suppression is a // comment
// on the line before the finding, which silences it once a reason is
// written.
func TestOtherEngine(t *testing.T) {
	dir := copyExamples(t)
	path := filepath.Join(dir, "stateflows", "OrderMachine.cs")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Skip("no Stateflows example")
	}
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(path)
	ds := c.waitDiags(uri, 1)
	want := cliFindings(t, path, src)
	if len(ds) == 0 || len(ds) != len(want) {
		t.Fatalf("%d diagnostics, check reports %d", len(ds), len(want))
	}
	for i, w := range want {
		if ds[i].Code != w.Rule || ds[i].Range.Start != (Position{Line: w.Line - 1, Character: w.Column - 1}) {
			t.Errorf("diagnostic %d: %s at %+v, check reports %s at %d:%d", i, ds[i].Code, ds[i].Range.Start, w.Rule, w.Line, w.Column)
		}
	}
	d := ds[len(ds)-1]
	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": d.Range, "context": map[string]any{"diagnostics": []Diagnostic{d}}}, &actions)
	var edit *textEdit
	for _, a := range actions {
		if strings.HasPrefix(a.Title, "Suppress "+d.Code) {
			edit = &a.Edit.Changes[uri][0]
		}
	}
	if edit == nil || !strings.HasSuffix(edit.NewText, "// seams-timers:ignore "+d.Code+"\n") || edit.Range.Start != (Position{Line: d.Range.Start.Line}) {
		t.Fatalf("suppression of %s: %+v", d.Code, actions)
	}
	text := strings.TrimSuffix(edit.NewText, "\n") + " the test accepts it\n"
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{"range": edit.Range, "text": text}}})
	after := c.waitDiags(uri, 2)
	for _, a := range after {
		if a.Code == d.Code && a.Range.Start.Line == d.Range.Start.Line+1 || a.Code == "TMR0010" || a.Code == "TMR0012" {
			t.Errorf("after the suppression with a reason: %s at %+v", a.Code, a.Range.Start)
		}
	}
	if len(after) != len(ds)-1 {
		t.Errorf("after the suppression: %d diagnostics, want %d", len(after), len(ds)-1)
	}
}

// TestConfigNow: a config that fixes now is the clock of hover and inlay
// hints too, as it is of the check and of `seams-timers next`.
func TestConfigNow(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../examples/broken/schedules.bpmn")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "schedules.bpmn")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, lint.ConfigFileName), []byte("now: 2027-03-01T00:00:00Z\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, 0)
	c.initialize(nil, map[string]any{"inlayHints": true})
	uri := c.open(path)
	c.waitDiags(uri, 1)
	// EveryMonthEnd, R/2026-01-31T18:00:00Z/P1M on a timer start: from
	// the config's now the seams calendar gives Mar 31, from the server's
	// clock (2026-11-01) Nov 30.
	var h hover
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{Line: 25, Character: 40}}, &h)
	if !strings.Contains(h.Contents.Value, "from now (2027-03-01T00:00:00Z)") || !strings.Contains(h.Contents.Value, "- `2027-03-31T18:00:00Z`") {
		t.Errorf("hover with the config's now:\n%s", h.Contents.Value)
	}
	var hints []inlayHint
	c.mustCall("textDocument/inlayHint", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": Range{End: Position{Line: 999}}}, &hints)
	labels := map[string]bool{}
	for _, h := range hints {
		labels[h.Label] = true
	}
	if !labels["next 2027-03-31T18:00:00Z"] {
		t.Errorf("inlay hints with the config's now: %+v", hints)
	}
}

// TestWatchGlobs: every file name the BPMN engine reads as a model or a
// graph, and the config, is one a registered watcher covers, so that a
// change on disk to a model the graph names reaches the file cache.
func TestWatchGlobs(t *testing.T) {
	for _, name := range []string{"a.bpmn", "a.bpmn2", "a.bpmn20.xml", "index.ttl", "index.nt", lint.ConfigFileName} {
		if !bpmn.IsBPMNPath(name) && !graph.IsGraphPath(name) && name != lint.ConfigFileName {
			t.Fatalf("%s is not a file the engine reads", name)
		}
		watched := false
		for _, g := range watchGlobs {
			if ok, _ := path.Match(strings.TrimPrefix(g, "**/"), name); ok {
				watched = true
			}
		}
		if !watched {
			t.Errorf("no watcher of %v covers %s", watchGlobs, name)
		}
	}
}
