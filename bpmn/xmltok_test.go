package bpmn

import (
	"io"
	"strings"
	"testing"
)

// passThrough is a CharsetReader that does no conversion: the tests read
// etree's own tree with it, as the reader's tokenizer reads (Parse refuses
// every encoding it cannot read as UTF-8 before either sees it).
func passThrough(_ string, r io.Reader) (io.Reader, error) { return r, nil }

// TestNamesCostNothing checks that the reader allocates nothing per
// element for its names: a model of 300 elements and one of 3, with the
// same names and empty attribute values, cost the same allocations to
// read once a reader has read them before (names are interned, tokens are
// views of the source).
func TestNamesCostNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts differ under the race detector")
	}
	doc := func(n int) []byte {
		var b strings.Builder
		b.WriteString(`<bpmn:definitions xmlns:bpmn="` + Namespace + `" xmlns:x="urn:x">` + "\n")
		for range n {
			b.WriteString(`  <bpmn:process id="" x:a=""><bpmn:startEvent name=""/><x:ext/></bpmn:process>` + "\n")
		}
		b.WriteString("</bpmn:definitions>\n")
		return []byte(b.String())
	}
	allocs := func(src []byte) float64 {
		read := func() {
			r := getReader(src, 0, newLineIndex("", src, 0))
			defer r.release()
			if err := r.read(); err != nil {
				t.Fatal(err)
			}
		}
		read()
		return testing.AllocsPerRun(50, read)
	}
	small, large := allocs(doc(1)), allocs(doc(100))
	if large > small {
		t.Errorf("reading 100 processes took %v allocations, 1 process %v: names or tokens allocate per element", large, small)
	}
}
