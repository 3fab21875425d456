package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// The SDKs settle a timer's future with the canceled error at once when
// the cancel comes before a TimerFired was processed, and events are
// processed only where the workflow blocks: a cancel with no blocking
// point between the NewTimer and it always wins. No race in these.

// CancelAtOnceWorkflow cancels its timer before it could fire.
func CancelAtOnceWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, time.Hour)
	cancel()
	_ = timer.Get(ctx, nil)
	return nil
}

// CancelledFirstWorkflow starts its timer on a context already cancelled.
func CancelledFirstWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	_ = workflow.Sleep(ctx, time.Minute)
	cancel()
	_ = workflow.NewTimer(tctx, time.Hour).Get(ctx, nil)
	return nil
}

// CancelAfterWorkflow cancels only after the Get: nothing to race.
func CancelAfterWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	timer := workflow.NewTimer(tctx, time.Hour)
	_ = timer.Get(ctx, nil)
	_ = workflow.Sleep(ctx, time.Minute)
	cancel()
	return nil
}

// CoroutineAtOnceWorkflow cancels from a coroutine that does not block
// first: it runs when the workflow first blocks, before any event.
func CoroutineAtOnceWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	workflow.Go(ctx, func(ctx workflow.Context) {
		cancel()
	})
	_ = workflow.NewTimer(tctx, time.Second).Get(tctx, nil)
	return nil
}

// LoopAtOnceWorkflow cancels each turn's timer before it could fire; the
// blocking points after the Get lead only to the next turn's timer.
func LoopAtOnceWorkflow(ctx workflow.Context, n int) error {
	for i := 0; i < n; i++ {
		tctx, cancel := workflow.WithCancel(ctx)
		timer := workflow.NewTimer(tctx, time.Hour)
		cancel()
		_ = timer.Get(ctx, nil)
		_ = workflow.Sleep(ctx, time.Minute)
	}
	return nil
}
