package graph

import (
	"github.com/seams/seams-timers/span"

	"bytes"
	"fmt"
	"maps"
	"math/rand"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// lexerGoroutines counts the goroutines running knakk/rdf's lexer.
func lexerGoroutines() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return bytes.Count(buf[:n], []byte("github.com/knakk/rdf.(*lexer).run"))
		}
		buf = make([]byte, 2*len(buf))
	}
}

// checkNoLexerLeft fails if a knakk/rdf lexer goroutine outlives the load
// that started it. Exiting goroutines take a moment to be gone, so it
// waits for them.
func checkNoLexerLeft(t *testing.T, before int) {
	t.Helper()
	for i := 0; i < 1000 && runtime.NumGoroutine() > before; i++ {
		runtime.Gosched()
	}
	if runtime.NumGoroutine() <= before {
		return
	}
	for i := 0; i < 400; i++ {
		if lexerGoroutines() == 0 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("a knakk/rdf lexer goroutine is left behind")
}

// FuzzLoadGraph reads arbitrary bytes as Turtle (or N-Triples): it must
// never panic or leave a goroutine behind; an error must be a TMR0003 with
// a position; the strict scanner and the RDF reader must never disagree;
// and an accepted document must read back the same from its N-Triples.
func FuzzLoadGraph(f *testing.F) {
	suite := syntaxSuite(f)
	for _, name := range slices.Sorted(maps.Keys(suite)) {
		f.Add(suite[name], strings.HasSuffix(name, ".nt"))
	}
	for _, s := range []string{
		readerDoc,
		"@prefix ex: <http://example.org/> .\nex:s ex:p \"\"\"\"\"x\"\"\" , (\n.5 ) , [ ex:q 1 ; ] ; a\nex:C .\n",
		"@base <http://a/b/c/d;p?q> .\n<../g> <#p> <//h/x/../y> , <?z> , <> .\n",
		"_:b1 <http://e/p> [] , _:b1 , [ <http://e/q> ( 1 2 ) ] .\n",
		"\ufeff@prefix base: <x#> . base:a base:b base:c .",
		"<http://e/s> <http://e/p> \"x\"@en-GB , \"y\"^^<http://e/d> .\n_:a <http://e/p> _:a .\n",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	for i := 0; i < 20; i++ {
		g := &docGen{r: rand.New(rand.NewSource(int64(1000 + i)))}
		f.Add([]byte(g.document()), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, nt bool) {
		name := "fuzz.ttl"
		if nt {
			name = "fuzz.nt"
		}
		before := runtime.NumGoroutine()
		g, errs := Parse(name, data)
		checkNoLexerLeft(t, before)
		// Cut into chunks of a few statements, with the indexes built side
		// by side, the document reads the same, at the same places.
		chunkSize, parallelFinish = 64, 1
		g2, errs2 := Parse(name, data)
		chunkSize, parallelFinish = defaultChunkSize, 1<<16
		checkNoLexerLeft(t, before)
		if fmt.Sprint(errs) != fmt.Sprint(errs2) || !slices.Equal(placedLines(g), placedLines(g2)) {
			t.Fatalf("small chunks read another result: %v / %v\n%s\n--\n%s", errs, errs2, strings.Join(placedLines(g), "\n"), strings.Join(placedLines(g2), "\n"))
		}
		if len(errs) > 0 {
			if len(errs) != 1 {
				t.Fatalf("%d errors", len(errs))
			}
			e := errs[0]
			if e.Rule != RuleSyntax || e.File != name || e.Line < 1 || e.Col < 1 || e.Msg == "" {
				t.Fatalf("bad error %+v", e)
			}
			if e.Line > bytes.Count(data, []byte("\n"))+1 {
				t.Fatalf("error line %d past the end: %v", e.Line, e)
			}
			if strings.Contains(e.Msg, "seams-timers bug") {
				t.Fatalf("the scanner and the RDF reader disagree: %v", e)
			}
			if g.Len() != 0 {
				t.Fatalf("a refused document gave %d triples", g.Len())
			}
			return
		}
		lines := ntLines(g)
		for _, tr := range g.Triples() {
			for _, p := range []span.Range{tr.Predicate, tr.Subject, tr.Object} {
				if p.Start.Line < 1 || p.Start.Col < 1 || p.Start.Offset < 0 || p.Start.Offset >= len(data) || p.File != name ||
					p.End.Offset <= p.Start.Offset || p.End.Offset > len(data) || p.End.Line < p.Start.Line {
					t.Fatalf("bad position %+v for %v", p, tr)
				}
			}
		}
		back, errs := Parse("back.nt", []byte(strings.Join(lines, "\n")+"\n"))
		if len(errs) > 0 {
			t.Fatalf("the N-Triples of an accepted document do not read back: %v\n%s", errs[0], strings.Join(lines, "\n"))
		}
		if got, want := normalizeBlanks(ntLines(back)), normalizeBlanks(lines); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("N-Triples round trip differs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	})
}
