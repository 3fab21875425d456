package wf

import (
	"context"
	tm "time"

	"go.temporal.io/sdk/workflow"

	"helpers"
)

// TimersWorkflow uses every native timer.
func TimersWorkflow(ctx workflow.Context) error {
	<-tm.After(tm.Second)                                             // want `time\.After in workflow code is a native timer the Temporal history does not record.*\[TMR8002`
	tick := tm.Tick(tm.Second)                                        // want `time\.Tick in workflow code.*\[TMR8002`
	t := tm.NewTimer(tm.Second)                                       // want `time\.NewTimer in workflow code.*\[TMR8002`
	k := tm.NewTicker(tm.Second)                                      // want `time\.NewTicker in workflow code.*\[TMR8002`
	a := tm.AfterFunc(tm.Second, func() {})                           // want `time\.AfterFunc in workflow code.*\[TMR8002`
	c, cancel := context.WithTimeout(context.Background(), tm.Second) // want `context\.WithTimeout in workflow code.*\[TMR8002`
	d, cancel2 := context.WithDeadline(c, tm.Time{})                  // want `context\.WithDeadline in workflow code.*\[TMR8002`
	_, _, _, _, _ = tick, t, k, a, d
	cancel()
	cancel2()
	return nil
}

// PollWorkflow waits in a method of another package.
func PollWorkflow(ctx workflow.Context) error {
	p := helpers.Poller{Every: tm.Second}
	wait := p.Wait // want `time\.After in workflow code.*\[TMR8002`
	wait()
	return nil
}

// DeadlineWorkflow bounds a call in a helper of another package.
func DeadlineWorkflow(ctx workflow.Context) error {
	c, cancel := helpers.WithDeadline(context.Background()) // want `context\.WithTimeout in workflow code.*\[TMR8002`
	defer cancel()
	_ = c
	return nil
}
