package bpmn

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

const xmlNamespace = "http://www.w3.org/XML/1998/namespace"

// elemRec is what the position pass records about one element, in document
// order: the n-th record belongs to the n-th element etree builds.
type elemRec struct {
	// bpmn reports whether the element is in the BPMN model namespace.
	bpmn bool
	// start and tagEnd delimit the start tag; bodyEnd is where the end tag
	// starts (tagEnd for an empty element written <x/>).
	start, tagEnd, bodyEnd int
}

// openElem is an element whose end tag the scan has not met yet.
type openElem struct {
	rec          int
	prefix, name string // as written
	bindings     int    // namespace bindings the start tag declared
}

// scanResult is the outcome of the position pass.
type scanResult struct {
	elems    []elemRec
	comments [][2]int // [start, end) of every comment, in document order
	root     int      // record index of the root element
}

// scanner is the position pass: one walk over the bytes with encoding/xml's
// raw tokenizer, the same tokenizer etree uses, so both see the same
// elements in the same order. The scan also does the well-formedness checks
// that encoding/xml leaves to its caller (matching end tags, one root,
// declared prefixes, unique attributes, a depth limit), so that etree only
// ever reads a document this pass accepted.
type scanner struct {
	src   []byte // the whole file
	base  int    // offset of the XML body in src (the BOM length)
	lines *lineIndex
	res   scanResult
	stack []openElem
	// ns maps each prefix ("" for the default namespace) to the URIs bound
	// to it, innermost last; declared lists the prefixes in the order the
	// open start tags declared them, so that end tags can unbind them.
	ns       map[string][]string
	declared []string
}

// passThrough is a CharsetReader that does no conversion. Parse refuses
// every encoding it cannot read as UTF-8 before the decoder sees it.
func passThrough(_ string, r io.Reader) (io.Reader, error) { return r, nil }

// scan runs the position pass over src[base:].
func (s *scanner) scan() *Error {
	s.res.root = -1
	s.ns = make(map[string][]string)
	body := s.src[s.base:]
	dec := xml.NewDecoder(bytes.NewReader(body))
	dec.Strict = true
	dec.CharsetReader = passThrough
	for {
		before := s.base + int(dec.InputOffset())
		tok, err := dec.RawToken()
		after := s.base + int(dec.InputOffset())
		if err == io.EOF {
			break
		}
		if err != nil {
			return s.decodeError(err, before, after)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if e := s.start(t, before, after); e != nil {
				return e
			}
		case xml.EndElement:
			if e := s.end(t, before, after); e != nil {
				return e
			}
		case xml.CharData:
			if len(s.stack) == 0 {
				if i := bytes.IndexFunc(t, notSpace); i >= 0 {
					where := "before"
					if s.res.root >= 0 {
						where = "after"
					}
					at := before
					if j := bytes.IndexFunc(s.src[before:after], notSpace); j >= 0 {
						at += j
					}
					return s.errorf("TMR0002", at, "text %s the root element: %s", where, excerpt(t[i:]))
				}
			}
		case xml.Comment:
			s.res.comments = append(s.res.comments, [2]int{before, after})
		case xml.ProcInst:
			if strings.EqualFold(t.Target, "xml") && before != s.base {
				return s.errorf("TMR0002", before, "the XML declaration <?xml ...?> is allowed only at the very start of the file")
			}
		case xml.Directive:
			if s.res.root >= 0 {
				return s.errorf("TMR0002", before, "a <!%s> declaration is allowed only before the root element", firstWord(t))
			}
		}
	}
	if n := len(s.stack); n > 0 {
		open := s.stack[n-1]
		p := s.lines.pos(s.res.elems[open.rec].start)
		return s.errorf("TMR0002", len(s.src), "unexpected end of file: <%s> (line %d, column %d) is not closed",
			qname(open.prefix, open.name), p.Line, p.Col)
	}
	if s.res.root < 0 {
		return s.errorf("TMR0001", s.base, "not a BPMN model: the file holds no XML element")
	}
	return nil
}

