// Package temporal is a stub of the Temporal Go SDK's temporal package.
package temporal

import "go.temporal.io/sdk/internal"

// CanceledError is an alias, as in the real SDK.
type CanceledError = internal.CanceledError

// IsCanceledError reports whether err is a cancellation.
func IsCanceledError(err error) bool {
	_, ok := err.(*CanceledError)
	return ok
}
