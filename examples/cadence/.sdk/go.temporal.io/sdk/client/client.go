// Package client is a stub of the Temporal Go SDK's client package.
package client

import "go.temporal.io/sdk/internal"

// StartWorkflowOptions is an alias, as in the real SDK.
type StartWorkflowOptions = internal.StartWorkflowOptions
