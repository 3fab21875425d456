package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// DebounceWorkflow waits 1.5 s, which Cadence rounds up to 2 s (TMR8004).
func DebounceWorkflow(ctx workflow.Context) error {
	return workflow.Sleep(ctx, 1500*time.Millisecond)
}

// PlaceholderWorkflow waits for nothing (TMR8005).
func PlaceholderWorkflow(ctx workflow.Context) error {
	return workflow.Sleep(ctx, 0)
}

// RewindWorkflow waits for less than nothing (TMR8006).
func RewindWorkflow(ctx workflow.Context) error {
	return workflow.NewTimer(ctx, -time.Minute).Get(ctx, nil)
}
