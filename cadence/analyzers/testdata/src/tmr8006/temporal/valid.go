package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// WaitWorkflow waits for a positive duration.
func WaitWorkflow(ctx workflow.Context) error {
	return workflow.NewTimer(ctx, 5*time.Minute).Get(ctx, nil)
}
