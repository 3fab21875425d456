package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// UntilStoppedWorkflow loops while !done, and a coroutine sets done: the
// loop ends.
func UntilStoppedWorkflow(ctx workflow.Context) error {
	done := false
	workflow.Go(ctx, func(ctx workflow.Context) {
		_ = workflow.Sleep(ctx, 24*time.Hour)
		done = true
	})
	for !done {
		_ = workflow.Sleep(ctx, time.Hour)
	}
	return nil
}

// CountdownWorkflow loops while its counter, which it decrements, is
// positive.
func CountdownWorkflow(ctx workflow.Context, n int) error {
	for n > 0 {
		_ = workflow.Sleep(ctx, time.Hour)
		n--
	}
	return nil
}

// LabelWorkflow leaves its loop from a switch by a labelled break.
func LabelWorkflow(ctx workflow.Context, items []int) error {
	i := 0
loop:
	for {
		_ = workflow.Sleep(ctx, time.Minute)
		switch {
		case i >= len(items):
			break loop
		default:
			i++
		}
	}
	return nil
}

// ResultWorkflow returns a value it computes on each turn: the check is
// on a result, not an error, and the loop ends.
func ResultWorkflow(ctx workflow.Context, poll func() *string) (string, error) {
	for {
		_ = workflow.Sleep(ctx, time.Minute)
		if r := poll(); r != nil {
			return *r, nil
		}
	}
}

// OnceWorkflow's coroutine waits once, outside any loop.
func OnceWorkflow(ctx workflow.Context) error {
	workflow.Go(ctx, func(ctx workflow.Context) {
		_ = workflow.Sleep(ctx, time.Minute)
	})
	return nil
}
