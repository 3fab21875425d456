package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// WholeSecondsWorkflow asks for whole seconds, or a duration only known
// at run time.
func WholeSecondsWorkflow(ctx workflow.Context, d time.Duration) error {
	_ = workflow.Sleep(ctx, 2*time.Second)
	_ = workflow.Sleep(ctx, d)
	return workflow.NewTimer(ctx, time.Minute).Get(ctx, nil)
}
