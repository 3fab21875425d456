package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// ZeroWorkflow waits for nothing.
func ZeroWorkflow(ctx workflow.Context) error {
	_ = workflow.Sleep(ctx, 0) // want `the duration is zero, so workflow\.Sleep completes at once and records no timer.*\[TMR8005`
	const none = 0 * time.Second
	return workflow.NewTimer(ctx, none).Get(ctx, nil) // want `the duration is zero, so workflow\.NewTimer.*\[TMR8005`
}
