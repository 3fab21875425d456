package main

import (
	"os"
	"runtime/debug"
	"strconv"
)

// MemoryEnv names the variable by which seams-timers gives seams-timers-go
// its memory budget, in bytes.
const MemoryEnv = "SEAMS_TIMERS_GO_MEMORY"

// limitMemory applies the budget seams-timers gives: the collector works
// to stay under it, and (where the system has one) the address-space
// limit makes an allocation past twice the budget fail, here and in the go
// command this process runs, instead of the machine swapping. seams-timers
// reports a process over it as a finding.
func limitMemory() {
	n, err := strconv.ParseInt(os.Getenv(MemoryEnv), 10, 64)
	if err != nil || n <= 0 {
		return
	}
	debug.SetMemoryLimit(n)
	setAddressSpace(uint64(n) * 2)
}
