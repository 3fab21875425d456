// Package internal is a stub of the Temporal Go SDK's internal package:
// the types and functions the fixtures call, with the client's signatures.
package internal

import (
	"errors"
	"time"

	"go.temporal.io/sdk/internal/common/workflowcontext"
)

// Context is the workflow context, an alias as from v1.50.0.
type Context = workflowcontext.Context

// CancelFunc cancels a context.
type CancelFunc func()

// Future is the result of an asynchronous operation.
type Future interface {
	Get(ctx Context, valuePtr interface{}) error
	IsReady() bool
}

// CanceledError is the error of a cancelled operation.
type CanceledError struct{}

func (*CanceledError) Error() string { return "canceled" }

// ErrCanceled is the error a cancelled timer's future returns.
var ErrCanceled = &CanceledError{}

// StartWorkflowOptions are the options of a workflow start.
type StartWorkflowOptions struct {
	ID                       string
	TaskQueue                string
	WorkflowExecutionTimeout time.Duration
	WorkflowTaskTimeout      time.Duration
	CronSchedule             string
}

// ChildWorkflowOptions are the options of a child workflow.
type ChildWorkflowOptions struct {
	WorkflowID   string
	CronSchedule string
}

// Sleep pauses the workflow.
func Sleep(ctx Context, d time.Duration) error { return nil }

// NewTimer starts a timer.
func NewTimer(ctx Context, d time.Duration) Future { return nil }

// Now is the workflow's clock.
func Now(ctx Context) time.Time { return time.Time{} }

// WithCancel returns a cancellable context.
func WithCancel(parent Context) (Context, CancelFunc) { return parent, func() {} }

// NewContinueAsNewError continues the workflow as new.
func NewContinueAsNewError(ctx Context, wfn interface{}, args ...interface{}) error {
	return errors.New("continue as new")
}

// Go starts a workflow goroutine.
func Go(ctx Context, f func(ctx Context)) {}

// EncodedValue is a recorded value.
type EncodedValue interface {
	Get(valuePtr interface{}) error
}

// ExecuteActivity schedules an activity.
func ExecuteActivity(ctx Context, activity interface{}, args ...interface{}) Future { return nil }

// ExecuteLocalActivity runs a local activity.
func ExecuteLocalActivity(ctx Context, activity interface{}, args ...interface{}) Future { return nil }

// SideEffect records the result of f.
func SideEffect(ctx Context, f func(ctx Context) interface{}) EncodedValue { return nil }

// MutableSideEffect records the result of f when it changes.
func MutableSideEffect(ctx Context, id string, f func(ctx Context) interface{}, equals func(a, b interface{}) bool) EncodedValue {
	return nil
}

// SetQueryHandler sets a query's handler.
func SetQueryHandler(ctx Context, queryType string, handler interface{}) error { return nil }

// UpdateHandlerOptions are an update handler's options.
type UpdateHandlerOptions struct {
	Validator interface{}
}

// SetUpdateHandlerWithOptions sets an update's handler.
func SetUpdateHandlerWithOptions(ctx Context, updateName string, handler interface{}, opts UpdateHandlerOptions) error {
	return nil
}

// ActivityRegistry registers activities.
type ActivityRegistry interface {
	RegisterActivity(a interface{})
}
