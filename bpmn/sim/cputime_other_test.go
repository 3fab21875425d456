//go:build !unix

package sim

import "time"

// cpuTime is unknown here: benchmarks report no CPU time.
func cpuTime() time.Duration { return 0 }