// start handles a start tag at [before, after).
func (s *scanner) start(t xml.StartElement, before, after int) *Error {
	if len(s.stack) == 0 && s.res.root >= 0 {
		return s.errorf("TMR0002", before, "a second root element <%s> after the end of the first; a document has only one",
			qname(t.Name.Space, t.Name.Local))
	}
	if len(s.stack) >= MaxDepth {
		return s.errorf("TMR0002", before, "elements are nested more than %d deep", MaxDepth)
	}
	// Declarations in the tag apply to the tag's own names.
	bound := 0
	for _, a := range t.Attr {
		switch {
		case a.Name.Space == "xmlns":
			s.bind(a.Name.Local, a.Value)
			bound++
		case a.Name.Space == "" && a.Name.Local == "xmlns":
			s.bind("", a.Value)
			bound++
		}
	}
	s.stack = append(s.stack, openElem{rec: len(s.res.elems), prefix: t.Name.Space, name: t.Name.Local, bindings: bound})
	if strings.Contains(t.Name.Local, ":") || strings.HasPrefix(t.Name.Local, ":") {
		return s.errorf("TMR0002", before, "malformed element name <%s>", t.Name.Local)
	}
	uri, ok := s.lookup(t.Name.Space)
	if !ok {
		return s.errorf("TMR0002", before, "namespace prefix %q of <%s> is not declared", t.Name.Space, qname(t.Name.Space, t.Name.Local))
	}
	if e := s.checkAttrs(t, before, after); e != nil {
		return e
	}
	if len(s.stack) == 1 {
		s.res.root = len(s.res.elems)
		if uri != Namespace || t.Name.Local != "definitions" {
			space := "in no namespace"
			if uri != "" {
				space = fmt.Sprintf("in namespace %s", uri)
			}
			return s.errorf("TMR0001", before,
				"not a BPMN model: the root element is <%s> %s; a BPMN file's root is <definitions> in namespace %s",
				qname(t.Name.Space, t.Name.Local), space, Namespace)
		}
	}
	s.res.elems = append(s.res.elems, elemRec{bpmn: uri == Namespace, start: before, tagEnd: after, bodyEnd: after})
	return nil
}

// checkAttrs refuses undeclared prefixes and repeated attributes.
func (s *scanner) checkAttrs(t xml.StartElement, before, after int) *Error {
	type key struct{ space, local string }
	var seen map[key]bool
	if len(t.Attr) > 1 {
		seen = make(map[key]bool, len(t.Attr))
	}
	for _, a := range t.Attr {
		if strings.Contains(a.Name.Local, ":") {
			return s.errorf("TMR0002", before, "malformed attribute name %s in <%s>", a.Name.Local, qname(t.Name.Space, t.Name.Local))
		}
		k := key{a.Name.Space, a.Name.Local}
		if a.Name.Space != "" && a.Name.Space != "xmlns" {
			uri, ok := s.lookup(a.Name.Space)
			if !ok {
				return s.errorf("TMR0002", before, "namespace prefix %q of attribute %s is not declared",
					a.Name.Space, qname(a.Name.Space, a.Name.Local))
			}
			k.space = "{" + uri
		}
		if seen == nil {
			continue
		}
		if seen[k] {
			at := before
			raw := qname(a.Name.Space, a.Name.Local)
			if vs, _, ok := attrValueSpan(s.src, before, after, raw, 1); ok {
				at = vs
			}
			return s.errorf("TMR0002", at, "attribute %s is repeated in <%s>", raw, qname(t.Name.Space, t.Name.Local))
		}
		seen[k] = true
	}
	return nil
}

