package join

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
)

// testIndex writes ttl as index.ttl in a new directory, reads it and
// builds the join's index of it: the index, New's findings, and the paths
// of the graph document and of a.bpmn beside it.
func testIndex(t *testing.T, ttl string) (ix *Index, diags []lint.Diagnostic, graphPath, model string) {
	t.Helper()
	dir := t.TempDir()
	graphPath, model = filepath.Join(dir, "index.ttl"), filepath.Join(dir, "a.bpmn")
	if err := os.WriteFile(graphPath, []byte(ttl), 0o600); err != nil {
		t.Fatal(err)
	}
	g, errs := graph.Load([]string{graphPath})
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	ix, diags = New(g, []string{graphPath}, nil, graph.Vocabulary{}, nil)
	return ix, diags, graphPath, model
}

// testModel parses src as the model at path.
func testModel(t *testing.T, path, src string) *bpmn.Document {
	t.Helper()
	doc, err := bpmn.Parse(path, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// reuseModel has a catch event Remind with a timer; the index graph lifts
// it.
const reuseModel = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="https://example.com">
  <bpmn:process id="P" isExecutable="true">
    <bpmn:intermediateCatchEvent id="Remind"><bpmn:timerEventDefinition><bpmn:timeDuration>PT1H</bpmn:timeDuration></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    <bpmn:task id="Task"/>
  </bpmn:process>
</bpmn:definitions>
`

// TestReuseJoinsEachCheck: a reused index joined again with the same
// Model keeps each node's element; joined with another Model of the same
// file (the element renamed, its id repeated) or with none, it joins that;
// and the indexed flag of a Model is the last join's, also when the Model
// was not joined (another of the same file came first).
func TestReuseJoinsEachCheck(t *testing.T) {
	ix, _, _, model := testIndex(t, "@prefix proc: <https://w3id.org/seams/proc#> .\n<a.bpmn#P> a proc:Process .\n<a.bpmn#Remind> a proc:TimerCatchEvent .\n")
	reuse := ix.Reusable()
	sum := func(src string) *Model { return ix.Summarize(testModel(t, model, src)) }
	var node *Node
	for _, n := range ix.Nodes {
		if n.ElementID() == "Remind" {
			node = n
		}
	}
	if node == nil {
		t.Fatal("no node for Remind")
	}

	m1 := sum(reuseModel)
	ix.Finish([]*Model{m1})
	el := node.Element
	if node.Doc != m1 || el == nil || el.ID != "Remind" || node.Ambiguous || !ix.Indexed(m1) {
		t.Fatalf("first join: doc %v element %+v ambiguous %v indexed %v", node.Doc == m1, el, node.Ambiguous, ix.Indexed(m1))
	}
	reuse()
	ix.Finish([]*Model{m1})
	if node.Doc != m1 || node.Element != el || ix.NodeOf(m1, el) != node {
		t.Fatalf("same model again: doc %v element %+v", node.Doc == m1, node.Element)
	}

	reuse()
	renamed := sum(strings.Replace(reuseModel, `id="Remind"`, `id="Other"`, 1))
	ix.Finish([]*Model{renamed})
	if node.Doc != renamed || node.Element != nil || node.Ambiguous {
		t.Fatalf("renamed: doc %v element %+v ambiguous %v", node.Doc == renamed, node.Element, node.Ambiguous)
	}
	if n := ix.NodeOf(renamed, renamed.Timers[0]); n != nil {
		t.Fatalf("renamed: Other has node %v", n.Term())
	}
	if n := ix.NodeOf(renamed, &Element{ID: "Remind"}); n != node {
		t.Fatalf("renamed: Remind has node %v", n)
	}

	reuse()
	repeated := sum(strings.Replace(reuseModel, `id="Task"`, `id="Remind"`, 1))
	ix.Finish([]*Model{repeated})
	if node.Doc != repeated || node.Element != nil || !node.Ambiguous {
		t.Fatalf("repeated: doc %v element %+v ambiguous %v", node.Doc == repeated, node.Element, node.Ambiguous)
	}

	reuse()
	ix.Finish([]*Model{m1})
	if node.Doc != m1 || node.Element == nil || node.Ambiguous {
		t.Fatalf("back: doc %v element %+v ambiguous %v", node.Doc == m1, node.Element, node.Ambiguous)
	}

	reuse()
	ix.Finish(nil)
	if node.Doc != nil || node.Element != nil || node.Ambiguous || len(ix.Models()) != 0 {
		t.Fatalf("no model: doc %v element %+v ambiguous %v", node.Doc != nil, node.Element, node.Ambiguous)
	}

	// Two Models of one file: the first is joined and indexed, the other
	// neither, whatever an earlier join said of it.
	dup := sum(reuseModel)
	reuse()
	ix.Finish([]*Model{dup})
	if !ix.Indexed(dup) {
		t.Fatal("dup alone: not indexed")
	}
	reuse()
	ix.Finish([]*Model{m1, dup})
	if !ix.Indexed(m1) || ix.Indexed(dup) || len(ix.Models()) != 1 || ix.Models()[0] != m1 {
		t.Fatalf("m1 then dup: indexed %v %v, %d models", ix.Indexed(m1), ix.Indexed(dup), len(ix.Models()))
	}
	if ix.NodeOf(m1, m1.Timers[0]) != node || ix.NodeOf(dup, dup.Timers[0]) != node {
		t.Fatal("m1 then dup: the node of Remind is not found by either")
	}
	// A model whose file the graph does not name has no node.
	other := sum(reuseModel)
	other.abs = filepath.Join(filepath.Dir(model), "b.bpmn")
	reuse()
	ix.Finish([]*Model{m1, other})
	if ix.NodeOf(other, other.Timers[0]) != nil || ix.NodeOf(m1, m1.Timers[0]) != node {
		t.Fatal("b.bpmn: a node found for a file the graph does not name, or none for a.bpmn")
	}
}
