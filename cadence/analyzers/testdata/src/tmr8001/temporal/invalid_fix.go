package wf

import (
	"errors"
	"time"

	wf "go.temporal.io/sdk/workflow"
)

// The fix of time.Sleep returns workflow.Sleep's error (a cancellation)
// with the zero values of the other results, where that compiles.

// Result is a workflow's result.
type Result struct{ N int }

// State is a named basic type.
type State string

// ErrorOnly returns the error alone.
func ErrorOnly(ctx wf.Context, d time.Duration) error {
	time.Sleep(d) // want `time\.Sleep in workflow code is not recorded in the Temporal history.*\[TMR8001`
	return nil
}

// Results returns zero values before the error.
func Results(ctx wf.Context) (time.Time, Result, *Result, []int, map[string]int, State, bool, float64, any, error) {
	time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
	return time.Time{}, Result{}, nil, nil, nil, "", false, 0, nil, nil
}

// Named has named results.
func Named(ctx wf.Context) (n int, err error) {
	time.Sleep(time.Second) /* a comment */ // want `time\.Sleep.*\[TMR8001`
	return 1, nil
}

// Clauses sleeps in case clauses, a select and after a label.
func Clauses(ctx wf.Context, n int, ch chan int) error {
	switch n {
	case 1:
		time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
	default:
		select {
		case <-ch:
			time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
		}
	}
again:
	time.Sleep( // want `time\.Sleep.*\[TMR8001`
		time.Duration(n) * time.Second,
	)
	if n > 0 {
		n--
		goto again
	}
	return errors.New("done")
}

// Literal sleeps in a function literal that returns an error: its own
// context is used.
func Literal(outer wf.Context) error {
	f := func(ctx wf.Context) error {
		time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
		return nil
	}
	return f(outer)
}

// NoErrorResult cannot return the error: no fix.
func NoErrorResult(ctx wf.Context) int {
	time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
	return 1
}

// NoResult cannot return the error: no fix.
func NoResult(ctx wf.Context) {
	time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
}

// Deferred sleeps in a defer and a go statement, and in a switch's init:
// no if statement fits there, no fix.
func Deferred(ctx wf.Context, n int) error {
	defer time.Sleep(time.Second)       // want `time\.Sleep.*\[TMR8001`
	go time.Sleep(time.Second)          // want `time\.Sleep.*\[TMR8001`
	switch time.Sleep(time.Second); n { // want `time\.Sleep.*\[TMR8001`
	}
	return nil
}

// Unnamed returns an unnamed struct type, whose zero value has no short
// name: no fix.
func Unnamed(ctx wf.Context) (struct{ A int }, error) {
	time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
	return struct{ A int }{}, nil
}

// Generic returns a type parameter: no fix.
func Generic[T any](ctx wf.Context) (T, error) {
	var zero T
	time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
	return zero, nil
}

// Shadowed has a local Result type where the call is: the package's
// Result cannot be named there, no fix.
func Shadowed(ctx wf.Context) (Result, error) {
	type Result struct{}
	_ = Result{}
	time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
	return zero, nil
}

var zero Result

// wait is a duration of the package.
var wait = time.Second

// ShadowedNil declares nil: no fix.
func ShadowedNil(ctx wf.Context) error {
	nil := 0
	_ = nil
	time.Sleep(time.Second) // want `time\.Sleep.*\[TMR8001`
	return errors.New("x")
}
