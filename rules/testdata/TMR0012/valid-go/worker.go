// Package worker is no workflow code: time.Sleep is allowed here, and
// the comment names no rule.
package worker

import "time"

// Backoff waits before the activity retries.
func Backoff() {
	// An activity may block: time.Sleep is fine outside workflow code.
	time.Sleep(time.Second)
}
