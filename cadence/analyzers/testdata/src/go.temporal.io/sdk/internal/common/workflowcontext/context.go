// Package workflowcontext is a stub of the Temporal Go SDK's package that,
// from v1.50.0, declares the workflow Context (internal.Context and
// workflow.Context are aliases of it).
package workflowcontext

// Channel is the workflow's channel.
type Channel interface {
	Len() int
}

// Context is the workflow context.
type Context interface {
	Done() Channel
	Value(key interface{}) interface{}
}
