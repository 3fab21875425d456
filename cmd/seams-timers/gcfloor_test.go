package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// TestOnNextGC: the hook runs after a collection, and again after the next
// one when it re-arms itself.
func TestOnNextGC(t *testing.T) {
	calls := make(chan struct{}, 8)
	var f func()
	n := 0
	f = func() {
		n++
		calls <- struct{}{}
		if n < 2 {
			onNextGC(f)
		}
	}
	onNextGC(f)
	for want := 1; want <= 2; want++ {
		deadline := time.After(10 * time.Second)
	wait:
		for {
			runtime.GC()
			select {
			case <-calls:
				break wait
			case <-deadline:
				t.Fatalf("the hook ran %d times after the collections; want %d", want-1, want)
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
}

// TestHeapBallast: the ballast is allocated after the first collection,
// not before, and not at all when the user set GOGC; a soft memory limit
// is set after a later collection that finds a live heap past limitFrom,
// lifted after one that finds less, and lifted by stop.
func TestHeapBallast(t *testing.T) {
	t.Setenv("GOGC", "100") // restored after the test, or unset
	ballast.Store(nil)
	debug.SetMemoryLimit(math.MaxInt64)
	keepHeapFloor()
	// A heap past limitFrom and collections enough for the policy, were
	// it on, to allocate its ballast and set its limit (the second
	// collection's live heap holds the ballast).
	big := make([]*int, 2*limitFrom/8)
	for range 3 {
		runtime.GC()
		time.Sleep(20 * time.Millisecond)
	}
	runtime.KeepAlive(big)
	if ballast.Load() != nil {
		t.Fatal("GOGC is set, yet the ballast was allocated")
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Fatalf("GOGC is set, yet a memory limit of %d bytes was set", l)
	}
	os.Unsetenv("GOGC")
	stop := keepHeapFloor()
	t.Cleanup(func() {
		stop()
		ballast.Store(nil)
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
	if ballast.Load() != nil {
		t.Fatal("the ballast was allocated before any collection")
	}
	collectUntil(t, "a ballast of the ballast's size", func() bool {
		b := ballast.Load()
		return b != nil && len(*b) == ballastSize
	})
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Fatalf("a live heap below limitFrom got a memory limit of %d bytes", l)
	}
	// A live heap past limitFrom gets a limit, with room above it.
	held := make([]*int, 2*limitFrom/8)
	collectUntil(t, "a memory limit", func() bool {
		return debug.SetMemoryLimit(-1) != math.MaxInt64
	})
	// The heap goal the runtime derives from the limit leaves at least
	// minRoom above the live heap.
	hs := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}, {Name: "/gc/heap/live:bytes"}}
	metrics.Read(hs)
	if goal, live := hs[0].Value.Uint64(), hs[1].Value.Uint64(); goal < live+minRoom {
		t.Errorf("under the memory limit the runtime's heap goal is %.1f MiB, less than minRoom above the %.1f MiB live", float64(goal)/mib, float64(live)/mib)
	}
	// Past KeepAlive, held is no longer live.
	runtime.KeepAlive(held)
	collectUntil(t, "lifted memory limit once the heap shrank", func() bool {
		return debug.SetMemoryLimit(-1) == math.MaxInt64
	})
	// And again, for stop to lift.
	again := make([]*int, 2*limitFrom/8)
	collectUntil(t, "a memory limit", func() bool {
		return debug.SetMemoryLimit(-1) != math.MaxInt64
	})
	runtime.KeepAlive(again)
	stop()
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("after stop the memory limit is %d bytes; want none", l)
	}
}

// TestUserMemoryLimit: with GOMEMLIMIT set the policy keeps its ballast
// and GOGC but leaves the user's limit alone.
func TestUserMemoryLimit(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "1GiB")
	t.Setenv("GOGC", "") // restored after the test, or unset
	os.Unsetenv("GOGC")
	ballast.Store(nil)
	const user = 1 << 30
	prev := debug.SetMemoryLimit(user)
	stop := keepHeapFloor()
	t.Cleanup(func() {
		stop()
		ballast.Store(nil)
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(prev)
	})
	collectUntil(t, "a ballast", func() bool { return ballast.Load() != nil })
	// A heap past limitFrom: once the policy has seen it (it lowers GOGC
	// for a heap past headroom), it would have set its limit, as it does
	// after that collection.
	held := make([]*int, 2*limitFrom/8)
	defer runtime.KeepAlive(held)
	gogc := []metrics.Sample{{Name: "/gc/gogc:percent"}}
	collectUntil(t, "GOGC lowered for the large heap", func() bool {
		metrics.Read(gogc)
		return gogc[0].Value.Uint64() < 100
	})
	runtime.GC()
	time.Sleep(20 * time.Millisecond)
	if l := debug.SetMemoryLimit(-1); l != user {
		t.Errorf("GOMEMLIMIT is set, yet the memory limit became %d bytes", l)
	}
	stop()
	if l := debug.SetMemoryLimit(-1); l != user {
		t.Errorf("GOMEMLIMIT is set, yet stop set the memory limit to %d bytes", l)
	}
}

