package graph

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	rdf "github.com/knakk/rdf"
)

// waitGoroutines waits for the number of goroutines to come back to at
// most n, as exiting goroutines take a moment to be gone, and fails with a
// goroutine dump if it does not.
func waitGoroutines(t *testing.T, n int) {
	t.Helper()
	for i := 0; i < 2000; i++ {
		if runtime.NumGoroutine() <= n {
			return
		}
		runtime.Gosched()
		time.Sleep(5 * time.Millisecond)
	}
	var b bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&b, 1)
	t.Fatalf("%d goroutines, want at most %d:\n%s", runtime.NumGoroutine(), n, b.String())
}

// baseline lets goroutines of earlier tests finish, and returns how many
// remain.
func baseline() int {
	runtime.GC()
	for i := 0; i < 20; i++ {
		runtime.Gosched()
		time.Sleep(time.Millisecond)
	}
	return runtime.NumGoroutine()
}

// withHook runs f with the canonical text rewritten by hook.
func withHook(hook func([]byte) []byte, f func()) {
	testHookCanonical = hook
	defer func() { testHookCanonical = nil }()
	f()
}

const readerDoc = `@prefix ex: <http://example.org/> .
ex:api a ex:Container ;
  ex:store [ ex:kind "pg" ] .
ex:other ex:p ex:o .
`

// TestReaderFailures takes the paths where the RDF reader fails on the
// canonical text or disagrees with the scanner: each refuses the document
// with a TMR0003 at a document position, and leaves no goroutine behind.
func TestReaderFailures(t *testing.T) {
	before := baseline()
	cases := []struct {
		name string
		hook func([]byte) []byte
		at   string
		msg  string
	}{
		// The rewrites keep the columns of the canonical line, so that the
		// reader's position maps back to the document.
		{"reader syntax error", func(b []byte) []byte {
			return bytes.Replace(b, []byte("n0:other n0:p"), []byte(`n0:other "n0"`), 1)
		}, "4:10", "the RDF reader could not read this valid Turtle: unexpected a string as predicate"},
		{"reader error without position", func(b []byte) []byte {
			return bytes.Replace(b, []byte("n0:other"), []byte("zz:other"), 1)
		}, "4:10", "the RDF reader could not read this valid Turtle: missing namespace for prefix: 'zz'"},
		{"different literal", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"pg"`), []byte(`"px"`), 1)
		}, "3:14", `the RDF reader read the object of this triple as "px", where the scanner read "pg"`},
		{"different kind", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"pg"`), []byte(`[]  `), 1)
		}, "3:14", `the RDF reader read the object of this triple as _:b2, where the scanner read "pg"`},
		{"different blank node", func(b []byte) []byte {
			return bytes.Replace(b, []byte("[ n0:kind"), []byte("_:u1 ; n0:kind"), 1)
		}, "3:3", "the RDF reader read the object of this triple as _:u1, where the scanner read _:b1"},
		{"extra triple", func(b []byte) []byte {
			return bytes.Replace(b, []byte("n0:other n0:p n0:o ."), []byte("n0:other n0:p n0:o , n0:o2 ."), 1)
		}, "4:10", "the RDF reader read a triple the scanner did not expect (<http://example.org/other> <http://example.org/p> <http://example.org/o2> .)"},
		{"missing triple", func(b []byte) []byte {
			return bytes.Replace(b, []byte("n0:other n0:p n0:o ."), nil, 1)
		}, "4:10", "the RDF reader stopped before the end of the document, without this triple"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var errs []*Error
			var g *Graph
			withHook(c.hook, func() { g, errs = Parse("reader.ttl", []byte(readerDoc)) })
			if len(errs) != 1 {
				t.Fatalf("got %v, want one error", errs)
			}
			e := errs[0]
			if got := itoa(e.Line) + ":" + itoa(e.Col); got != c.at || e.Rule != RuleSyntax || !strings.Contains(e.Msg, c.msg) || !strings.Contains(e.Msg, "seams-timers bug") {
				t.Errorf("got %v\nwant %s: ...%s...", e, c.at, c.msg)
			}
			if g.Len() != 0 {
				t.Errorf("the refused document contributed %d triples", g.Len())
			}
		})
	}
	waitGoroutines(t, before)
}

// TestFirstErrorWins reads a long document, cut into many chunks, in
// which the RDF reader fails on a statement in the middle and the scanner
// on the last line: with any number of workers the error is the reader's,
// the first in the document, and no goroutine is left behind.
func TestFirstErrorWins(t *testing.T) {
	before := baseline()
	fill := strings.Repeat("ex:s ex:p ex:o .\n", 600)
	doc := []byte("@prefix ex: <http://example.org/> .\n" + fill + "ex:other ex:p ex:o .\n" + fill + "ex:s ex:p .\n")
	line := 1 + 600 + 1
	for _, workers := range []int{1, 2, 8} {
		load := func() []*Error {
			_, errs := Options{Workers: workers}.LoadSources([]Source{{Path: "long.ttl", Data: doc}})
			return errs
		}
		var errs []*Error
		withHook(func(b []byte) []byte {
			return bytes.Replace(b, []byte("n0:other n0:p"), []byte(`n0:other "n0"`), 1)
		}, func() { errs = load() })
		if len(errs) != 1 || errs[0].Line != line || errs[0].Col != 10 || !strings.Contains(errs[0].Msg, "unexpected a string as predicate") {
			t.Fatalf("%d workers: got %v, want the reader's error at %d:10", workers, errs, line)
		}
		errs = load()
		if len(errs) != 1 || errs[0].Line != 2*600+3 || strings.Contains(errs[0].Msg, "seams-timers bug") {
			t.Fatalf("%d workers: got %v, want the scanner's error on the last line", workers, errs)
		}
	}
	waitGoroutines(t, before)
}

