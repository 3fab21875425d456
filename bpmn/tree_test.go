package bpmn

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/beevik/etree"
)

// checkTree reads src, a file Parse accepts, both with the reader and
// with etree's own reader (as the loader did before it built the tree
// itself), and checks that the two trees are the same.
func checkTree(t testing.TB, src []byte) {
	t.Helper()
	bom := 0
	if bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) {
		bom = 3
	}
	want := etree.NewDocument()
	want.ReadSettings = etree.ReadSettings{CharsetReader: passThrough, MaxDepth: MaxDepth}
	if err := want.ReadFromBytes(src[bom:]); err != nil {
		t.Fatalf("etree refuses a file Parse accepts: %v", err)
	}
	r := getReader(src, bom, newLineIndex("", src, bom))
	defer r.release()
	if err := r.read(); err != nil {
		t.Fatalf("the reader refuses a file Parse accepts: %v", err)
	}
	sameTree(t, "document", &want.Element, &r.tree.Element)
}

// sameTree checks that got holds the same tokens as want, and that each of
// got's children knows its parent and index.
func sameTree(t testing.TB, path string, want, got *etree.Element) {
	t.Helper()
	if len(got.Child) != len(want.Child) {
		t.Fatalf("%s: %d children, want %d", path, len(got.Child), len(want.Child))
	}
	for i, w := range want.Child {
		g := got.Child[i]
		at := fmt.Sprintf("%s/%d", path, i)
		if g.Parent() != got || g.Index() != i {
			t.Fatalf("%s: parent or index wrong (index %d)", at, g.Index())
		}
		switch w := w.(type) {
		case *etree.Element:
			g, ok := g.(*etree.Element)
			if !ok {
				t.Fatalf("%s: %T, want an element", at, got.Child[i])
			}
			if g.Space != w.Space || g.Tag != w.Tag || len(g.Attr) != len(w.Attr) {
				t.Fatalf("%s: <%s:%s> with %d attributes, want <%s:%s> with %d", at, g.Space, g.Tag, len(g.Attr), w.Space, w.Tag, len(w.Attr))
			}
			for j, a := range w.Attr {
				if b := g.Attr[j]; b.Space != a.Space || b.Key != a.Key || b.Value != a.Value {
					t.Fatalf("%s: attribute %d is %s:%s=%q, want %s:%s=%q", at, j, b.Space, b.Key, b.Value, a.Space, a.Key, a.Value)
				}
			}
			sameTree(t, at+"/"+w.Tag, w, g)
		case *etree.CharData:
			g, ok := g.(*etree.CharData)
			if !ok || g.Data != w.Data || g.IsWhitespace() != w.IsWhitespace() || g.IsCData() != w.IsCData() {
				t.Fatalf("%s: %#v, want text %q", at, got.Child[i], w.Data)
			}
		case *etree.Comment:
			if g, ok := g.(*etree.Comment); !ok || g.Data != w.Data {
				t.Fatalf("%s: %#v, want comment %q", at, got.Child[i], w.Data)
			}
		case *etree.ProcInst:
			if g, ok := g.(*etree.ProcInst); !ok || g.Target != w.Target || g.Inst != w.Inst {
				t.Fatalf("%s: %#v, want <?%s %s?>", at, got.Child[i], w.Target, w.Inst)
			}
		case *etree.Directive:
			if g, ok := g.(*etree.Directive); !ok || g.Data != w.Data {
				t.Fatalf("%s: %#v, want <!%s>", at, got.Child[i], w.Data)
			}
		default:
			t.Fatalf("%s: unexpected %T", at, w)
		}
	}
}

