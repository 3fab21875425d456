package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// SubsecondWorkflow asks for a sub-second wait, which Temporal keeps.
func SubsecondWorkflow(ctx workflow.Context) error {
	_ = workflow.Sleep(ctx, 1100*time.Millisecond)
	return workflow.NewTimer(ctx, 500*time.Millisecond).Get(ctx, nil)
}
