// Command seams-timers checks BPMN timer definitions against ADR-0037 and
// simulates when they fire.
package main

import (
	"os"
	"runtime/debug"
)

// memoryLimit is the soft limit the garbage collector works towards when
// GOMEMLIMIT is not set: a check of a million-triple index graph with
// thousands of models stays under it instead of growing with every
// allocation burst. Small runs never reach it.
const memoryLimit = 400 << 20

func main() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(memoryLimit)
	}
	os.Exit(run(os.Args[1:], newStreams()))
}
