package graph

import (
	"fmt"
	"slices"
	"strconv"
)

// sref refers to a string without holding a pointer, so that the
// scanner's records stay free of pointers (cheap to copy, never scanned by
// the garbage collector): with n >= 0 it is the n bytes of the document at
// off, and with n < 0 it is entry off of the scanner's string table.
type sref struct {
	off, n int32
}

// Entries of every scanner's string table, set up by newScanner.
const (
	sRDFType = iota
	sRDFFirst
	sRDFRest
	sRDFNil
	sXSDString
	sXSDInteger
	sXSDDecimal
	sXSDDouble
	sXSDBoolean
	sRDFLangString
	sFixed // the number of fixed entries
)

var fixedStrings = [sFixed]string{RDFType, RDFFirst, RDFRest, RDFNil, XSDString, XSDInteger, XSDDecimal, XSDDouble, XSDBoolean, RDFLangString}

// fixed returns the sref of a fixed entry of the string table.
func fixed(i int) sref { return sref{off: int32(i), n: -1} }

// strView reads srefs: the document text, and a snapshot of the scanner's
// string table, which only ever grows.
type strView struct {
	text string
	strs []string
}

func (v *strView) get(r sref) string {
	if r.n < 0 {
		return v.strs[r.off]
	}
	return v.text[r.off : r.off+r.n]
}

// xterm is a term as the scanner read it: what the RDF reader must give
// back for it, and where it was written.
type xterm struct {
	kind Kind
	// rel marks an IRI written relative: a holds it as written (escapes
	// decoded), which is what the RDF reader, given no base, returns; c is
	// the base it resolves against.
	rel bool
	// anon marks a blank node with no label of its own ([], [ ... ], a
	// collection node); id is then the RDF reader's own counter for it
	// (its label is "b<id>"). For a labelled blank node, id numbers the
	// label within the document (the reader sees "u<id>") and a is the
	// label as written.
	anon bool
	id   int32
	// off is the byte offset where the term was written, end the offset
	// just after it (for a term the document spells with a punctuation
	// mark, such as `a` or a collection's node, the mark's end).
	off, end int32
	// For an IRI, a+b is its value: the whole IRI in a, or a prefix's
	// namespace in a and the local name in b. For a literal, a is the
	// lexical form, b the language tag, and c+d the datatype IRI.
	a, b, c, d sref
}

// rec is one triple the scanner expects the RDF reader to produce next.
type rec struct {
	s, p, o xterm
}

// tmapEntry maps a token of the canonical text (line, 0-based byte
// column) back to its offset in the document.
type tmapEntry struct {
	line, col, orig int32
}

// prefixDecl is one prefix declaration: its namespace, resolved, and the
// label the canonical text uses for it.
type prefixDecl struct {
	nsRef sref
	canon string
	// off is where the declaration was written; used is the number of
	// the last chunk that used it.
	off  int32
	used int32
	// nsLen is the namespace's length: what each use of the prefix adds.
	nsLen int
}

// scanner reads one document strictly, statement by statement. For each
// statement it writes a canonical rendering for the RDF reader into out,
// the triples it expects into recs, and token positions into tmap.
type scanner struct {
	lx      lexer
	tok     token
	prevEnd int
	started bool
	nt      bool
	// canon is set when the scanner writes the canonical text (and its
	// position map) for the RDF reader to decode: only when the graph is
	// cross-checked (Options.CrossCheck). Otherwise the scanner's records
	// are all the builder reads.
	canon bool

	// depth counts the blank node property lists and collections the
	// scanner is inside, which it reads by recursion.
	depth int
	// expanded counts the bytes that prefixed names and relative IRIs
	// add when their namespace or base is written out (expandLimit).
	expanded int

	base     string
	baseRef  sref
	prefixes map[string]int
	decls    []prefixDecl
	users    map[string]int32
	nUsers   int32
	nAnon    int32

	// lines maps offsets to lines and columns for messages.
	lines *lineTable

	// ntLines counts the N-Triples triples read.
	ntLines int

	// The chunk being written: its number, the declarations made before
	// it started, and its canonical text, lines and triples.
	chunkNo    int32
	chunkDecls int
	// chunkStart is the document offset where the chunk's scan started.
	chunkStart int
	out        []byte
	lineStart  int
	cline      int32
	recs       []rec
	tmap       []tmapEntry
	// pre and preMap hold the prefix declarations that start a chunk.
	pre    []byte
	preMap []tmapEntry
	// strs is the string table of srefs: decoded and computed strings.
	// It only grows, so that a snapshot stays valid.
	strs []string
}

