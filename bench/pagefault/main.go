//go:build devtools && unix

// Command pagefault measures what a page fault costs on this machine: it
// maps 64 MB of fresh anonymous memory, touches one byte of each page, and
// prints the time per page (three rounds). On a machine where this is
// large, the memory a short run touches is a large part of its time.
//
// Usage: go run -tags devtools ./bench/pagefault
package main

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

func main() {
	const size = 64 << 20
	page := os.Getpagesize()
	for round := 0; round < 3; round++ {
		mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pagefault:", err)
			os.Exit(1)
		}
		t0 := time.Now()
		for i := 0; i < size; i += page {
			mem[i] = 1
		}
		d := time.Since(t0)
		fmt.Printf("round %d: %.2f µs per %d-byte page\n", round+1, float64(d.Nanoseconds())/1e3/float64(size/page), page)
		if err := syscall.Munmap(mem); err != nil {
			fmt.Fprintln(os.Stderr, "pagefault:", err)
			os.Exit(1)
		}
	}
}
