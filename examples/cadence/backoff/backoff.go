// Package backoff is a helper the workflows call; it is not workflow code
// itself, so its native sleep is a finding only because a workflow reaches
// it.
package backoff

import "time"

// Wait sleeps n seconds with the worker's clock.
func Wait(n int) {
	time.Sleep(time.Duration(n) * time.Second)
}
