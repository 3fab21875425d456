package lsp

import (
	"math/rand/v2"
	"testing"
)

// TestDocumentEdit: editing a buffer in place gives what a fresh copy
// gives, for inserts, deletes and replacements of any size, and a text
// handed out (snapshot) is never changed by a later edit.
func TestDocumentEdit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	d := &document{text: []byte("hello world\nsecond line\n")}
	want := string(d.text)
	var held []byte
	var heldWant string
	for i := range 5000 {
		start := rng.IntN(len(want) + 1)
		end := start + rng.IntN(len(want)-start+1)
		ins := string(make([]byte, rng.IntN(40)))
		for j := range []byte(ins) {
			ins = ins[:j] + string(rune('a'+rng.IntN(26))) + ins[j+1:]
		}
		d.edit(start, end, ins)
		want = want[:start] + ins + want[end:]
		if string(d.text) != want {
			t.Fatalf("edit %d: %q, want %q", i, d.text, want)
		}
		if i%7 == 0 {
			held, heldWant = d.snapshot(), want
		}
		if string(held) != heldWant {
			t.Fatalf("edit %d changed a snapshot", i)
		}
	}
}

// TestOffsetOf: the offset of a position without a line index is the
// index's, in every encoding, for positions on, past and before lines.
func TestOffsetOf(t *testing.T) {
	text := []byte("a\r\nb€𝄞c\n\nlast")
	for _, enc := range []string{encUTF8, encUTF16, encUTF32} {
		x := newLineIndex(text, enc)
		for line := -1; line < 6; line++ {
			for ch := -1; ch < 12; ch++ {
				p := Position{Line: line, Character: ch}
				if got, want := offsetOf(text, p, enc), x.offset(p); got != want {
					t.Errorf("%s %+v: %d, want %d", enc, p, got, want)
				}
			}
		}
	}
}
