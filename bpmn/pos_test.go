package bpmn

import (
	"math/rand/v2"
	"testing"
)

// TestLineIndex looks positions up in every order, the line index
// remembering the last line it found, against a count of new lines.
func TestLineIndex(t *testing.T) {
	for _, src := range []string{"", "a", "\n", "\n\n\n", "ab\ncd\n\nef", "\xEF\xBB\xBFab\r\ncd\n", model} {
		bom := 0
		if len(src) >= 3 && src[:3] == "\xEF\xBB\xBF" {
			bom = 3
		}
		ix := newLineIndex("", []byte(src), bom)
		want := func(off int) Pos {
			off = min(max(off, 0), len(src))
			if off < bom {
				return Pos{Offset: off, Line: 1, Col: 1}
			}
			p := refPos(src[bom:], off-bom)
			p.Offset = off
			return p
		}
		// Every offset in file order, then again in a random order.
		forward := []int{-1}
		for off := range len(src) + 2 {
			forward = append(forward, off)
		}
		shuffled := append([]int(nil), forward...)
		rand.Shuffle(len(shuffled), func(a, b int) { shuffled[a], shuffled[b] = shuffled[b], shuffled[a] })
		for _, off := range append(forward, shuffled...) {
			if got := ix.pos(off); got != want(off) {
				t.Fatalf("%q: pos(%d) = %+v, want %+v", src, off, got, want(off))
			}
		}
	}
}
