package project_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/internal/benchgen"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

var benchNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func writeModels(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	for i := range n {
		p := filepath.Join(dir, "m"+string(rune('a'+i%26))+filepath.Base(b.Name())+itoa(i)+".bpmn")
		if err := os.WriteFile(p, []byte(benchgen.Model(i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}

func itoa(i int) string {
	const digits = "0123456789"
	if i == 0 {
		return "0"
	}
	var s []byte
	for ; i > 0; i /= 10 {
		s = append([]byte{digits[i%10]}, s...)
	}
	return string(s)
}

// BenchmarkCheckOneModel checks one typical ~15 KB model, as an editor
// does on save: keeping the model, as the language server does, and
// releasing it once checked, as check does.
func BenchmarkCheckOneModel(b *testing.B) {
	b.Run("keep", func(b *testing.B) { benchOne(b, false) })
	b.Run("release", func(b *testing.B) { benchOne(b, true) })
}

// benchOne checks one model, with Options.Release as given.
func benchOne(b *testing.B, release bool) {
	dir := writeModels(b, 1)
	opts := lint.Options{Rules: rules.All(), Now: benchNow}
	b.ReportAllocs()
	for b.Loop() {
		rep, err := project.Check(project.Options{Paths: []string{dir}, Release: release}, []*project.Engine{rules.Engine}, opts)
		if err != nil || rep.Timers != 3 {
			b.Fatalf("err %v, %d timers", err, rep.Timers)
		}
	}
}

// BenchmarkCheck2000Models checks a directory of 2,000 models, as CI does
// (check: each model released once checked), and reports the heap live
// after the check as live-MiB.
func BenchmarkCheck2000Models(b *testing.B) {
	dir := writeModels(b, 2000)
	opts := lint.Options{Rules: rules.All(), Now: benchNow}
	b.ReportAllocs()
	var live uint64
	for b.Loop() {
		rep, err := project.Check(project.Options{Paths: []string{dir}, Release: true}, []*project.Engine{rules.Engine}, opts)
		if err != nil || rep.Timers != 6000 {
			b.Fatalf("err %v, %d timers", err, rep.Timers)
		}
		// What the report holds once the check is done: with the models
		// released, a few hundred bytes a file.
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		live = max(live, ms.HeapAlloc)
		runtime.KeepAlive(rep)
	}
	b.ReportMetric(float64(live)/(1<<20), "live-MiB")
}