// collectUntil collects until ok holds, for at most 10 seconds.
func collectUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		if ok() {
			return
		}
	}
	t.Fatalf("after the collections, no %s", what)
}

func TestGCPercent(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, 100},
		{2 << 20, 100},
		{headroom, 100},
		{headroom + 1, 99},
		{2 * headroom, 50},
		{4 * headroom, minGOGC},
		{1 << 30, minGOGC},
	} {
		if got := gcPercent(c.live); got != c.want {
			t.Errorf("gcPercent(%d MiB) = %d; want %d", c.live>>20, got, c.want)
		}
	}
}

// limitHeapGoal is the heap goal the runtime derives from a memory limit
// when the heap has s.objects of objects and s.free of free spans, and
// s.mapped mapped in all (memoryLimitHeapGoal in runtime/mgcpacer.go):
// the limit less the overhead (what is neither objects nor free spans) and
// any excess of mapped over the limit, less 3 percent, and at least 1 MiB
// and the live heap. The runtime's constants are written out here, not
// read from the policy's (limitMarginPercent, limitMinMargin), so that a
// wrong one there shows.
func limitHeapGoal(limit int64, s heapStats) uint64 {
	const (
		marginPercent = 3       // memoryLimitHeapGoalHeadroomPercent
		minMargin     = 1 << 20 // memoryLimitMinHeapGoalHeadroom
	)
	l := uint64(limit)
	overhead := s.mapped - s.free - s.objects
	var overage uint64
	if s.mapped > l {
		overage = s.mapped - l
	}
	if overhead+overage >= l {
		return s.live
	}
	goal := l - overhead - overage
	margin := max(goal/100*marginPercent, minMargin)
	if goal < 2*margin {
		goal = margin
	} else {
		goal -= margin
	}
	return max(goal, s.live)
}

const mib = 1 << 20

// heapCases are heaps after a collection, small and large, with little
// and much overhead, each settled: swept, and mapping less than its limit.
var heapCases = []heapStats{
	// A streaming check: the ballast and a few megabytes.
	{live: 10 * mib, stacks: 64 << 10, globals: 300 << 10, objects: 10 * mib, free: 3 * mib, mapped: 17 * mib},
	// 20,000 models with an index graph at the end (measured, MiB).
	{live: 66 * mib, stacks: 32 << 10, globals: 300 << 10, objects: 66 * mib, free: 4 * mib, mapped: 86 * mib},
	// A 1M-triple graph.
	{live: 180 * mib, stacks: 32 << 10, globals: 300 << 10, objects: 181 * mib, free: 20 * mib, mapped: 230 * mib},
	// Much overhead: fragmentation, many goroutine stacks.
	{live: 30 * mib, stacks: 4 * mib, globals: 300 << 10, objects: 30 * mib, free: 1 * mib, mapped: 60 * mib},
	// No overhead at all.
	{live: 20 * mib, objects: 20 * mib, mapped: 20 * mib},
}

// TestSoftLimitHeapGoal: in a settled heap, the heap goal the runtime
// derives from the limit is GOGC's goal less limitCutPercent of its room
// above the live heap (to the runtime's rounding: a few bytes).
func TestSoftLimitHeapGoal(t *testing.T) {
	for _, s := range heapCases {
		p := gcPercent(s.live)
		gogc := gogcGoal(s, p)
		want := gogc - (gogc-s.live)*limitCutPercent/100
		l := softLimit(s, p)
		got := limitHeapGoal(l, s)
		// The runtime's percentages round down: a few bytes.
		if got+64 < want || got > want+64 {
			t.Errorf("live %d MiB: the limit %d MiB gives a heap goal of %.1f MiB; want %.1f MiB (GOGC's: %.1f MiB)", s.live/mib, l/mib, float64(got)/mib, float64(want)/mib, float64(gogc)/mib)
		}
	}
}