// end handles an end tag at [before, after); an empty element's synthesized
// end tag has before == after.
func (s *scanner) end(t xml.EndElement, before, after int) *Error {
	n := len(s.stack)
	if n == 0 {
		return s.errorf("TMR0002", before, "end tag </%s> has no start tag", qname(t.Name.Space, t.Name.Local))
	}
	open := s.stack[n-1]
	if open.prefix != t.Name.Space || open.name != t.Name.Local {
		p := s.lines.pos(s.res.elems[open.rec].start)
		return s.errorf("TMR0002", before, "end tag </%s> does not match the start tag <%s> at line %d, column %d",
			qname(t.Name.Space, t.Name.Local), qname(open.prefix, open.name), p.Line, p.Col)
	}
	if after > before {
		s.res.elems[open.rec].bodyEnd = before
	}
	for range open.bindings {
		last := len(s.declared) - 1
		prefix := s.declared[last]
		s.declared = s.declared[:last]
		uris := s.ns[prefix]
		if len(uris) == 1 {
			delete(s.ns, prefix)
		} else {
			s.ns[prefix] = uris[:len(uris)-1]
		}
	}
	s.stack = s.stack[:n-1]
	return nil
}

// bind declares a namespace prefix until the current element ends.
func (s *scanner) bind(prefix, uri string) {
	s.ns[prefix] = append(s.ns[prefix], uri)
	s.declared = append(s.declared, prefix)
}

// lookup resolves a namespace prefix in the current scope.
func (s *scanner) lookup(prefix string) (string, bool) {
	if prefix == "xml" {
		return xmlNamespace, true
	}
	if uris := s.ns[prefix]; len(uris) > 0 {
		return uris[len(uris)-1], true
	}
	return "", prefix == ""
}

// decodeError turns an encoding/xml error met in the token that starts at
// before into a TMR0002, placed on the byte the decoder stopped at.
func (s *scanner) decodeError(err error, before, after int) *Error {
	var se *xml.SyntaxError
	if !errors.As(err, &se) {
		msg := strings.TrimPrefix(err.Error(), "xml: ")
		return s.errorf("TMR0002", before, "%s", msg)
	}
	msg := se.Msg
	at := after
	switch {
	case strings.Contains(msg, "EOF"):
		msg = strings.ReplaceAll(msg, "unexpected EOF", "unexpected end of file")
		at = len(s.src)
		if n := len(s.stack); n > 0 {
			open := s.stack[n-1]
			p := s.lines.pos(s.res.elems[open.rec].start)
			msg += fmt.Sprintf(" (inside <%s> opened at line %d, column %d)", qname(open.prefix, open.name), p.Line, p.Col)
		}
	case strings.Contains(msg, `"--"`):
		// Point at the "--" inside the comment.
		if i := bytes.LastIndex(s.src[before:min(after, len(s.src))], []byte("--")); i >= 0 {
			at = before + i
		}
	case strings.HasPrefix(msg, "invalid character entity"):
		// Point at the '&' that starts the reference.
		if i := bytes.LastIndexByte(s.src[before:min(after, len(s.src))], '&'); i >= 0 {
			at = before + i
		}
		msg += " (only &lt; &gt; &amp; &apos; &quot; and numeric references are defined)"
	default:
		// The decoder has just read the offending byte: point at it.
		if at > before {
			at--
			for at > before && !utf8.RuneStart(s.src[at]) {
				at--
			}
		}
	}
	return s.errorf("TMR0002", at, "XML syntax error: %s", msg)
}

// notSpace reports whether r is not XML white space.
func notSpace(r rune) bool {
	return r != ' ' && r != '\t' && r != '\n' && r != '\r'
}

// errorf builds an error at a file offset.
func (s *scanner) errorf(rule string, offset int, format string, args ...any) *Error {
	return &Error{Rule: rule, Pos: s.lines.pos(offset), Msg: fmt.Sprintf(format, args...)}
}

// qname joins a prefix and a local name as written.
func qname(prefix, local string) string {
	if prefix == "" {
		return local
	}
	return prefix + ":" + local
}

// excerpt quotes the start of b for a message.
func excerpt(b []byte) string {
	const max = 24
	s := string(b)
	if i := strings.IndexAny(s, "\r\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > max {
		n := max
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n] + "..."
	}
	return fmt.Sprintf("%q", s)
}

// firstWord returns the first word of a directive (DOCTYPE, ENTITY, ...).
func firstWord(b []byte) string {
	f := strings.Fields(string(b[:min(len(b), 32)]))
	if len(f) == 0 {
		return "!"
	}
	return f[0]
}
