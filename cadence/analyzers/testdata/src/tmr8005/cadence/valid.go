package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// WaitWorkflow waits for a real duration.
func WaitWorkflow(ctx workflow.Context) error {
	return workflow.Sleep(ctx, time.Second)
}
