package wf

import (
	tm "time"

	"go.temporal.io/sdk/workflow"

	"helpers"
)

// SleepyWorkflow sleeps with the worker's clock, through an aliased import.
func SleepyWorkflow(ctx workflow.Context) error {
	tm.Sleep(tm.Second) // want `time\.Sleep in workflow code is not recorded in the Temporal history.*\[TMR8001`
	return nil
}

// HelperWorkflow sleeps in a helper of another package.
func HelperWorkflow(ctx workflow.Context) error {
	helpers.Backoff(3) // want `time\.Sleep in workflow code.*\[TMR8001`
	return nil
}

// DeepWorkflow sleeps two calls down, in another package.
func DeepWorkflow(ctx workflow.Context) error {
	p := &helpers.Poller{}
	p.Pause() // want `time\.Sleep in workflow code.*\[TMR8001`
	return nil
}

// LocalHelperWorkflow sleeps in a helper of its own package.
func LocalHelperWorkflow(ctx workflow.Context) error {
	pause()
	return nil
}

func pause() {
	tm.Sleep(2 * tm.Second) // want `time\.Sleep in workflow code.*\[TMR8001`
}

type sleeper struct{}

func (sleeper) nap() { tm.Sleep(tm.Millisecond) } // want `time\.Sleep in workflow code.*\[TMR8001`

// MethodValueWorkflow sleeps through a method value it calls later.
func MethodValueWorkflow(ctx workflow.Context) error {
	nap := sleeper{}.nap
	nap()
	return nil
}

// ValueWorkflow passes time.Sleep as a value.
func ValueWorkflow(ctx workflow.Context) error {
	run(tm.Sleep) // want `time\.Sleep in workflow code.*\[TMR8001`
	return nil
}

func run(f func(tm.Duration)) { f(tm.Second) }

// GoroutineWorkflow sleeps in a function literal.
func GoroutineWorkflow(ctx workflow.Context) error {
	workflow.Go(ctx, func(ctx workflow.Context) {
		tm.Sleep(tm.Second) // want `time\.Sleep in workflow code.*\[TMR8001`
	})
	return nil
}
