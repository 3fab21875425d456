package lint

import (
	"testing"
	"unicode/utf8"
)

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"models/a.bpmn":           "models/a.bpmn",
		"modèle.bpmn":             "modèle.bpmn",
		"a\nb.bpmn":               `a\nb.bpmn`,
		"\x1b[2J\x1b]0;pwned\x07": `\x1b[2J\x1b]0;pwned\x07`,
		"tab\there\r":             `tab\there\r`,
		"csi\u009b31m":            `csi\u009b31m`,
		"evil\u202egnp.bpmn":      `evil\u202egnp.bpmn`,
		"iso\u2066late\u2069":     `iso\u2066late\u2069`,
		"bad\xffutf8":             `bad\xffutf8`,
		"del\x7f":                 `del\x7f`,
		"mark\u200f":              `mark\u200f`,
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzPrintable: the escaped text holds no control, C1 or bidi character
// and is valid UTF-8; text with none of them is unchanged.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"models/a.bpmn", "a\nb", "\x1b[2J", "\u202e", "\xff\xfe", "modèle 🕐", "\u009b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Printable(s)
		if !utf8.ValidString(out) {
			t.Fatalf("Printable(%q) = %q is not UTF-8", s, out)
		}
		for _, r := range out {
			if r < 0x20 || r == 0x7f || unsafeRune(r) {
				t.Fatalf("Printable(%q) = %q holds %U", s, out, r)
			}
		}
		if !needsEscape(s) && out != s {
			t.Fatalf("Printable changed safe text %q to %q", s, out)
		}
		if needsEscape(s) && out == s {
			t.Fatalf("Printable left %q as it was", s)
		}
	})
}
