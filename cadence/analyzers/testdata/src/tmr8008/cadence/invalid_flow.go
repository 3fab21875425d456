package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// UntilDoneWorkflow loops while !done, and nothing ever sets done: the
// same loop as for {}.
func UntilDoneWorkflow(ctx workflow.Context) error {
	done := false
	for !done {
		_ = workflow.Sleep(ctx, time.Hour) // want `a timer in a loop with no end.*\[TMR8008`
	}
	return nil
}

// WhileRunningWorkflow loops while a parameter it never changes holds.
func WhileRunningWorkflow(ctx workflow.Context, running bool) error {
	for running {
		if err := workflow.Sleep(ctx, time.Minute); err != nil { // want `a timer in a loop with no end.*\[TMR8008`
			return err
		}
	}
	return nil
}

// PanicWorkflow leaves its loop only by a panic, which is no end.
func PanicWorkflow(ctx workflow.Context, n int) error {
	for {
		_ = workflow.Sleep(ctx, time.Minute) // want `a timer in a loop with no end.*\[TMR8008`
		if n < 0 {
			panic("negative")
		}
	}
}

// GotoWorkflow loops by goto.
func GotoWorkflow(ctx workflow.Context) error {
again:
	_ = workflow.Sleep(ctx, time.Minute) // want `a timer in a loop with no end.*\[TMR8008`
	goto again
}

// SpawnWorkflow starts a timer in a coroutine on every turn of a loop
// with no end.
func SpawnWorkflow(ctx workflow.Context) error {
	for {
		workflow.Go(ctx, func(ctx workflow.Context) {
			_ = workflow.Sleep(ctx, time.Minute) // want `a timer in a loop with no end.*\[TMR8008`
		})
		_ = workflow.Sleep(ctx, time.Hour) // want `a timer in a loop with no end.*\[TMR8008`
	}
}
