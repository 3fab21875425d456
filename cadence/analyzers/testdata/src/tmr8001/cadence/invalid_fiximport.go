package wf

import (
	"time"

	"go.uber.org/cadence/workflow"
)

// OnlyUse's sleep is the file's only use of the time import: the fix
// removes the import.
func OnlyUse(ctx workflow.Context) error {
	time.Sleep(wait) // want `time\.Sleep.*\[TMR8001`
	return nil
}
