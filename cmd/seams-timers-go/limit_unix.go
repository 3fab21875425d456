//go:build unix

package main

import "syscall"

// setAddressSpace caps the process's address space (RLIMIT_AS), inherited
// by the go command it runs.
func setAddressSpace(n uint64) {
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &lim) != nil {
		return
	}
	if n > lim.Max { // RLIM_INFINITY is the largest value
		n = lim.Max
	}
	lim.Cur = n
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &lim)
}
