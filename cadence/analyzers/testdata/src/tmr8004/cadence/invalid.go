package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// SubsecondWorkflow asks for waits Cadence rounds up.
func SubsecondWorkflow(ctx workflow.Context) error {
	_ = workflow.Sleep(ctx, 1100*time.Millisecond)    // want `the duration 1\.1s is not whole seconds, and the Cadence client rounds a timer up to 2s.*\[TMR8004`
	f := workflow.NewTimer(ctx, 500*time.Millisecond) // want `rounds a timer up to 1s.*\[TMR8004`
	return f.Get(ctx, nil)
}
