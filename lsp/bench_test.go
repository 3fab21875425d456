package lsp

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/internal/benchgen"
)

// editSession opens a generated ~15 KB model with one finding, with an index graph that
// lifts its timers beside it, in a server that checks at once on each
// change, and returns the client, the model's URI and an edit that makes
// the document version v: a comment whose text changes with v, so that
// every change is a real one and the findings stay the same.
func editSession(b *testing.B) (c *client, uri string, edit func(v int)) {
	return editSessionWith(b, 1, 0)
}

// editSessionWith is editSession in a project of models models (the
// other ones clean) and an index graph of about triples triples.
func editSessionWith(b *testing.B, models, triples int) (c *client, uri string, edit func(v int)) {
	b.Helper()
	dir := b.TempDir()
	for i := 1; i < models; i++ {
		name := filepath.Join(dir, "model"+pad5(i)+".bpmn")
		if err := os.WriteFile(name, []byte(benchgen.Model(i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	// A clean generated model, with one timer left unquoted: a finding
	// (TMR1004) with a fix, as a model being edited has.
	model := strings.Replace(benchgen.Model(0), `>"PT48H"<`, `>PT48H<`, 1)
	if len(model) < 14_000 || len(model) > 17_000 {
		b.Fatalf("the model is %d bytes, not about 15 KB", len(model))
	}
	path := filepath.Join(dir, "model00000.bpmn")
	if err := os.WriteFile(path, []byte(model), 0o644); err != nil {
		b.Fatal(err)
	}
	var idx strings.Builder
	if _, err := benchgen.WriteIndex(&idx, models, triples); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.ttl"), []byte(idx.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	c = newClient(b, 0)
	c.initialize(nil, nil)
	uri = c.open(path)
	first := c.waitDiags(uri, 1)
	if find(first, "TMR1004") == nil {
		b.Fatalf("no TMR1004 in the model: %+v", first)
	}
	// The comment goes on line 2, after the XML declaration.
	at := Range{Start: Position{Line: 1}, End: Position{Line: 1}}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []map[string]any{{"range": at, "text": "<!-- edit 000000 -->\n"}},
	})
	if got := c.waitDiags(uri, 2); len(got) != len(first) {
		b.Fatalf("the comment changed the findings: %d, then %d", len(first), len(got))
	}
	// Each edit rewrites the six digits of the comment.
	digits := Range{Start: Position{Line: 1, Character: 10}, End: Position{Line: 1, Character: 16}}
	edit = func(v int) {
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": v},
			"contentChanges": []map[string]any{{"range": digits, "text": pad6(v)}},
		})
		if got := c.waitDiags(uri, v); len(got) != len(first) {
			b.Fatalf("version %d: %d findings, want %d", v, len(got), len(first))
		}
	}
	return c, uri, edit
}

func pad5(v int) string {
	s := "00000" + itoa(v)
	return s[len(s)-5:]
}

func pad6(v int) string {
	s := "000000" + itoa(v)
	return s[len(s)-6:]
}

func itoa(v int) string {
	if v == 0 {
		return "0"
	}
	var out []byte
	for ; v > 0; v /= 10 {
		out = append([]byte{byte('0' + v%10)}, out...)
	}
	return string(out)
}

// BenchmarkChange is one edit of a ~15 KB model, from the didChange the
// client sends to the publishDiagnostics it receives: the edit applied,
// the project around the model loaded (the graph from the cache), the
// rules run, the findings turned into LSP diagnostics and sent.
func BenchmarkChange(b *testing.B) { benchChange(b, 1, 0) }

// benchChange times edits in a project of models models and an index
// graph of about triples triples.
func benchChange(b *testing.B, models, triples int) {
	_, _, edit := editSessionWith(b, models, triples)
	v := 3
	var took []time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, cpuOK := cpuTime()
	for b.Loop() {
		start := time.Now()
		edit(v)
		took = append(took, time.Since(start))
		v++
	}
	// The CPU time of the whole process per edit (the server's checks,
	// the collector, the in-process client): on a shared machine it
	// grows less with the load than the edits' wall times.
	if cpu1, ok := cpuTime(); ok && cpuOK && len(took) > 0 {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(len(took)), "cpu-ms/op")
	}
	// The median and the 90th percentile say more than the mean on a
	// shared machine.
	slices.Sort(took)
	ms := func(q float64) float64 {
		return float64(took[min(len(took)-1, int(q*float64(len(took))))].Microseconds()) / 1000
	}
	b.ReportMetric(ms(0.5), "p50-ms")
	b.ReportMetric(ms(0.9), "p90-ms")
	b.ReportMetric(ms(0), "min-ms")
	// What the server keeps between edits (the session's models and
	// graph, the file cache's bytes), after a collection.
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapAlloc)/(1<<20), "heap-MiB")
}

// BenchmarkChangeLargeGraph is BenchmarkChange in a project of 200
// models whose index graph has about 50,000 triples: every check parses
// the graph again (from the cached bytes) and reads the models it names.
func BenchmarkChangeLargeGraph(b *testing.B) { benchChange(b, 200, 50_000) }

// BenchmarkTenThousandEdits makes 10,000 edits in a row and reports the
// live heap before and after (after a GC each time): memory stays flat
// when nothing a check makes outlives the next one.
func BenchmarkTenThousandEdits(b *testing.B) {
	for b.Loop() {
		_, _, edit := editSession(b)
		heap := func() float64 {
			runtime.GC()
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			return float64(m.HeapAlloc) / (1 << 20)
		}
		before := heap()
		for v := 3; v < 10_003; v++ {
			edit(v)
		}
		after := heap()
		b.ReportMetric(before, "heap-before-MiB")
		b.ReportMetric(after, "heap-after-MiB")
	}
}

// BenchmarkCheckBuffer is the server's work for one change without the
// connection: the check of the ~15 KB buffer with its project and the
// findings turned into LSP diagnostics.
func BenchmarkCheckBuffer(b *testing.B) {
	c, uri, _ := editSession(b)
	srv := c.server
	path, _ := uriPath(uri)
	srv.mu.Lock()
	text := srv.docs[uri].text
	srv.mu.Unlock()
	overlay := map[string][]byte{path: text}
	b.ReportAllocs()
	for b.Loop() {
		if res := srv.check(path, text, overlay, encUTF16, nil); find(res.lsp, "TMR1004") == nil {
			b.Fatal("no TMR1004")
		}
	}
}

// BenchmarkChange200 is BenchmarkChange in a project of 200 models with
// an index graph that lifts their timers (about 2,000 triples).
func BenchmarkChange200(b *testing.B) { benchChange(b, 200, 0) }

// BenchmarkChange2000 is BenchmarkChange in a project of 2,000 models
// with their index graph.
func BenchmarkChange2000(b *testing.B) { benchChange(b, 2000, 0) }

// BenchmarkChange1MTriples is BenchmarkChange in a project of 200 models
// whose index graph has about a million triples.
func BenchmarkChange1MTriples(b *testing.B) { benchChange(b, 200, 1_000_000) }
