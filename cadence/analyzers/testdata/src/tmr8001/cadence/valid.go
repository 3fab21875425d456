package wf

import (
	"context"
	"time"

	"go.uber.org/cadence/workflow"

	"helpers"
)

// GoodWorkflow sleeps with the SDK's durable timer.
func GoodWorkflow(ctx workflow.Context) error {
	_ = helpers.Pure(2)
	return workflow.Sleep(ctx, time.Second)
}

// Activity may sleep: activities are not replayed.
func Activity(ctx context.Context) error {
	time.Sleep(time.Second)
	helpers.Backoff(1)
	return nil
}

// unreached sleeps, but no workflow calls it.
func unreached() { time.Sleep(time.Second) }
