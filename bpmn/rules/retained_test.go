package rules_test

import (
	"fmt"
	"runtime"
	"testing"
	"unsafe"

	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/internal/benchgen"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// maxRetainedPerModel bounds what a check with an index graph keeps per
// joined model once it is done: the model's lint.File, its join.Model,
// its timers' index nodes and its share of the graph (a generated model
// has three timers and a 15 KB file; the graph lifting them is eight
// triples per model). Measured: 1.4 to 3.1 KB (2.8 KB before the join's
// tables and the graph shrank, 3.1 KB before the index nodes did). A check that kept the parsed models, as before
// join.Model, kept about 30 KB each.
const maxRetainedPerModel = 5 << 10

// TestRetainedPerModel pins the memory a check with an index graph keeps
// per model, counted in bytes on the heap after a collection (not in
// time): the heap that a check of n generated models and their index
// leaves behind, less that of n/2 models, over n/2.
func TestRetainedPerModel(t *testing.T) {
	const small, large = 100, 300
	retained := func(n int) uint64 {
		files := map[string]string{}
		index := benchgen.IndexHeader
		for i := range n {
			name := fmt.Sprintf("model%05d.bpmn", i)
			files[name] = benchgen.Model(i)
			index += benchgen.IndexEntries(name, i)
		}
		files["index.ttl"] = index
		dir := writeTree(t, files)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rep, err := project.Check(project.Options{Paths: []string{dir}, Release: true, DropSources: true, Jobs: 2},
			[]*project.Engine{rules.Engine}, lint.Options{Rules: rules.All(), Now: joinNow})
		if err != nil || rep.Timers != 3*n || len(rep.Diagnostics) != 0 || len(rules.IndexOf(rep.Project).Models()) != n {
			t.Fatalf("%d models: err %v, %d timers, %d findings", n, err, rep.Timers, len(rep.Diagnostics))
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(rep)
		return after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
	}
	a, b := retained(small), retained(large)
	per := (b - min(a, b)) / (large - small)
	t.Logf("retained: %d models %d KB, %d models %d KB: %d bytes per model", small, a>>10, large, b>>10, per)
	if per > maxRetainedPerModel {
		t.Errorf("a check with an index graph keeps %d bytes per model; at most %d", per, maxRetainedPerModel)
	}
}

// TestFileIRIShared: with an index graph, a model's lint.File and its
// summary hold one string for the model's IRI (the graph's, when equal),
// not the parser's copy beside it.
func TestFileIRIShared(t *testing.T) {
	const n = 3
	files := map[string]string{}
	index := benchgen.IndexHeader
	for i := range n {
		name := fmt.Sprintf("model%05d.bpmn", i)
		files[name] = benchgen.Model(i)
		index += benchgen.IndexEntries(name, i)
	}
	files["index.ttl"] = index
	dir := writeTree(t, files)
	rep, err := project.Check(project.Options{Paths: []string{dir}, Release: true, DropSources: true, Jobs: 2},
		[]*project.Engine{rules.Engine}, lint.Options{Rules: rules.All(), Now: joinNow})
	if err != nil || len(rep.Diagnostics) != 0 {
		t.Fatalf("err %v, findings %v", err, rep.Diagnostics)
	}
	models := rules.IndexOf(rep.Project).Models()
	if len(models) != n {
		t.Fatalf("%d models joined, want %d", len(models), n)
	}
	for _, m := range models {
		f := rep.Project.File(m.Path)
		if f == nil || f.IRI != m.IRI || unsafe.StringData(f.IRI) != unsafe.StringData(m.IRI) {
			t.Errorf("%s: the file's IRI is not the summary's string", m.Path)
		}
	}
}
