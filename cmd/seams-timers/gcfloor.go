package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
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

// largeHeap is the live heap above which a run collects at largeGOGC
// instead of 100: a run that holds this much holds it to the end (an index
// graph of a million triples and the models it joins), so the collector's
// default headroom of as much again would be a third of the process's
// memory, spent on garbage. At 50 the headroom is half the live heap, for
// a few more collections (measured on the 1M-triple join with 2,000 models,
// whose live heap ends at about 170 MB: peak RSS 320 to 265 MB, CPU +45 ms
// of 3.6 s; 25 instead of 50 gave 243 MB for +590 ms).
const (
	largeHeap = 64 << 20
	largeGOGC = 50
)

// gcPercent is the GOGC for a live heap of live bytes.
func gcPercent(live uint64) int {
	if live > largeHeap {
		return largeGOGC
	}
	return 100
}

// keepHeapFloor sets the collector's policy for a batch run: the ballast,
// allocated after the first collection, so that a short run (one model,
// which never collects) pays nothing for it; and after every collection,
// the GOGC its live heap calls for. It does nothing when the user set GOGC.
// stop ends the policy after the next collection (for tests: a run keeps it
// to the end).
func keepHeapFloor() (stop func()) {
	var stopped atomic.Bool
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	percent := 100
	var after func()
	after = func() {
		if stopped.Load() {
			return
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			live := sample[0].Value.Uint64()
			if ballast.Load() != nil {
				// The ballast is not what the run holds.
				live -= min(live, ballastSize)
			}
			if p := gcPercent(live); p != percent {
				percent = p
				debug.SetGCPercent(p)
			}
		}
		if ballast.Load() == nil {
			b := make([]byte, ballastSize)
			ballast.Store(&b)
		}
		onNextGC(after)
	}
	onNextGC(after)
	return func() { stopped.Store(true) }
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
