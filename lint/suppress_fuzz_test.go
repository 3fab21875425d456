package lint

import (
	"strings"
	"testing"
)

// FuzzParseSuppression: any comment text gives a suppression or none,
// never a panic; each rule it names is a word of the text with no comma
// or space in it (none for a bare "seams-timers:ignore", which the
// suppression rules report), and its reason is part of the text.
func FuzzParseSuppression(f *testing.F) {
	for _, s := range []string{
		" seams-timers:ignore TMR1004 generated ",
		"seams-timers:ignore TMR1004,TMR1010 the runtime quotes it",
		"seams-timers:ignore TMR7020 -- reason",
		"seams-timers:ignore",
		"seams-timers:ignore   ",
		"seams-timers:ignore-file TMR1004",
		"not a suppression",
		"seams-timers:ignore TMR1004\n\x1b[2J",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		ids, reason, ok := ParseSuppression(text)
		if !ok {
			return
		}
		for _, id := range ids {
			if id == "" || strings.ContainsAny(id, ", \t\n") || !strings.Contains(text, id) {
				t.Fatalf("%q: rule %q not in the text", text, id)
			}
		}
		if !strings.Contains(text, strings.TrimSpace(reason)) {
			t.Fatalf("%q: reason %q not in the text", text, reason)
		}
	})
}
