package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// TickWorkflow ends only on an error; its breaks leave the switch, not
// the loop.
func TickWorkflow(ctx workflow.Context, n int) error {
	for {
		if err := workflow.Sleep(ctx, time.Minute); err != nil { // want `a timer in a loop with no end.*\[TMR8008`
			return err
		}
		switch {
		case n > 10:
			break
		default:
			n++
		}
	}
}
