package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
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

// The soft memory limit. Once the live heap is past limitFrom, the policy
// sets one after each collection (softLimit) from the heap goal GOGC gives,
// less limitCutPercent of the room GOGC leaves above the live heap: the
// peak RSS of a run that holds a large heap (an index graph and the
// summaries of the models it joins) is that heap and that room, and the
// limit takes a quarter of the room at the cost of a few more collections
// (20,000 models with an index graph, 10 interleaved runs at 223ee22,
// before the join's latest savings: peak RSS 86.7
// to 80.4 MB, user CPU 1.015x, 110 collections to 122; 35 percent: 78.7
// MB, 1.03x, 142 collections; none, only the cap on what is mapped: 84.7
// MB, 0.99x).
// The limit counts what the runtime has mapped and not released, so it
// also makes the runtime return the free spans it would keep resident
// beside the heap (without a limit, up to 23 MB at the end of 20,000
// models with an index graph). A limit near a fixed number makes the
// collector run almost without pause when the live heap reaches it (the
// runtime caps it near half the CPU); this one
// follows the live heap, is set again after every collection, and always
// leaves minRoom above it. Below limitFrom the policy sets none: a
// streaming run's peak is small, and its collections are many.
//
// The limit counts the heap's objects (the ballast among them: its pages
// are never written, so it is counted but never resident), the free and
// unused parts of its spans, the goroutine stacks and the runtime's own
// metadata. The runtime derives a heap goal from a limit by taking off
// what is neither heap objects nor free spans (the overhead: the spans'
// unused slots, stacks, metadata), then limitMarginPercent for its pacing
// (at least limitMinMargin): softLimit adds both back above the goal it
// means.
const (
	// limitMarginPercent is the share of a limit's heap goal the runtime
	// keeps as margin (memoryLimitHeapGoalHeadroomPercent in
	// runtime/mgcpacer.go).
	limitMarginPercent = 3
	// limitMinMargin is the least margin (memoryLimitMinHeapGoalHeadroom).
	limitMinMargin = 1 << 20
	// limitFrom is the live heap (the ballast counted) past which the
	// policy sets a limit: twice headroom, where GOGC is 50 and less.
	limitFrom = 2 * headroom
	// limitCutPercent is the share of GOGC's room above the live heap that
	// the limit takes away.
	limitCutPercent = 25
	// minRoom is the least room the limit leaves between the live heap and
	// its goal, whatever the overhead measured.
	minRoom = 4 << 20
)

// heapStats is what softLimit reads of runtime/metrics after a collection.
type heapStats struct {
	// live is the heap marked live (the ballast counted, once allocated);
	// stacks and globals are the scannable stacks and globals, which the
	// GOGC goal is also a percentage of.
	live, stacks, globals uint64
	// mapped is what the memory limit counts: all memory the runtime has
	// mapped and not released to the OS.
	mapped uint64
	// free is the heap's free spans not released; objects, the heap's
	// objects (live, and dead ones not yet swept).
	free, objects uint64
}

// heapMinimum is the least heap goal at GOGC 100 (the runtime's
// defaultHeapMinimum).
const heapMinimum = 4 << 20

// gogcGoal is the heap goal the collector sets at GOGC percent after a
// collection that found s.
func gogcGoal(s heapStats, percent int) uint64 {
	goal := s.live + (s.live+s.stacks+s.globals)*uint64(percent)/100
	return max(goal, heapMinimum*uint64(percent)/100)
}

