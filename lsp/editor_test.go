package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
)

// toyEditor is the editor of an engine the server has never heard of:
// each line "timer NAME" of a *.toy file is a timer, hovered over its
// line, hinted at its end, and a finding is suppressed by "; ignore ID"
// above its line.
type toyEditor struct{ now *time.Time }

func (e toyEditor) Timers(_ string, src []byte, now time.Time, n int) []project.EditorTimer {
	*e.now = now
	var out []project.EditorTimer
	off := 0
	for _, line := range strings.SplitAfter(string(src), "\n") {
		text := strings.TrimRight(line, "\n")
		indent := len(text) - len(strings.TrimLeft(text, " "))
		if name, ok := strings.CutPrefix(text[indent:], "timer "); ok {
			at := project.Offsets{Start: off + indent, End: off + len(text)}
			out = append(out, project.EditorTimer{
				Areas:    []project.HoverArea{{At: at, Highlight: project.Offsets{Start: at.Start + len("timer "), End: at.End}}},
				Markdown: "**" + name + "** fires " + string(rune('0'+n)) + " times",
				HintAt:   at.End, Hint: "next " + name,
			})
		}
		off += len(line)
	}
	return out
}

func (toyEditor) Suppression(f *lint.File, d lint.Diagnostic) (project.Suppression, bool) {
	return project.Suppression{At: -1, Comment: "; ignore " + d.Rule}, f.Kind == "toy"
}

// TestEditorOfAnotherEngine: everything the server shows beyond a
// finding comes through project.Editor and lint.Diagnostic.Related, for
// an engine it does not know: hover (the engine's range and text), inlay
// hints, the suppression comment, and the related location in another
// file.
func TestEditorOfAnotherEngine(t *testing.T) {
	dir := t.TempDir()
	toy, other := filepath.Join(dir, "a.toy"), filepath.Join(dir, "b.toy")
	if err := os.WriteFile(toy, []byte("  first\n  timer tick\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rule := &lint.Rule{ID: "TMR9901", Name: "toy-finding", Severity: lint.SeverityWarning, Kind: lint.KindLoad, Engine: "toy"}
	var seen time.Time
	engine := &project.Engine{
		Name: "toy", Kinds: []project.Kind{{Name: "toy", Match: func(p string) bool { return strings.HasSuffix(p, ".toy") }}},
		Rules: []*lint.Rule{rule}, Editor: toyEditor{now: &seen},
		Load: func(l *project.Loader) (any, []lint.Diagnostic, []string) {
			var diags []lint.Diagnostic
			for _, p := range l.Paths("toy") {
				src, err := l.Read(p)
				if err != nil {
					continue
				}
				l.Add(&lint.File{Path: p, Kind: "toy", Src: src, Reported: true})
				d := lint.LoadDiagnostic("TMR9901", span.Range{File: p, Start: span.Pos{Line: 2, Col: 3, Offset: 10}, End: span.Pos{Line: 2, Col: 13, Offset: 20}}, "a toy finding", "")
				d.Related = []lint.Related{lint.RelatedAt(span.Range{File: other, Start: span.Pos{Line: 2, Col: 1, Offset: 4}, End: span.Pos{Line: 2, Col: 4, Offset: 7}}, "the other place")}
				diags = append(diags, d)
			}
			return nil, diags, nil
		},
	}
	c := newClientOf(t, 0, []*project.Engine{engine}, lint.ConfigSpec{Rules: engine.Rules})
	c.initialize(nil, map[string]any{"inlayHints": true})
	uri := c.open(toy)
	d := find(c.waitDiags(uri, 1), "TMR9901")
	if d == nil || len(d.RelatedInformation) != 1 {
		t.Fatalf("TMR9901: %+v", d)
	}
	if rel := d.RelatedInformation[0]; rel.Location.URI != pathURI(other) || rel.Location.Range != (Range{Start: Position{Line: 1}, End: Position{Line: 1, Character: 3}}) || rel.Message != "the other place" {
		t.Errorf("related %+v", rel)
	}

	var h hover
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{Line: 1, Character: 4}}, &h)
	if h.Contents.Value != "**tick** fires 5 times" || h.Range == nil || *h.Range != (Range{Start: Position{Line: 1, Character: 8}, End: Position{Line: 1, Character: 12}}) {
		t.Errorf("hover %+v %+v", h.Contents, h.Range)
	}
	if !seen.Equal(testNow) {
		t.Errorf("the editor was asked at %v, want the server's clock %v", seen, testNow)
	}
	var none *hover
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": Position{Line: 0, Character: 2}}, &none)
	if none != nil {
		t.Errorf("hover off the timer: %+v", none)
	}

	var hints []inlayHint
	c.mustCall("textDocument/inlayHint", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": Range{End: Position{Line: 9}}}, &hints)
	if len(hints) != 1 || hints[0].Label != "next tick" || hints[0].Position != (Position{Line: 1, Character: 12}) {
		t.Errorf("hints %+v", hints)
	}

	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": d.Range, "context": map[string]any{"diagnostics": []Diagnostic{*d}}}, &actions)
	if len(actions) != 1 || actions[0].Edit.Changes[uri][0].NewText != "  ; ignore TMR9901\n" || actions[0].Edit.Changes[uri][0].Range.Start != (Position{Line: 1}) {
		t.Errorf("actions %+v", actions)
	}
}
