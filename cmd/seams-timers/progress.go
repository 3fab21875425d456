package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progressThreshold is the number of files above which a check on a
// terminal shows a progress line on stderr.
const progressThreshold = 300

// newProgress returns a Progress callback that redraws one line on w at
// most ten times a second, once total exceeds threshold. Calling it with
// done < 0 clears the line. It is only installed when stderr is a
// terminal, so stdout and logs never see it.
func newProgress(w io.Writer, threshold int) func(done, total int) {
	var mu sync.Mutex
	var last time.Time
	shown := false
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if done < 0 {
			if shown {
				fmt.Fprint(w, "\r\033[K")
				shown = false
			}
			return
		}
		if total <= threshold || (time.Since(last) < 100*time.Millisecond && done != total) {
			return
		}
		last = time.Now()
		shown = true
		fmt.Fprintf(w, "\rchecking %d/%d files", done, total)
	}
}
