package main

import (
	"os"
	"runtime"
	"sync/atomic"
)

// ballastSize is how much the garbage collector counts as live beside what
// a run really holds, once the run has grown past the collector's first
// cycle. A check streams its models: each is parsed, checked and released,
// so the live heap stays at a megabyte or two and, at the default GOGC of
// 100, the collector would run every few megabytes of allocation,
// hundreds of times on a large tree, for almost nothing to free. Counted
// as live, the ballast makes it run about every 10 MB instead; a run that
// holds much more (a large index graph) collects almost as before, its goal
// raised by twice the ballast. The ballast holds no pointers, so it is
// never scanned, and its pages are never written, so they never become
// resident.
const ballastSize = 8 << 20

// ballast is the heap the collector counts as live; nothing reads it.
var ballast atomic.Pointer[[]byte]

// keepHeapFloor allocates the ballast after the first garbage collection,
// so that a short run (one model, which never collects) pays nothing for
// it. It does nothing when the user set GOGC.
func keepHeapFloor() {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	onNextGC(func() {
		b := make([]byte, ballastSize)
		ballast.Store(&b)
	})
}

// sentinel is an object whose only use is to become unreachable: it holds
// a pointer and is larger than the runtime's tiny allocations, so it has a
// slot of its own and its cleanup runs after the first collection that
// finds it.
type sentinel struct {
	_ *sentinel
	_ [24]byte
}

// onNextGC calls f once, on the cleanup goroutine, after the next garbage
// collection.
func onNextGC(f func()) {
	runtime.AddCleanup(new(sentinel), func(f func()) { f() }, f)
}
