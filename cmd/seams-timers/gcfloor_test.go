package main

import (
	"os"
	"runtime"
	"runtime/debug"
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
// not before, and not at all when the user set GOGC.
func TestHeapBallast(t *testing.T) {
	t.Setenv("GOGC", "100") // restored after the test, or unset
	ballast.Store(nil)
	keepHeapFloor()
	runtime.GC()
	time.Sleep(50 * time.Millisecond)
	if ballast.Load() != nil {
		t.Fatal("GOGC is set, yet the ballast was allocated")
	}
	os.Unsetenv("GOGC")
	stop := keepHeapFloor()
	t.Cleanup(func() {
		stop()
		ballast.Store(nil)
		debug.SetGCPercent(100)
	})
	if ballast.Load() != nil {
		t.Fatal("the ballast was allocated before any collection")
	}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		if b := ballast.Load(); b != nil && len(*b) == ballastSize {
			return
		}
	}
	t.Fatalf("after the collections no ballast of %d bytes was allocated", ballastSize)
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
