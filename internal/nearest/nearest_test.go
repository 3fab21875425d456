package nearest

import "testing"

func TestSuggest(t *testing.T) {
	cands := []string{"error", "warning", "info", "never"}
	for got, want := range map[string]string{
		"warnin": `; did you mean "warning"?`,
		"EROR":   `; did you mean "error"?`,
		"bogus":  " (want one of: error, warning, info, never)",
	} {
		if s := Suggest(got, cands); s != want {
			t.Errorf("Suggest(%q) = %q, want %q", got, s, want)
		}
	}
	many := []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10"}
	if s := Suggest("zzzzzz", many); s != " (want one of: a1, a2, a3, a4, a5, a6, a7, a8, ...)" {
		t.Errorf("long list: %q", s)
	}
	if d := editDistance("kitten", "sitting"); d != 3 {
		t.Errorf("editDistance = %d, want 3", d)
	}
}
