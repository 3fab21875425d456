package rules

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/seams/seams-timers/lint"
)

// The budget of seams-timers-go (issue 26): a helper that hangs, floods
// its output or takes too much memory is stopped, with the processes it
// started, and the module is a finding at its go.mod; the run goes on.

// fakeHelper writes a shell script standing for seams-timers-go and
// points the engine at it.
func fakeHelper(t *testing.T, body string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	p := filepath.Join(t.TempDir(), "seams-timers-go")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(HelperEnv, p)
}

// budgetFinding checks a module's run in under limit: one TMR8000 at
// go.mod line 1 whose message holds what.
func budgetFinding(t *testing.T, limit time.Duration, what string) {
	t.Helper()
	dir := writeModule(t, map[string]string{"wf/wf.go": sleepy})
	start := time.Now()
	ds := check(t, dir).Diagnostics
	if d := time.Since(start); d > limit {
		t.Errorf("the run took %s, over %s", d, limit)
	}
	if len(ds) != 1 || ds[0].Rule != RuleGoLoad || ds[0].File != filepath.Join(dir, "go.mod") || ds[0].Line != 1 ||
		!strings.Contains(ds[0].Message, what) || ds[0].Severity != lint.SeverityError {
		t.Errorf("findings %+v, want one at go.mod:1 saying %q", ds, what)
	}
}

// TestHelperTimeout: a helper that does not finish is killed at the
// deadline with the process it started.
func TestHelperTimeout(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "child")
	fakeHelper(t, "sleep 300 &\necho $! > "+pidFile+"\nwait\n")
	t.Setenv(HelperTimeoutEnv, "1s")
	budgetFinding(t, 15*time.Second, "took over 1s")
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	// The child is gone (or a zombie of the killed shell, reaped by init).
	deadline := time.Now().Add(5 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil && strings.Contains(string(st), ") Z ") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the helper's child %d outlived the deadline", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestHelperOutput: a helper whose output does not end is stopped at the
// report's limit.
func TestHelperOutput(t *testing.T) {
	fakeHelper(t, "exec yes\n")
	budgetFinding(t, 30*time.Second, "report is over")
}

// TestHelperMemory: a helper whose memory grows without end is stopped at
// the budget (tail of /dev/zero buffers one endless line).
func TestHelperMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the resident memory of a process group is read from /proc")
	}
	fakeHelper(t, "exec tail /dev/zero\n")
	t.Setenv(HelperMemoryEnv, strconv.Itoa(100<<20))
	budgetFinding(t, 30*time.Second, "memory budget (100 MiB)")
}

// TestHelperCrash: a helper that dies with a runtime stack trace is its
// first line, not the trace.
func TestHelperCrash(t *testing.T) {
	fakeHelper(t, "echo 'panic: boom' >&2\necho 'goroutine 1 [running]:' >&2\nexit 2\n")
	budgetFinding(t, 30*time.Second, "seams-timers-go failed: panic: boom")
}

// TestHelperRealMemory: the real helper, with a budget below what loading
// takes, is a finding.
func TestHelperRealMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the resident memory of a process group is read from /proc")
	}
	t.Setenv(HelperMemoryEnv, strconv.Itoa(20<<20))
	budgetFinding(t, 60*time.Second, "memory budget (20 MiB)")
}
