// Package worker is no workflow code: time.Sleep is allowed here.
package worker

import "time"

// Backoff waits before the activity retries.
func Backoff() {
	// seams-timers:ignore TMR8001 an activity may block; want "TMR0012" "suppression of TMR8001 covers no finding"
	time.Sleep(time.Second)
}
