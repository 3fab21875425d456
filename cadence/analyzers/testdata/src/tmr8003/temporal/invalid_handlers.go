package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// UpdateWorkflow's update handler is workflow code: its clock read is
// replayed.
func UpdateWorkflow(ctx workflow.Context) error {
	return workflow.SetUpdateHandlerWithOptions(ctx, "stamp", func(ctx workflow.Context) (time.Time, error) {
		return time.Now(), nil // want `time\.Now in workflow code.*\[TMR8003`
	}, workflow.UpdateHandlerOptions{})
}
