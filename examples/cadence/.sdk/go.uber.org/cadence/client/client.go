// Package client is a stub of the Cadence Go client's client package.
package client

import "go.uber.org/cadence/internal"

// StartWorkflowOptions is an alias, as in the real client.
type StartWorkflowOptions = internal.StartWorkflowOptions
