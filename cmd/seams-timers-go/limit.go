package main

import (
	"os"
	"strconv"
)

// MemoryEnv names the variable by which seams-timers gives seams-timers-go
// its memory budget, in bytes.
const MemoryEnv = "SEAMS_TIMERS_GO_MEMORY"

// limitMemory applies the budget seams-timers gives: where the system has
// one, an address-space limit makes an allocation past it fail, here and
// in the go command this process runs, instead of the machine swapping;
// seams-timers reports a process over it as a finding. (A soft limit for
// the collector would only make a hopeless load slower to fail.)
func limitMemory() {
	n, err := strconv.ParseInt(os.Getenv(MemoryEnv), 10, 64)
	if err != nil || n <= 0 {
		return
	}
	setAddressSpace(uint64(n))
}
