package graph

import (
	"github.com/seams/seams-timers/span"

	"strings"
	"testing"
)

// TestTriplePositions checks, for every triple of a document with
// multi-line statements, where its predicate-object pair, subject and
// object were written.
func TestTriplePositions(t *testing.T) {
	src := strings.Join([]string{
		`@prefix ex: <http://example.org/> .   # line 1`,
		`# a comment line, with "quotes" and <brackets> . ; ,`,
		`ex:api a ex:Container ;   # the ';' and ',' here are in a comment`,
		`  ex:executes ex:A ,`,
		`     ex:B ;`,
		`  ex:label """multi`,
		`# not a comment: a line of the long string`,
		`line""" , "x" ;`,
		`  ex:store [`,
		`    a ex:Store ;`,
		`    ex:kind "pg"`,
		`  ] ;`,
		`  ex:list ( ex:x`,
		`     ex:y ) ;`,
		`  ex:empty () ;`,
		`  ex:anon [] ; ; .`,
		`[ ex:p 1 ] ex:q 2 .`,
		`( 1 ) ex:r 3 .`,
		`ex:s`,
		`	ex:t`,
		`		ex:u .`,
	}, "\n") + "\n"
	g := parseOK(t, "pos.ttl", src)
	// Each line: triple (with blank labels), then pair, subject and object
	// positions.
	want := []string{
		"<http://example.org/api> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/Container> . 3:8 3:1 3:10",
		"<http://example.org/api> <http://example.org/executes> <http://example.org/A> . 4:3 3:1 4:15",
		"<http://example.org/api> <http://example.org/executes> <http://example.org/B> . 4:3 3:1 5:6",
		`<http://example.org/api> <http://example.org/label> "multi\n# not a comment: a line of the long string\nline" . 6:3 3:1 6:12`,
		`<http://example.org/api> <http://example.org/label> "x" . 6:3 3:1 8:11`,
		"<http://example.org/api> <http://example.org/store> _:d1.-1 . 9:3 3:1 9:12",
		"_:d1.-1 <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://example.org/Store> . 10:5 9:12 10:7",
		`_:d1.-1 <http://example.org/kind> "pg" . 11:5 9:12 11:13`,
		"<http://example.org/api> <http://example.org/list> _:d1.-2 . 13:3 3:1 13:11",
		"_:d1.-2 <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> <http://example.org/x> . 13:13 13:11 13:13",
		"_:d1.-2 <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> _:d1.-3 . 14:6 13:11 14:6",
		"_:d1.-3 <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> <http://example.org/y> . 14:6 14:6 14:6",
		"_:d1.-3 <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> <http://www.w3.org/1999/02/22-rdf-syntax-ns#nil> . 14:11 14:6 14:11",
		"<http://example.org/api> <http://example.org/empty> <http://www.w3.org/1999/02/22-rdf-syntax-ns#nil> . 15:3 3:1 15:12",
		"<http://example.org/api> <http://example.org/anon> _:d1.-4 . 16:3 3:1 16:11",
		`_:d1.-5 <http://example.org/p> "1"^^<http://www.w3.org/2001/XMLSchema#integer> . 17:3 17:1 17:8`,
		`_:d1.-5 <http://example.org/q> "2"^^<http://www.w3.org/2001/XMLSchema#integer> . 17:12 17:1 17:17`,
		`_:d1.-6 <http://www.w3.org/1999/02/22-rdf-syntax-ns#first> "1"^^<http://www.w3.org/2001/XMLSchema#integer> . 18:3 18:1 18:3`,
		"_:d1.-6 <http://www.w3.org/1999/02/22-rdf-syntax-ns#rest> <http://www.w3.org/1999/02/22-rdf-syntax-ns#nil> . 18:5 18:1 18:5",
		`_:d1.-6 <http://example.org/r> "3"^^<http://www.w3.org/2001/XMLSchema#integer> . 18:7 18:1 18:12`,
		"<http://example.org/s> <http://example.org/t> <http://example.org/u> . 20:2 19:1 21:3",
	}
	var got []string
	for _, tr := range g.Triples() {
		got = append(got, tr.String()+" "+at(tr.Predicate)+" "+at(tr.Subject)+" "+at(tr.Object))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, tr := range g.Triples() {
		for _, p := range []span.Range{tr.Predicate, tr.Subject, tr.Object} {
			if p.File != "pos.ttl" || src[p.Start.Offset:] == "" || p.End.Offset <= p.Start.Offset {
				t.Errorf("bad position %+v", p)
			}
		}
	}
	// SubjectPos is where the subject of its first triple was written.
	for iri, want := range map[string]string{"http://example.org/api": "3:1", "http://example.org/s": "19:1"} {
		if p, ok := g.SubjectRange(NewIRI(iri)); !ok || at(p) != want {
			t.Errorf("SubjectRange(%s) = %v, want %s", iri, p, want)
		}
	}
	if p, ok := g.SubjectRange(NewBlank("d1.-1")); !ok || at(p) != "9:12" {
		t.Errorf("SubjectRange(_:d1.-1) = %v", p)
	}
}

// TestPositionOffsets checks that offsets index the file as read and that
// columns count bytes, a BOM at the start not counted.
func TestPositionOffsets(t *testing.T) {
	src := "\ufeff<http://e/é> <http://e/p> \"ü\" , <http://e/o> .\n"
	g := parseOK(t, "bom.ttl", src)
	tr := g.Triples()
	if len(tr) != 2 {
		t.Fatalf("got %d triples", len(tr))
	}
	if at(tr[0].Subject) != "1:1" || tr[0].Subject.Start.Offset != 3 {
		t.Errorf("subject at %s offset %d, want 1:1 offset 3", at(tr[0].Subject), tr[0].Subject.Start.Offset)
	}
	if at(tr[0].Predicate) != "1:15" || !strings.HasPrefix(src[tr[0].Predicate.Start.Offset:], "<http://e/p>") {
		t.Errorf("predicate at %s", at(tr[0].Predicate))
	}
	if at(tr[1].Object) != "1:35" || !strings.HasPrefix(src[tr[1].Object.Start.Offset:], "<http://e/o>") {
		t.Errorf("second object at %s", at(tr[1].Object))
	}
	// The ranges end where the terms end, in bytes and in columns.
	for i, want := range []struct{ s, p, o string }{
		{"<http://e/é>", "<http://e/p>", "\"ü\""},
		{"<http://e/é>", "<http://e/p>", "<http://e/o>"},
	} {
		for _, c := range []struct {
			r    span.Range
			text string
		}{{tr[i].Subject, want.s}, {tr[i].Predicate, want.p}, {tr[i].Object, want.o}} {
			if got := src[c.r.Start.Offset:c.r.End.Offset]; got != c.text || c.r.End.Col-c.r.Start.Col != len(c.text) || c.r.End.Line != 1 {
				t.Errorf("triple %d: range %+v holds %q, want %q", i, c.r, got, c.text)
			}
		}
	}
}

// TestErrorPositions checks that syntax errors carry the right line and
// byte column, including after long strings, on CRLF lines, and after a
// BOM.
func TestErrorPositions(t *testing.T) {
	cases := []struct {
		name, src, at, msg string
	}{
		{"after-long-string.ttl", "<http://e/s> <http://e/p> \"\"\"a\nb\nc\"\"\" <http://e/x> .\n", "3:6", "expected '.' to end the statement"},
		{"crlf.ttl", "<http://e/s> <http://e/p> <http://e/o> .\r\n<http://e/s> <http://e/p> \"unclosed .\r\n", "2:38", "line break inside a string"},
		{"bom.ttl", "\ufeff<http://e/s> <http://e/p> <o .\n", "1:29", "a space is not allowed in an IRI"},
		{"missing-dot.ttl", "<http://e/s> <http://e/p> <http://e/o>\n<http://e/s> <http://e/p> <http://e/o> .\n", "1:39", "expected '.' to end the statement (or ';' or ',' to continue it), found the IRI <http://e/s>"},
		{"utf8.ttl", "<http://e/s> <http://e/p> \"\xff\" .\n", "1:28", "invalid UTF-8 (byte 0xFF)"},
		{"multibyte.ttl", "<http://e/s> <http://e/p> \"é\" ? .\n", "1:32", "unexpected character '?'"},
		{"eof.ttl", "<http://e/s> <http://e/p> ( <http://e/o>", "1:41", "expected an item or ')' to close the collection opened at 1:27"},
		{"bracket.ttl", "<http://e/s> <http://e/p> [\n  <http://e/q> <http://e/o>\n.\n", "2:28", "expected ']' to close the blank node opened at 1:27"},
	}
	for _, c := range cases {
		e := parseErr(t, c.name, c.src)
		if at := itoa(e.Line) + ":" + itoa(e.Col); at != c.at || !strings.Contains(e.Msg, c.msg) || e.Rule != RuleSyntax || e.File != c.name {
			t.Errorf("%s: got %v, want %s: ...%s...", c.name, e, c.at, c.msg)
		}
	}
}