// softLimit is the memory limit to set after a collection that found s, at
// GOGC percent: a heap goal (GOGC's, less limitCutPercent of its room above
// the live heap) with the overhead and the runtime's margin
// added back. It is never below two floors, each of which keeps the
// collector from running almost without pause:
//   - what is mapped now. A limit below it (the live heap has just shrunk,
//     and what it held is free spans not yet returned) would make the
//     runtime take the excess off its heap goal, down to the live heap,
//     until its scavenger, paced at 1 percent of the CPU, returned it.
//   - minRoom above the live heap, with the overhead counted as it may be
//     once the collection's dead objects are swept (those not yet swept
//     count as objects now, and may become unused slots of their spans).
func softLimit(s heapStats, percent int) int64 {
	var overhead, unswept uint64
	if s.mapped > s.free+s.objects {
		overhead = s.mapped - s.free - s.objects
	}
	if s.objects > s.live {
		unswept = s.objects - s.live
	}
	goal := gogcGoal(s, percent)
	goal -= (goal - s.live) * limitCutPercent / 100
	limit := max(overhead+withMargin(goal), overhead+unswept+withMargin(s.live+minRoom), s.mapped)
	return int64(limit)
}

// withMargin is the memory the runtime needs beside overhead for a heap
// goal of goal bytes: goal and its pacing margin.
func withMargin(goal uint64) uint64 {
	return max(goal*100/(100-limitMarginPercent), goal+limitMinMargin)
}

// limitMetrics are the runtime/metrics samples softLimit reads, in the
// order readHeapStats takes them.
var limitMetrics = [...]string{
	"/gc/heap/live:bytes",
	"/gc/scan/stack:bytes",
	"/gc/scan/globals:bytes",
	"/memory/classes/total:bytes",
	"/memory/classes/heap/released:bytes",
	"/memory/classes/heap/free:bytes",
	"/memory/classes/heap/objects:bytes",
}

// newLimitSamples are the samples of limitMetrics, for readHeapStats.
func newLimitSamples() []metrics.Sample {
	samples := make([]metrics.Sample, len(limitMetrics))
	for i, name := range limitMetrics {
		samples[i].Name = name
	}
	return samples
}

// readHeapStats reads samples (newLimitSamples) into a heapStats; ok is
// false if a metric is missing.
func readHeapStats(samples []metrics.Sample) (s heapStats, ok bool) {
	metrics.Read(samples)
	var v [len(limitMetrics)]uint64
	for i, sm := range samples {
		if sm.Value.Kind() != metrics.KindUint64 {
			return s, false
		}
		v[i] = sm.Value.Uint64()
	}
	s = heapStats{live: v[0], stacks: v[1], globals: v[2], free: v[5], objects: v[6]}
	if v[3] > v[4] {
		s.mapped = v[3] - v[4]
	}
	return s, true
}

// keepHeapFloor sets the collector's policy for a batch run: the ballast,
// allocated after the first collection, so that a short run (one model,
// which never collects) pays nothing for it; and after every collection,
// the GOGC its live heap calls for and, from the next collection on (whose
// live heap holds the ballast), once the live heap is past limitFrom, the
// soft memory limit softLimit gives. It
// does nothing when the user set GOGC, and sets no limit when the user set
// GOMEMLIMIT (the user's limit stays). stop ends the policy and lifts its
// limit (for tests: a run keeps it to the end).
func keepHeapFloor() (stop func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	// The runtime reads an empty GOMEMLIMIT as none.
	userLimit := os.Getenv("GOMEMLIMIT") != ""
	var (
		mu      sync.Mutex // held by after and stop, so no limit is set after stop
		stopped bool
	)
	samples := newLimitSamples()
	percent := 100
	var after func()
	after = func() {
		mu.Lock()
		defer mu.Unlock()
		if stopped {
			return
		}
		s, ok := readHeapStats(samples)
		if ok {
			if p := gcPercent(s.live); p != percent {
				percent = p
				debug.SetGCPercent(p)
			}
		}
		if ballast.Load() == nil {
			b := make([]byte, ballastSize)
			ballast.Store(&b)
		} else if ok && !userLimit {
			limit := int64(math.MaxInt64)
			if s.live > limitFrom {
				limit = softLimit(s, percent)
			}
			debug.SetMemoryLimit(limit)
		}
		onNextGC(after)
	}
	onNextGC(after)
	return func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		if !userLimit {
			debug.SetMemoryLimit(math.MaxInt64)
		}
	}
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
