package join

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/seams/seams-timers/lint"
)

// TestFinishSharesPaths: once joined, the model IRI cache, the models the
// graph names and the nodes hold the joined model's own path string, not
// copies of it (a large check keeps one path per model), and the cache and
// the names answer as before.
func TestFinishSharesPaths(t *testing.T) {
	ix, _, ttl, model := testIndex(t, "@prefix proc: <https://w3id.org/seams/proc#> .\n<a.bpmn#P> a proc:Process .\n<a.bpmn#Remind> a proc:TimerCatchEvent .\n<b.bpmn#Other> a proc:TimerCatchEvent .\n")
	doc := testModel(t, model, reuseModel)
	m := ix.Summarize(doc)
	ix.Finish([]*Model{m})

	same := func(a, b string) bool { return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b) }
	if len(ix.modelRefs) != 0 || len(ix.refs) != 2 {
		t.Fatalf("model IRI cache: %d in the map, %d in the list; want 0 and 2", len(ix.modelRefs), len(ix.refs))
	}
	shared := 0
	for _, r := range ix.refs {
		if r.path == m.abs {
			shared++
			if !same(r.path, m.abs) {
				t.Errorf("the cache holds a copy of %s", r.path)
			}
		}
	}
	if shared != 1 {
		t.Errorf("%d cache entries name the model, want 1", shared)
	}
	at, ok := ix.namedAt(m.abs)
	if !ok || at.file != ttl {
		t.Fatalf("namedAt(%s) = %v, %v", m.abs, at, ok)
	}
	for _, n := range ix.named {
		if n.path == m.abs && !same(n.path, m.abs) {
			t.Errorf("the names hold a copy of %s", n.path)
		}
	}
	if len(ix.named) != 2 {
		t.Errorf("%d models named, want 2 (a.bpmn and b.bpmn)", len(ix.named))
	}
	for _, n := range ix.Nodes {
		if n.Doc == m && !same(n.Path, m.abs) {
			t.Errorf("node %s holds a copy of its model's path", n.value)
		}
	}
	if p := ix.HomeGraph(m); p != ttl {
		t.Errorf("HomeGraph = %s, want %s", p, ttl)
	}
	if term, ok := ix.ProcessTerm(m, m.Processes[0]); !ok || term.Value != m.IRI+"#P" {
		t.Errorf("ProcessTerm = %v, %v", term, ok)
	}
}

// TestProcessTermFirstRead: the IRI a process is named with is the first
// the graph gives it, typed proc:Process before seam:schedules before
// seam:executes, whatever spelling of the same id each uses.
func TestProcessTermFirstRead(t *testing.T) {
	src := `@prefix proc: <https://w3id.org/seams/proc#> .
@prefix seam: <https://w3id.org/seams/seam#> .
<#api> seam:executes <a.bpmn#%50> , <a.bpmn#%51> .
<#api> seam:schedules <a.bpmn#Q> .
<a.bpmn#R> a proc:Process .
<#api> seam:schedules <a.bpmn#%52> .
`
	ix, _, _, model := testIndex(t, src)
	doc := testModel(t, model, `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs" targetNamespace="https://example.com">
  <bpmn:process id="P"/>
  <bpmn:process id="Q"/>
  <bpmn:process id="R"/>
  <bpmn:process id="S"/>
</bpmn:definitions>
`)
	m := ix.Summarize(doc)
	ix.Finish([]*Model{m})
	want := map[string]string{
		"P": m.IRI + "#%50", // executes only
		"Q": m.IRI + "#Q",   // schedules before executes
		"R": m.IRI + "#R",   // typed before schedules
	}
	for _, p := range m.Processes {
		term, ok := ix.ProcessTerm(m, p)
		if w, named := want[p.ID]; named != ok || term.Value != w {
			t.Errorf("ProcessTerm(%s) = %q, %v; want %q, %v", p.ID, term.Value, ok, w, named)
		}
	}
}

// TestAlsoNamedFirstMet: the other places naming a missing model are the
// first 2*maxAlsoNamed that the join meets (timer nodes before processes
// before seam:executes objects), in document order, at most maxAlsoNamed
// and not the first place; found when asked, also after ForgetNaming and
// for an IRI no prefix maps.
func TestAlsoNamedFirstMet(t *testing.T) {
	src := "@prefix proc: <https://w3id.org/seams/proc#> .\n@prefix seam: <https://w3id.org/seams/seam#> .\n"
	// Lines 3-22: seam:executes objects; 23-42: timer nodes; 43-44: an
	// unmapped model named twice.
	for i := range 20 {
		src += fmt.Sprintf("<#api> seam:executes <m.bpmn#P%d> .\n", i)
	}
	for i := range 20 {
		src += fmt.Sprintf("<m.bpmn#T%d> a proc:TimerCatchEvent .\n", i)
	}
	src += "<https://example.com/x.bpmn#T> a proc:TimerCatchEvent .\n<https://example.com/x.bpmn#U> a proc:TimerStartEvent .\n"
	ix, diags, _, _ := testIndex(t, src)
	if len(ix.also) != 1 {
		t.Errorf("New found the places of %d keys, want 1 (the unmapped IRI's)", len(ix.also))
	}
	if len(diags) != 1 || len(diags[0].Related) != 1 || diags[0].Related[0].Range.Start.Line != 44 || diags[0].Line != 43 {
		t.Errorf("unmapped model: %+v", diags)
	}
	lines := func(rel []lint.Related) []int {
		var out []int
		for _, r := range rel {
			out = append(out, r.Range.Start.Line)
		}
		return out
	}
	named := ix.Named()
	if len(named) != 1 || named[0].At.Start.Line != 3 {
		t.Fatalf("Named() = %+v", named)
	}
	want := []int{23, 24, 25, 26, 27, 28, 29, 30}
	if got := lines(ix.AlsoNamed(named[0].Path, named[0].At)); !slices.Equal(got, want) {
		t.Errorf("AlsoNamed: lines %v, want %v", got, want)
	}
	ix.ForgetNaming()
	if got := lines(ix.MissingModel(named[0]).Related); !slices.Equal(got, want) {
		t.Errorf("after ForgetNaming: lines %v, want %v", got, want)
	}
}