// newScanner starts a scanner over text from offset start (after a BOM),
// with base as the document's IRI.
func newScanner(text string, start int, lines *lineTable, base string, nt, canon bool) *scanner {
	p := &scanner{
		lines:    lines,
		lx:       lexer{s: text, pos: start, nt: nt},
		nt:       nt,
		canon:    canon,
		prefixes: make(map[string]int),
		users:    make(map[string]int32),
		cline:    1,
		recs:     make([]rec, 0, 64),
		strs:     append(make([]string, 0, 32), fixedStrings[:]...),
	}
	p.setBase(base)
	return p
}

// str adds s to the string table and returns its sref.
func (p *scanner) str(s string) sref {
	p.strs = append(p.strs, s)
	return sref{off: int32(len(p.strs) - 1), n: -1}
}

// valRef returns the sref of a token's value.
func (p *scanner) valRef(t token) sref {
	if t.esc {
		return p.str(t.val)
	}
	return sref{off: int32(t.vs), n: int32(len(t.val))}
}

// localRef returns the sref of a prefixed name's local part.
func (p *scanner) localRef(t token) sref {
	if t.lesc {
		return p.str(t.local)
	}
	return sref{off: int32(t.colon + 1), n: int32(t.end - t.colon - 1)}
}

func (p *scanner) setBase(base string) {
	p.base = base
	p.baseRef = p.str(base)
}

// iriTerm returns a fixed IRI written at off.
func iriTerm(i int, off int32) xterm {
	return xterm{kind: KindIRI, a: fixed(i), off: off, end: off + 1}
}

func (p *scanner) fail(off int, format string, args ...any) {
	panic(&synErr{off: off, msg: fmt.Sprintf(format, args...)})
}

// advance moves to the next token.
func (p *scanner) advance() {
	p.prevEnd = p.tok.end
	p.tok = p.lx.next()
}

// describe names the current token for a message.
func (p *scanner) describe() string { return p.lx.describe(p.tok) }

// failExpected reports that the current token is not what was expected.
// When a line break separates it from the previous token, the report sits
// at the end of the previous line, where the missing punctuation belongs.
func (p *scanner) failExpected(what string) {
	if p.tok.eol || p.tok.kind == tEOF {
		p.fail(p.prevEnd, "expected %s, found %s", what, p.describe())
	}
	p.fail(p.tok.off, "expected %s, found %s", what, p.describe())
}

// statement reads one statement, and reports false at the end of the
// document.
func (p *scanner) statement() bool {
	if !p.started {
		p.started = true
		p.tok = p.lx.next()
	}
	if p.nt {
		return p.ntStatement()
	}
	switch p.tok.kind {
	case tEOF:
		return false
	case tAtPrefix, tPrefix:
		p.prefixDirective()
	case tAtBase, tBase:
		p.baseDirective()
	default:
		p.triples()
		if p.tok.kind != tDot {
			p.failExpected("'.' to end the statement (or ';' or ',' to continue it)")
		}
		p.punct(".")
		p.endLine()
	}
	return true
}

// resolve makes an IRI absolute against the current base.
func (p *scanner) resolve(iri string) string {
	if isAbsoluteIRI(iri) {
		return iri
	}
	return resolveIRI(p.base, iri)
}

func (p *scanner) prefixDirective() {
	at := p.tok.kind == tAtPrefix
	kw := p.lx.s[p.tok.off:p.tok.end]
	p.advance()
	if p.tok.kind != tPName || p.tok.end != p.tok.colon+1 {
		p.failExpected(fmt.Sprintf("a prefix name ending in ':' after %s (for example ex:)", kw))
	}
	label := p.tok.val
	p.advance()
	if p.tok.kind != tIRI {
		p.failExpected(fmt.Sprintf("the namespace IRI in <...> after %s %s:", kw, label))
	}
	ns := p.resolve(p.tok.val)
	off := p.tok.off
	p.advance()
	if at {
		if p.tok.kind != tDot {
			p.failExpected("'.' to end the @prefix directive")
		}
		p.advance()
	} else if p.tok.kind == tDot {
		p.fail(p.tok.off, "a PREFIX directive takes no final '.' (only @prefix does)")
	}
	k := len(p.decls)
	d := prefixDecl{nsRef: p.str(ns), canon: "n" + strconv.Itoa(k), off: int32(off), nsLen: len(ns)}
	p.decls = append(p.decls, d)
	p.prefixes[label] = k
	if p.canon {
		p.writeDecl(d, ns)
	}
}

