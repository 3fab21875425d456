package main

import "github.com/seams/seams-timers/lint"

// simulateWFE simulates Workflow Engine schemes.
func simulateWFE(s *streams, o *simulateOptions, cfg *lint.Config) error {
	return usageErrorf("simulate --engine wfe: not built yet")
}
