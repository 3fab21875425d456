package wf

import (
	"errors"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"
)

// IgnoredWorkflow cancels its timer and ignores how it ended.
func IgnoredWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, time.Hour)
	_ = workflow.Sleep(ctx, time.Hour) // the timer may fire meanwhile
	cancel()
	timer.Get(ctx, nil) // want `the Get error of a timer whose context is cancelled is ignored.*\[TMR8007`
	return nil
}

// BlankWorkflow cancels its timer after a helper that blocks, and throws
// the error away.
func BlankWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, time.Hour)
	wait(ctx)
	cancel()
	_ = timer.Get(ctx, nil) // want `the Get error of a timer whose context is cancelled is ignored.*\[TMR8007`
	return nil
}

// OnlyCanceledWorkflow handles only the cancellation.
func OnlyCanceledWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, time.Hour)
	_ = workflow.Sleep(ctx, time.Hour) // the timer may fire meanwhile
	cancel()
	err := timer.Get(ctx, nil) // want `only the cancellation outcome of a cancelled timer's Get is handled.*\[TMR8007`
	if errors.Is(err, workflow.ErrCanceled) {
		return nil
	}
	return nil
}

// IsCanceledWorkflow handles only the cancellation, with the SDK's helper.
func IsCanceledWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, time.Hour)
	_ = workflow.Sleep(ctx, time.Hour) // the timer may fire meanwhile
	cancel()
	if err := timer.Get(ctx, nil); temporal.IsCanceledError(err) { // want `only the cancellation outcome.*\[TMR8007`
		return nil
	}
	return nil
}

// AssertWorkflow handles only the cancellation, with a type assertion.
func AssertWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, time.Hour)
	_ = workflow.Sleep(ctx, time.Hour) // the timer may fire meanwhile
	cancel()
	err := timer.Get(ctx, nil) // want `only the cancellation outcome.*\[TMR8007`
	if _, ok := err.(*temporal.CanceledError); ok {
		return nil
	}
	return nil
}

// wait blocks (it is handed the workflow context).
func wait(ctx workflow.Context) { _ = workflow.Sleep(ctx, time.Minute) }
