package lint

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTextOutputEscapesEveryField: a file name with a line break and a
// workflow command, escape sequences in a message, bidi overrides in a
// detail and a source line that is a workflow command reach neither the
// terminal nor the Actions runner as such.
func TestTextOutputEscapesEveryField(t *testing.T) {
	file := "models/x\n::error file=a.bpmn,line=1::pwned\x1b]0;title\x07.bpmn"
	src := "::error file=b.bpmn::from the source \x1b[2J\u009b31m\n"
	rep := &Report{Diagnostics: []Diagnostic{{
		File: file, Line: 1, Column: 3, EndLine: 1, EndColumn: 8,
		Severity: SeverityError, Rule: "TMR1001", Name: "x\u202eevil",
		Message: "bad \x1b[31mred\x1b[0m\r\nsecond line", Detail: "do \u2066this\u2069 instead\u200f",
	}}}
	for _, source := range []bool{false, true} {
		var b bytes.Buffer
		p := &TextPrinter{Options: PrinterOptions{ShowSource: source, Sources: printerSources{file: []byte(src)}}}
		if err := p.Print(&b, rep); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for i, r := range out {
			if r < 0x20 && r != '\n' || r == 0x7f || unsafeRune(r) {
				t.Errorf("show-source %v: raw %U at byte %d of %q", source, r, i, out)
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
				t.Errorf("show-source %v: a line reads as a workflow command: %q", source, line)
			}
		}
		if want := 1 + 3*btoi(source); strings.Count(out, "\n") != want {
			t.Errorf("show-source %v: %d lines, want %d:\n%s", source, strings.Count(out, "\n"), want, out)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestShowSourceWindowIsLinear: 2,000 findings on a one-line model print
// a window around each span, not the whole line each time.
func TestShowSourceWindowIsLinear(t *testing.T) {
	const n = 2000
	var line strings.Builder
	var ds []Diagnostic
	for i := range n {
		col := line.Len() + 1
		fmt.Fprintf(&line, `<bpmn:timeDate id="t%d">2026-13-01</bpmn:timeDate>`, i)
		ds = append(ds, Diagnostic{File: "one.bpmn", Line: 1, Column: col, EndLine: 1, EndColumn: line.Len() + 1,
			Severity: SeverityError, Rule: "TMR1001", Name: "bad-date", Message: "bad date"})
	}
	src := []byte(line.String() + "\n")
	var b bytes.Buffer
	p := &TextPrinter{Options: PrinterOptions{ShowSource: true, Sources: printerSources{"one.bpmn": src}}}
	if err := p.Print(&b, &Report{Diagnostics: ds}); err != nil {
		t.Fatal(err)
	}
	if max := n * 600; b.Len() > max {
		t.Fatalf("%d bytes of output for %d findings on a %d-byte line, want at most %d", b.Len(), n, len(src), max)
	}
	// The window shows the span and underlines it.
	lines := strings.Split(b.String(), "\n")
	shown, under := lines[1+3*1000], lines[2+3*1000]
	pad := strings.Index(under, "^") - 4
	if pad < 0 || !strings.HasPrefix(string([]rune(shown[4:])[pad:]), `<bpmn:timeDate id="t1000">`) {
		t.Errorf("the underline does not start at the span:\n%s\n%s", shown, under)
	}
	if w := strings.Count(under, "~") + 1; w != utf8.RuneCountInString(`<bpmn:timeDate id="t1000">2026-13-01</bpmn:timeDate>`) {
		t.Errorf("underline width %d", w)
	}
}

// full is a writer on a full disk.
type full struct{}

func (full) Write([]byte) (int, error) { return 0, fmt.Errorf("no space left on device") }

// TestPrintersReportWriteErrors: every printer returns the error of a
// write that fails.
func TestPrintersReportWriteErrors(t *testing.T) {
	rep, opts := sortedPrinterReport(t)
	for _, c := range goldenCases(opts) {
		if err := c.p.Print(full{}, rep); err == nil {
			t.Errorf("%s: a failed write is not reported", c.file)
		}
	}
}
