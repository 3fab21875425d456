// Package workflow is a stub of the Cadence Go client's workflow package,
// which re-exports the internal package through type aliases.
package workflow

import (
	"time"

	"go.uber.org/cadence/internal"
)

type (
	// Context is an alias, as in the real client.
	Context = internal.Context
	// Future is an alias, as in the real client.
	Future = internal.Future
	// CancelFunc is an alias, as in the real client.
	CancelFunc = internal.CancelFunc
	// ChildWorkflowOptions is an alias, as in the real client.
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
