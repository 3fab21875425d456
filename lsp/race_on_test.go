//go:build race

package lsp

// raceEnabled is true when the tests run under the race detector, which
// makes the large-buffer storm several times slower than the wait for its
// diagnostics.
const raceEnabled = true
