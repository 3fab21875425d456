package bpmn

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestPathological feeds shapes that make naive parsers quadratic: many
// namespace declarations, comments, siblings, attributes, references. Each
// is parsed at two sizes: 32 times the input must cost well under the 1024
// times a quadratic parser would take (the threshold, a quarter of that,
// leaves room for caches, which make a large input cost more per byte
// than a small one). The test compares CPU time, not wall time, and a
// ratio, so that neither the machine's speed nor its load decides the
// outcome. The inputs are small (the larger is under 1 MB), so that the
// test takes about a second; the small one is parsed repeatedly, so that
// it is timed as precisely as the large one.
func TestPathological(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("timed; the race detector's overhead would decide the outcome")
	}
	if _, ok := cpuTime(); !ok {
		t.Skip("no CPU time on this system")
	}
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
	// cost returns the CPU time one parse of src takes: the least of two
	// measurements, after one parse to warm up, each of which parses src as
	// many times as it takes to spend 10ms.
	cost := func(t *testing.T, src []byte) time.Duration {
		if _, err := Parse("p.bpmn", src); err != nil {
			t.Fatal(err)
		}
		best := time.Duration(1<<63 - 1)
		for range 2 {
			start, _ := cpuTime()
			var d time.Duration
			parses := 0
			for d < 10*time.Millisecond {
				Parse("p.bpmn", src)
				parses++
				now, _ := cpuTime()
				d = now - start
			}
			best = min(best, d/time.Duration(parses))
		}
		return best
	}
	const n, factor = 1000, 32
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			small, large := cost(t, []byte(tt.gen(n))), cost(t, []byte(tt.gen(factor*n)))
			ratio := float64(large) / float64(small)
			t.Logf("%v, then %v for %dx the input: %.1fx", small, large, factor, ratio)
			if ratio > factor*factor/4 {
				t.Errorf("%dx the input took %.1fx the time (%v, then %v): not linear", factor, ratio, small, large)
			}
		})
	}
}
