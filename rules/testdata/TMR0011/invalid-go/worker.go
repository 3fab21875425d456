// Package worker is no workflow code: only the suppression is reported.
package worker

import "time"

// Poll waits between two polls of the queue.
func Poll() {
	// seams-timers:ignore SA1015 the ticker lives as long as the worker; want "TMR0011" `unknown rule "SA1015"`
	for range time.Tick(time.Minute) {
		return
	}
}
