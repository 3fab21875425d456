package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// PollWorkflow polls for ever in one run (TMR8008).
func PollWorkflow(ctx workflow.Context) error {
	for {
		if err := workflow.Sleep(ctx, time.Hour); err != nil {
			return err
		}
	}
}
