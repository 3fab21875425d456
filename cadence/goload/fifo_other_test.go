//go:build !unix

package goload

import "errors"

// mkfifo makes a FIFO at p: the system has none (the tests that need one
// skip before they ask).
func mkfifo(string) error { return errors.ErrUnsupported }
