package lint

import "testing"

func TestNoCommand(t *testing.T) {
	for in, want := range map[string]string{
		"::error file=x::pwned":   `\x3a:error file=x::pwned`,
		"    ::warning::x":        `    \x3a:warning::x`,
		"a.bpmn:1:1: error: x":    "a.bpmn:1:1: error: x",
		"    <bpmn:process id=x>": "    <bpmn:process id=x>",
	} {
		if got := NoCommand(in); got != want {
			t.Errorf("NoCommand(%q) = %q, want %q", in, got, want)
		}
	}
}
