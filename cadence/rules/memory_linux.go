package rules

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// watchMemory calls over once when the resident memory of the process
// group pgid (the helper and the go commands it runs) passes limit bytes;
// it looks every 100 ms until stop is closed.
func watchMemory(pgid int, limit int64, stop <-chan struct{}, over func()) {
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	page := int64(os.Getpagesize())
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		if groupPages(pgid)*page > limit {
			over()
			return
		}
	}
}

// groupPages sums the resident pages of the processes of a group, from
// /proc/PID/stat (field 5 is the group, field 24 the resident pages).
func groupPages(pgid int) int64 {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var total int64
	want := strconv.Itoa(pgid)
	for _, p := range stats {
		b, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// The command name (field 2) may hold spaces: fields count from
		// the last ')'.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(b[i+1:])
		// f[0] is field 3 (state): the group is f[2], the resident pages
		// f[21].
		if len(f) < 22 || string(f[2]) != want {
			continue
		}
		n, _ := strconv.ParseInt(string(f[21]), 10, 64)
		total += n
	}
	return total
}