// TestSoftLimitShrunkHeap: after a collection that freed much (the live
// heap shrank; its spans are free, not yet returned), the limit is not
// below what is mapped, so the runtime takes nothing off its goal for an
// excess: it keeps the goal the settled heap would get, and the limit
// lets the heap grow into the free spans.
func TestSoftLimitShrunkHeap(t *testing.T) {
	for _, settled := range heapCases {
		s := settled
		s.free += 100 * mib
		s.mapped += 100 * mib
		p := gcPercent(s.live)
		l := softLimit(s, p)
		if uint64(l) < s.mapped {
			t.Errorf("live %d MiB, %d MiB free: limit %d MiB, below the %d MiB mapped", s.live/mib, s.free/mib, l/mib, s.mapped/mib)
		}
		if got, want := limitHeapGoal(l, s), limitHeapGoal(softLimit(settled, p), settled); got+mib < want {
			t.Errorf("live %d MiB, %d MiB free: heap goal %d MiB; settled, %d MiB", s.live/mib, s.free/mib, got/mib, want/mib)
		}
	}
}

// TestSoftLimitUnswept: right after a collection much of the heap's
// objects may be dead and not yet swept; however sweeping turns them into
// unused slots (overhead, which the runtime takes off the limit), the
// limit leaves minRoom above the live heap.
func TestSoftLimitUnswept(t *testing.T) {
	for _, settled := range heapCases {
		for _, dead := range []uint64{mib, 10 * mib, 60 * mib} {
			s := settled
			s.objects += dead
			s.mapped += dead
			p := gcPercent(s.live)
			l := softLimit(s, p)
			swept := s
			swept.objects = s.live // every dead object an unused slot
			if got := limitHeapGoal(l, swept); got < s.live+minRoom {
				t.Errorf("live %d MiB, %d MiB unswept: once swept, heap goal %.1f MiB, less than minRoom above the live heap", s.live/mib, dead/mib, float64(got)/mib)
			}
		}
	}
}

// TestSoftLimitMinRoom: however little room GOGC leaves, the limit leaves
// minRoom above the live heap.
func TestSoftLimitMinRoom(t *testing.T) {
	for _, s := range []heapStats{
		{live: 17 * mib, objects: 17 * mib, mapped: 20 * mib},
		{live: 9 * mib, objects: 9 * mib, mapped: 12 * mib},
	} {
		// GOGC 10: a room of under 2 MiB.
		if got := limitHeapGoal(softLimit(s, 10), s); got < s.live+minRoom {
			t.Errorf("live %d MiB at GOGC 10: heap goal %.1f MiB, less than minRoom above the live heap", s.live/mib, float64(got)/mib)
		}
	}
}

// TestSoftLimitCountsOverhead: the limit is the heap goal plus what the
// runtime has mapped beside heap objects and free spans, so each byte more
// of that overhead raises it by a byte; free spans, while mapped stays
// below the limit, do not raise it (they are what the limit caps).
func TestSoftLimitCountsOverhead(t *testing.T) {
	s := heapCases[1]
	p := gcPercent(s.live)
	base := softLimit(s, p)
	more := s
	more.mapped += 5 * mib
	if d := softLimit(more, p) - base; d != 5*mib {
		t.Errorf("5 MiB more overhead raised the limit by %d bytes; want 5 MiB", d)
	}
	freer := s
	freer.mapped += 2 * mib
	freer.free += 2 * mib
	if d := softLimit(freer, p) - base; d != 0 {
		t.Errorf("2 MiB more free spans raised the limit by %d bytes; want 0", d)
	}
	// Overhead cannot go below zero, whatever order the counters were
	// read in.
	odd := heapStats{live: 20 * mib, objects: 20 * mib, free: 5 * mib, mapped: 24 * mib}
	none := odd
	none.mapped = odd.objects + odd.free
	if l, want := softLimit(odd, 100), softLimit(none, 100); l != want {
		t.Errorf("counters with objects and free above mapped: limit %d bytes; want %d, as with no overhead", l, want)
	}
}

