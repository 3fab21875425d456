package wf

import (
	"errors"
	"time"

	"go.uber.org/cadence/workflow"
)

// EscalationWorkflow cancels its escalation timer after a review window
// as long as the timer, and handles only the cancellation (TMR8007).
func EscalationWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, 24*time.Hour)
	_ = workflow.Sleep(ctx, 24*time.Hour) // the review window: the timer may fire meanwhile
	cancel()
	err := timer.Get(ctx, nil)
	if errors.Is(err, workflow.ErrCanceled) {
		return nil
	}
	return nil
}
