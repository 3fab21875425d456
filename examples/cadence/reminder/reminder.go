// Package reminder is a Temporal workflow, checked by the same rules.
package reminder

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// RemindWorkflow sleeps with the worker's clock (TMR8001, Temporal).
func RemindWorkflow(ctx workflow.Context) error {
	time.Sleep(time.Minute)
	return workflow.Sleep(ctx, 500*time.Millisecond)
}
