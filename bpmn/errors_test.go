package bpmn

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

const defsOpen = `<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL">`

// manyAttrs is 20 attributes, a0="0" to a19="19": more than the loader
// compares pairwise when it looks for repeated ones.
var manyAttrs = func() string {
	var b strings.Builder
	for i := range 20 {
		fmt.Fprintf(&b, ` a%d="%d"`, i, i)
	}
	return b.String()
}()

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		src       string
		rule      string
		line, col int
		msg       string // a part of the message
	}{
		// TMR0001: not a BPMN file at all.
		{"empty", "", "TMR0001", 1, 1, "the file is empty"},
		{"white space", " \n\t\r\n", "TMR0001", 1, 1, "only white space"},
		{"bom only", "\xEF\xBB\xBF", "TMR0001", 1, 1, "only white space"},
		{"plain text", "hello world\n", "TMR0001", 1, 1, `not an XML document: it starts with "hello world"`},
		{"json", "\n  {\"a\": 1}", "TMR0001", 2, 3, `it starts with "{\"a\": 1}"`},
		{"binary", "<a>\n\x00\x01\x02</a>", "TMR0001", 2, 1, "binary file: it holds a NUL byte"},
		{"utf-16 bom", "\xFF\xFE<\x00a\x00/\x00>\x00", "TMR0001", 1, 1, "UTF-16"},
		{"utf-16 no bom", "<\x00a\x00/\x00>\x00", "TMR0001", 1, 1, "UTF-16"},
		{"not utf-8", defsOpen + "\n  <bpmn:process id=\"caf\xE9\"/></bpmn:definitions>", "TMR0001", 2, 24, "byte 0xE9 is not valid UTF-8"},
		{"latin-1 with non-ascii", `<?xml version="1.0" encoding="ISO-8859-1"?>` + "\n" + defsOpen + "<bpmn:process name=\"caf\xE9\"/></bpmn:definitions>",
			"TMR0001", 2, 99, `declares encoding "ISO-8859-1" and holds a non-ASCII character`},
		{"unsupported encoding", `<?xml version="1.0" encoding="Shift_JIS"?>` + defsOpen + "</bpmn:definitions>",
			"TMR0001", 1, 31, `encoding "Shift_JIS" is not supported`},
		{"no element", "<?xml version=\"1.0\"?>\n<!-- nothing -->\n", "TMR0001", 1, 1, "holds no XML element"},
		{"svg root", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>", "TMR0001", 2, 1,
			"the root element is <svg> in namespace http://www.w3.org/2000/svg"},
		{"definitions without namespace", "<definitions id=\"x\"/>", "TMR0001", 1, 1, "the root element is <definitions> in no namespace"},
		{"bpmn process as root", `<process xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"/>`, "TMR0001", 1, 1, "the root element is <process>"},
		{"html broken", "<html><body><p>x</body>", "TMR0001", 1, 1, "the root element is <html>"},

		// TMR0002: XML syntax errors, at the byte where they are.
		{"mismatched end tag", defsOpen + "\n  <bpmn:process>\n  </bpmn:proces>\n</bpmn:definitions>", "TMR0002", 3, 3,
			"end tag </bpmn:proces> does not match the start tag <bpmn:process> at line 2, column 3"},
		{"stray end tag", defsOpen + "</bpmn:definitions>\n</x>", "TMR0002", 2, 1, "end tag </x> has no start tag"},
		{"truncated in element", defsOpen + "\n  <bpmn:process id=\"P\">\n    <bpmn:startEvent/>", "TMR0002", 3, 23,
			"unexpected end of file: <bpmn:process> (line 2, column 3) is not closed"},
		{"truncated in tag", defsOpen + "\n  <bpmn:process id=\"P", "TMR0002", 2, 22, "XML syntax error: unexpected end of file"},
		{"truncated in cdata", defsOpen + "<![CDATA[abc", "TMR0002", 1, 88, "unexpected end of file in CDATA section"},
		{"unquoted attribute", defsOpen + "\n  <bpmn:process id=P/>", "TMR0002", 2, 20, "unquoted or missing attribute value"},
		{"lt in attribute", defsOpen + "\n  <bpmn:process id=\"a<b\"/>", "TMR0002", 2, 22, "unescaped < inside quoted string"},
		{"undefined entity", defsOpen + "\n  <bpmn:process id=\"&nbsp;\"/>", "TMR0002", 2, 21, "invalid character entity &nbsp;"},
		{"control character", defsOpen + "\n  <bpmn:process>\x01</bpmn:process>", "TMR0002", 2, 17, "illegal character code U+0001"},
		{"double hyphen in comment", defsOpen + "\n  <!-- a -- b -->", "TMR0002", 2, 10, `invalid sequence "--" not allowed in comments`},
		{"unbound element prefix", defsOpen + "\n  <camunda:properties/>", "TMR0002", 2, 3, `namespace prefix "camunda" of <camunda:properties> is not declared`},
		{"unbound root prefix", `<bpmn:definitions/>`, "TMR0002", 1, 1, `namespace prefix "bpmn" of <bpmn:definitions> is not declared`},
		{"unbound attribute prefix", defsOpen + "\n  <bpmn:process xsi:type=\"x\"/>", "TMR0002", 2, 3, `namespace prefix "xsi" of attribute xsi:type is not declared`},
		{"repeated attribute", defsOpen + "\n  <bpmn:process id=\"a\" name=\"n\" id=\"b\"/>", "TMR0002", 2, 37, "attribute id is repeated in <bpmn:process>"},
		{"repeated among many attributes", defsOpen + "\n  <bpmn:process" + manyAttrs + ` a7="again"/>`, "TMR0002", 2, 181, "attribute a7 is repeated in <bpmn:process>"},
		{"repeated through two prefixes", defsOpen + "\n  <bpmn:process xmlns:a=\"urn:x\" xmlns:b=\"urn:x\" a:k=\"1\" b:k=\"2\"/>", "TMR0002", 2, 3,
			"attribute b:k is repeated in <bpmn:process>"},
		{"repeated through two prefixes among many", defsOpen + "\n  <bpmn:process xmlns:a=\"urn:x\" xmlns:b=\"urn:x\"" + manyAttrs + ` a:k="1" b:k="2"/>`, "TMR0002", 2, 3,
			"attribute b:k is repeated in <bpmn:process>"},
		{"second root", defsOpen + "</bpmn:definitions>\n<bpmn:definitions/>", "TMR0002", 2, 1, "a second root element <bpmn:definitions>"},
		{"text after root", defsOpen + "</bpmn:definitions>\n  trailing", "TMR0002", 2, 3, `text after the root element: "trailing"`},
		{"text before root", "<?xml version=\"1.0\"?> x " + defsOpen + "</bpmn:definitions>", "TMR0002", 1, 23, `text before the root element: "x "`},
		{"declaration not first", "\n<?xml version=\"1.0\"?>" + defsOpen + "</bpmn:definitions>", "TMR0002", 2, 1, "allowed only at the very start"},
		{"xml 1.1", "<?xml version=\"1.1\"?>" + defsOpen + "</bpmn:definitions>", "TMR0002", 1, 1, `unsupported version "1.1"`},
		{"doctype inside", defsOpen + "<!DOCTYPE x></bpmn:definitions>", "TMR0002", 1, 76, "<!DOCTYPE> declaration is allowed only before the root element"},
		{"missing name", defsOpen + "\n  < bpmn:process/>", "TMR0002", 2, 3, "expected element name after <"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := Parse("in.bpmn", []byte(tt.src))
			if err == nil {
				t.Fatalf("Parse accepted the file: %d processes", len(doc.Processes))
			}
			if doc != nil {
				t.Error("Parse returned both a document and an error")
			}
			if err.Rule != tt.rule || err.Pos.Line != tt.line || err.Pos.Col != tt.col || !strings.Contains(err.Msg, tt.msg) {
				t.Errorf("got  %s\nwant in.bpmn:%d:%d: ...%s... [%s]", err, tt.line, tt.col, tt.msg, tt.rule)
			}
			if err.Path != "in.bpmn" {
				t.Errorf("Path = %q", err.Path)
			}
			checkErrorPos(t, []byte(tt.src), err)
		})
	}
}

