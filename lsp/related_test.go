package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRelatedAndGraphSuppression: a finding that joins two places has
// each of its related locations as relatedInformation, in the buffer's
// own file or another, labelled; a finding in a graph document is
// suppressed by a `#` comment above its line.
func TestRelatedAndGraphSuppression(t *testing.T) {
	dir := copyExamples(t)
	graphPath := filepath.Join(dir, "broken", "scheduling", "index.ttl")
	g, err := os.ReadFile(graphPath)
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(graphPath)
	d := find(c.waitDiags(uri, 1), "TMR4002")
	if d == nil || len(d.RelatedInformation) != 2 {
		t.Fatalf("TMR4002: %+v", d)
	}
	model, other := d.RelatedInformation[0], d.RelatedInformation[1]
	digest, err := os.ReadFile(filepath.Join(dir, "broken", "scheduling", "digest.bpmn"))
	if err != nil {
		t.Fatal(err)
	}
	line := strings.Count(string(digest[:strings.Index(string(digest), `<bpmn:process id="Digest"`)]), "\n")
	if model.Location.URI != pathURI(filepath.Join(dir, "broken", "scheduling", "digest.bpmn")) || model.Location.Range.Start.Line != line ||
		!strings.HasPrefix(model.Message, "the process: ") {
		t.Errorf("the process: %+v, want digest.bpmn line %d", model, line)
	}
	// The other container's seam:schedules, in the same graph document.
	workerLine := strings.Count(string(g[:strings.Index(string(g), "<#worker>")]), "\n")
	if other.Location.URI != uri || other.Location.Range.Start.Line <= workerLine || other.Message != "also scheduled by <#worker>" {
		t.Errorf("the other seam:schedules: %+v, want %s after line %d", other, uri, workerLine)
	}

	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": d.Range, "context": map[string]any{"diagnostics": []Diagnostic{*d}}}, &actions)
	var edit *textEdit
	for _, a := range actions {
		if strings.HasPrefix(a.Title, "Suppress TMR4002") {
			edit = &a.Edit.Changes[uri][0]
		}
	}
	if edit == nil || edit.NewText != "  # seams-timers:ignore TMR4002\n" || edit.Range.Start != (Position{Line: d.Range.Start.Line}) {
		t.Fatalf("suppression of TMR4002: %+v", actions)
	}
}
