//go:build unix

package rules

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

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
