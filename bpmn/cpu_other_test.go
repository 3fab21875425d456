//go:build !unix

package bpmn

import "time"

// cpuTime is not available here: benchmarks report no CPU time.
func cpuTime() (time.Duration, bool) { return 0, false }
