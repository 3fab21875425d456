package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// now reads the clock for a side effect.
func now(ctx workflow.Context) interface{} { return time.Now() }

// HandlersWorkflow reads the clock only where the SDK allows it: in
// SideEffect and MutableSideEffect callbacks (their results are recorded),
// in a query handler and in an update validator (neither writes to the
// history nor runs again on replay).
func HandlersWorkflow(ctx workflow.Context) error {
	var started time.Time
	if err := workflow.SideEffect(ctx, func(ctx workflow.Context) interface{} { return time.Now() }).Get(&started); err != nil {
		return err
	}
	_ = workflow.SideEffect(ctx, now)
	_ = workflow.MutableSideEffect(ctx, "deadline", func(ctx workflow.Context) interface{} {
		return time.Now().Add(time.Hour)
	}, func(a, b interface{}) bool { return a == b })
	if err := workflow.SetQueryHandler(ctx, "age", func() (time.Duration, error) {
		return time.Since(started), nil
	}); err != nil {
		return err
	}
	return workflow.SetUpdateHandlerWithOptions(ctx, "extend", func(ctx workflow.Context, d time.Duration) error {
		return workflow.Sleep(ctx, d)
	}, workflow.UpdateHandlerOptions{Validator: func(d time.Duration) error {
		if time.Now().Add(d).Before(started) {
			return nil
		}
		return nil
	}})
}

// QueryWorkflow answers a query through a helper that takes the workflow
// context; only the query handler calls it.
func QueryWorkflow(ctx workflow.Context) error {
	return workflow.SetQueryHandler(ctx, "report", func() (string, error) {
		return report(ctx), nil
	})
}

func report(ctx workflow.Context) string { return time.Now().String() }