// writeDecl writes a prefix declaration, with its namespace ns, as a line
// of canonical text.
func (p *scanner) writeDecl(d prefixDecl, ns string) {
	off := int(d.off)
	p.word("@prefix", off)
	p.word(d.canon+":", off)
	p.iriRef(ns, off)
	p.word(".", off)
	p.endLine()
}

func (p *scanner) baseDirective() {
	at := p.tok.kind == tAtBase
	kw := p.lx.s[p.tok.off:p.tok.end]
	p.advance()
	if p.tok.kind != tIRI {
		p.failExpected(fmt.Sprintf("the base IRI in <...> after %s", kw))
	}
	p.setBase(p.resolve(p.tok.val))
	p.advance()
	if at {
		if p.tok.kind != tDot {
			p.failExpected("'.' to end the @base directive")
		}
		p.advance()
	} else if p.tok.kind == tDot {
		p.fail(p.tok.off, "a BASE directive takes no final '.' (only @base does)")
	}
}

func (p *scanner) triples() {
	if p.tok.kind == tLBrack {
		b := p.newAnon(p.tok.off)
		p.propertyListBody(b)
		if p.tok.kind != tDot {
			p.predicateObjectList(b)
		}
		return
	}
	s := p.subject()
	p.predicateObjectList(s)
}

func isLiteralStart(k tokKind) bool {
	switch k {
	case tString, tInteger, tDecimal, tDouble, tBool:
		return true
	}
	return false
}

func isObjectStart(k tokKind) bool {
	switch k {
	case tIRI, tPName, tBlank, tAnon, tLBrack, tLParen:
		return true
	}
	return isLiteralStart(k)
}

func isVerbStart(k tokKind) bool { return k == tIRI || k == tPName || k == tA }

func (p *scanner) subject() xterm {
	t := p.tok
	switch {
	case t.kind == tIRI || t.kind == tPName:
		return p.iri()
	case t.kind == tBlank:
		return p.userBlank()
	case t.kind == tAnon:
		x := p.newAnon(t.off)
		p.word("[]", t.off)
		p.advance()
		return x
	case t.kind == tLParen:
		return p.collectionSubject()
	case isLiteralStart(t.kind):
		p.fail(t.off, "a literal cannot be the subject of a triple, found %s", p.describe())
	case t.kind == tA:
		p.fail(t.off, "'a' (rdf:type) can only be a predicate")
	}
	p.failExpected("a subject (an IRI, a prefixed name, a blank node or a collection)")
	return xterm{}
}

func (p *scanner) predicateObjectList(s xterm) {
	for {
		v := p.verb()
		p.objectList(s, v)
		if p.tok.kind != tSemi {
			return
		}
		semi := p.tok.off
		for p.tok.kind == tSemi {
			p.advance()
		}
		if !isVerbStart(p.tok.kind) {
			// A trailing ';' adds nothing; the canonical text leaves it out.
			return
		}
		p.word(";", semi)
	}
}

func (p *scanner) verb() xterm {
	t := p.tok
	switch {
	case t.kind == tA:
		p.word("a", t.off)
		p.advance()
		return iriTerm(sRDFType, int32(t.off))
	case t.kind == tIRI || t.kind == tPName:
		return p.iri()
	case t.kind == tBlank || t.kind == tAnon || t.kind == tLBrack:
		p.fail(t.off, "a blank node cannot be a predicate, found %s", p.describe())
	case t.kind == tLParen:
		p.fail(t.off, "a collection cannot be a predicate")
	case isLiteralStart(t.kind):
		p.fail(t.off, "a literal cannot be a predicate, found %s", p.describe())
	}
	p.failExpected("a predicate (an IRI, a prefixed name or 'a')")
	return xterm{}
}

