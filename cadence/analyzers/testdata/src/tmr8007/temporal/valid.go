package wf

import (
	"errors"
	"time"

	"go.temporal.io/sdk/workflow"
)

// BothWorkflow handles either outcome.
func BothWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, time.Hour)
	cancel()
	err := timer.Get(ctx, nil)
	switch {
	case err == nil:
		return nil // the timer fired first
	case errors.Is(err, workflow.ErrCanceled):
		return nil // the cancellation won
	}
	return err
}

// ReturnWorkflow passes the outcome on.
func ReturnWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	cancel()
	return workflow.NewTimer(tctx, time.Hour).Get(ctx, nil)
}

// DeferredWorkflow cancels only when it returns, after the timer.
func DeferredWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	defer cancel()
	workflow.NewTimer(tctx, time.Hour).Get(ctx, nil)
	return nil
}

// UncancelledWorkflow's timer is never cancelled: no race.
func UncancelledWorkflow(ctx workflow.Context) error {
	timer := workflow.NewTimer(ctx, time.Hour)
	_ = timer.Get(ctx, nil)
	return nil
}
