package wf

import (
	"context"
	"time"

	"go.temporal.io/sdk/workflow"
)

// GoodTimerWorkflow waits on the SDK's timer, cancellable with the SDK's
// context.
func GoodTimerWorkflow(ctx workflow.Context) error {
	tctx, cancel := workflow.WithCancel(ctx)
	defer cancel()
	return workflow.NewTimer(tctx, time.Minute).Get(ctx, nil)
}

// Activity may use native timers.
func Activity(ctx context.Context) error {
	c, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	<-c.Done()
	<-time.After(time.Second)
	return nil
}