// TestTree checks the tree the reader builds against etree's own reader.
func TestTree(t *testing.T) {
	srcs := map[string]string{
		"model":      model,
		"crlf":       strings.ReplaceAll(model, "\n", "\r\n"),
		"bom":        "\xEF\xBB\xBF" + model,
		"bench":      string(benchModel()),
		"doctype":    "<?xml version=\"1.0\"?>\n<!DOCTYPE definitions>\n<?pi data?>\n" + exprDoc(`<timeDate>x<?pi y?><![CDATA[ ]]>&#x20;</timeDate>`),
		"tabs":       strings.ReplaceAll(model, "  ", "\t"),
		"deep":       string(nested(MaxDepth)),
		"whitespace": exprDoc("<timeDate>\n" + strings.Repeat(" ", 200) + "</timeDate><timeCycle>\n\t \n</timeCycle><timeDuration> </timeDuration>"),
	}
	for name, src := range srcs {
		t.Run(name, func(t *testing.T) {
			mustParse(t, src)
			checkTree(t, []byte(src))
		})
	}
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.bpmn*"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(f, src); err == nil {
			checkTree(t, src)
		}
	}
}

// TestReaderReuse checks that a reader left in any state by one parse
// gives nothing of it to the next: namespace bindings, open elements,
// positions.
func TestReaderReuse(t *testing.T) {
	bound := `<a:definitions xmlns:a="` + Namespace + `" xmlns:p="urn:p"><a:process id="P"><p:x>`
	undeclared := defsOpen + "\n  <p:x/></bpmn:definitions>"
	for range 20 {
		if _, err := Parse("a.bpmn", []byte(bound)); err == nil || !strings.Contains(err.Msg, "is not closed") {
			t.Fatalf("truncated: got %v", err)
		}
		_, err := Parse("b.bpmn", []byte(undeclared))
		if err == nil || err.Pos.Line != 2 || !strings.Contains(err.Msg, `namespace prefix "p" of <p:x> is not declared`) {
			t.Fatalf("undeclared prefix after a parse that declared it: got %v", err)
		}
		doc := mustParse(t, model)
		eq(t, "comments", len(doc.Comments), 4)
		eq(t, "elements", len(doc.Elements), 17)
	}
}

// TestParseConcurrent parses from several goroutines at once, as the
// checker does: the readers they share through a pool must not mix their
// documents up. It is most useful under the race detector.
func TestParseConcurrent(t *testing.T) {
	srcs := [][]byte{[]byte(model), benchModel(), []byte(exprDoc(`<timeDuration>&quot;PT1H&quot;</timeDuration>`)), []byte(model[:len(model)/2])}
	want := make([]string, len(srcs))
	for i, src := range srcs {
		want[i] = summary(Parse("c.bpmn", src))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Go(func() {
			for k := range 20 {
				i := (g + k) % len(srcs)
				if got := summary(Parse("c.bpmn", srcs[i])); got != want[i] {
					errs <- fmt.Sprintf("source %d read differently: %s\nwant %s", i, got, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// summary prints what Parse returned: the error, or the positions and
// texts of the document's parts.
func summary(doc *Document, err *Error) string {
	if err != nil {
		return err.Error()
	}
	var b strings.Builder
	for _, p := range doc.Processes {
		fmt.Fprintf(&b, "P %s %v %d %d;", p.ID, p.Span, len(p.Elements), len(p.Flows))
	}
	for _, e := range doc.Elements {
		fmt.Fprintf(&b, "E %s %s %v %v %d %d %d;", e.ID, e.Type, e.Span, e.AttachedSpan, len(e.Incoming), len(e.Outgoing), len(e.Boundaries))
		for _, tm := range e.Timers {
			for _, x := range tm.Exprs {
				fmt.Fprintf(&b, "X %q %v %v;", x.Text, x.TextSpan, x.Raw)
			}
		}
	}
	for _, f := range doc.Flows {
		fmt.Fprintf(&b, "F %s %v %q;", f.ID, f.Span, f.Condition)
	}
	for _, c := range doc.Comments {
		fmt.Fprintf(&b, "C %q %v %s %s;", c.Text, c.Span, c.Parent, c.Next)
	}
	return b.String()
}
