package xmltok

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzTokens holds the Tokenizer to encoding/xml on arbitrary input: the
// same tokens, the same offset after each, the same error at the same
// offset. Seeds are the hand-written cases here and the files under
// testdata/fuzz/FuzzTokens.
func FuzzTokens(f *testing.F) {
	for _, c := range cases {
		f.Add([]byte(c))
	}
	z := New(nil)
	f.Fuzz(func(t *testing.T, src []byte) {
		same(t, z, src)
	})
}

// TestNameTables checks the name characters against encoding/xml for
// every character: as the first of an element name and after an 'a'.
func TestNameTables(t *testing.T) {
	step := 1
	if testing.Short() {
		step = 7
	}
	accepts := func(doc []byte) bool {
		_, err := xml.NewDecoder(bytes.NewReader(doc)).RawToken()
		return err == nil
	}
	var doc []byte
	for r := rune(0); r <= utf8.MaxRune; r += rune(step) {
		if r > 0xFFFF && r%97 != 0 {
			continue // no plane above the first holds a name character: sample them
		}
		if !utf8.ValidRune(r) {
			continue
		}
		ch := utf8.AppendRune(nil, r)
		for _, prefix := range []string{"<", "<a"} {
			doc = append(append(append(doc[:0], prefix...), ch...), "/>"...)
			z := New(doc)
			_, err := z.Next()
			if want := accepts(doc); (err == nil) != want {
				t.Fatalf("%q: accepted %v, encoding/xml %v", doc, err == nil, want)
			}
		}
	}
}

// TestFiles compares the two readers on every XML and BPMN file of the
// repository's test data and of the shared corpora that are present.
func TestFiles(t *testing.T) {
	roots := []string{"../..", "../../../shared/corpus/spiff", "../../../shared/reference"}
	z := New(nil)
	n := 0
	for _, root := range roots {
		if _, err := os.Stat(root); err != nil {
			continue
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if name := d.Name(); name == ".git" || name == "out" && filepath.Base(filepath.Dir(p)) == "bench" {
					return filepath.SkipDir
				}
				return nil
			}
			lower := strings.ToLower(p)
			if !strings.HasSuffix(lower, ".xml") && !strings.Contains(filepath.Base(lower), ".bpmn") {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			n++
			t.Run(p, func(t *testing.T) { same(t, z, src) })
			// The file with its bytes cut short, as an editor's buffer may be.
			same(t, z, src[:len(src)/2])
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d files compared", n)
	if n == 0 {
		t.Fatal("no file found")
	}
}

// TestNoAllocs holds the tokenizer to no allocation per token on a
// model-like document, entities and CRLF included, once its buffers grew.
func TestNoAllocs(t *testing.T) {
	src := []byte(strings.Repeat("<?xml version=\"1.0\"?>\r\n<!-- c --><a:b x=\"1\" y='&lt;2&gt;'>\r\n  text &amp; more<![CDATA[cd]]><c/></a:b>\r\n", 50))
	z := New(nil)
	read := func() {
		z.Reset(src)
		for {
			if _, err := z.Next(); errors.Is(err, io.EOF) {
				return
			} else if err != nil {
				t.Fatal(err)
			}
		}
	}
	read()
	if n := testing.AllocsPerRun(20, read); n != 0 {
		t.Errorf("%v allocations per read, want 0", n)
	}
}

func BenchmarkTokenizer(b *testing.B) {
	src := benchDoc()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	z := New(nil)
	for b.Loop() {
		z.Reset(src)
		for {
			if _, err := z.Next(); err != nil {
				break
			}
		}
	}
}

func BenchmarkEncodingXML(b *testing.B) {
	src := benchDoc()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		d := xml.NewDecoder(bytes.NewReader(src))
		for {
			if _, err := d.RawToken(); err != nil {
				break
			}
		}
	}
}

// benchDoc is a BPMN-like document of about 15 KB.
func benchDoc() []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="D">` + "\n")
	for b.Len() < 15000 {
		b.WriteString(`  <bpmn:process id="Process_1" isExecutable="true">
    <bpmn:startEvent id="Start_1" name="Every morning">
      <bpmn:outgoing>Flow_1</bpmn:outgoing>
      <bpmn:timerEventDefinition id="Timer_1">
        <bpmn:timeCycle xsi:type="bpmn:tFormalExpression">"R/2026-11-09T08:00:00Z/P1D"</bpmn:timeCycle>
      </bpmn:timerEventDefinition>
    </bpmn:startEvent>
    <!-- a comment -->
    <bpmn:scriptTask id="Notify_1" name="Notify"><bpmn:script>notify(&quot;boss&quot;)</bpmn:script></bpmn:scriptTask>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="Start_1" targetRef="Notify_1"/>
  </bpmn:process>
`)
	}
	b.WriteString("</bpmn:definitions>\n")
	return []byte(b.String())
}

// contexts are the places FuzzTokensIn puts its input: inside each kind of
// token, where the fuzzer would otherwise take long to get.
var contexts = [][2]string{
	{`<a b="`, `"/>`},
	{`<a b='`, `'>`},
	{`<!DOCTYPE x [`, `]>`},
	{`<r>`, `</r>`},
	{`<![CDATA[`, `]]>`},
	{`<!--`, `-->`},
	{`<?pi `, `?>`},
	{`<?xml `, `?><r/>`},
	{`<`, `/>`},
	{`</`, `>`},
}

// FuzzTokensIn is FuzzTokens with the input put inside a token.
func FuzzTokensIn(f *testing.F) {
	for i, c := range cases {
		f.Add(uint8(i), []byte(c))
	}
	z := New(nil)
	var src []byte
	f.Fuzz(func(t *testing.T, where uint8, data []byte) {
		c := contexts[int(where)%len(contexts)]
		src = append(append(append(src[:0], c[0]...), data...), c[1]...)
		same(t, z, src)
	})
}

// TestResetDropsLargeBuffers checks that a huge token's buffers do not
// outlive the source they were read from, and that small ones are kept.
func TestResetDropsLargeBuffers(t *testing.T) {
	src := []byte("<a b='" + strings.Repeat("&amp;", 100<<10) + "'" + strings.Repeat(" c='1'", 2000) + "/>")
	z := New(src)
	if _, err := z.Next(); err != nil {
		t.Fatal(err)
	}
	if cap(z.scratch) <= keepScratch || cap(z.attrs) <= keepAttrs {
		t.Fatalf("buffers of %d bytes and %d attributes: the test reads too little", cap(z.scratch), cap(z.attrs))
	}
	z.Reset(nil)
	if cap(z.scratch) != 0 || cap(z.attrs) != 0 {
		t.Errorf("Reset kept buffers of %d bytes and %d attributes", cap(z.scratch), cap(z.attrs))
	}
	z.Reset([]byte("<a b='&amp;'/>"))
	if _, err := z.Next(); err != nil {
		t.Fatal(err)
	}
	z.Reset(nil)
	if cap(z.scratch) == 0 || cap(z.attrs) == 0 {
		t.Error("Reset dropped small buffers")
	}
}