// TestDrainStopsLexer shows why the decoder must be drained: knakk/rdf's
// lexer goroutine blocks until each token it has lexed is taken, so a
// decoder given up after an error keeps its goroutine until drained.
func TestDrainStopsLexer(t *testing.T) {
	before := baseline()
	var decs []rdf.TripleDecoder
	for i := 0; i < 50; i++ {
		src := "<http://e/s> <http://e/p> [ <http://e/q> 1 ; ] .\n" + strings.Repeat("<http://e/s> <http://e/p> <http://e/o> .\n", 100)
		dec := rdf.NewTripleDecoder(strings.NewReader(src), rdf.Turtle)
		for {
			if _, err := safeDecode(dec); err != nil {
				break
			}
		}
		decs = append(decs, dec)
	}
	time.Sleep(20 * time.Millisecond)
	if n := runtime.NumGoroutine(); n < before+50 {
		t.Fatalf("%d goroutines before draining, expected at least %d: knakk/rdf no longer leaks?", n, before+50)
	}
	for _, dec := range decs {
		drain(dec)
	}
	waitGoroutines(t, before)
}

type panickyDecoder struct{ calls int }

func (d *panickyDecoder) Decode() (rdf.Triple, error) {
	d.calls++
	if d.calls < 3 {
		// An index out of range: a runtime error, which knakk/rdf's own
		// recover re-panics.
		short := make([]int, 1)
		short[d.calls]++
	}
	return rdf.Triple{}, io.EOF
}
func (d *panickyDecoder) DecodeAll() ([]rdf.Triple, error)             { return nil, nil }
func (d *panickyDecoder) SetOption(rdf.ParseOption, interface{}) error { return nil }

func TestSafeDecodeRecovers(t *testing.T) {
	d := &panickyDecoder{}
	if _, err := safeDecode(d); err == nil || !strings.Contains(err.Error(), "panicked") {
		t.Errorf("safeDecode = %v", err)
	}
	drain(d)
	if d.calls != 3 {
		t.Errorf("drain stopped after %d calls, want 3", d.calls)
	}
}

// brokenDocs are broken documents of many kinds, for the leak test.
var brokenDocs = []struct{ name, src string }{
	{"a.ttl", "<http://e/s> <http://e/p> .\n"},
	{"b.ttl", "@prefix ex: <http://e/> .\nex:s ex:p \"unclosed\n"},
	{"c.ttl", strings.Repeat("<http://e/s> <http://e/p> <http://e/o> .\n", 500) + "<http://e/s> <http://e/p> [ <http://e/q> (\n"},
	{"d.ttl", "\xff\xfe"},
	{"e.ttl", "@prefix : <#> .\n:s :p :o ; :q \"\"\"x\n"},
	{"f.nt", "<http://e/s> <http://e/p> <http://e/o> .\n<rel> <http://e/p> <http://e/o> .\n"},
	{"g.nt", strings.Repeat("<http://e/s> <http://e/p> \"x\" .\n", 300) + "<http://e/s> <http://e/p>\n"},
	{"h.ttl", "{ }"},
	{"i.ttl", strings.Repeat("_:b <http://e/p> [ <http://e/q> _:c ] .\n", 400) + "_:b <http://e/p> ex:undefined .\n"},
}

// TestNoGoroutineLeak loads 1,000 broken graph files, then 1,000 files that
// the RDF reader fails on, and checks that no goroutine is left behind.
func TestNoGoroutineLeak(t *testing.T) {
	dir := t.TempDir()
	var broken []string
	for i := 0; i < 1000; i++ {
		d := brokenDocs[i%len(brokenDocs)]
		broken = append(broken, writeFile(t, dir, fmt.Sprintf("broken/%04d-%s", i, d.name), d.src))
	}
	var failing []string
	for i := 0; i < 1000; i++ {
		failing = append(failing, writeFile(t, dir, fmt.Sprintf("failing/%04d.ttl", i), readerDoc+strings.Repeat("<http://e/s> <http://e/p> <http://e/o> .\n", i%300)))
	}
	before := baseline()
	g, errs := Load(broken)
	if len(errs) != 1000 || g.Len() != 0 {
		t.Fatalf("got %d errors and %d triples, want 1000 errors and no triple", len(errs), g.Len())
	}
	for _, e := range errs {
		if e.Rule != RuleSyntax || e.Line < 1 || e.Col < 1 {
			t.Fatalf("error %v", e)
		}
	}
	waitGoroutines(t, before)
	withHook(func(b []byte) []byte {
		return bytes.Replace(b, []byte("n0:other n0:p"), []byte(`n0:other "n0"`), 1)
	}, func() { _, errs = Load(failing) })
	if len(errs) != 1000 {
		t.Fatalf("got %d errors, want 1000", len(errs))
	}
	waitGoroutines(t, before)
}

func TestUnreadableFile(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root reads any file")
	}
	p := writeFile(t, t.TempDir(), "secret.ttl", "")
	if err := os.Chmod(p, 0); err != nil {
		t.Fatal(err)
	}
	_, errs := Load([]string{p})
	if len(errs) != 1 || errs[0].Rule != RuleUnreadable || !strings.Contains(errs[0].Msg, "permission denied") {
		t.Errorf("got %v", errs)
	}
}

func TestIOMessage(t *testing.T) {
	err := &os.PathError{Op: "open", Path: filepath.Join("a", "b"), Err: errors.New("boom")}
	if got := ioMessage(err); got != "boom" {
		t.Errorf("ioMessage = %q", got)
	}
}
