package wf

import (
	"log"
	"time"

	"go.uber.org/cadence/workflow"
)

// GoodClockWorkflow reads the replayed clock. Its log line reads the
// worker's clock inside the standard library, which is no timer.
func GoodClockWorkflow(ctx workflow.Context) error {
	start := workflow.Now(ctx)
	_ = workflow.Now(ctx).Sub(start)
	_ = time.Duration(3) * time.Second
	log.Printf("started at %s", start)
	return nil
}

// stamp reads the clock, but no workflow calls it.
func stamp() time.Time { return time.Now() }
