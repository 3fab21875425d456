package wf

import (
	"time"

	"go.temporal.io/sdk/workflow"
)

// Deadline is a workflow's deadline.
type Deadline struct{ At time.Time }

// ClockFixes reads the worker's clock in the forms the fix rewrites.
func ClockFixes(ctx workflow.Context, d Deadline, ds []time.Time, p *time.Time) (time.Duration, error) {
	if time.Until(d.At) > 0 { // want `time\.Until in workflow code.*\[TMR8003`
		return 0, nil
	}
	_ = time.Until(ds[0])                      // want `time\.Until in workflow code.*\[TMR8003`
	_ = time.Until(*p)                         // want `time\.Until in workflow code.*\[TMR8003`
	_ = time.Until(d.At.Add(time.Hour))        // want `time\.Until in workflow code.*\[TMR8003`
	_ = time.Until(time.Time{})                // want `time\.Until in workflow code.*\[TMR8003`
	_ = time.Since(time.Now().Add(-time.Hour)) // want `time\.Since in workflow code.*\[TMR8003` `time\.Now in workflow code.*\[TMR8003`
	f := func(inner workflow.Context) time.Time {
		return time.Now() // want `time\.Now in workflow code.*\[TMR8003`
	}
	return time.Since(f(ctx)), nil // want `time\.Since in workflow code.*\[TMR8003`
}

// NoContext reads the clock in a helper with no workflow.Context: no fix.
func NoContext(ctx workflow.Context) error {
	stamp()
	return nil
}

func stampHelper() time.Time { return time.Now() } // want `time\.Now in workflow code.*\[TMR8003`

func stamp() { _ = stampHelper() }