// checkErrorPos checks that an error's position is inside the file and
// consistent with its offset.
func checkErrorPos(t *testing.T, src []byte, err *Error) {
	t.Helper()
	p := err.Pos
	if p.Offset < 0 || p.Offset > len(src) || p.Line < 1 || p.Col < 1 {
		t.Fatalf("error position %+v outside the file (%d bytes): %v", p, len(src), err)
	}
	bom := 0
	if bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) {
		bom = 3
	}
	if p.Offset >= bom {
		if want := refPos(string(src[bom:]), p.Offset-bom); want.Line != p.Line || want.Col != p.Col {
			t.Fatalf("error position %+v does not match its offset (want %d:%d)", p, want.Line, want.Col)
		}
	}
}

func TestErrorString(t *testing.T) {
	e := &Error{Rule: "TMR0002", Path: "m/a.bpmn", Pos: Pos{Offset: 9, Line: 2, Col: 4}, Msg: "end tag </x> has no start tag"}
	eq(t, "Error()", e.Error(), "m/a.bpmn:2:4: end tag </x> has no start tag [TMR0002]")
	var err error = e
	var target *Error
	if !errors.As(err, &target) {
		t.Error("errors.As does not find *Error")
	}
}

// TestTruncated parses every prefix of a real-looking model: each one is
// refused with a position inside the prefix, and none panics.
func TestTruncated(t *testing.T) {
	src := []byte(model)
	end := strings.LastIndex(model, "</bpmn:definitions>") + len("</bpmn:definitions>")
	for n := 0; n < end; n++ {
		_, err := Parse("t.bpmn", src[:n])
		if err == nil {
			t.Fatalf("a prefix of %d bytes was accepted", n)
		}
		checkErrorPos(t, src[:n], err)
	}
	// Past the root's end tag, a cut only loses comments and white space.
	for n := end; n <= len(src); n++ {
		if _, err := Parse("t.bpmn", src[:n]); err != nil && !strings.Contains(err.Msg, "end of file") {
			t.Fatalf("a prefix of %d bytes: %v", n, err)
		}
	}
}

