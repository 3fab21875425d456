package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// NegativeWorkflow waits for less than nothing.
func NegativeWorkflow(ctx workflow.Context) error {
	_ = workflow.Sleep(ctx, -time.Second)                       // want `the duration -1s is negative, so the Cadence SDK completes workflow\.Sleep at once, with no error.*\[TMR8006`
	return workflow.NewTimer(ctx, -5*time.Minute).Get(ctx, nil) // want `the duration -5m0s is negative.*\[TMR8006`
}