// TestSoftLimitCountsBallast: the ballast is heap objects to the
// runtime's accounting (mapped, never resident), so a heap that holds it
// gets a limit higher by at least the ballast: the ballast takes none of
// the room the limit leaves the rest of the heap (at the same GOGC).
func TestSoftLimitCountsBallast(t *testing.T) {
	for _, without := range heapCases {
		with := without
		with.live += ballastSize
		with.objects += ballastSize
		with.mapped += ballastSize
		p := gcPercent(with.live)
		lw, lo := softLimit(with, p), softLimit(without, p)
		if lw-lo < ballastSize {
			t.Errorf("live %d MiB: the ballast raised the limit by %d bytes; want at least %d", without.live/mib, lw-lo, ballastSize)
		}
		roomWith := limitHeapGoal(lw, with) - with.live
		roomWithout := limitHeapGoal(lo, without) - without.live
		if roomWith < roomWithout {
			t.Errorf("live %d MiB: with the ballast the limit leaves %d MiB above the live heap, without it %d MiB", without.live/mib, roomWith/mib, roomWithout/mib)
		}
	}
}

func TestGOGCGoal(t *testing.T) {
	for _, c := range []struct {
		s       heapStats
		percent int
		want    uint64
	}{
		{heapStats{live: 10 * mib}, 100, 20 * mib},
		{heapStats{live: 10 * mib, stacks: mib, globals: mib}, 100, 22 * mib},
		{heapStats{live: 64 * mib}, 25, 80 * mib},
		// The runtime's least goal, 4 MiB at GOGC 100.
		{heapStats{live: mib}, 100, 4 * mib},
		{heapStats{live: mib}, 50, 2 * mib},
	} {
		if got := gogcGoal(c.s, c.percent); got != c.want {
			t.Errorf("gogcGoal(live %d MiB, GOGC %d) = %d; want %d", c.s.live/mib, c.percent, got, c.want)
		}
	}
}

// TestSoftLimitRuntimeGoal holds the accounting of softLimit and of
// limitHeapGoal to the runtime itself: with a heap held past limitFrom,
// after a collection (which sweeps the whole heap before it returns, and
// here returns its free spans too) the
// heap goal the runtime reports under the GOGC and the limit the policy
// sets is the goal limitHeapGoal derives from the limit (below GOGC's:
// the limit binds), to a MiB.
func TestSoftLimitRuntimeGoal(t *testing.T) {
	t.Cleanup(func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
	samples := newLimitSamples()
	goal := []metrics.Sample{{Name: "/gc/heap/goal:bytes"}}
	for _, n := range []int{40 * mib, 80 * mib} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		// Memory with pointers, so that it is marked and counted as live.
		h := make([]*int, n/8)
		// A collection that returns the free spans, so that what is mapped
		// is little more than the live heap and the limit binds.
		debug.FreeOSMemory()
		s, ok := readHeapStats(samples)
		if !ok {
			t.Fatal("runtime/metrics lacks a metric the policy reads")
		}
		p := gcPercent(s.live)
		l := softLimit(s, p)
		// Under GOGC alone, the runtime's goal is gogcGoal's.
		debug.SetGCPercent(p)
		metrics.Read(goal)
		gogc := gogcGoal(s, p)
		if got := goal[0].Value.Uint64(); got+mib < gogc || got > gogc+mib {
			t.Errorf("live %.1f MiB, GOGC %d, no limit: the runtime's heap goal is %.1f MiB; gogcGoal %.1f MiB", float64(s.live)/mib, p, float64(got)/mib, float64(gogc)/mib)
		}
		debug.SetMemoryLimit(l)
		metrics.Read(goal)
		got := goal[0].Value.Uint64()
		want := min(gogc, limitHeapGoal(l, s))
		if got+mib < want || got > want+mib {
			t.Errorf("live %.1f MiB, GOGC %d: the runtime's heap goal is %.1f MiB; want %.1f MiB", float64(s.live)/mib, p, float64(got)/mib, float64(want)/mib)
		}
		if want >= gogc {
			t.Errorf("live %.1f MiB, %.1f MiB mapped: the limit does not bind", float64(s.live)/mib, float64(s.mapped)/mib)
		}
		runtime.KeepAlive(h)
	}
}
