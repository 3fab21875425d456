package wf

import (
	"context"
	"errors"
	"time"

	"go.uber.org/cadence/workflow"
)

// ApprovalWorkflow is clean: durable timers, the replayed clock, both
// outcomes of a cancelled timer handled, and a bounded loop that continues
// as new.
func ApprovalWorkflow(ctx workflow.Context, turns int) error {
	started := workflow.Now(ctx)
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, 48*time.Hour)
	cancel()
	switch err := timer.Get(ctx, nil); {
	case err == nil:
		// The timer fired before the cancellation was seen.
	case errors.Is(err, workflow.ErrCanceled):
		// The cancellation won.
	default:
		return err
	}
	for i := 0; i < 100; i++ {
		if err := workflow.Sleep(ctx, time.Hour); err != nil {
			return err
		}
	}
	_ = workflow.Now(ctx).Sub(started)
	return workflow.NewContinueAsNewError(ctx, ApprovalWorkflow, turns+1)
}

// NotifyActivity is an activity: it runs in an activity worker, where
// waiting and reading the clock are normal, so it is not workflow code.
func NotifyActivity(ctx context.Context, to string) (time.Time, error) {
	time.Sleep(100 * time.Millisecond) // a rate limit of the mail service
	return time.Now(), nil
}

// NotifyWorkflow executes the activity and stamps its start through
// SideEffect, whose result the history records: clean.
func NotifyWorkflow(ctx workflow.Context, to string) error {
	var stamp time.Time
	if err := workflow.SideEffect(ctx, func(ctx workflow.Context) interface{} { return time.Now() }).Get(&stamp); err != nil {
		return err
	}
	return workflow.ExecuteActivity(ctx, NotifyActivity, to).Get(ctx, nil)
}
