package sim

import (
	"github.com/seams/seams-timers/bpmn"
	"strings"
	"testing"
	"time"
)

// TestAncientCycleEnds: a cycle that started centuries before the window
// (past the range of time.Duration) ends the simulation with an error
// instead of looping for ever.
func TestAncientCycleEnds(t *testing.T) {
	doc := startModel(t, "ancient.bpmn", "P", "timeCycle", "R/0001-01-01T00:00:00Z/PT1S")
	done := make(chan error, 1)
	go func() {
		_, err := Run(Input{Docs: []*bpmn.Document{doc}}, Scenario{From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-02T00:00:00Z"), Step: time.Second})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil && !strings.Contains(err.Error(), "do not advance") {
			t.Fatalf("err = %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("simulate loops on a cycle that started in the year 1")
	}
}

// TestScenarioCountsBounded: replicas and startEvery counts past the
// limits are refused before anything is allocated for them.
func TestScenarioCountsBounded(t *testing.T) {
	for _, src := range []string{
		"from: 2026-11-01T00:00:00Z\nuntil: 2026-11-02T00:00:00Z\nreplicas: 2147483647\n",
		"from: 2026-11-01T00:00:00Z\nuntil: 2026-11-02T00:00:00Z\nprocesses:\n  P:\n    startEvery: {from: 2026-11-01T00:00:00Z, every: PT1S, count: 2147483647}\n",
		"from: 2026-11-01T00:00:00Z\nuntil: 2026-11-02T00:00:00Z\nprocesses:\n  P:\n    startEvery: {from: 2026-11-01T00:00:00Z, every: PT1S, count: 600000}\n  Q:\n    startEvery: {from: 2026-11-01T00:00:00Z, every: PT1S, count: 600000}\n",
	} {
		sc, err := ParseScenario([]byte(src))
		if err == nil {
			err = sc.Validate()
		}
		if err == nil {
			t.Errorf("scenario accepted:\n%s", src)
		}
	}
}

// quoteControls stands for lint.Printable, which sim may not import: it
// escapes what the test puts in a path.
func quoteControls(s string) string {
	return strings.NewReplacer("\n", `\n`, "\x1b", `\x1b`).Replace(s)
}

// TestTextOutputEscapesNames: with an escaper, a model path with a line
// break and an escape sequence stays on its line, inert, in the timeline
// and the summary.
func TestTextOutputEscapesNames(t *testing.T) {
	doc := startModel(t, "x\n::error::pwned\x1b[2J.bpmn", "P", "timeCycle", "R/2026-11-01T00:00:00Z/PT6H")
	r := run(t, Scenario{From: at(t, "2026-11-01T00:00:00Z"), Until: at(t, "2026-11-02T00:00:00Z"), Step: time.Minute}, doc)
	var b strings.Builder
	if err := WriteText(&b, r, TextOptions{Debug: true, Escape: quoteControls}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.ContainsRune(out, 0x1b) || strings.Contains(out, "\n::") {
		t.Errorf("the path reaches the output raw:\n%s", out)
	}
	if !strings.Contains(out, `x\n::error::pwned\x1b[2J.bpmn#T`) {
		t.Errorf("the path is not shown escaped:\n%s", out)
	}
}
