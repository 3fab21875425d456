//go:build !unix

package rules

import "os"

// processExists reports whether a process with that pid exists.
func processExists(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	_ = p.Release()
	return true
}
