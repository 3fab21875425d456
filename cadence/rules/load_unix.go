//go:build unix

package rules

import (
	"os"
	"os/exec"
	"syscall"
)

// killGroup runs the helper in a process group of its own, and has the
// cancel kill the whole group: the go command and what it started die
// with it.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// killedByOOM reports whether the system's out-of-memory killer ended
// the helper (a SIGKILL that the deadline did not send).
func killedByOOM(st *os.ProcessState) bool {
	if st == nil {
		return false
	}
	ws, ok := st.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}
