// Package internal is a stub of the Cadence Go client's internal package:
// the types and functions the fixtures call, with the client's signatures.
package internal

import (
	"errors"
	"time"
)

// Context is the workflow context.
type Context interface {
	Value(key interface{}) interface{}
}

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
	ID                              string
	TaskList                        string
	ExecutionStartToCloseTimeout    time.Duration
	DecisionTaskStartToCloseTimeout time.Duration
	CronSchedule                    string
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