// nested returns a definitions root holding depth-1 nested elements.
func nested(depth int) []byte {
	return []byte(defsOpen + "\n" + strings.Repeat("<x>", depth-1) + strings.Repeat("</x>", depth-1) + "\n</bpmn:definitions>")
}

func TestDepthLimit(t *testing.T) {
	if _, err := Parse("deep.bpmn", nested(MaxDepth)); err != nil {
		t.Fatalf("depth %d: %v", MaxDepth, err)
	}
	for _, depth := range []int{MaxDepth + 1, 10000, 1000000} {
		src := nested(depth)
		_, err := Parse("deep.bpmn", src)
		if err == nil {
			t.Fatalf("depth %d was accepted", depth)
		}
		// The element that crosses the limit is the 512th <x>, on line 2.
		want := &Error{Rule: "TMR0002", Path: "deep.bpmn", Pos: Pos{Offset: len(defsOpen) + 1 + 3*(MaxDepth-1), Line: 2, Col: 1 + 3*(MaxDepth-1)},
			Msg: "elements are nested more than 512 deep"}
		if *err != *want {
			t.Errorf("depth %d: got %v at %+v, want %v at %+v", depth, err, err.Pos, want, want.Pos)
		}
	}
}

func TestFileSizeLimit(t *testing.T) {
	// A file one byte over the limit, most of it an attribute value: refused
	// on size, before any parsing.
	big := bytes.Repeat([]byte("a"), MaxFileSize+1)
	copy(big, defsOpen+`<bpmn:process id="`)
	copy(big[len(big)-len(`"/></bpmn:definitions>`):], `"/></bpmn:definitions>`)
	_, err := Parse("big.bpmn", big)
	if err == nil || err.Rule != "TMR0001" || !strings.Contains(err.Msg, "too large") {
		t.Fatalf("got %v, want a TMR0001 about the size", err)
	}

	// Load refuses it without reading it (the file is sparse).
	path := filepath.Join(t.TempDir(), "big.bpmn")
	f, err2 := os.Create(path)
	if err2 != nil {
		t.Fatal(err2)
	}
	if _, err := f.Write(big[:200]); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(int64(len(big))); err != nil {
		t.Fatal(err)
	}
	f.Close()
	big = nil
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = Load(path)
	runtime.ReadMemStats(&after)
	if err == nil || err.Rule != "TMR0001" || !strings.Contains(err.Msg, "too large") {
		t.Fatalf("Load: got %v, want a TMR0001 about the size", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("Load allocated %d bytes to refuse a large file", n)
	}
}

// TestLargeAttribute parses a file just under the size limit made of one
// attribute value: it is read in linear time and bounded memory.
func TestLargeAttribute(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("large input")
	}
	const n = 48 << 20
	src := make([]byte, 0, n+200)
	src = append(src, defsOpen+"\n"+`<bpmn:process id="P" name="`...)
	src = append(src, bytes.Repeat([]byte("a"), n)...)
	src = append(src, `"/></bpmn:definitions>`...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	doc, err := Parse("large.bpmn", src)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Processes) != 1 || len(doc.Processes[0].Name) != n {
		t.Fatalf("the process name was not read whole")
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16*n {
		t.Errorf("Parse allocated %d MiB for a %d MiB file", alloc>>20, n>>20)
	}
	t.Logf("%d MiB attribute: %d MiB allocated", n>>20, (after.TotalAlloc-before.TotalAlloc)>>20)
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "approval model.bpmn")
	if err := os.WriteFile(good, []byte(model), 0o644); err != nil {
		t.Fatal(err)
	}
	doc, err := Load(good)
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "Path", doc.Path, good)
	eq(t, "IRI", doc.IRI, "file://"+filepath.ToSlash(strings.ReplaceAll(good, " ", "%20")))
	eq(t, "Processes", len(doc.Processes), 6)

	tests := []struct{ name, path, msg string }{
		{"missing", filepath.Join(dir, "nope.bpmn"), "cannot read the file: no such file"},
		{"directory", dir, "cannot read the file: it is a directory"},
	}
	for _, tt := range tests {
		_, err := Load(tt.path)
		if err == nil || err.Rule != "TMR0001" || err.Msg != tt.msg || err.Path != tt.path || err.Pos.Line != 1 {
			t.Errorf("%s: got %v, want TMR0001 %q", tt.name, err, tt.msg)
		}
	}
	if os.Getuid() != 0 {
		locked := filepath.Join(dir, "locked.bpmn")
		if err := os.WriteFile(locked, []byte(model), 0o000); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(locked); err == nil || err.Msg != "cannot read the file: permission denied" {
			t.Errorf("unreadable: got %v", err)
		}
	}
}

