package lint

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzMediaEscapes: for any text, each medium's escaper leaves no raw
// control, bidi or separator character and nothing its medium reads as
// structure (a line break in a workflow command, an unescaped "%", ":"
// or "," in a property, HTML or a mention in Markdown); JSONRunes keeps
// JSON decoding to the same text.
func FuzzMediaEscapes(f *testing.F) {
	for _, s := range []string{"models/a.bpmn", "a\nb", "\r\n::error::x", "100%", "a:b,c", "@octocat <b>", "\u202e\u2028\u009b", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		inert := func(name, out string) {
			t.Helper()
			if !utf8.ValidString(out) {
				t.Fatalf("%s(%q) = %q is not UTF-8", name, s, out)
			}
			for _, r := range out {
				if r < 0x20 || r == 0x7f || unsafeRune(r) {
					t.Fatalf("%s(%q) = %q holds %U", name, s, out, r)
				}
			}
		}
		percents := func(name, out string, allowed ...string) {
			t.Helper()
			for i := strings.IndexByte(out, '%'); i >= 0; i = strings.IndexByte(out[i+1:], '%') + i + 1 {
				ok := false
				for _, a := range allowed {
					ok = ok || strings.HasPrefix(out[i+1:], a)
				}
				if !ok {
					t.Fatalf("%s(%q) = %q: a %% at %d is not an escape", name, s, out, i)
				}
				if strings.IndexByte(out[i+1:], '%') < 0 {
					break
				}
			}
		}
		data := GitHubData(s)
		inert("GitHubData", data)
		percents("GitHubData", data, "25", "0A")
		prop := GitHubProperty(s)
		inert("GitHubProperty", prop)
		percents("GitHubProperty", prop, "25", "3A", "2C")
		if strings.ContainsAny(prop, ":,") {
			t.Fatalf("GitHubProperty(%q) = %q ends the property", s, prop)
		}
		for name, out := range map[string]string{"MarkdownText": MarkdownText(s), "MarkdownCode": MarkdownCode(s)} {
			inert(name, out)
			if name == "MarkdownText" {
				out = strings.ReplaceAll(out, "<br>", "")
			}
			if !strings.HasPrefix(out, "`") && (strings.ContainsAny(out, "<>") || strings.Count(out, "@") != strings.Count(out, "@&#8203;")) {
				t.Fatalf("%s(%q) = %q leaves HTML or a mention", name, s, out)
			}
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		safe := JSONRunes(b)
		var back, want string
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(safe, &back); err != nil || back != want {
			t.Fatalf("JSONRunes(%q) = %q reads back as %q (%v)", b, safe, back, err)
		}
		inert("JSONRunes", string(safe))
	})
}
