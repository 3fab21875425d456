package analyzers_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/seams/seams-timers/cadence/goload"
)

// TestDependencyReportedAtUsersCall builds a module whose workflow reaches
// time.Now inside another module (a logger, as from the module cache):
// the finding is at the module's own call of it, directly or through a
// helper package of the module, with the chain and the dependency's line
// in the detail, so that a suppression at that call covers it. The SDK's
// own clock reads, under its API, are not findings.
func TestDependencyReportedAtUsersCall(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs the go command")
	}
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The SDK's own code is its replay-safe API: what it does inside (its
	// logger stamps the time) is not the user's.
	write("app/.deps/sdk/go.mod", "module go.temporal.io/sdk\n\ngo 1.22\n")
	write("app/.deps/sdk/workflow/workflow.go", `package workflow

import "time"

// Context is the workflow context.
type Context interface{ Value(key interface{}) interface{} }

// Log stamps a replay-aware log line.
func Log(ctx Context, msg string) { _ = time.Now().String() + msg }
`)
	write("app/.deps/logger/go.mod", "module example.com/logger\n\ngo 1.22\n")
	write("app/.deps/logger/logger.go", `package logger

import "time"

// Info stamps a log line with the clock.
func Info(msg string) { _ = time.Now().String() + msg }
`)
	write("app/go.mod", `module example.com/app

go 1.22

require (
	example.com/logger v0.0.0
	go.temporal.io/sdk v0.0.0
)

replace example.com/logger => ./.deps/logger

replace go.temporal.io/sdk => ./.deps/sdk
`)
	write("app/helpers/helpers.go", `package helpers

import "example.com/logger"

// Log logs through the dependency.
func Log(msg string) {
	logger.Info(msg)
}
`)
	write("app/wf/wf.go", `package wf

import (
	"example.com/app/helpers"
	"example.com/logger"
	"go.temporal.io/sdk/workflow"
)

// Direct calls the dependency itself.
func Direct(ctx workflow.Context) error {
	logger.Info("start")
	workflow.Log(ctx, "start")
	return nil
}

// Indirect calls it through a helper of the module.
func Indirect(ctx workflow.Context) error {
	helpers.Log("start")
	return nil
}
`)
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOWORK", "off")
	rep := goload.Load(filepath.Join(dir, "app"), []string{"./..."})
	var got []string
	for _, f := range rep.Findings {
		rel, _ := filepath.Rel(dir, f.At.File)
		got = append(got, f.Rule+" "+filepath.ToSlash(rel)+":"+strconv.Itoa(f.At.Line)+" "+f.Detail)
	}
	want := []struct{ at, chain string }{
		{"TMR8003 app/helpers/helpers.go:7 ", "wf.Indirect -> helpers.Log -> logger.Info -> time.Now"},
		{"TMR8003 app/wf/wf.go:11 ", "wf.Direct -> logger.Info -> time.Now"},
	}
	if len(got) != len(want) {
		t.Fatalf("findings:\n%s\nwant %d", strings.Join(got, "\n"), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w.at) || !strings.Contains(got[i], w.chain) || !strings.Contains(got[i], "logger/logger.go:6:") {
			t.Errorf("finding %d = %s\nwant at %s with the chain %s and the dependency's line", i, got[i], w.at, w.chain)
		}
	}
}