// TestSummarizeSharesGraphStrings: a join's summary holds the graph's
// strings where they are equal to the model's (its IRI, the ids the graph
// names), not the parser's copies, and the same values; an id the graph
// does not name stays the parser's.
func TestSummarizeSharesGraphStrings(t *testing.T) {
	ix, _, _, model := testIndex(t, "@prefix proc: <https://w3id.org/seams/proc#> .\n<a.bpmn#Remind> a proc:TimerCatchEvent .\n")
	doc := testModel(t, model, reuseModel)
	m := ix.Summarize(doc)
	same := func(a, b string) bool { return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b) }
	at, ok := ix.namedAt(m.abs)
	if !ok || m.IRI != doc.IRI || !same(m.IRI, at.iri) || same(m.IRI, doc.IRI) {
		t.Errorf("IRI %q: want the graph's %q (equal to the model's %q), not a copy", m.IRI, at.iri, doc.IRI)
	}
	if !strings.HasSuffix(m.IRI, m.abs) || unsafe.StringData(m.abs) != unsafe.StringData(m.IRI[len(m.IRI)-len(m.abs):]) {
		t.Errorf("abs %q is not the end of the IRI %q", m.abs, m.IRI)
	}
	want := ix.wantedIn(m.abs)
	if len(m.Timers) != 1 || len(want) != 1 || m.Timers[0].ID != "Remind" || !same(m.Timers[0].ID, want[0]) {
		t.Fatalf("timer ids %v: want Remind, the graph's string %v", m.Timers, want)
	}
	if len(m.Processes) != 1 || m.Processes[0].ID != "P" || !same(m.Processes[0].ID, doc.Processes[0].ID) {
		t.Errorf("process id: want the parser's P (the graph does not name it)")
	}
	if r, ok := m.ID("Remind"); !ok || r.Element != m.Timers[0] || r.What != "intermediateCatchEvent" {
		t.Errorf("ID(Remind) = %+v, %v", r, ok)
	}
}

// TestSummarySizes: what a check of many models with an index graph keeps
// per timer element and per node.
func TestSummarySizes(t *testing.T) {
	for _, c := range []struct {
		what      string
		got, want uintptr
	}{
		{"Element", unsafe.Sizeof(Element{}), 72},
		{"Attached", unsafe.Sizeof(Attached{}), 24},
		{"Node", unsafe.Sizeof(Node{}), 56},
	} {
		if c.got > c.want {
			t.Errorf("%s takes %d bytes, want at most %d", c.what, c.got, c.want)
		}
	}
}

// TestNodeElementIDEscaped: a node cuts its element id from its IRI at
// each call, unescaped, and is joined with the element of that id; a
// malformed escape is kept as written, as ModelPath keeps it.
func TestNodeElementIDEscaped(t *testing.T) {
	ix, _, _, model := testIndex(t, "@prefix proc: <https://w3id.org/seams/proc#> .\n<a.bpmn#R%C3%A9> a proc:TimerCatchEvent .\n<a.bpmn#Bad%zz> a proc:TimerCatchEvent .\n<#local> a proc:TimerCatchEvent .\n")
	src := strings.ReplaceAll(reuseModel, `id="Remind"`, `id="Ré"`)
	doc := testModel(t, model, src)
	m := ix.Summarize(doc)
	ix.Finish([]*Model{m})
	got := map[string]string{}
	for _, n := range ix.Nodes {
		el := ""
		if n.Element != nil {
			el = n.Element.ID
		}
		got[n.ElementID()] = el
	}
	want := map[string]string{"Ré": "Ré", "Bad%zz": "", "": ""}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("element ids and joined elements: %v, want %v", got, want)
	}
}

// TestWantedIDs: the wanted ids are grouped by model, each model's list
// the ids with its path in the sorted keys, no more; a list cannot be
// grown into the next model's.
func TestWantedIDs(t *testing.T) {
	keys := []elemKey{{"/a", "P"}, {"/a", "T"}, {"/b", "X"}, {"/c", "A"}, {"/c", "B"}, {"/c", "C"}}
	w := newWantedIDs(keys)
	for _, c := range []struct {
		path string
		want []string
	}{{"/a", []string{"P", "T"}}, {"/b", []string{"X"}}, {"/c", []string{"A", "B", "C"}}, {"/", nil}, {"/bb", nil}, {"/d", nil}} {
		if got := w.in(c.path); !slices.Equal(got, c.want) {
			t.Errorf("in(%s) = %v, want %v", c.path, got, c.want)
		}
	}
	_ = append(w.in("/a"), "grown")
	if got := w.in("/b"); !slices.Equal(got, []string{"X"}) {
		t.Errorf("growing /a's list wrote /b's: %v", got)
	}
	if len(w.models) != 3 || cap(w.ids) != len(keys) {
		t.Errorf("%d models, %d ids of room: want 3, %d", len(w.models), cap(w.ids), len(keys))
	}
	if e := newWantedIDs(nil); e.in("/a") != nil {
		t.Errorf("no keys: in(/a) = %v", e.in("/a"))
	}
}
