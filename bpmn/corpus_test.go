package bpmn

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir holds Spiff's own test models and its verdict on each timer.
// It is read in place, never copied into the repository.
const corpusDir = "/work/shared/corpus/spiff"

// TestSpiffCorpus loads the real models and checks that every timer listed
// in SPIFF_VERDICTS.tsv is found, on the right element type and id, with
// the text Spiff evaluated, and that no other timer is found.
func TestSpiffCorpus(t *testing.T) {
	tsv, err := os.ReadFile(filepath.Join(corpusDir, "SPIFF_VERDICTS.tsv"))
	if err != nil {
		t.Skipf("the shared corpus is not available: %v", err)
	}
	kinds := map[string]ExprKind{"date": TimeDate, "duration": TimeDuration, "cycle": TimeCycle}
	docs := map[string]*Document{}
	want := map[string]int{} // timers listed per file
	lines := strings.Split(strings.TrimSpace(string(tsv)), "\n")
	if len(lines) < 2 {
		t.Fatal("SPIFF_VERDICTS.tsv has no rows")
	}
	for _, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 5 {
			t.Fatalf("bad row %q", line)
		}
		file, typ, id, kind := f[0], f[1], f[2], kinds[f[3]]
		var text string
		if err := json.Unmarshal([]byte(f[4]), &text); err != nil {
			t.Fatalf("row %q: text: %v", line, err)
		}
		doc := docs[file]
		if doc == nil {
			var lerr *Error
			if doc, lerr = Load(filepath.Join(corpusDir, file)); lerr != nil {
				t.Errorf("%s: %v", file, lerr)
				continue
			}
			docs[file] = doc
		}
		want[file]++
		e, ok := doc.ByID[id].(*Element)
		if !ok {
			t.Errorf("%s: %s is not an element (%T)", file, id, doc.ByID[id])
			continue
		}
		if e.Type != typ {
			t.Errorf("%s: %s is a %s, want %s", file, id, e.Type, typ)
		}
		if len(e.Timers) != 1 {
			t.Errorf("%s: %s has %d timers, want 1", file, id, len(e.Timers))
			continue
		}
		x := e.Timers[0].Effective()
		if x == nil || x.Kind != kind || x.Text != text {
			t.Errorf("%s: %s: got %+v, want %v %q", file, id, x, kind, text)
			continue
		}
		// The text span holds the text as written, which here is raw.
		if got := string(doc.Src[x.TextSpan.Start.Offset:x.TextSpan.End.Offset]); !x.Raw || got != text {
			t.Errorf("%s: %s: TextSpan holds %q (raw %v)", file, id, got, x.Raw)
		}
		checkDocument(t, doc)
	}
	for file, doc := range docs {
		n := 0
		for _, e := range doc.Elements {
			n += len(e.Timers)
		}
		if n != want[file] {
			t.Errorf("%s: found %d timers, the verdicts list %d", file, n, want[file])
		}
	}
}

// checkDocument checks the invariants every loaded document keeps: every
// position is inside the file and agrees with its offset, spans run
// forward, and element spans are start tags.
func checkDocument(t testing.TB, doc *Document) {
	t.Helper()
	src := string(doc.Src)
	bom := 0
	if strings.HasPrefix(src, "\xEF\xBB\xBF") {
		bom = 3
	}
	ref := refPositions(src[bom:])
	checkSpan := func(what string, s Span, nonEmpty bool) {
		t.Helper()
		for _, p := range []Pos{s.Start, s.End} {
			if p.Offset < bom || p.Offset > len(src) {
				t.Fatalf("%s: offset %d outside the file (%d bytes)", what, p.Offset, len(src))
			}
			if want := ref[p.Offset-bom]; p.Line != want.Line || p.Col != want.Col {
				t.Fatalf("%s: position %d:%d, want %d:%d for offset %d", what, p.Line, p.Col, want.Line, want.Col, p.Offset)
			}
		}
		if s.Start.Offset > s.End.Offset || (nonEmpty && s.Start.Offset == s.End.Offset) {
			t.Fatalf("%s: span %d..%d does not run forward", what, s.Start.Offset, s.End.Offset)
		}
	}
	// tag checks that a span is the start tag of an element whose local
	// name is local, which shows the span belongs to the right element.
	tag := func(what string, s Span, local string) {
		t.Helper()
		checkSpan(what, s, true)
		text := src[s.Start.Offset:s.End.Offset]
		if text[0] != '<' || text[len(text)-1] != '>' {
			t.Fatalf("%s: span %q is not a tag", what, text)
		}
		name := strings.FieldsFunc(text[1:], func(r rune) bool { return strings.ContainsRune(" \t\r\n/>", r) })[0]
		if _, l, ok := strings.Cut(name, ":"); ok {
			name = l
		}
		if name != local {
			t.Fatalf("%s: span %q is not a <%s> tag", what, text, local)
		}
	}
	kinds := map[ProcessKind]string{KindProcess: "process", KindSubProcess: "subProcess", KindEventSubProcess: "subProcess",
		KindTransaction: "transaction", KindAdHocSubProcess: "adHocSubProcess"}
	tag("root", doc.Root, "definitions")
	for _, p := range doc.Processes {
		tag("process "+p.ID, p.Span, kinds[p.Kind])
	}
	for _, e := range doc.Elements {
		tag("element "+e.ID, e.Span, e.Type)
		if e.Type == "boundaryEvent" {
			checkSpan("attachedToRef of "+e.ID, e.AttachedSpan, false)
		}
		for _, d := range e.EventDefinitions {
			tag("event definition of "+e.ID, d.Span, d.Type)
		}
		for _, tm := range e.Timers {
			tag("timer of "+e.ID, tm.Span, "timerEventDefinition")
			for _, x := range tm.Exprs {
				tag("expression of "+e.ID, x.Span, x.Kind.String())
				checkSpan("text of "+e.ID, x.TextSpan, false)
				if x.TextSpan.Start != x.Span.End {
					t.Fatalf("text of %s does not start at the end of its tag", e.ID)
				}
				if x.Raw != (x.Text == src[x.TextSpan.Start.Offset:x.TextSpan.End.Offset]) {
					t.Fatalf("Raw of %s is %v for %q", e.ID, x.Raw, x.Text)
				}
			}
		}
	}
	for _, f := range doc.Flows {
		tag("flow "+f.ID, f.Span, "sequenceFlow")
	}
	for _, c := range doc.Comments {
		checkSpan("comment", c.Span, true)
		if got := src[c.Span.Start.Offset:c.Span.End.Offset]; got != "<!--"+c.Text+"-->" {
			t.Fatalf("comment span holds %q, text is %q", got, c.Text)
		}
	}
}

// refPositions returns the line and column of every offset of src, and of
// the end of it, counted one byte at a time: a reference for the line index.
func refPositions(src string) []Pos {
	out := make([]Pos, len(src)+1)
	line, col := 1, 1
	for i := 0; i <= len(src); i++ {
		out[i] = Pos{Offset: i, Line: line, Col: col}
		if i < len(src) && src[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return out
}
