package graph

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// docGen writes random valid Turtle documents, and the triples each must
// give, built from the values it chose before it spelled them: an oracle
// independent of the scanner and of the RDF reader.
type docGen struct {
	r      *rand.Rand
	b      strings.Builder
	want   []string
	anon   int
	unique int
}

const genBase = "http://ex.org/base/"

var genPrefixes = []struct{ label, ns string }{
	{"ex", "http://ex.org/"}, {"base", "http://ex.org/b/"}, {"prefix", "http://ex.org/p#"},
	{"true", "http://ex.org/t/"}, {"a", "http://ex.org/a/"}, {"", "http://ex.org/d#"}, {"é.x-y", "http://ex.org/e/"},
}

func (g *docGen) pick(n int) int { return g.r.Intn(n) }

// ws writes white space between two tokens: at least one character,
// sometimes a line break or a comment.
func (g *docGen) ws() {
	switch g.pick(8) {
	case 0:
		g.b.WriteString("\n")
	case 1:
		g.b.WriteString("\t")
	case 2:
		g.b.WriteString(" # a comment \" ' < . ;\n  ")
	case 3:
		g.b.WriteString("\r\n")
	default:
		g.b.WriteString(" ")
	}
}

// word returns a random name: letters, digits, '-', '_', '.', and a few
// other characters that local names must escape.
func (g *docGen) word() string {
	const chars = "abcxyzAZ019_-.~!$&'()*+,;=/?#@%é"
	n := 1 + g.pick(6)
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(string([]rune(chars)[g.pick(len([]rune(chars)))]))
	}
	return b.String()
}

