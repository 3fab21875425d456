//go:build unix

package bpmn

import (
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time the test process has used so far.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestPathological feeds shapes that make naive parsers quadratic: many
// namespace declarations, comments, siblings, attributes, references. Each
// is parsed at two sizes: eight times the input must cost well under the
// 64 times a quadratic parser would take. The test compares CPU time, not
// wall time, and a ratio, so that neither the machine's speed nor its load
// decides the outcome.
func TestPathological(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("large inputs, timed")
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
	// best returns the least CPU time of two parses of src.
	best := func(t *testing.T, src []byte) time.Duration {
		d := time.Duration(1<<63 - 1)
		for range 2 {
			runtime.GC()
			start := cpuTime(t)
			if _, err := Parse("p.bpmn", src); err != nil {
				t.Fatal(err)
			}
			d = min(d, cpuTime(t)-start)
		}
		return d
	}
	const n = 25000
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			small, large := best(t, []byte(tt.gen(n))), best(t, []byte(tt.gen(8*n)))
			if ratio := float64(large) / float64(max(small, time.Millisecond)); ratio > 24 {
				t.Errorf("8x the input took %.1fx the time (%v, then %v): not linear", ratio, small, large)
			}
		})
	}
}
