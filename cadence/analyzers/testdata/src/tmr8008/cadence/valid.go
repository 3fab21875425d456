package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// RollingWorkflow polls a bounded number of times, then continues as new.
func RollingWorkflow(ctx workflow.Context, turns int) error {
	for {
		_ = workflow.Sleep(ctx, time.Hour)
		turns++
		if turns == 100 {
			return workflow.NewContinueAsNewError(ctx, RollingWorkflow, 0)
		}
	}
}

// BoundedWorkflow waits a fixed number of times.
func BoundedWorkflow(ctx workflow.Context) error {
	for i := 0; i < 10; i++ {
		_ = workflow.Sleep(ctx, time.Hour)
	}
	return nil
}
