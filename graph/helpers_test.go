package graph

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/span"
)

// parseOK parses src as the document name and fails the test on error.
func parseOK(t *testing.T, name, src string) *Graph {
	t.Helper()
	g, errs := Parse(name, []byte(src))
	for _, e := range errs {
		t.Fatalf("Parse(%s): %v", name, e)
	}
	return g
}

// parseErr parses src and returns its one error, failing the test if
// there is none.
func parseErr(t *testing.T, name, src string) *Error {
	t.Helper()
	g, errs := Parse(name, []byte(src))
	if len(errs) != 1 {
		t.Fatalf("Parse(%s): got %d errors (%v), want 1", name, len(errs), errs)
	}
	if g.Len() != 0 {
		t.Errorf("Parse(%s): a document with an error contributed %d triples", name, g.Len())
	}
	return errs[0]
}

// fileIRI returns the file:// IRI of path, failing the test on error.
func fileIRI(t *testing.T, path string) string {
	t.Helper()
	iri, err := FileIRI(path)
	if err != nil {
		t.Fatal(err)
	}
	return iri
}

// ntLines renders the graph as N-Triples lines, in load order.
func ntLines(g *Graph) []string {
	var out []string
	for _, t := range g.Triples() {
		out = append(out, t.String())
	}
	return out
}

// placedLines renders the graph as N-Triples lines, in load order, each
// with the ranges of its subject, predicate and object.
func placedLines(g *Graph) []string {
	var out []string
	for _, t := range g.Triples() {
		out = append(out, t.String()+" "+rangeText(t.Subject)+" "+rangeText(t.Predicate)+" "+rangeText(t.Object))
	}
	return out
}

// rangeText renders all of a range.
func rangeText(r span.Range) string {
	return fmt.Sprintf("%s@%d-%d(%d:%d-%d:%d)", r.File, r.Start.Offset, r.End.Offset, r.Start.Line, r.Start.Col, r.End.Line, r.End.Col)
}

// normalizeBlanks renames blank nodes in N-Triples lines to _:B1, _:B2, ...
// in order of first appearance, so that two renderings of the same graph
// written in the same order compare equal.
func normalizeBlanks(lines []string) []string {
	names := map[string]string{}
	out := make([]string, len(lines))
	for i, l := range lines {
		var b strings.Builder
		for j := 0; j < len(l); {
			if strings.HasPrefix(l[j:], "_:") && (j == 0 || l[j-1] == ' ') {
				k := j + 2
				for k < len(l) && l[k] != ' ' {
					k++
				}
				label := l[j:k]
				n, ok := names[label]
				if !ok {
					n = "_:B" + string(rune('0'+len(names)/10)) + string(rune('0'+len(names)%10))
					names[label] = n
				}
				b.WriteString(n)
				j = k
				continue
			}
			b.WriteByte(l[j])
			j++
		}
		out[i] = b.String()
	}
	return out
}

// writeFile writes a file under dir and returns its path.
func writeFile(t testing.TB, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// at renders the start of a range as "line:col".
func at(r span.Range) string {
	return itoa(r.Start.Line) + ":" + itoa(r.Start.Col)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
