//go:build !unix

package lsp

import "errors"

// mkfifoAt makes a FIFO at p: the system has none (the tests that need
// one skip before they ask).
func mkfifoAt(string) error { return errors.ErrUnsupported }