func (p *scanner) objectList(s, v xterm) {
	p.object(s, v)
	for p.tok.kind == tComma {
		p.word(",", p.tok.off)
		p.advance()
		p.object(s, v)
	}
}

func (p *scanner) object(s, v xterm) {
	t := p.tok
	switch {
	case t.kind == tIRI || t.kind == tPName:
		p.emit(s, v, p.iri())
	case t.kind == tBlank:
		p.emit(s, v, p.userBlank())
	case t.kind == tAnon:
		o := p.newAnon(t.off)
		p.word("[]", t.off)
		p.advance()
		p.emit(s, v, o)
	case t.kind == tLBrack:
		o := p.newAnon(t.off)
		p.emit(s, v, o)
		p.propertyListBody(o)
	case t.kind == tLParen:
		p.collectionObject(s, v)
	case isLiteralStart(t.kind):
		p.emit(s, v, p.literal())
	case t.kind == tA:
		p.fail(t.off, "'a' (rdf:type) can only be a predicate")
	default:
		p.failExpected("an object (an IRI, a prefixed name, a blank node, a collection or a literal)")
	}
}

// maxDepth bounds how deep blank node property lists and collections may
// nest. The scanner reads them by recursion, and a document of nothing but
// '(' must be refused rather than overflow the goroutine's stack, a fatal
// error no recover can catch. Real documents nest a few levels.
const maxDepth = 1000

// enter notes one more level of nesting at off.
func (p *scanner) enter(off int) {
	p.depth++
	if p.depth > maxDepth {
		p.fail(off, "blank nodes and collections nest more than %d levels deep", maxDepth)
	}
}

// propertyListBody reads '[' predicateObjectList ']' for the blank node b.
func (p *scanner) propertyListBody(b xterm) {
	open := p.tok.off
	p.enter(open)
	defer func() { p.depth-- }()
	p.word("[", open)
	p.advance()
	p.predicateObjectList(b)
	if p.tok.kind != tRBrack {
		line, col := p.lineCol(open)
		p.failExpected(fmt.Sprintf("']' to close the blank node opened at %d:%d (or ';' or ',' to continue it)", line, col))
	}
	p.word("]", p.tok.off)
	p.advance()
}

func (p *scanner) collectionObject(s, v xterm) {
	open := p.tok.off
	p.enter(open)
	defer func() { p.depth-- }()
	p.advance()
	if p.tok.kind == tRParen {
		// An empty collection is rdf:nil; the canonical text says so,
		// since the RDF reader rejects `()` as a subject.
		o := iriTerm(sRDFNil, int32(open))
		p.iriRef(RDFNil, open)
		p.advance()
		p.emit(s, v, o)
		return
	}
	head := p.newAnon(open)
	p.word("(", open)
	p.emit(s, v, head)
	p.collectionItems(head, open)
}

func (p *scanner) collectionSubject() xterm {
	open := p.tok.off
	p.enter(open)
	defer func() { p.depth-- }()
	p.advance()
	if p.tok.kind == tRParen {
		p.iriRef(RDFNil, open)
		p.advance()
		return iriTerm(sRDFNil, int32(open))
	}
	head := p.newAnon(open)
	p.word("(", open)
	p.collectionItems(head, open)
	return head
}

// collectionItems reads the items of a non-empty collection whose first
// node is node, up to and including its ')'.
func (p *scanner) collectionItems(node xterm, open int) {
	for {
		if !isObjectStart(p.tok.kind) {
			line, col := p.lineCol(open)
			p.failExpected(fmt.Sprintf("an item or ')' to close the collection opened at %d:%d", line, col))
		}
		item := int32(p.tok.off)
		p.object(node, iriTerm(sRDFFirst, item))
		if p.tok.kind == tRParen {
			end := int32(p.tok.off)
			p.emit(node, iriTerm(sRDFRest, end), iriTerm(sRDFNil, end))
			p.word(")", p.tok.off)
			p.advance()
			return
		}
		if !isObjectStart(p.tok.kind) {
			line, col := p.lineCol(open)
			p.failExpected(fmt.Sprintf("an item or ')' to close the collection opened at %d:%d", line, col))
		}
		next := p.newAnon(p.tok.off)
		p.emit(node, iriTerm(sRDFRest, next.off), next)
		node = next
	}
}

