package bpmn

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkPathological parses shapes that make naive parsers quadratic:
// many namespace declarations, comments, siblings, attributes, references.
// Each is parsed at two sizes, n and 32n: a linear parser's ns/op grows 32
// times, a quadratic one's about 1024 times. Compare the pairs with
// `go test ./bpmn/ -run '^$' -bench Pathological`; speed is never asserted
// in a test.
func BenchmarkPathological(b *testing.B) {
	decls := func(n int, format string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, format, i, i)
		}
		return b.String()
	}
	repeat := strings.Repeat
	tests := []struct {
		name string
		gen  func(n int) string
	}{
		{"many namespace declarations", func(n int) string {
			return `<bpmn:definitions xmlns:bpmn="` + Namespace + `"` + decls(n, ` xmlns:p%d="urn:%d"`) + `>` +
				repeat(`<p0:x/>`, n) + `</bpmn:definitions>`
		}},
		{"many comments in one parent", func(n int) string {
			return defsOpen + `<bpmn:process id="P">` + repeat(`<!---->`, n) + `<bpmn:task id="T"/></bpmn:process></bpmn:definitions>`
		}},
		{"many siblings", func(n int) string {
			return defsOpen + `<bpmn:process id="P">` + repeat(`<bpmn:task id="T"/>`, n) + `</bpmn:process></bpmn:definitions>`
		}},
		{"many boundaries", func(n int) string {
			return defsOpen + `<bpmn:process id="P"><bpmn:task id="T"/>` + repeat(`<bpmn:boundaryEvent attachedToRef="T"/>`, n) +
				`</bpmn:process></bpmn:definitions>`
		}},
		{"many flows", func(n int) string {
			return defsOpen + `<bpmn:process id="P"><bpmn:task id="T"/>` + repeat(`<bpmn:sequenceFlow sourceRef="T" targetRef="T"/>`, n) +
				`</bpmn:process></bpmn:definitions>`
		}},
		{"many attributes", func(n int) string {
			return defsOpen + `<bpmn:process` + decls(n, ` a%d="%d"`) + `/></bpmn:definitions>`
		}},
		{"many expressions", func(n int) string {
			return defsOpen + `<bpmn:process><bpmn:startEvent><bpmn:timerEventDefinition>` + repeat(`<bpmn:timeDate>x</bpmn:timeDate>`, n) +
				`</bpmn:timerEventDefinition></bpmn:startEvent></bpmn:process></bpmn:definitions>`
		}},
		{"many text chunks", func(n int) string {
			return defsOpen + `<bpmn:process><bpmn:startEvent><bpmn:timerEventDefinition><bpmn:timeDate>` + repeat(`a<![CDATA[b]]>&amp;`, n) +
				`</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:startEvent></bpmn:process></bpmn:definitions>`
		}},
		{"many lines", func(n int) string { return defsOpen + repeat("\n", 5*n) + `</bpmn:definitions>` }},
	}
	const n, factor = 1000, 32
	for _, tt := range tests {
		for _, size := range []int{n, factor * n} {
			src := []byte(tt.gen(size))
			b.Run(fmt.Sprintf("%s/n=%d", tt.name, size), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					if _, err := Parse("p.bpmn", src); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
