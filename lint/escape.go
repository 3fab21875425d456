package lint

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable returns s with every character escaped that could act on a
// terminal or a log reader instead of being read: C0 controls (line
// breaks and tabs included), DEL, C1 controls and the bidirectional
// formatting characters (overrides, embeddings, isolates and marks, which
// can make text read other than it is). Bytes that are not UTF-8 are
// escaped too. Text output passes every field (paths, messages, details,
// source lines) through it, so that a file name cannot inject a line, an
// escape sequence or a GitHub workflow command.
func Printable(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// needsEscape reports whether Printable changes s.
func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unsafeRune(r) {
			return true
		}
		i += n
	}
	return false
}

// unsafeRune reports a C1 control or a bidirectional formatting
// character.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f: // C1 controls (CSI is U+009B)
		return true
	case r >= 0x202a && r <= 0x202e: // LRE, RLE, PDF, LRO, RLO
		return true
	case r >= 0x2066 && r <= 0x2069: // LRI, RLI, FSI, PDI
		return true
	case r == 0x200e || r == 0x200f || r == 0x061c: // LRM, RLM, ALM
		return true
	}
	return false
}

// NoCommand keeps a line of text output from reading as a GitHub workflow
// command (a line that starts with "::" after white space): the first
// colon of such a line is escaped.
func NoCommand(line string) string {
	trimmed := strings.TrimLeft(line, " \t")
	if !strings.HasPrefix(trimmed, "::") {
		return line
	}
	i := len(line) - len(trimmed)
	return line[:i] + `\x3a` + line[i+1:]
}
