// Package cadence is a stub of the Cadence Go client's root package.
package cadence

import "go.uber.org/cadence/internal"

// CanceledError is an alias, as in the real client.
type CanceledError = internal.CanceledError

// IsCanceledError reports whether err is a cancellation.
func IsCanceledError(err error) bool {
	_, ok := err.(*CanceledError)
	return ok
}
