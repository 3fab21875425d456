package wf

import (
	tm "time"

	"go.uber.org/cadence/workflow"

	"helpers"
)

// ClockWorkflow reads the worker's clock.
func ClockWorkflow(ctx workflow.Context) error {
	start := tm.Now()   // want `time\.Now in workflow code reads the worker's clock.*\[TMR8003`
	_ = tm.Since(start) // want `time\.Since in workflow code.*\[TMR8003`
	_ = tm.Until(start) // want `time\.Until in workflow code.*\[TMR8003`
	_ = helpers.Stamp() // want `time\.Now in workflow code.*\[TMR8003`
	return nil
}
