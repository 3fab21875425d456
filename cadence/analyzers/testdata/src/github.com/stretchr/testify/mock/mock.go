// Package mock is a stub of testify's mock package: Called waits, as the
// real one can (a call's WaitUntil and After).
package mock

import "time"

// Mock is embedded by generated mocks.
type Mock struct{}

// Arguments are a call's return values.
type Arguments []interface{}

// Error returns the i-th value as an error.
func (Arguments) Error(int) error { return nil }

// Called records a call and returns its values.
func (m *Mock) Called(args ...interface{}) Arguments {
	time.Sleep(0)
	return nil
}
