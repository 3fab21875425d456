package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	bpmnrules "github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/internal/benchgen"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/wfe/rules"
)

// benchCheck checks n generated files of the same size, written by gen,
// with both engines registered, as the command does.
func benchCheck(b *testing.B, n int, name string, gen func(int) string) {
	dir := b.TempDir()
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf(name, i)), []byte(gen(i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	engines := []*project.Engine{bpmnrules.Engine, rules.Engine}
	var all []*lint.Rule
	for _, e := range engines {
		all = append(all, e.Rules...)
	}
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	b.ResetTimer()
	for b.Loop() {
		rep, err := project.Check(project.Options{Paths: []string{dir}}, engines, lint.Options{Rules: all, Now: now})
		if err != nil || rep.Files != n {
			b.Fatalf("%v, %d files", err, rep.Files)
		}
	}
}

// BenchmarkCheck200Schemes and BenchmarkCheck200Models compare the two
// engines on files of the same size (about 15 KB, three timers).
func BenchmarkCheck200Schemes(b *testing.B) {
	benchCheck(b, 200, "scheme%05d.xml", benchgen.Scheme)
}

func BenchmarkCheck200Models(b *testing.B) {
	benchCheck(b, 200, "model%05d.bpmn", benchgen.Model)
}