// iri reads an IRIREF or a prefixed name.
func (p *scanner) iri() xterm {
	t := p.tok
	x := xterm{kind: KindIRI, off: int32(t.off)}
	if t.kind == tIRI {
		// The IRI is written as it is: the RDF reader, given no base,
		// returns it unchanged, and the builder resolves it.
		x.a = p.valRef(t)
		if !isAbsoluteIRI(t.val) {
			x.rel, x.c = true, p.baseRef
			p.expand(len(p.base), t.off)
		}
		p.iriRef(t.val, t.off)
	} else {
		d := p.decl(t)
		p.expand(d.nsLen, t.off)
		x.a, x.b = d.nsRef, p.localRef(t)
		p.pname(d.canon, p.lx.s[t.colon+1:t.end], t.off)
	}
	p.advance()
	x.end = int32(p.prevEnd)
	return x
}

// expandLimit bounds what prefixed names and relative IRIs add to a
// document when written out in full: 4 times the document plus 16 MiB. A
// real graph adds about its own size (short namespaces); a prefix of a
// megabyte used on every line of a 1 MB document would make 20 GB of IRIs
// to copy and intern, for the reader and the term table.
func expandLimit(n int) int { return 4*n + 16<<20 }

// expand counts n bytes added by a name at off, and stops the document
// when they pass expandLimit.
func (p *scanner) expand(n, off int) {
	p.expanded += n
	if lim := expandLimit(len(p.lx.s)); p.expanded > lim {
		p.fail(off, "prefixed names and relative IRIs expand to more than %d bytes (4 times the document plus 16 MiB): too large to check", lim)
	}
}

// decl returns the declaration a prefixed name refers to.
func (p *scanner) decl(t token) prefixDecl {
	k, ok := p.prefixes[t.val]
	if !ok {
		p.fail(t.off, "undefined prefix '%s:' (declare it first: @prefix %s: <...> .)", snippet(t.val), snippet(t.val))
	}
	p.decls[k].used = p.chunkNo
	return p.decls[k]
}

func (p *scanner) userBlank() xterm {
	t := p.tok
	id, ok := p.users[t.val]
	if !ok {
		p.nUsers++
		id = p.nUsers
		p.users[t.val] = id
	}
	if p.canon {
		p.sep(t.off)
		p.put("_:u")
		p.out = strconv.AppendInt(p.out, int64(id), 10)
	}
	p.advance()
	return xterm{kind: KindBlank, id: id, a: p.valRef(t), off: int32(t.off), end: int32(t.end)}
}

// newAnon numbers a blank node that has no label of its own, in the order
// the RDF reader numbers them.
func (p *scanner) newAnon(off int) xterm {
	p.nAnon++
	return xterm{kind: KindBlank, anon: true, id: p.nAnon, off: int32(off), end: int32(off) + 1}
}

// literal reads a string (with its language tag or datatype), a number or
// a boolean.
func (p *scanner) literal() xterm {
	t := p.tok
	x := xterm{kind: KindLiteral, a: p.valRef(t), off: int32(t.off)}
	p.sep(t.off)
	p.putByte('"')
	p.putEscaped(t.val)
	p.putByte('"')
	dt := -1
	switch t.kind {
	case tInteger:
		dt = sXSDInteger
	case tDecimal:
		dt = sXSDDecimal
	case tDouble:
		dt = sXSDDouble
	case tBool:
		dt = sXSDBoolean
	}
	if dt >= 0 {
		// Numbers and booleans are written as typed strings: the same
		// literal, without the RDF reader's number lexer.
		x.c = fixed(dt)
		p.put("^^<")
		p.put(fixedStrings[dt])
		p.putByte('>')
		p.advance()
		x.end = int32(p.prevEnd)
		return x
	}
	p.advance()
	switch p.tok.kind {
	case tLang:
		x.b, x.c = p.valRef(p.tok), fixed(sRDFLangString)
		p.putByte('@')
		p.put(p.tok.val)
		p.advance()
		if p.tok.kind == tCaret {
			p.fail(p.tok.off, "a literal cannot have both a language tag and a datatype")
		}
	case tCaret:
		p.advance()
		d := p.tok
		p.put("^^")
		switch d.kind {
		case tIRI:
			// The RDF reader takes only an absolute datatype IRI.
			iri := p.resolve(d.val)
			x.c = p.str(iri)
			p.putByte('<')
			p.put(iri)
			p.putByte('>')
		case tPName:
			dc := p.decl(d)
			x.c, x.d = dc.nsRef, p.localRef(d)
			p.put(dc.canon)
			p.putByte(':')
			p.put(p.lx.s[d.colon+1 : d.end])
		default:
			p.failExpected("a datatype IRI after '^^'")
		}
		p.advance()
	default:
		x.c = fixed(sXSDString)
	}
	x.end = int32(p.prevEnd)
	return x
}

