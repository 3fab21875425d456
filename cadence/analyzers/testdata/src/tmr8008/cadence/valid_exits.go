package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// DrainWorkflow waits between the requests it has and stops when they run
// out: the loop ends.
func DrainWorkflow(ctx workflow.Context, pending []string) error {
	for {
		if len(pending) == 0 {
			break
		}
		pending = pending[1:]
		_ = workflow.Sleep(ctx, time.Minute)
	}
	return nil
}

// PollWorkflow polls until it has a result, which it returns.
func PollWorkflow(ctx workflow.Context, ready func() bool) (bool, error) {
	for {
		if err := workflow.Sleep(ctx, time.Minute); err != nil {
			return false, err
		}
		if ready() {
			return true, nil
		}
	}
}
