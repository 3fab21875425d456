package verify

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/verify"
)

// FuzzVerify: any model the parser reads verifies without a panic, within
// the bound, and gives the same result twice, with its call activities
// inlined (a process may call itself) and exactly-once checked. The seeds are the
// fixtures and the generated 52-node model.
func FuzzVerify(f *testing.F) {
	paths, _ := filepath.Glob("testdata/*.bpmn")
	more, _ := filepath.Glob("testdata/*/*.bpmn")
	paths = append(paths, more...)
	for _, p := range paths {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte(fiftyElements()))
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, err := bpmn.Parse("fuzz.bpmn", src)
		if err != nil {
			return
		}
		cfg := Config{MaxStates: 500, MaxTokens: 8, Docs: []*bpmn.Document{doc},
			Deploy: &verify.Deployment{Replicas: 2, LeaseMs: 30000, PollMs: 60000, Crashes: true, Stalls: true}}
		a := Verify(doc, cfg)
		b := Verify(doc, cfg)
		if len(a) != len(b) {
			t.Fatalf("%d results, then %d", len(a), len(b))
		}
		for i := range a {
			if a[i].States > 500 || a[i].States != b[i].States || len(a[i].Findings) != len(b[i].Findings) {
				t.Fatalf("result %d: %d states %d findings, then %d states %d findings", i, a[i].States, len(a[i].Findings), b[i].States, len(b[i].Findings))
			}
		}
	})
}
