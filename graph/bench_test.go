package graph

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	rdf "github.com/knakk/rdf"

	"github.com/seams/seams-timers/internal/benchgen"
)

// writeIndex writes a generated index graph of about n triples, shaped like
// the index of DESIGN.md section 4: processes, user tasks and timer events
// of 2,000 models, containers that execute and schedule them, and stores.
func writeIndex(tb testing.TB, dir string, n int) string {
	tb.Helper()
	path := filepath.Join(dir, fmt.Sprintf("index-%d.ttl", n))
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString("@prefix proc: <https://w3id.org/seams/proc#> .\n@prefix seam: <https://w3id.org/seams/seam#> .\n@prefix arch: <https://w3id.org/seams/arch#> .\n")
	count := 0
	for i := 0; count < n; i++ {
		m := i % 2000
		switch i % 4 {
		case 0:
			fmt.Fprintf(w, "<models/m%d.bpmn#Process%d> a proc:Process .\n", m, i)
			count++
		case 1:
			fmt.Fprintf(w, "<models/m%d.bpmn#Timer%d> a proc:TimerCatchEvent . # \"PT48H\"\n", m, i)
			count++
		case 2:
			fmt.Fprintf(w, "<#api%d> a arch:Container ;\n  seam:executes <models/m%d.bpmn#Process%d>, <models/m%d.bpmn#Other> ;\n  seam:schedules <models/m%d.bpmn#Process%d> ;\n  seam:storedIn <#db%d> .\n", i, m, i-2, m, m, i-2, i%10)
			count += 5
		case 3:
			fmt.Fprintf(w, "<#db%d> a arch:PostgreSQLStore ; <#label> \"store %d\"@en, %d .\n", i, i, i)
			count += 3
		}
	}
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return path
}

// peakRSS returns the process's peak resident set size in MiB (Linux), and
// resets it when reset is set.
func peakRSS(reset bool) float64 {
	if reset {
		_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	}
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(line, "VmHWM:"), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

func benchmarkLoad(b *testing.B, n int) { benchmarkLoadFile(b, writeIndex(b, b.TempDir(), n)) }

// writeProjectIndex writes the index graph that bench/join.sh checks
// (internal/benchgen): 2,000 models lifted, padded to about n triples.
func writeProjectIndex(tb testing.TB, dir string, n int) string {
	tb.Helper()
	path := filepath.Join(dir, "index.ttl")
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := benchgen.WriteIndex(f, 2000, n); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
	return path
}

func benchmarkLoadFile(b *testing.B, path string) {
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	peakRSS(true)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	var g *Graph
	for i := 0; i < b.N; i++ {
		var errs []*Error
		g, errs = Load([]string{path})
		if len(errs) > 0 {
			b.Fatal(errs[0])
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(peakRSS(false), "peak-RSS-MiB")
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "live-heap-MiB")
	b.ReportMetric(float64(g.Len()), "triples")
	b.ReportMetric(float64(info.Size())/(1<<20), "file-MiB")
	runtime.KeepAlive(g)
}

// BenchmarkLoad1k loads a generated index of 1,000 triples: the cost an
// index adds to a check (the target is under 5 ms).
func BenchmarkLoad1k(b *testing.B) { benchmarkLoad(b, 1000) }

// BenchmarkLoadProject1M loads the 1,000,000-triple index of
// bench/join.sh and bench/compare.sh, the graph's share of their
// 2,000-models case.
func BenchmarkLoadProject1M(b *testing.B) {
	benchmarkLoadFile(b, writeProjectIndex(b, b.TempDir(), 1000000))
}

// BenchmarkLoad1M loads a generated index of 1,000,000 triples (the target
// for the join is 1M triples and 2,000 models in under 5 s and 500 MB).
func BenchmarkLoad1M(b *testing.B) { benchmarkLoad(b, 1000000) }

// benchmarkKnakkOnly decodes the same generated index with knakk/rdf
// alone, without checks, positions or an index: the floor of Load.
func benchmarkKnakkOnly(b *testing.B, n int) {
	data, err := os.ReadFile(writeIndex(b, b.TempDir(), n))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		dec := rdf.NewTripleDecoder(bytes.NewReader(data), rdf.Turtle)
		for {
			_, err := dec.Decode()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
}

func BenchmarkKnakkOnly1k(b *testing.B) { benchmarkKnakkOnly(b, 1000) }
func BenchmarkKnakkOnly1M(b *testing.B) { benchmarkKnakkOnly(b, 1000000) }

// BenchmarkParseSmall parses a small document held in memory.
func BenchmarkParseSmall(b *testing.B) {
	src := []byte(readerDoc)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, errs := Parse("small.ttl", src); len(errs) > 0 {
			b.Fatal(errs[0])
		}
	}
}

// BenchmarkParse1k parses the 1,000-triple index from memory: Load1k
// without the file system.
func BenchmarkParse1k(b *testing.B) {
	src, err := os.ReadFile(writeIndex(b, b.TempDir(), 1000))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		if _, errs := Parse("index.ttl", src); len(errs) > 0 {
			b.Fatal(errs[0])
		}
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
}
