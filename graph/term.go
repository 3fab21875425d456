package graph

import (
	"strconv"
	"strings"

	"github.com/seams/seams-timers/span"
)

// Kind says what an RDF term is.
type Kind uint8

// Term kinds. The zero Kind is invalid, so that a zero Term is never
// mistaken for an IRI.
const (
	KindIRI Kind = iota + 1
	KindBlank
	KindLiteral
)

// String returns "IRI", "blank node" or "literal".
func (k Kind) String() string {
	switch k {
	case KindIRI:
		return "IRI"
	case KindBlank:
		return "blank node"
	case KindLiteral:
		return "literal"
	}
	return "invalid term"
}

// Well-known IRIs.
const (
	NSRDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
	NSXSD = "http://www.w3.org/2001/XMLSchema#"
	NSOWL = "http://www.w3.org/2002/07/owl#"

	RDFType       = NSRDF + "type"
	RDFFirst      = NSRDF + "first"
	RDFRest       = NSRDF + "rest"
	RDFNil        = NSRDF + "nil"
	RDFLangString = NSRDF + "langString"

	XSDString  = NSXSD + "string"
	XSDBoolean = NSXSD + "boolean"
	XSDInteger = NSXSD + "integer"
	XSDDecimal = NSXSD + "decimal"
	XSDDouble  = NSXSD + "double"

	OWLOntology    = NSOWL + "Ontology"
	OWLVersionInfo = NSOWL + "versionInfo"
)

// Term is an RDF term: an IRI, a blank node or a literal. Terms are
// comparable, so they can be map keys and compared with ==.
//
// Value is the absolute IRI for an IRI (relative IRIs are resolved when a
// document is read), the blank node's graph-wide label for a blank node,
// and the lexical form for a literal. A blank node written `_:x` in the
// k-th document of a graph is labelled "dk.x", and an anonymous one (`[]`,
// `[ ... ]`, a collection node) "dk.-n", so that blank nodes of different
// documents, and a document's own labels and generated ones, never collide.
//
// Datatype is set for every literal: xsd:string for a plain string and
// rdf:langString when Lang is set. It is empty for IRIs and blank nodes.
type Term struct {
	Kind     Kind
	Value    string
	Datatype string
	Lang     string
}

// NewIRI returns the IRI term iri.
func NewIRI(iri string) Term { return Term{Kind: KindIRI, Value: iri} }

// NewBlank returns the blank node term with the given graph-wide label.
func NewBlank(label string) Term { return Term{Kind: KindBlank, Value: label} }

// NewLiteral returns a literal with the given lexical form and datatype
// IRI; an empty datatype means xsd:string.
func NewLiteral(lexical, datatype string) Term {
	if datatype == "" {
		datatype = XSDString
	}
	return Term{Kind: KindLiteral, Value: lexical, Datatype: datatype}
}

// NewLangLiteral returns a language-tagged string.
func NewLangLiteral(lexical, lang string) Term {
	return Term{Kind: KindLiteral, Value: lexical, Datatype: RDFLangString, Lang: lang}
}

// IsZero reports whether t is the zero Term.
func (t Term) IsZero() bool { return t.Kind == 0 }

// IsIRI reports whether t is an IRI.
func (t Term) IsIRI() bool { return t.Kind == KindIRI }

// IsBlank reports whether t is a blank node.
func (t Term) IsBlank() bool { return t.Kind == KindBlank }

// IsLiteral reports whether t is a literal.
func (t Term) IsLiteral() bool { return t.Kind == KindLiteral }

// String renders the term in N-Triples syntax: <iri>, _:label, "lexical",
// "lexical"@lang or "lexical"^^<datatype>.
func (t Term) String() string {
	switch t.Kind {
	case KindIRI:
		return "<" + t.Value + ">"
	case KindBlank:
		return "_:" + t.Value
	case KindLiteral:
		var b strings.Builder
		b.WriteByte('"')
		b.WriteString(escapeString(t.Value))
		b.WriteByte('"')
		switch {
		case t.Lang != "":
			b.WriteByte('@')
			b.WriteString(t.Lang)
		case t.Datatype != "" && t.Datatype != XSDString:
			b.WriteString("^^<")
			b.WriteString(t.Datatype)
			b.WriteByte('>')
		}
		return b.String()
	}
	return "(invalid term)"
}

// escapeString escapes a literal's lexical form for a "..." string in
// Turtle or N-Triples: quote, backslash, line breaks and tab as ECHARs,
// other control characters as \u00XX.
func escapeString(s string) string {
	if !needsEscape(s) {
		return s
	}
	return string(appendEscaped(make([]byte, 0, len(s)+8), s))
}

func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == '"' || c == '\\' || c == 0x7f {
			return true
		}
	}
	return false
}

func appendEscaped(b []byte, s string) []byte {
	const hexDigits = "0123456789ABCDEF"
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		var esc string
		switch c {
		case '"':
			esc = `\"`
		case '\\':
			esc = `\\`
		case '\n':
			esc = `\n`
		case '\r':
			esc = `\r`
		case '\t':
			esc = `\t`
		default:
			if c >= 0x20 && c != 0x7f {
				continue
			}
		}
		b = append(b, s[start:i]...)
		if esc != "" {
			b = append(b, esc...)
		} else {
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
		}
		start = i + 1
	}
	return append(b, s[start:]...)
}

// Triple is one RDF statement with the places its terms were written.
//
// Predicate is the predicate as written (`a`, `seam:schedules`, ...). For
// the rdf:first and rdf:rest triples of a collection, which have no written
// predicate, it is the first byte of the collection item (or the closing
// ')') they stand for. Subject is where the subject was written (for a
// `[ ... ]` blank node or a collection, its opening mark), and Object the
// object: an IRI or prefixed name, a blank node label, or a literal with
// its language tag or datatype.
type Triple struct {
	S, P, O   Term
	Subject   span.Range
	Predicate span.Range
	Object    span.Range
}

// String renders the triple in N-Triples syntax, without its position.
func (t Triple) String() string {
	return t.S.String() + " " + t.P.String() + " " + t.O.String() + " ."
}

// appendBlankLabel appends the graph-wide label of a blank node of
// document doc (1-based): the user's label, or "-n" for the n-th anonymous
// one.
func appendBlankLabel(b []byte, doc int, user string, anon int32) []byte {
	b = append(b, 'd')
	b = strconv.AppendInt(b, int64(doc), 10)
	b = append(b, '.')
	if user != "" {
		return append(b, user...)
	}
	b = append(b, '-')
	return strconv.AppendInt(b, int64(anon), 10)
}
