package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// GoodClockWorkflow reads the replayed clock.
func GoodClockWorkflow(ctx workflow.Context) error {
	start := workflow.Now(ctx)
	_ = workflow.Now(ctx).Sub(start)
	_ = time.Duration(3) * time.Second
	return nil
}

// stamp reads the clock, but no workflow calls it.
func stamp() time.Time { return time.Now() }
