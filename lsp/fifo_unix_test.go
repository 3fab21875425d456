//go:build unix

package lsp

import "syscall"

// mkfifoAt makes a FIFO at p.
func mkfifoAt(p string) error { return syscall.Mkfifo(p, 0o644) }
