package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// QueryWorkflow's query handler may read the clock but must not wait.
func QueryWorkflow(ctx workflow.Context) error {
	return workflow.SetQueryHandler(ctx, "slow", func() (string, error) {
		<-time.After(time.Second) // want `time\.After in workflow code.*\[TMR8002`
		return "", nil
	})
}
