//go:build !unix

package lsp

import "time"

// cpuTime is not available here: benchmarks report no CPU time.
func cpuTime() (time.Duration, bool) { return 0, false }