func TestFileIRI(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{"/models/approval.bpmn", "file:///models/approval.bpmn"},
		{"/models/my model#1.bpmn", "file:///models/my%20model%231.bpmn"},
		{"/models/100%/a?.bpmn", "file:///models/100%25/a%3F.bpmn"},
		{"/modèles/café.bpmn", "file:///mod%C3%A8les/caf%C3%A9.bpmn"},
		{"/a/./b/../c.bpmn", "file:///a/c.bpmn"},
		{"/a/b;c=d,e+f@g(h)!.bpmn", "file:///a/b;c=d,e+f@g(h)!.bpmn"},
		{"rel/x.bpmn", "file://" + filepath.ToSlash(wd) + "/rel/x.bpmn"},
	}
	for _, tt := range tests {
		eq(t, "FileIRI("+tt.path+")", FileIRI(tt.path), tt.want)
	}
}

func TestIsBPMNPath(t *testing.T) {
	tests := map[string]bool{
		"a.bpmn": true, "dir/A.BPMN": true, "x.bpmn20.xml": true, "X.Bpmn20.XML": true,
		"a.bpmn2": true, "jbpm/Order.BPMN2": true,
		"a.xml": false, "a.bpmn.bak": false, "bpmn": false, "a.bpmn2.bak": false, "a.bpmn3": false, "a.ttl": false,
	}
	for name, want := range tests {
		eq(t, "IsBPMNPath("+name+")", IsBPMNPath(name), want)
	}
}