// iri returns a new IRI value and writes it in one of its spellings.
func (g *docGen) iri() string {
	g.unique++
	switch g.pick(3) {
	case 0: // A prefixed name, escaping what a local name cannot hold.
		p := genPrefixes[g.pick(len(genPrefixes))]
		local := fmt.Sprintf("%s%d", g.word(), g.unique)
		var b strings.Builder
		for i, r := range local {
			switch {
			case r == '%':
				b.WriteString(`\%`)
			case strings.ContainsRune("~!$&'()*+,;=/?#@", r), r == '.' && i == 0, r == '-' && i == 0:
				b.WriteString(`\` + string(r))
			default:
				b.WriteRune(r)
			}
		}
		g.b.WriteString(p.label + ":" + b.String())
		return p.ns + local
	case 1: // Relative to the base.
		seg := fmt.Sprintf("r%d/x%s", g.unique, strings.NewReplacer("#", "", "?", "", "%", "", "/", "").Replace(g.word()))
		if g.pick(2) == 0 {
			g.b.WriteString("<" + seg + ">")
			return genBase + seg
		}
		g.b.WriteString("<../" + seg + ">")
		return "http://ex.org/" + seg
	default: // In full, with an escape now and then.
		v := fmt.Sprintf("http://ex.org/full/%d/%s", g.unique, strings.NewReplacer("%", "").Replace(g.word()))
		w := v
		if g.pick(2) == 0 {
			w = strings.Replace(w, "f", `\u0066`, 1)
		}
		g.b.WriteString("<" + w + ">")
		return v
	}
}

// literal returns a new literal term and writes it.
func (g *docGen) literal() Term {
	g.unique++
	switch g.pick(4) {
	case 0:
		forms := []struct{ text, dt string }{
			{"1", XSDInteger}, {"-0", XSDInteger}, {"+42", XSDInteger}, {".5", XSDDecimal}, {"-1.25", XSDDecimal},
			{"1e3", XSDDouble}, {"2.E-1", XSDDouble}, {"-.5e+2", XSDDouble}, {"true", XSDBoolean}, {"false", XSDBoolean},
		}
		f := forms[g.pick(len(forms))]
		g.b.WriteString(f.text)
		return NewLiteral(f.text, f.dt)
	}
	// A string with awkward characters, in one of the four forms.
	pieces := []string{"a", "é", "😀", "\"", "'", "\\", "\n", "\r", "\t", "#", "# x", "\n#", "<", ">", ".", ";", "\x01", " "}
	var v strings.Builder
	for i, n := 0, g.pick(8); i < n; i++ {
		v.WriteString(pieces[g.pick(len(pieces))])
	}
	fmt.Fprintf(&v, "%d", g.unique)
	val := v.String()
	q := []string{`"`, `'`, `"""`, `'''`}[g.pick(4)]
	g.b.WriteString(q)
	for _, r := range val {
		switch {
		case r == '\\':
			g.b.WriteString(`\\`)
		case r == rune(q[0]):
			g.b.WriteString(`\` + string(r))
		case len(q) == 1 && r == '\n':
			g.b.WriteString(`\n`)
		case len(q) == 1 && r == '\r':
			g.b.WriteString(`\r`)
		case r == '\x01':
			g.b.WriteString(`\u0001`)
		default:
			g.b.WriteRune(r)
		}
	}
	g.b.WriteString(q)
	switch g.pick(4) {
	case 0:
		if g.pick(2) == 0 {
			g.ws()
		}
		g.b.WriteString("@en-GB")
		return NewLangLiteral(val, "en-GB")
	case 1:
		g.b.WriteString("^^")
		if g.pick(2) == 0 {
			g.ws()
		}
		dt := g.iri()
		return NewLiteral(val, dt)
	}
	return NewLiteral(val, "")
}

func (g *docGen) newAnon() Term {
	g.anon++
	return NewBlank(fmt.Sprintf("g%d", g.anon))
}

func (g *docGen) emit(s, p, o Term) { g.want = append(g.want, Triple{S: s, P: p, O: o}.String()) }

// subject writes a subject and returns it.
func (g *docGen) subject(depth int) Term {
	switch g.pick(5) {
	case 0:
		t := NewBlank(fmt.Sprintf("u%d", g.pick(5)))
		g.b.WriteString("_:" + strings.TrimPrefix(t.Value, "u") + "x.y")
		return NewBlank(t.Value + "x.y")
	case 1:
		if depth < 3 {
			return g.collection(depth)
		}
	}
	return NewIRI(g.iri())
}

// object writes an object of (s, p) and records its triples.
func (g *docGen) object(s, p Term, depth int) {
	switch g.pick(7) {
	case 0:
		g.emit(s, p, g.literal())
	case 1:
		b := NewBlank(fmt.Sprintf("u%dx.y", g.pick(5)))
		g.b.WriteString("_:" + strings.TrimPrefix(b.Value, "u"))
		g.emit(s, p, b)
	case 2:
		b := g.newAnon()
		g.b.WriteString("[")
		if g.pick(2) == 0 {
			g.ws()
		}
		g.b.WriteString("]")
		g.emit(s, p, b)
	case 3:
		if depth < 3 {
			b := g.newAnon()
			g.emit(s, p, b)
			g.b.WriteString("[")
			g.ws()
			g.predicateObjectList(b, depth+1)
			g.ws()
			g.b.WriteString("]")
			return
		}
		g.emit(s, p, g.literal())
	case 4:
		if depth < 3 {
			g.collectionObject(s, p, depth+1)
			return
		}
		g.emit(s, p, NewIRI(g.iri()))
	default:
		g.emit(s, p, NewIRI(g.iri()))
	}
}

// collection writes a collection as a subject and returns its head.
func (g *docGen) collection(depth int) Term {
	g.b.WriteString("(")
	g.ws()
	n := g.pick(3)
	if n == 0 {
		g.b.WriteString(")")
		return NewIRI(RDFNil)
	}
	head := g.newAnon()
	g.items(head, n, depth+1)
	return head
}

func (g *docGen) collectionObject(s, p Term, depth int) {
	g.b.WriteString("(")
	g.ws()
	n := g.pick(4)
	if n == 0 {
		g.b.WriteString(")")
		g.emit(s, p, NewIRI(RDFNil))
		return
	}
	head := g.newAnon()
	g.emit(s, p, head)
	g.items(head, n, depth)
}

func (g *docGen) items(node Term, n, depth int) {
	for i := 0; i < n; i++ {
		g.object(node, NewIRI(RDFFirst), depth)
		g.ws()
		if i == n-1 {
			g.emit(node, NewIRI(RDFRest), NewIRI(RDFNil))
			break
		}
		next := g.newAnon()
		g.emit(node, NewIRI(RDFRest), next)
		node = next
	}
	g.b.WriteString(")")
}

func (g *docGen) predicateObjectList(s Term, depth int) {
	for k, n := 0, 1+g.pick(3); k < n; k++ {
		var p Term
		if g.pick(4) == 0 {
			g.b.WriteString("a")
			p = NewIRI(RDFType)
		} else {
			p = NewIRI(g.iri())
		}
		g.ws()
		for j, m := 0, 1+g.pick(3); j < m; j++ {
			if j > 0 {
				g.ws()
				g.b.WriteString(",")
				g.ws()
			}
			g.object(s, p, depth)
		}
		g.ws()
		if k < n-1 || g.pick(3) == 0 {
			g.b.WriteString(strings.Repeat(";", 1+g.pick(2)))
			g.ws()
		}
	}
}

func (g *docGen) document() string { return g.documentOf(1 + g.pick(6)) }

// documentOf writes a document of n statements. A long one redeclares its
// prefixes now and then (to the same namespaces), so that the chunks the
// reader cuts it into use prefixes declared before and inside them.
func (g *docGen) documentOf(n int) string {
	if g.pick(3) == 0 {
		g.b.WriteString("\ufeff")
	}
	for _, p := range genPrefixes {
		if g.pick(2) == 0 {
			fmt.Fprintf(&g.b, "@prefix %s: <%s> .\n", p.label, p.ns)
		} else {
			fmt.Fprintf(&g.b, "PREFIX %s: <%s>\n", p.label, p.ns)
		}
	}
	g.b.WriteString("@base <http://ex.org/base/> .\n")
	for i := 0; i < n; i++ {
		if n > 50 && g.pick(40) == 0 {
			p := genPrefixes[g.pick(len(genPrefixes))]
			fmt.Fprintf(&g.b, "@prefix %s: <%s> .\n", p.label, p.ns)
		}
		if g.pick(3) == 0 {
			b := g.newAnon()
			g.b.WriteString("[")
			g.ws()
			g.predicateObjectList(b, 1)
			g.b.WriteString("]")
			g.ws()
			if g.pick(2) == 0 {
				g.predicateObjectList(b, 1)
			}
		} else {
			s := g.subject(0)
			g.ws()
			g.predicateObjectList(s, 0)
		}
		g.b.WriteString(".")
		g.ws()
	}
	return g.b.String()
}

// TestGeneratedLongDocuments reads long random documents, which the
// reader cuts into many chunks decoded in parallel, with 1, 2 and 8
// workers: each gives the generator's triples, and the same graph.
func TestGeneratedLongDocuments(t *testing.T) {
	for i := 0; i < 20; i++ {
		g := &docGen{r: rand.New(rand.NewSource(int64(1000 + i)))}
		src := g.documentOf(300 + g.pick(600))
		var first []string
		for _, workers := range []int{1, 2, 8} {
			gr, errs := Options{Workers: workers}.LoadSources([]Source{{Path: "gen.ttl", Data: []byte(src)}})
			if len(errs) > 0 {
				t.Fatalf("document %d refused with %d workers: %v", i, workers, errs[0])
			}
			got := ntLines(gr)
			if first == nil {
				first = got
				checkGenerated(t, i, g, got, src)
			} else if !slices.Equal(got, first) {
				t.Fatalf("document %d: %d workers read another graph than 1 worker", i, workers)
			}
		}
	}
}

// checkGenerated compares the triples read from a generated document
// with the generator's.
func checkGenerated(t *testing.T, i int, g *docGen, lines []string, src string) {
	t.Helper()
	seen := map[string]bool{}
	var want []string
	for _, w := range g.want {
		if !seen[w] {
			seen[w] = true
			want = append(want, w)
		}
	}
	got, exp := normalizeBlanks(lines), normalizeBlanks(want)
	for k := 0; k < len(got) || k < len(exp); k++ {
		var a, b string
		if k < len(got) {
			a = got[k]
		}
		if k < len(exp) {
			b = exp[k]
		}
		if a != b {
			t.Fatalf("document %d, triple %d:\ngot  %s\nwant %s\n%s", i, k, a, b, src)
		}
	}
}

// TestGeneratedDocuments reads thousands of random valid documents and
// checks their triples against the generator's.
func TestGeneratedDocuments(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	for i := 0; i < n; i++ {
		g := &docGen{r: rand.New(rand.NewSource(int64(i)))}
		src := g.document()
		gr, errs := Parse("gen.ttl", []byte(src))
		if len(errs) > 0 {
			t.Fatalf("document %d refused: %v\n%s", i, errs[0], src)
		}
		checkGenerated(t, i, g, ntLines(gr), src)
	}
}
