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
// holds much more (a large index graph) is given a fixed headroom above
// what it holds (headroom, below). The ballast holds no pointers, so it is
// never scanned, and its pages are never written, so they never become
// resident.
const ballastSize = 8 << 20

// ballast is the heap the collector counts as live; nothing reads it.
var ballast atomic.Pointer[[]byte]

// headroom is how much garbage a run may gather between collections once
// its live heap is large. A run that holds much to the end (an index graph
// and the summaries of the models it joins) makes as much garbage per
// model it reads as a run that holds nothing, so the collector is given
// about the headroom the small run has (twice its few megabytes, the
// ballast counted) rather than GOGC's percentage of what is held: at 100
// the garbage would grow as large as the graph and the summaries, and the
// peak RSS of 20,000 models with an index graph was 3.5 times the live
// heap (bench/memory.sh; README "Speed"). minGOGC bounds the collections a
// very large heap costs (a 1M-triple graph: about 170 MB live).
const (
	headroom = 16 << 20
	minGOGC  = 25
)

// gcPercent is the GOGC for a live heap of live bytes (the ballast, once
// allocated, counted in live, as the collector counts it): 100 while live
// is at most headroom, then the percentage that leaves headroom bytes
// above live, and at least minGOGC.
func gcPercent(live uint64) int {
	if live <= headroom {
		return 100
	}
	return max(minGOGC, int(100*headroom/live))
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
			// The ballast counts: the goal is a percentage of it too.
			live := sample[0].Value.Uint64()
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
