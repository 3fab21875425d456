// Package wf holds one Cadence workflow per rule of the TMR8xxx family,
// and a clean one.
package wf

import (
	"time"

	"go.uber.org/cadence/workflow"

	"example.com/orders/backoff"
)

// RetryWorkflow waits between attempts in a helper of another package
// (TMR8001, reported in backoff.Wait with the chain).
func RetryWorkflow(ctx workflow.Context) error {
	backoff.Wait(5)
	return nil
}

// ReminderWorkflow waits on a native timer (TMR8002).
func ReminderWorkflow(ctx workflow.Context) error {
	<-time.After(time.Hour)
	return nil
}

// StampWorkflow reads the worker's clock (TMR8003).
func StampWorkflow(ctx workflow.Context) (time.Time, error) {
	return time.Now(), nil
}