// emit records a triple.
func (p *scanner) emit(s, v, o xterm) {
	p.recs = append(p.recs, rec{s: s, p: v, o: o})
}

// ntStatement reads one N-Triples triple.
func (p *scanner) ntStatement() bool {
	if p.tok.kind == tEOF {
		return false
	}
	if p.ntLines > 0 && !p.tok.eol {
		p.fail(p.tok.off, "each N-Triples triple must start on a new line")
	}
	var s xterm
	switch p.tok.kind {
	case tIRI:
		s = p.ntIRI()
	case tBlank:
		s = p.userBlank()
	default:
		p.fail(p.tok.off, "expected a subject (an <IRI> or a _:blank node), found %s", p.describe())
	}
	p.ntSameLine("a predicate")
	if p.tok.kind != tIRI {
		p.fail(p.tok.off, "expected a predicate (an <IRI>), found %s", p.describe())
	}
	v := p.ntIRI()
	p.ntSameLine("an object")
	var o xterm
	switch p.tok.kind {
	case tIRI:
		o = p.ntIRI()
	case tBlank:
		o = p.userBlank()
	case tString:
		t := p.tok
		o = xterm{kind: KindLiteral, a: p.valRef(t), off: int32(t.off)}
		p.sep(t.off)
		p.putByte('"')
		p.putEscaped(t.val)
		p.putByte('"')
		p.advance()
		switch p.tok.kind {
		case tLang:
			p.ntSameLine("the language tag")
			o.b, o.c = p.valRef(p.tok), fixed(sRDFLangString)
			p.putByte('@')
			p.put(p.tok.val)
			p.advance()
		case tCaret:
			p.ntSameLine("'^^'")
			p.advance()
			p.ntSameLine("a datatype IRI")
			if p.tok.kind != tIRI {
				p.fail(p.tok.off, "expected a datatype <IRI> after '^^', found %s", p.describe())
			}
			p.ntAbsolute()
			o.c = p.valRef(p.tok)
			p.put("^^<")
			p.put(p.tok.val)
			p.putByte('>')
			p.advance()
		default:
			o.c = fixed(sXSDString)
		}
		o.end = int32(p.prevEnd)
	default:
		p.fail(p.tok.off, "expected an object (an <IRI>, a _:blank node or a \"string\"), found %s", p.describe())
	}
	p.ntSameLine("'.'")
	if p.tok.kind != tDot {
		p.fail(p.tok.off, "expected '.' to end the triple, found %s", p.describe())
	}
	p.emit(s, v, o)
	p.punct(".")
	p.endLine()
	p.ntLines++
	return true
}

// ntSameLine refuses a line break before the current token.
func (p *scanner) ntSameLine(what string) {
	if p.tok.eol || p.tok.kind == tEOF {
		p.fail(p.prevEnd, "expected %s before the end of the line: an N-Triples triple is one line ending in '.'", what)
	}
}

func (p *scanner) ntAbsolute() {
	if !isAbsoluteIRI(p.tok.val) {
		p.fail(p.tok.off, "relative IRI %s: N-Triples needs absolute IRIs (Turtle resolves relative ones)", snippet(p.lx.s[p.tok.off:p.tok.end]))
	}
}

func (p *scanner) ntIRI() xterm {
	p.ntAbsolute()
	t := p.tok
	p.iriRef(t.val, t.off)
	p.advance()
	return xterm{kind: KindIRI, a: p.valRef(t), off: int32(t.off), end: int32(t.end)}
}

// The canonical writer. Every token is separated from the one before it by
// one space, every statement is one line, and every token start is mapped
// back to the document for error positions.

