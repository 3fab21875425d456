package sim

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"
)

// streamCost is what one Stream of everyMinute over days allocates: the
// count of allocations and their bytes.
func streamCost(t *testing.T, days int, format string) (allocs, bytes uint64) {
	t.Helper()
	docs, sc := everyMinuteOf(t, 20, days)
	sc.Replicas = 2
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := Stream(io.Discard, Input{Docs: docs}, sc, Output{Format: format}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc
}

// TestStreamMemoryFlat is issue 27's memory case in counts: streaming a
// week of 200 timer starts every minute allocates about what a day does
// (the events are written and forgotten), where a whole result grows by
// the events it keeps.
func TestStreamMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("a week of firings")
	}
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops buffers at random: allocations grow with the events")
	}
	for _, format := range []string{"text", "json", "svg"} {
		a1, b1 := streamCost(t, 1, format)
		a7, b7 := streamCost(t, 7, format)
		t.Logf("%s: a day %d allocations, %d bytes; a week %d allocations, %d bytes", format, a1, b1, a7, b7)
		// A week is 7x the events; what Stream allocates may grow by what
		// the queue and the buffers settle at, not with the events.
		if a7 > a1+a1/2 || b7 > b1+b1/2 {
			t.Errorf("%s: a day allocates %d objects, %d bytes; a week %d objects, %d bytes", format, a1, b1, a7, b7)
		}
	}
}

// TestStreamWriteError: a write that fails stops the simulation, and
// Stream returns the error.
func TestStreamWriteError(t *testing.T) {
	docs, sc := everyMinute(t, 1)
	for _, format := range []string{"text", "json"} {
		w := &failAfter{n: 1 << 16}
		_, err := Stream(w, Input{Docs: docs}, sc, Output{Format: format})
		if err == nil || !strings.Contains(err.Error(), "disk full") {
			t.Errorf("%s: %v", format, err)
		}
		if w.calls > 3 {
			t.Errorf("%s: %d writes after the first failed", format, w.calls-1)
		}
	}
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct {
	n, calls int
}

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n >= len(p) {
		f.n -= len(p)
		return len(p), nil
	}
	f.calls++
	return 0, errDiskFull
}

// TestStreamUnknownFormat names the formats.
func TestStreamUnknownFormat(t *testing.T) {
	docs, sc := everyMinute(t, 1)
	var b bytes.Buffer
	if _, err := Stream(&b, Input{Docs: docs}, sc, Output{Format: "xml"}); err == nil || b.Len() != 0 {
		t.Errorf("%v, %d bytes", err, b.Len())
	}
}

var errDiskFull = errorString("disk full")

type errorString string

func (e errorString) Error() string { return string(e) }
