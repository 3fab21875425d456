package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// DeferredClosureWorkflow cancels in a deferred function literal, which
// runs after the Get: no race.
func DeferredClosureWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	defer func() {
		cancel()
	}()
	_ = workflow.NewTimer(tctx, time.Second).Get(tctx, nil)
	return nil
}