func (p *scanner) sep(orig int) {
	if !p.canon {
		return
	}
	if len(p.out) > p.lineStart {
		p.out = append(p.out, ' ')
	}
	p.tmap = append(p.tmap, tmapEntry{line: p.cline, col: int32(len(p.out) - p.lineStart), orig: int32(orig)})
}

func (p *scanner) word(w string, orig int) {
	if !p.canon {
		return
	}
	p.sep(orig)
	p.out = append(p.out, w...)
}

func (p *scanner) punct(w string) {
	p.word(w, p.tok.off)
	p.advance()
}

func (p *scanner) iriRef(iri string, orig int) {
	if !p.canon {
		return
	}
	p.sep(orig)
	p.out = append(p.out, '<')
	p.out = append(p.out, iri...)
	p.out = append(p.out, '>')
}

func (p *scanner) pname(canon, rawLocal string, orig int) {
	if !p.canon {
		return
	}
	p.sep(orig)
	p.out = append(p.out, canon...)
	p.out = append(p.out, ':')
	p.out = append(p.out, rawLocal...)
}

func (p *scanner) endLine() {
	if !p.canon {
		return
	}
	p.out = append(p.out, '\n')
	p.cline++
	p.lineStart = len(p.out)
}

// put, putByte and putEscaped write text of a term into the canonical
// text, if the scanner writes one.
func (p *scanner) put(s string) {
	if p.canon {
		p.out = append(p.out, s...)
	}
}

func (p *scanner) putByte(c byte) {
	if p.canon {
		p.out = append(p.out, c)
	}
}

func (p *scanner) putEscaped(s string) {
	if p.canon {
		p.out = appendEscaped(p.out, s)
	}
}

// startChunk starts a new chunk of canonical text, written into the
// buffers given; without canonical text, a new chunk of records.
func (p *scanner) startChunk(out []byte, recs []rec, tmap []tmapEntry, size int) {
	p.chunkNo++
	p.chunkDecls = len(p.decls)
	p.chunkStart = p.lx.pos
	if !p.canon {
		if recs == nil {
			// The scanner's records only: about one triple per 30 bytes
			// of the document.
			size = min(size, len(p.lx.s)-p.lx.pos+64)
			recs = make([]rec, 0, size/24)
		}
		p.recs = recs
		return
	}
	if out == nil {
		// A statement is rarely longer than a quarter of a chunk, and
		// takes at least 20 bytes a triple and 4 a token. The chunk of a
		// small document takes about the size of what is left of it
		// (more for numbers, which the canonical text types).
		size = min(size, 2*(len(p.lx.s)-p.lx.pos)+64)
		out = make([]byte, 0, size+size/4)
		recs = make([]rec, 0, size/20)
		tmap = make([]tmapEntry, 0, size/4)
	}
	p.out, p.recs, p.tmap = out, recs, tmap
	p.lineStart = 0
	p.cline = 1
}

// chunkFull reports whether the chunk holds about size bytes: of
// canonical text, or without it, of the document read.
func (p *scanner) chunkFull(size int) bool {
	if p.canon {
		return len(p.out) >= size
	}
	return p.lx.pos-p.chunkStart >= size
}

// finishChunk returns the chunk's canonical text, cut at n bytes, and its
// position map, cut at m entries, preceded by the declarations of the
// prefixes it uses that an earlier chunk declared.
func (p *scanner) finishChunk(n, m int) ([]byte, []tmapEntry) {
	if !p.canon {
		return nil, nil
	}
	body, bmap := p.out[:n], p.tmap[:m]
	p.out, p.tmap = p.pre[:0], p.preMap[:0]
	p.lineStart, p.cline = 0, 1
	v := strView{strs: p.strs}
	for _, d := range p.decls[:p.chunkDecls] {
		if d.used == p.chunkNo {
			p.writeDecl(d, v.get(d.nsRef))
		}
	}
	p.pre, p.preMap = p.out, p.tmap
	if shift := p.cline - 1; shift > 0 {
		for i := range bmap {
			bmap[i].line += shift
		}
	}
	return slices.Insert(body, 0, p.pre...), slices.Insert(bmap, 0, p.preMap...)
}

// lineCol returns the line and column of off, for messages that name
// another position than their own.
func (p *scanner) lineCol(off int) (int, int) {
	if p.lines == nil {
		return 0, 0
	}
	return p.lines.lineCol(off)
}
