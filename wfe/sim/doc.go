// Package sim simulates Workflow Engine schemes on a stepped clock.
package sim
