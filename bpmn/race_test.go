//go:build race

package bpmn

// raceEnabled is true when the tests run under the race detector, which
// makes timing and allocation measurements meaningless.
const raceEnabled = true
