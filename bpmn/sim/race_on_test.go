//go:build race

package sim

// raceEnabled is true under the race detector, whose sync.Pool drops
// items at random: allocation counts then grow with the work done.
const raceEnabled = true
