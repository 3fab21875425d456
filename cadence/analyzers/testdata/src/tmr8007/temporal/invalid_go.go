package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// RacingWorkflow cancels from a workflow goroutine while it waits: the
// cancel races the timer.
func RacingWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	workflow.Go(ctx, func(ctx workflow.Context) {
		cancel()
	})
	_ = workflow.NewTimer(tctx, time.Second).Get(tctx, nil) // want `the Get error of a timer whose context is cancelled is ignored.*\[TMR8007`
	return nil
}
