//go:build unix

package rules

import "syscall"

// processExists reports whether a process with that pid exists (a zombie
// counts).
func processExists(pid int) bool { return syscall.Kill(pid, 0) == nil }
