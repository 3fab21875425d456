//go:build !unix

package graph

// cpuTime is not measured on this platform.
func cpuTime() int64 { return 0 }
