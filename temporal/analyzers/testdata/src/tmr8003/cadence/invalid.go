package wf

import (
	tm "time"

	"go.uber.org/cadence/workflow"

	"helpers"
)

// ClockWorkflow reads the worker's clock.
func ClockWorkflow(ctx workflow.Context) error {
	start := tm.Now()   // want `time\.Now in workflow code reads the worker's clock`
	_ = tm.Since(start) // want `time\.Since in workflow code`
	_ = tm.Until(start) // want `time\.Until in workflow code`
	_ = helpers.Stamp() // want `time\.Now in workflow code`
	return nil
}
