//go:build unix

package sim

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system, so
// that a benchmark can report its cost apart from what else the machine
// runs.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
