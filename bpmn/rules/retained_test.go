package rules_test

import (
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
// triples per model). Measured: 1.5 to 2.4 KB (2.8 KB before the join's
// tables and the graph shrank, 3.1 KB before the index nodes did). A
// check that kept the parsed models, as before join.Model, kept about 30
// KB each.
const maxRetainedPerModel = 5 << 10

// TestRetainedPerModel pins the memory a check with an index graph keeps
// per model, counted in bytes on the heap after a collection (not in
// time): the heap that a check of n generated models and their index
// leaves behind, less that of n/2 models, over n/2.
func TestRetainedPerModel(t *testing.T) {
	const small, large = 100, 300
	retained := func(n int) uint64 {
		dir := generatedTree(t, n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rep := checkGenerated(t, dir, n)
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
// not the parser's copy beside it. (A model summarized before the graph
// was joined holds the parser's string in both: only those the join
// summarized can fail this.)
func TestFileIRIShared(t *testing.T) {
	const n = 3
	rep := checkGenerated(t, generatedTree(t, n), n)
	for _, m := range rules.IndexOf(rep.Project).Models() {
		f := rep.Project.File(m.Path)
		if f == nil || f.IRI != m.IRI || unsafe.StringData(f.IRI) != unsafe.StringData(m.IRI) {
			t.Errorf("%s: the file's IRI is not the summary's string", m.Path)
		}
	}
}

// generatedTree writes n generated models (three timers each) and the
// index graph lifting them (benchgen) to a new directory.
func generatedTree(t *testing.T, n int) string {
	t.Helper()
	files := map[string]string{"index.ttl": benchgen.Index(n)}
	for i := range n {
		files[benchgen.ModelName(i)] = benchgen.Model(i)
	}
	return writeTree(t, files)
}

// checkGenerated checks a generatedTree of n models as a batch check
// does (models released once checked), and fails unless it finds their
// 3n timers, no finding, and n joined models.
func checkGenerated(t *testing.T, dir string, n int) *lint.Report {
	t.Helper()
	rep, err := project.Check(project.Options{Paths: []string{dir}, Release: true, DropSources: true, Jobs: 2},
		[]*project.Engine{rules.Engine}, lint.Options{Rules: rules.All(), Now: joinNow})
	if err != nil || rep.Timers != 3*n || len(rep.Diagnostics) != 0 || len(rules.IndexOf(rep.Project).Models()) != n {
		t.Fatalf("%d models: err %v, %d timers, findings %v", n, err, rep.Timers, rep.Diagnostics)
	}
	return rep
}
