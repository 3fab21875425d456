package wf

import (
	"context"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/workflow"
)

// SleepingActivity runs in an activity worker, where sleeping is normal.
func SleepingActivity(ctx context.Context) error {
	time.Sleep(time.Second)
	return nil
}

// LocalActivity is run as a local activity: not workflow code either.
func LocalActivity() error {
	time.Sleep(time.Second)
	return nil
}

// Acts is a struct of activities.
type Acts struct{}

// Poll is an activity method.
func (a *Acts) Poll(ctx context.Context) error {
	time.Sleep(time.Second)
	return nil
}

// tableActivity is executed from a table.
func tableActivity(ctx context.Context) error {
	time.Sleep(time.Second)
	return nil
}

// ActivitiesWorkflow executes activities by value, as a method value, as
// a local activity and from a table: none of them is workflow code.
func ActivitiesWorkflow(ctx workflow.Context) error {
	var a *Acts
	if err := workflow.ExecuteActivity(ctx, SleepingActivity).Get(ctx, nil); err != nil {
		return err
	}
	if err := workflow.ExecuteActivity(ctx, a.Poll).Get(ctx, nil); err != nil {
		return err
	}
	if err := workflow.ExecuteLocalActivity(ctx, LocalActivity).Get(ctx, nil); err != nil {
		return err
	}
	steps := []interface{}{tableActivity}
	for _, s := range steps {
		if err := workflow.ExecuteActivity(ctx, s).Get(ctx, nil); err != nil {
			return err
		}
	}
	return nil
}

// MockGreeter is a generated mock of an interface that takes a
// workflow.Context: test scaffolding, not a workflow, though testify's
// Called may wait.
type MockGreeter struct {
	mock.Mock
}

// Greet records the call.
func (m *MockGreeter) Greet(ctx workflow.Context, name string) error {
	return m.Called(ctx, name).Error(0)
}
