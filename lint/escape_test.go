package lint

import "testing"

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

func TestNoCommand(t *testing.T) {
	for in, want := range map[string]string{
		"::error file=x::pwned":   `\x3a:error file=x::pwned`,
		"    ::warning::x":        `    \x3a:warning::x`,
		"a.bpmn:1:1: error: x":    "a.bpmn:1:1: error: x",
		"    <bpmn:process id=x>": "    <bpmn:process id=x>",
	} {
		if got := noCommand(in); got != want {
			t.Errorf("noCommand(%q) = %q, want %q", in, got, want)
		}
	}
}
