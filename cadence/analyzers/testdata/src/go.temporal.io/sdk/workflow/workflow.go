// Package workflow is a stub of the Temporal Go SDK's workflow package,
// which re-exports the internal package through type aliases.
package workflow

import (
	"time"

	"go.temporal.io/sdk/internal"
)

type (
	// Context is an alias, as in the real SDK.
	Context = internal.Context
	// Future is an alias, as in the real SDK.
	Future = internal.Future
	// CancelFunc is an alias, as in the real SDK.
	CancelFunc = internal.CancelFunc
	// ChildWorkflowOptions is an alias, as in the real SDK.
	ChildWorkflowOptions = internal.ChildWorkflowOptions
)

// ErrCanceled is the error a cancelled timer's future returns.
var ErrCanceled = internal.ErrCanceled

// Sleep pauses the workflow.
func Sleep(ctx Context, d time.Duration) error { return internal.Sleep(ctx, d) }

// NewTimer starts a timer.
func NewTimer(ctx Context, d time.Duration) Future { return internal.NewTimer(ctx, d) }

// Now is the workflow's clock.
func Now(ctx Context) time.Time { return internal.Now(ctx) }

// WithCancel returns a cancellable context.
func WithCancel(parent Context) (Context, CancelFunc) { return internal.WithCancel(parent) }

// NewContinueAsNewError continues the workflow as new.
func NewContinueAsNewError(ctx Context, wfn interface{}, args ...interface{}) error {
	return internal.NewContinueAsNewError(ctx, wfn, args...)
}

// Go starts a workflow goroutine.
func Go(ctx Context, f func(ctx Context)) { internal.Go(ctx, f) }

// UpdateHandlerOptions is an alias, as in the real SDK.
type UpdateHandlerOptions = internal.UpdateHandlerOptions

// ExecuteActivity schedules an activity.
func ExecuteActivity(ctx Context, activity interface{}, args ...interface{}) Future {
	return internal.ExecuteActivity(ctx, activity, args...)
}

// ExecuteLocalActivity runs a local activity.
func ExecuteLocalActivity(ctx Context, activity interface{}, args ...interface{}) Future {
	return internal.ExecuteLocalActivity(ctx, activity, args...)
}

// SideEffect records the result of f.
func SideEffect(ctx Context, f func(ctx Context) interface{}) internal.EncodedValue {
	return internal.SideEffect(ctx, f)
}

// MutableSideEffect records the result of f when it changes.
func MutableSideEffect(ctx Context, id string, f func(ctx Context) interface{}, equals func(a, b interface{}) bool) internal.EncodedValue {
	return internal.MutableSideEffect(ctx, id, f, equals)
}

// SetQueryHandler sets a query's handler.
func SetQueryHandler(ctx Context, queryType string, handler interface{}) error {
	return internal.SetQueryHandler(ctx, queryType, handler)
}

// SetUpdateHandlerWithOptions sets an update's handler.
func SetUpdateHandlerWithOptions(ctx Context, updateName string, handler interface{}, opts UpdateHandlerOptions) error {
	return internal.SetUpdateHandlerWithOptions(ctx, updateName, handler, opts)
}
