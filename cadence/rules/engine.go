// Package rules is the Cadence and Temporal engine (rule family TMR8xxx):
// it loads Go packages with go/packages and runs the analyzers of
// cadence/analyzers over them, reads exported workflow histories, and
// reports both as lint diagnostics.
//
// Nothing here runs at start-up: the engine is built on first use, so
// that a check of BPMN models neither loads nor initialises the Go
// analysis.
package rules

import (
	"path/filepath"
	"strings"
	"sync"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// The engine's name and the kinds of file it reads.
const (
	// EngineName names the engine of Cadence and Temporal workflows.
	EngineName = "cadence"
	// KindGo is a Go source file; the engine loads the packages of the
	// directories that hold them.
	KindGo = "go"
	// KindHistory is a workflow history exported by the Cadence or the
	// Temporal CLI (*.json, told apart from other JSON by its content).
	KindHistory = "history"
)

var (
	engineOnce sync.Once
	engine     *project.Engine
)

// Engine returns the Cadence and Temporal engine.
func Engine() *project.Engine {
	engineOnce.Do(func() {
		engine = &project.Engine{
			Name: EngineName,
			Kinds: []project.Kind{
				{Name: KindGo, Match: IsGoPath},
				{Name: KindHistory, Match: IsHistoryPath},
			},
			Rules:          All(),
			RulePage:       Markdown,
			ConfigSections: []*lint.Field{configSection},
			Load:           load,
		}
	})
	return engine
}

// IsGoPath reports whether a path is a Go source file of a package the
// go command builds: not a test, not under testdata or vendor, not in a
// directory the go command ignores (_ or . prefix).
func IsGoPath(p string) bool {
	if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
		return false
	}
	for _, part := range strings.Split(filepath.ToSlash(filepath.Dir(p)), "/") {
		if part == "testdata" || part == "vendor" || strings.HasPrefix(part, "_") || len(part) > 1 && part[0] == '.' && part != ".." {
			return false
		}
	}
	return true
}

// IsHistoryPath reports whether a path may be an exported history: a JSON
// file (its content decides).
func IsHistoryPath(p string) bool { return strings.HasSuffix(strings.ToLower(p), ".json") }

// Markdown renders a rule's page.
func Markdown(r *lint.Rule) string {
	lang := func(ex string) string {
		if strings.HasPrefix(strings.TrimSpace(ex), "[") || strings.HasPrefix(strings.TrimSpace(ex), "{") {
			return "json"
		}
		return "go"
	}
	return lint.RulePage(r, lint.PageStyle{
		Lang: lang,
		AppliesTo: map[lint.RuleKind]string{
			lint.KindLoad:    "a Go package or history that cannot be read",
			lint.KindProject: "Go workflow code, CronSchedule literals, or exported histories",
		},
		Suppress: "To accept one finding in Go code, put `// seams-timers:ignore %s <reason>` on the line before it or at its end.",
	})
}
