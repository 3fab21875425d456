// Package helpers is code a workflow calls that is not workflow code of
// its own: its native calls are findings only when a workflow reaches
// them, and then at the call, with the chain in the detail.
package helpers

import (
	"context"
	tm "time"
)

// Backoff sleeps with the worker's clock.
func Backoff(n int) {
	tm.Sleep(tm.Duration(n) * tm.Second)
}

// Poller waits between polls.
type Poller struct{ Every tm.Duration }

// Wait waits for the next poll with a native timer.
func (p Poller) Wait() {
	<-tm.After(p.Every)
}

// Pause sleeps through Backoff, one more link in the chain.
func (p *Poller) Pause() { Backoff(1) }

// WithDeadline bounds a call with a native timeout.
func WithDeadline(parent context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, tm.Minute)
}

// Stamp reads the worker's clock.
func Stamp() tm.Time { return tm.Now() }

// Pure does nothing with time.
func Pure(n int) int { return n * 2 }
