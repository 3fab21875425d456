package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// ForeverWorkflow polls for ever in one run.
func ForeverWorkflow(ctx workflow.Context) error {
	for {
		_ = workflow.Sleep(ctx, time.Hour) // want `a timer in a loop with no end adds TimerStarted and TimerFired events.*\[TMR8008`
	}
}

// TrueWorkflow polls while true, with a timer future.
func TrueWorkflow(ctx workflow.Context) error {
	for true {
		if err := workflow.NewTimer(ctx, time.Minute).Get(ctx, nil); err != nil { // want `a timer in a loop with no end.*\[TMR8008`
			return err
		}
	}
	return nil
}
