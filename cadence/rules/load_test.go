package rules

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
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

// Stderr of seams-timers-go stopped by its address-space limit, as the Go
// runtime (go1.26.8) wrote it: the first lines of each form seen.
const (
	stderrHeapGrow = "fatal error: runtime: out of memory\n\nruntime stack:\nruntime.throw({0x7e8bda?, 0x7fffffffffff?})\n" +
		"\t/usr/local/go/src/runtime/panic.go:1229 +0x48 fp=0xa391a8c7dd0 sp=0xa391a8c7da0 pc=0x482328\n" +
		"runtime.sysMapOS(0xa391ac00000, 0x400000, {0x7dd650, 0x4})\n"
	stderrPersistent = "fatal error: runtime: cannot allocate memory\n\nruntime stack:\nruntime.throw({0x7edc16?, 0xe7f7a4593a0?})\n" +
		"\t/usr/local/go/src/runtime/panic.go:1229 +0x48 fp=0x7ffed6a1ed20 sp=0x7ffed6a1ecf0 pc=0x482328\n" +
		"runtime.persistentalloc1(0x800, 0x772680?, 0xad8d40)\n"
	stderrLargeAlloc = "runtime: out of memory: cannot allocate 4194304-byte block (3670016 in use)\nfatal error: out of memory\n"
	// The collector's span queue on the nil of a failed mmap: nothing in
	// it says memory.
	stderrSpanQueue = "SIGSEGV: segmentation violation\nPC=0x432dbd m=4 sigcode=1 addr=0x0\n\n" +
		"goroutine 0 gp=0x3ae4c9b30d20 m=4 mp=0x3ae4c9b6b008 [idle]:\n" +
		"runtime.(*spanQueue).tryDrain(0x3ae400000400?, 0x43b545?, 0xab3608?)\n" +
		"\t/usr/local/go/src/runtime/mgcmark_greenteagc.go:520 +0x5d fp=0x3ae4c9c0fcc0 sp=0x3ae4c9c0fca0 pc=0x432dbd\n"
)

// TestOutOfMemoryStderr: the runtime's own words for a failed allocation
// are a memory stop; a crash that does not say so is not, by its stderr.
func TestOutOfMemoryStderr(t *testing.T) {
	for _, c := range []struct {
		stderr string
		want   bool
	}{
		{stderrHeapGrow, true},
		{stderrPersistent, true},
		{stderrLargeAlloc, true},
		{stderrSpanQueue, false},
		{"panic: boom\n\ngoroutine 1 [running]:\n", false},
	} {
		if got := outOfMemory([]byte(c.stderr), nil); got != c.want {
			t.Errorf("outOfMemory(%q) = %v, want %v", firstLine(c.stderr), got, c.want)
		}
	}
}

// TestHelperSegv: a helper that dies of SIGSEGV with nothing saying
// memory is the crash it is, not a budget stop.
func TestHelperSegv(t *testing.T) {
	fakeHelper(t, "printf '%s' '"+stderrSpanQueue+"' >&2\nkill -SEGV $$\n")
	budgetFinding(t, 30*time.Second, "seams-timers-go failed: SIGSEGV: segmentation violation")
}

// TestHelperReserve: the address space each process keeps beyond twice
// the budget covers what the Go runtime reserves: the real helper and
// its go commands load a module under helperReserve alone.
func TestHelperReserve(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("RLIMIT_AS as Linux counts it")
	}
	helper, err := Helper()
	if err != nil {
		t.Fatal(err)
	}
	dir := writeModule(t, map[string]string{"wf/wf.go": sleepy})
	cmd := exec.Command(helper, "load", dir, "./wf")
	cmd.Env = append(os.Environ(), HelperMemoryEnv+"="+strconv.Itoa(helperReserve))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("seams-timers-go under a %d MiB address-space limit: %v\n%s", helperReserve>>20, err, firstLine(stderr.String()))
	}
	rep := &Report{}
	if err := json.Unmarshal(out, rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 {
		t.Error("no findings, want the module's TMR8001")
	}
	for _, f := range rep.Findings {
		if f.Rule != "TMR8001" {
			t.Errorf("finding %+v, want only the module's TMR8001", f)
		}
	}
}
