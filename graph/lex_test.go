package graph

import (
	"testing"
	"unicode/utf8"
)

// TestPNASCII holds the byte test of the lexer's fast paths to isPNChars.
func TestPNASCII(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := c < utf8.RuneSelf && isPNChars(rune(c))
		if got := pnASCII(byte(c)); got != want {
			t.Errorf("pnASCII(%q) = %v, want %v", rune(c), got, want)
		}
	}
}
