package analyzers

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// fixtureDirs are the fixture packages of each analyzer, both SDKs.
func fixtureDirs() map[*analysis.Analyzer][]string {
	return map[*analysis.Analyzer][]string{
		NativeSleepAnalyzer(): {"tmr8001/..."},
		NativeTimerAnalyzer(): {"tmr8002/..."},
		NativeClockAnalyzer(): {"tmr8003/..."},
		DurationsAnalyzer():   {"tmr8004/...", "tmr8005/...", "tmr8006/..."},
		CancelRaceAnalyzer():  {"tmr8007/..."},
		LoopAnalyzer():        {"tmr8008/..."},
		CronAnalyzer():        {"cron/..."},
	}
}

// TestAnalyzers runs every analyzer over its fixtures: each `// want`
// comment must be matched by a diagnostic on its line, and no diagnostic
// may appear elsewhere (the valid-*.go files have none).
func TestAnalyzers(t *testing.T) {
	dir := analysistest.TestData()
	for a, patterns := range fixtureDirs() {
		t.Run(a.Name, func(t *testing.T) {
			analysistest.Run(t, dir, a, patterns...)
		})
	}
}

// TestSleepFix applies the time.Sleep fixes and compares with the golden
// files: a statement with a workflow.Context in scope, in a function whose
// last result is error, becomes an if statement that returns
// workflow.Sleep's error with the other results' zero values; where that
// would not compile (a helper with no context, a function with no error
// result, a defer, a switch header, a result with no writable zero value)
// the call is left as it is. A file whose only use of time was the call
// loses the import.
func TestSleepFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), NativeSleepAnalyzer(), "tmr8001/...")
}

// TestClockFix applies the clock fixes (time.Now, Since, Until to
// workflow.Now) and compares with the golden files.
func TestClockFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), NativeClockAnalyzer(), "tmr8003/...")
}

// TestChains checks that the detail of a native call reached through
// helpers names the chain from the workflow function and, for a call in
// another package, where the call is.
func TestChains(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), NativeSleepAnalyzer(), "tmr8001/cadence")
	got := map[string]Finding{}
	for _, r := range results {
		for _, f := range r.Result.(Findings) {
			got[strings.SplitN(f.Detail, "reached by ", 2)[1]] = f
		}
	}
	for _, want := range []struct {
		chain, at string
	}{
		{"wf.SleepyWorkflow -> time.Sleep.", ""},
		{"wf.HelperWorkflow -> helpers.Backoff -> time.Sleep.", "helpers/helpers.go:13:2"},
		{"wf.DeepWorkflow -> helpers.Poller.Pause -> helpers.Backoff -> time.Sleep.", "helpers/helpers.go:13:2"},
		{"wf.LocalHelperWorkflow -> wf.pause -> time.Sleep.", ""},
		{"wf.MethodValueWorkflow -> wf.sleeper.nap -> time.Sleep.", ""},
	} {
		f, ok := got[want.chain]
		if !ok {
			t.Errorf("no finding with the chain %q; have %v", want.chain, keys(got))
			continue
		}
		if want.at == "" {
			if f.At != nil {
				t.Errorf("%s: the call is local, but At = %+v", want.chain, *f.At)
			}
			continue
		}
		if f.At == nil || !strings.HasSuffix(f.At.Filename, "src/helpers/helpers.go") || f.At.Line != 13 || f.At.Col != 2 {
			t.Errorf("%s: At = %+v, want the call at %s", want.chain, f.At, want.at)
		}
		if !strings.Contains(f.Detail, "the call is at "+want.at) {
			t.Errorf("%s: detail %q does not say where the call is", want.chain, f.Detail)
		}
	}
}

func keys(m map[string]Finding) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestContextSDK checks that Cadence's alias and Temporal's context are
// both seen through, and that other Contexts are not.
func TestContextSDK(t *testing.T) {
	var (
		mu    sync.Mutex
		names []string
	)
	probe := &analysis.Analyzer{
		Name:     "probe",
		Doc:      "list the workflow functions the calls analyzer finds",
		Requires: []*analysis.Analyzer{CallsAnalyzer()},
		Run: func(pass *analysis.Pass) (any, error) {
			// The checker runs packages in parallel.
			mu.Lock()
			defer mu.Unlock()
			for _, w := range pass.ResultOf[CallsAnalyzer()].(*Calls).Workflows {
				names = append(names, pass.Pkg.Path()+"."+w.Name())
			}
			return nil, nil
		},
	}
	// The probe reports nothing, so the fixtures' expectations are not
	// its own: only loading errors count.
	analysistest.Run(errorsOnly{t}, analysistest.TestData(), probe, "tmr8001/...")
	all := strings.Join(names, " ")
	for _, want := range []string{"tmr8001/cadence.SleepyWorkflow", "tmr8001/temporal.SleepyWorkflow", "tmr8001/cadence.GoodWorkflow"} {
		if !strings.Contains(all, want) {
			t.Errorf("workflow %s not found among %s", want, all)
		}
	}
	if strings.Contains(all, "Activity") || strings.Contains(all, "unreached") {
		t.Errorf("a function that takes no workflow.Context was taken for a workflow: %s", all)
	}
}

// errorsOnly passes on the errors of loading and analysis, and drops the
// unmatched expectations of a probe that reports nothing.
type errorsOnly struct{ t *testing.T }

func (e errorsOnly) Errorf(format string, args ...any) {
	if msg := fmt.Sprintf(format, args...); !strings.Contains(msg, "no diagnostic was reported") {
		e.t.Error(msg)
	}
}

// TestNoFixInGeneratedFile: a finding in a generated file has no fix (the
// next generation would undo it); analysistest skips such fixes itself,
// so the diagnostics are looked at here.
func TestNoFixInGeneratedFile(t *testing.T) {
	for _, r := range analysistest.Run(t, analysistest.TestData(), NativeSleepAnalyzer(), "tmr8001/...") {
		generated, fixed := 0, 0
		for _, d := range r.Diagnostics {
			if !strings.HasSuffix(r.Pass.Fset.Position(d.Pos).Filename, "invalid_generated.go") {
				if len(d.SuggestedFixes) > 0 {
					fixed++
				}
				continue
			}
			generated++
			if len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: a fix in a generated file", r.Pass.Fset.Position(d.Pos))
			}
		}
		if generated != 1 || fixed == 0 {
			t.Errorf("%s: %d findings in the generated file, %d fixes elsewhere; want 1 and some", r.Pass.Pkg.Path(), generated, fixed)
		}
	}
}
