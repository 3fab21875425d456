package lint

import (
	"math/rand/v2"
	"testing"
)

// TestColumnsMatchBytes: the UTF-16 column kept of released bytes is the
// one the SARIF printer counts in the bytes, on every line and column
// (past the line's end too) of files mixing ASCII, two-, three- and
// four-byte runes, invalid bytes and CRLF line ends.
func TestColumnsMatchBytes(t *testing.T) {
	pieces := []string{"a", "<x>", " ", "\n", "\r\n", "ä", "Ü", "€", "⏰", "😀", "\xff", "\xe2\x82", "\xf0\x9f"}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		var src []byte
		if n%10 == 0 {
			// ASCII only, longer than the eight-byte fast path.
			src = []byte("<bpmn:timeCycle>R/P1D</bpmn:timeCycle>\n  <x/>\n")
		} else {
			for range rng.IntN(60) {
				src = append(src, pieces[rng.IntN(len(pieces))]...)
			}
		}
		file := "f.bpmn"
		bytesConv := newColumnConverter(ProjectSources{Project: &Project{Files: []*File{{Path: file, Src: src}}}})
		cols := NewColumns(src)
		if n%10 == 0 && cols != nil {
			t.Fatalf("an ASCII file keeps %d entries", len(cols.wide))
		}
		for line := 1; line <= 12; line++ {
			for col := 1; col <= 70; col++ {
				if got, want := cols.UTF16(line, col), bytesConv.column(file, line, col); got != want {
					t.Fatalf("%q line %d column %d: %d from the kept columns, %d from the bytes", src, line, col, got, want)
				}
			}
		}
	}
}
