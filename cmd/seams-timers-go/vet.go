package main

import (
	"go/token"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/seams/seams-timers/cadence/analyzers"
	"github.com/seams/seams-timers/cadence/rules"
	"github.com/seams/seams-timers/lint"
)

// vetAnalyzers are the rule analyzers as go vet runs them: each reports
// what seams-timers check reports on the same packages, and nothing more.
//
//   - A finding that a valid // seams-timers:ignore comment accepts is
//     dropped (rules.Suppressed: the same comments check reads).
//   - A finding in a _test.go file is dropped: check loads no test file,
//     and go vet, which vets a package with its tests, must not report
//     what check does not. (Workflows defined in tests are run by the
//     SDK's test environment, not by a worker that replays them.)
//   - A finding is reported once per place and rule in a run of the tool,
//     the way check keeps one of each.
//
// The suppression problems check reports (TMR0010 to TMR0012) are
// check's: go vet reports only the TMR8xxx findings.
func vetAnalyzers() []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, a := range analyzers.All() {
		w := *a
		run := a.Run
		w.Run = func(pass *analysis.Pass) (any, error) {
			report := pass.Report
			seen := map[string]bool{}
			pass.Report = func(d analysis.Diagnostic) {
				pos := pass.Fset.PositionFor(d.Pos, false)
				if strings.HasSuffix(pos.Filename, "_test.go") {
					return
				}
				if suppressedAt(pos, d.Category) {
					return
				}
				key := pos.String() + " " + d.Category
				if seen[key] {
					return
				}
				seen[key] = true
				report(d)
			}
			return run(pass)
		}
		out = append(out, &w)
	}
	return out
}

// suppressions caches each file's accepted findings by line.
var suppressions sync.Map // file name -> map[int][]string

// suppressedAt reports whether a // seams-timers:ignore comment of the
// file accepts a finding of rule at pos.
func suppressedAt(pos token.Position, rule string) bool {
	if pos.Filename == "" || rule == "" {
		return false
	}
	v, ok := suppressions.Load(pos.Filename)
	if !ok {
		src, err := lint.ReadInput(pos.Filename, lint.MaxInputSize)
		var lines map[int][]string
		if err == nil {
			lines = rules.Suppressed(src)
		}
		v, _ = suppressions.LoadOrStore(pos.Filename, lines)
	}
	for _, id := range v.(map[int][]string)[pos.Line] {
		if id == rule {
			return true
		}
	}
	return false
}
