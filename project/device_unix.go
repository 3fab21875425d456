//go:build unix

package project

import (
	"os"
	"syscall"
)

// deviceOf returns the device a directory is on.
func deviceOf(dir string) (uint64, bool) {
	info, err := os.Stat(dir)
	if err != nil {
		return 0, false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return uint64(st.Dev), true //nolint:unconvert // Dev is uint32 on some systems.
}
