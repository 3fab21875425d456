package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// RacingWorkflow cancels from a workflow goroutine after it has waited as
// long as the timer: the cancel races the timer.
func RacingWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	workflow.Go(ctx, func(ctx workflow.Context) {
		_ = workflow.Sleep(ctx, time.Second)
		cancel()
	})
	_ = workflow.NewTimer(tctx, time.Second).Get(tctx, nil) // want `the Get error of a timer whose context is cancelled is ignored.*\[TMR8007`
	return nil
}
