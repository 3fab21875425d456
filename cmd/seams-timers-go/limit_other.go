//go:build !unix

package main

// setAddressSpace has no system limit to set here; the collector's limit
// and seams-timers' deadline still hold.
func setAddressSpace(uint64) {}
