package rules

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// TestSpansAndFixes checks what the fixture harness cannot: that a finding
// spans exactly the offending bytes, that its line and column agree with
// its offset, and that a fix's edits give the expected text.
func TestSpansAndFixes(t *testing.T) {
	tests := []struct {
		name string
		// expr is the expression element, placed in an intermediate catch
		// event (or, for timeCycle, a process's timer start).
		expr string
		rule string
		// span is the text the finding covers; fixed is the expression
		// element after the fix, "" when there is no fix.
		span  string
		fixed string
	}{
		{
			name: "unquoted duration", rule: "TMR1004",
			expr:  `<bpmn:timeDuration>  PT48H </bpmn:timeDuration>`,
			span:  `PT48H`,
			fixed: `<bpmn:timeDuration>  "PT48H" </bpmn:timeDuration>`,
		},
		{
			name: "unquoted in CDATA has no fix", rule: "TMR1004",
			expr: `<bpmn:timeDuration><![CDATA[PT48H]]></bpmn:timeDuration>`,
			span: `<![CDATA[PT48H]]>`,
		},
		{
			name: "pretty-printed", rule: "TMR1007",
			expr:  "<bpmn:timeDuration>\n    \"PT48H\"\n  </bpmn:timeDuration>",
			span:  "\n    ",
			fixed: `<bpmn:timeDuration>"PT48H"</bpmn:timeDuration>`,
		},
		{
			name: "closing tag indented", rule: "TMR1007",
			expr:  "<bpmn:timeDuration>'PT48H'\n  </bpmn:timeDuration>",
			span:  "\n  ",
			fixed: `<bpmn:timeDuration>'PT48H'</bpmn:timeDuration>`,
		},
		{
			name: "duration value", rule: "TMR1020",
			expr: `<bpmn:timeDuration>"P36H"</bpmn:timeDuration>`,
			span: `P36H`,
		},
		{
			name: "entity-encoded value spans the text", rule: "TMR1020",
			expr: `<bpmn:timeDuration>&quot;P36H&quot;</bpmn:timeDuration>`,
			span: `&quot;P36H&quot;`,
		},
		{
			name: "cycle start", rule: "TMR1011",
			expr: `<bpmn:timeCycle>"R/2026-11-09T08:00:00/P1D"</bpmn:timeCycle>`,
			span: `2026-11-09T08:00:00`,
		},
		{
			name: "cycle period", rule: "TMR1021",
			expr: `<bpmn:timeCycle>"R/2026-11-09T08:00:00Z/PT0S"</bpmn:timeCycle>`,
			span: `PT0S`,
		},
		{
			name: "cycle with no start", rule: "TMR1031",
			expr: `<bpmn:timeCycle>'R/P1D'</bpmn:timeCycle>`,
			span: `R/P1D`,
		},
		{
			name: "empty body spans the start tag", rule: "TMR1003",
			expr: `<bpmn:timeDate xsi:type="bpmn:tFormalExpression"></bpmn:timeDate>`,
			span: `<bpmn:timeDate xsi:type="bpmn:tFormalExpression">`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(model(tt.expr))
			doc, perr := bpmn.Parse("span.bpmn", src)
			if perr != nil {
				t.Fatalf("parse: %s", perr.Msg)
			}
			ds := lint.Run(lint.Options{Rules: All(), Now: fixtureNow}, ProjectOf([]*bpmn.Document{doc}), nil)
			i := slices.IndexFunc(ds, func(d lint.Diagnostic) bool { return d.Rule == tt.rule })
			if i < 0 {
				t.Fatalf("no %s finding; got %v", tt.rule, ds)
			}
			d := ds[i]
			if got := string(src[d.Offset:d.EndOffset]); got != tt.span {
				t.Errorf("span = %q, want %q", got, tt.span)
			}
			if line, col := lineCol(src, d.Offset); line != d.Line || col != d.Column {
				t.Errorf("start %d:%d, but offset %d is at %d:%d", d.Line, d.Column, d.Offset, line, col)
			}
			if line, col := lineCol(src, d.EndOffset); line != d.EndLine || col != d.EndColumn {
				t.Errorf("end %d:%d, but offset %d is at %d:%d", d.EndLine, d.EndColumn, d.EndOffset, line, col)
			}
			switch {
			case tt.fixed == "" && d.Fix != nil:
				t.Errorf("unexpected fix %+v", d.Fix)
			case tt.fixed != "" && d.Fix == nil:
				t.Errorf("no fix")
			case tt.fixed != "":
				if got, want := string(apply(src, d.Fix.Edits)), model(tt.fixed); got != want {
					t.Errorf("fixed model:\n%s\nwant:\n%s", got, want)
				}
			}
		})
	}
}

// model places an expression element in a small BPMN document: on a
// process's timer start for a timeCycle, on an intermediate catch event
// otherwise.
func model(expr string) string {
	event := "intermediateCatchEvent"
	if strings.HasPrefix(expr, "<bpmn:timeCycle") {
		event = "startEvent"
	}
	return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Defs">
  <bpmn:process id="P" isExecutable="true">
    <bpmn:` + event + ` id="Timer">
      <bpmn:timerEventDefinition id="TimerDef">
        ` + expr + `
      </bpmn:timerEventDefinition>
    </bpmn:` + event + `>
  </bpmn:process>
</bpmn:definitions>
`
}

// lineCol computes the 1-based line and byte column of an offset.
func lineCol(src []byte, off int) (int, int) {
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	return line, off - bytes.LastIndexByte(src[:off], '\n')
}

// apply applies non-overlapping edits to src.
func apply(src []byte, edits []lint.Edit) []byte {
	edits = slices.Clone(edits)
	slices.SortFunc(edits, func(a, b lint.Edit) int { return a.Offset - b.Offset })
	var out []byte
	prev := 0
	for _, e := range edits {
		out = append(out, src[prev:e.Offset]...)
		out = append(out, e.NewText...)
		prev = e.End
	}
	return append(out, src[prev:]...)
}
