package sim

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSVGEscapesModelText: a timer name and value holding a line break
// and a workflow command, terminal escapes, a bidirectional override and
// a line separator reach the SVG as inert text: no line of the file
// starts with "::" (an SVG printed to a CI log cannot issue a command),
// and no control, bidirectional or separator character is left raw.
func TestSVGEscapesModelText(t *testing.T) {
	sc := Scenario{From: at(t, "2026-11-08T00:00:00Z"), Until: at(t, "2026-11-12T00:00:00Z"), Replicas: 1}
	r := run(t, sc, load(t, "digest.bpmn"))
	if len(r.Timers) == 0 {
		t.Fatal("no timer to name")
	}
	r.Timers[0].Name = "a.bpmn#x\n::error file=a.bpmn::pwned\x1b]0;t\x07\u202eevil\u2028<b>&"
	r.Timers[0].Value = "\r\n::warning::v\u009b31m\xff"
	var b bytes.Buffer
	if err := WriteSVG(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if !utf8.ValidString(out) {
		t.Error("the SVG is not UTF-8")
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
			t.Errorf("a line reads as a workflow command: %q", line)
		}
	}
	for i, c := range out {
		if c < 0x20 && c != '\n' || c >= 0x7f && c <= 0x9f || c == 0x202e || c == 0x2028 {
			t.Errorf("raw %U at byte %d", c, i)
		}
	}
	for _, want := range []string{`\u202eevil\u2028&lt;b&gt;&amp;`, "::error file=a.bpmn::pwned"} {
		if !strings.Contains(out, want) {
			t.Errorf("the SVG does not show %q", want)
		}
	}
}
