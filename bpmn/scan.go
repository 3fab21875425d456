package bpmn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/beevik/etree"

	"github.com/seams/seams-timers/internal/xmltok"
)

const xmlNamespace = "http://www.w3.org/XML/1998/namespace"

// elemRec is where a BPMN element sits in the file.
type elemRec struct {
	// start and tagEnd delimit the start tag; bodyEnd is where the end tag
	// starts (tagEnd for an empty element written <x/>).
	start, tagEnd, bodyEnd int
}

// openElem is an element whose end tag the reader has not met yet.
type openElem struct {
	elem          *etree.Element
	bpmn          bool // in the BPMN model namespace
	start, tagEnd int  // the start tag
	kids          int  // where the element's children start in reader.kids
	bindings      int  // namespace bindings the start tag declared
}

// reader reads a document in one pass of internal/xmltok's tokenizer,
// which yields the tokens, offsets and errors of encoding/xml's raw
// tokenizer (the one etree itself reads with) without allocating. From
// each token it builds the etree tree, attaches positions to its BPMN elements and comments, and does the
// well-formedness checks that encoding/xml leaves to its caller (matching
// end tags, one root, declared prefixes, unique attributes, a depth limit).
//
// The tree is the one etree.Document.ReadFrom builds with default settings
// (the same tokens in the same places, CDATA as plain text, white space
// flagged), made in fewer allocations: nodes come from slabs, and a child
// list is allocated at its final size when its element ends. One
// difference, which nothing here reads: an etree.Attr has no back-pointer
// to its element (only CreateAttr sets it, and it rescans the element's
// earlier attributes each time, which is quadratic).
//
// Element and attribute names, and namespace URIs, are interned: a
// model's vocabulary is small, and the strings outlive the reader only as
// shared, immutable values.
//
// The tree lives only while Parse builds the Document, which keeps none of
// its nodes (only strings), so readers and their slabs are reused: see
// getReader and release.
type reader struct {
	src   []byte // the whole file
	base  int    // offset of the XML body in src (the BOM length)
	lines *lineIndex

	tok xmltok.Tokenizer
	// names interns names and namespace URIs, up to maxNames of them.
	names map[string]string

	stack []openElem
	// kids holds the children of every open element (the document node
	// first), each element's after its parent's.
	kids     []etree.Token
	rootSeen bool
	// nodes counts the tokens read, against MaxNodes.
	nodes int
	// ns maps each prefix ("" for the default namespace) to the URIs bound
	// to it, innermost last; declared lists the prefixes in the order the
	// open start tags declared them, so that end tags can unbind them.
	ns       map[string][]string
	declared []string

	// tree is the document node; pos and comments are the positions of
	// its BPMN elements and of its comments ([start, end) offsets).
	tree     etree.Document
	pos      map[*etree.Element]elemRec
	comments map[*etree.Comment][2]int
	// ids counts the BPMN elements that have an id attribute: an upper
	// bound on what the builder indexes.
	ids int

	elems slab[etree.Element]
	attrs slab[etree.Attr]
	texts slab[etree.CharData]
	lists slab[etree.Token]
}

// readers holds released readers.
var readers = sync.Pool{New: func() any { return new(reader) }}

// getReader returns a reader for src, whose first base bytes are a byte
// order mark. Call release when done with its tree.
func getReader(src []byte, base int, lines *lineIndex) *reader {
	r := readers.Get().(*reader)
	r.src, r.base, r.lines = src, base, lines
	if r.ns == nil {
		r.names = make(map[string]string)
		r.ns = make(map[string][]string)
		r.pos = make(map[*etree.Element]elemRec)
		r.comments = make(map[*etree.Comment][2]int)
	}
	return r
}

// keepItems is the most items a released reader keeps in each slab;
// larger trees are left to the garbage collector.
const keepItems = 1 << 14

// release clears the reader, so that it holds no part of the tree, and
// makes it available to getReader.
func (r *reader) release() {
	small := len(r.pos) <= keepItems && len(r.comments) <= keepItems &&
		cap(r.kids) <= keepItems && cap(r.stack) <= MaxDepth && cap(r.declared) <= keepItems
	clear(r.stack[:cap(r.stack)])
	clear(r.kids[:cap(r.kids)])
	clear(r.declared[:cap(r.declared)])
	clear(r.ns)
	clear(r.pos)
	clear(r.comments)
	r.tok.Reset(nil)
	*r = reader{
		tok:      r.tok,
		names:    r.names,
		stack:    r.stack[:0],
		kids:     r.kids[:0],
		declared: r.declared[:0],
		ns:       r.ns,
		pos:      r.pos,
		comments: r.comments,
		elems:    r.elems.reset(),
		attrs:    r.attrs.reset(),
		texts:    r.texts.reset(),
		lists:    r.lists.reset(),
	}
	if small {
		readers.Put(r)
	}
}

// slab hands out items from a few large arrays, so that many small nodes
// cost a few allocations.
type slab[T any] struct {
	free []T // the current array: free[:len(free)] is handed out
	used int // items handed out from earlier arrays since the last reset
	hint int // the size of the next array
}

// take returns n zeroed items, as a slice whose capacity is n.
func (s *slab[T]) take(n int) []T {
	if n > cap(s.free)-len(s.free) {
		s.used += len(s.free)
		s.free = make([]T, 0, max(n, s.hint, min(2*cap(s.free), 4096), 64))
		s.hint = 0
	}
	i := len(s.free)
	s.free = s.free[:i+n]
	return s.free[i : i+n : i+n]
}

// one returns one zeroed item.
func (s *slab[T]) one() *T { return &s.take(1)[0] }

// reset zeroes the items handed out and returns the slab ready to hand
// them out again. If they took more than one array, the next array is
// made big enough for all of them; a slab that grew past keepItems is
// dropped.
func (s slab[T]) reset() slab[T] {
	n := s.used + len(s.free)
	switch {
	case n > keepItems:
		return slab[T]{}
	case s.used > 0:
		return slab[T]{hint: n}
	}
	clear(s.free)
	return slab[T]{free: s.free[:0]}
}

// maxNames bounds the strings a reader interns, so that a file of
// made-up names cannot grow it without end.
const maxNames = 1 << 12

// intern returns b as a string, from r.names when it is there.
func (r *reader) intern(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if s, ok := r.names[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(r.names) < maxNames {
		r.names[s] = s
	}
	return s
}

// read reads src[base:] into r.tree. Parse refuses every encoding it
// cannot read as UTF-8 before the tokenizer sees it, so that the tokenizer
// converts none.
func (r *reader) read() *Error {
	z := &r.tok
	z.Reset(r.src[r.base:])
	for {
		before := r.base + z.InputOffset()
		tok, err := z.Next()
		after := r.base + z.InputOffset()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return r.decodeError(err, before, after)
		}
		if end := tok.Kind == xmltok.EndElement; !end && r.nodes >= MaxNodes {
			return r.errorf("TMR0001", before, "more than %d elements, texts and comments: the file is too large to check", MaxNodes)
		} else if !end {
			r.nodes++
		}
		switch tok.Kind {
		case xmltok.StartElement:
			if e := r.start(tok, before, after); e != nil {
				return e
			}
		case xmltok.EndElement:
			if e := r.end(tok.Name, before, after); e != nil {
				return e
			}
		case xmltok.CharData:
			t := tok.Data
			if len(r.stack) == 0 {
				if i := bytes.IndexFunc(t, notSpace); i >= 0 {
					where := "before"
					if r.rootSeen {
						where = "after"
					}
					at := before
					if j := bytes.IndexFunc(r.src[before:after], notSpace); j >= 0 {
						at += j
					}
					return r.errorf("TMR0002", at, "text %s the root element: %s", where, excerpt(t[i:]))
				}
			}
			c := r.texts.one()
			c.SetData(textOf(t))
			r.kids = append(r.kids, c)
		case xmltok.Comment:
			c := etree.NewComment(string(tok.Data))
			r.comments[c] = [2]int{before, after}
			r.kids = append(r.kids, c)
		case xmltok.ProcInst:
			if bytes.EqualFold(tok.Name.Local, []byte("xml")) && before != r.base {
				return r.errorf("TMR0002", before, "the XML declaration <?xml ...?> is allowed only at the very start of the file")
			}
			r.kids = append(r.kids, etree.NewProcInst(r.intern(tok.Name.Local), string(tok.Data)))
		case xmltok.Directive:
			if r.rootSeen {
				return r.errorf("TMR0002", before, "a <!%s> declaration is allowed only before the root element", firstWord(tok.Data))
			}
			r.kids = append(r.kids, etree.NewDirective(string(tok.Data)))
		}
	}
	if n := len(r.stack); n > 0 {
		open := r.stack[n-1]
		p := r.lines.pos(open.start)
		return r.errorf("TMR0002", len(r.src), "unexpected end of file: <%s> (line %d, column %d) is not closed",
			qname(open.elem.Space, open.elem.Tag), p.Line, p.Col)
	}
	if !r.rootSeen {
		return r.errorf("TMR0001", r.base, "not a BPMN model: the file holds no XML element")
	}
	r.adopt(&r.tree.Element, 0)
	return nil
}

// start handles a start tag at [before, after).
func (r *reader) start(t xmltok.Token, before, after int) *Error {
	if len(r.stack) == 0 && r.rootSeen {
		return r.errorf("TMR0002", before, "a second root element <%s> after the end of the first; a document has only one",
			qname(string(t.Name.Space), string(t.Name.Local)))
	}
	if len(r.stack) >= MaxDepth {
		return r.errorf("TMR0002", before, "elements are nested more than %d deep", MaxDepth)
	}
	e := r.elems.one()
	e.Space, e.Tag = r.intern(t.Name.Space), r.intern(t.Name.Local)
	attrs := r.attrs.take(len(t.Attr))
	// Declarations in the tag apply to the tag's own names.
	bound := 0
	for i, a := range t.Attr {
		at := &attrs[i]
		at.Space, at.Key = r.intern(a.Name.Space), r.intern(a.Name.Local)
		switch {
		case at.Space == "xmlns":
			at.Value = r.intern(a.Value)
			r.bind(at.Key, at.Value)
			bound++
		case at.Space == "" && at.Key == "xmlns":
			at.Value = r.intern(a.Value)
			r.bind("", at.Value)
			bound++
		default:
			at.Value = string(a.Value)
		}
	}
	r.stack = append(r.stack, openElem{elem: e, start: before, tagEnd: after, bindings: bound})
	if strings.Contains(e.Tag, ":") {
		return r.errorf("TMR0002", before, "malformed element name <%s>", e.Tag)
	}
	uri, ok := r.lookup(e.Space)
	if !ok {
		return r.errorf("TMR0002", before, "namespace prefix %q of <%s> is not declared", e.Space, qname(e.Space, e.Tag))
	}
	if e := r.checkAttrs(e.Space, e.Tag, attrs, before, after); e != nil {
		return e
	}
	if len(r.stack) == 1 {
		r.rootSeen = true
		if uri != Namespace || e.Tag != "definitions" {
			space := "in no namespace"
			if uri != "" {
				space = fmt.Sprintf("in namespace %s", uri)
			}
			return r.errorf("TMR0001", before,
				"not a BPMN model: the root element is <%s> %s; a BPMN file's root is <definitions> in namespace %s",
				qname(e.Space, e.Tag), space, Namespace)
		}
	}
	e.Attr = attrs
	open := &r.stack[len(r.stack)-1]
	open.bpmn = uri == Namespace
	if open.bpmn && hasID(attrs) {
		r.ids++
	}
	r.kids = append(r.kids, e)
	open.kids = len(r.kids)
	return nil
}

// hasID reports whether a start tag has an unprefixed id attribute.
func hasID(attrs []etree.Attr) bool {
	for _, a := range attrs {
		if a.Space == "" && a.Key == "id" {
			return true
		}
	}
	return false
}

// attrKey identifies an attribute for the repetition check: by its prefix
// as written, or by its namespace URI when uri is set.
type attrKey struct {
	uri          bool
	space, local string
}

// checkAttrs refuses malformed names, undeclared prefixes and repeated
// attributes in the start tag of <space:tag>.
func (r *reader) checkAttrs(space, tag string, attrs []etree.Attr, before, after int) *Error {
	// A few attributes are compared pairwise; many go through a map.
	var small [16]attrKey
	keys := small[:0]
	var seen map[attrKey]bool
	if len(attrs) > len(small) {
		seen = make(map[attrKey]bool, len(attrs))
	}
	for _, a := range attrs {
		if strings.Contains(a.Key, ":") {
			return r.errorf("TMR0002", before, "malformed attribute name %s in <%s>", a.Key, qname(space, tag))
		}
		if a.Space == "xmlns" && a.Value == "" {
			// Namespaces in XML 1.0 forbid undeclaring a prefix; read
			// as written, every element with it would leave the BPMN
			// namespace and its timers would go unread.
			at := before
			if vs, _, ok := attrValueSpan(r.src, before, after, "xmlns:"+a.Key, 0); ok {
				at = vs
			}
			return r.errorf("TMR0002", at, "namespace declaration xmlns:%s is empty; a prefix cannot be undeclared in XML 1.0, so the elements written %s:... would be in no namespace",
				a.Key, a.Key)
		}
		k := attrKey{space: a.Space, local: a.Key}
		if a.Space != "" && a.Space != "xmlns" {
			uri, ok := r.lookup(a.Space)
			if !ok {
				return r.errorf("TMR0002", before, "namespace prefix %q of attribute %s is not declared",
					a.Space, qname(a.Space, a.Key))
			}
			k = attrKey{uri: true, space: uri, local: a.Key}
		}
		repeated := false
		if seen != nil {
			repeated = seen[k]
			seen[k] = true
		} else {
			for _, o := range keys {
				if o == k {
					repeated = true
					break
				}
			}
			keys = append(keys, k)
		}
		if repeated {
			at := before
			raw := qname(a.Space, a.Key)
			if vs, _, ok := attrValueSpan(r.src, before, after, raw, 1); ok {
				at = vs
			}
			return r.errorf("TMR0002", at, "attribute %s is repeated in <%s>", raw, qname(space, tag))
		}
	}
	return nil
}

// end handles an end tag at [before, after); an empty element's synthesized
// end tag has before == after.
func (r *reader) end(name xmltok.Name, before, after int) *Error {
	n := len(r.stack)
	if n == 0 {
		return r.errorf("TMR0002", before, "end tag </%s> has no start tag", qname(string(name.Space), string(name.Local)))
	}
	open := r.stack[n-1]
	e := open.elem
	if e.Space != string(name.Space) || e.Tag != string(name.Local) {
		p := r.lines.pos(open.start)
		return r.errorf("TMR0002", before, "end tag </%s> does not match the start tag <%s> at line %d, column %d",
			qname(string(name.Space), string(name.Local)), qname(e.Space, e.Tag), p.Line, p.Col)
	}
	if open.bpmn {
		rec := elemRec{start: open.start, tagEnd: open.tagEnd, bodyEnd: open.tagEnd}
		if after > before {
			rec.bodyEnd = before
		}
		r.pos[e] = rec
	}
	for range open.bindings {
		last := len(r.declared) - 1
		prefix := r.declared[last]
		r.declared = r.declared[:last]
		uris := r.ns[prefix]
		if len(uris) == 1 {
			delete(r.ns, prefix)
		} else {
			r.ns[prefix] = uris[:len(uris)-1]
		}
	}
	r.adopt(e, open.kids)
	r.stack = r.stack[:n-1]
	return nil
}

// adopt makes kids[from:] the children of e, in a list of their number,
// and drops them from kids.
func (r *reader) adopt(e *etree.Element, from int) {
	kids := r.kids[from:]
	e.Child = r.lists.take(len(kids))[:0]
	for _, k := range kids {
		e.AddChild(k)
	}
	r.kids = r.kids[:from]
}

// bind declares a namespace prefix until the current element ends.
func (r *reader) bind(prefix, uri string) {
	r.ns[prefix] = append(r.ns[prefix], uri)
	r.declared = append(r.declared, prefix)
}

// lookup resolves a namespace prefix in the current scope.
func (r *reader) lookup(prefix string) (string, bool) {
	if prefix == "xml" {
		return xmlNamespace, true
	}
	if uris := r.ns[prefix]; len(uris) > 0 {
		return uris[len(uris)-1], true
	}
	return "", prefix == ""
}

// decodeError turns a tokenizer error (encoding/xml's, word for word) met
// in the token that starts at before into a TMR0002, placed on the byte the
// tokenizer stopped at.
func (r *reader) decodeError(err error, before, after int) *Error {
	var se *xmltok.Error
	if !errors.As(err, &se) || !se.Syntax {
		msg := strings.TrimPrefix(err.Error(), "xml: ")
		return r.errorf("TMR0002", before, "%s", msg)
	}
	msg := se.Msg
	at := after
	switch {
	case strings.Contains(msg, "EOF"):
		msg = strings.ReplaceAll(msg, "unexpected EOF", "unexpected end of file")
		at = len(r.src)
		if n := len(r.stack); n > 0 {
			open := r.stack[n-1]
			p := r.lines.pos(open.start)
			msg += fmt.Sprintf(" (inside <%s> opened at line %d, column %d)", qname(open.elem.Space, open.elem.Tag), p.Line, p.Col)
		}
	case strings.Contains(msg, `"--"`):
		// Point at the "--" inside the comment.
		if i := bytes.LastIndex(r.src[before:min(after, len(r.src))], []byte("--")); i >= 0 {
			at = before + i
		}
	case strings.HasPrefix(msg, "invalid character entity"):
		// Point at the '&' that starts the reference.
		if i := bytes.LastIndexByte(r.src[before:min(after, len(r.src))], '&'); i >= 0 {
			at = before + i
		}
		msg += " (only &lt; &gt; &amp; &apos; &quot; and numeric references are defined)"
	default:
		// The decoder has just read the offending byte: point at it.
		if at > before {
			at--
			for at > before && !utf8.RuneStart(r.src[at]) {
				at--
			}
		}
	}
	return r.errorf("TMR0002", at, "XML syntax error: %s", msg)
}

// indents are the white space runs that indent XML: a new line (encoding/xml
// turns "\r\n" into "\n") and spaces or tabs. textOf returns these from
// here rather than allocating them for every line of the file.
var indents = [...]string{
	"\n" + strings.Repeat(" ", 128),
	"\n" + strings.Repeat("\t", 32),
}

// textOf returns character data as a string.
func textOf(b []byte) string {
	if len(b) > 0 && b[0] == '\n' {
		for _, in := range indents {
			if len(b) <= len(in) && string(b) == in[:len(b)] {
				return in[:len(b)]
			}
		}
	}
	return string(b)
}

// notSpace reports whether r is not XML white space.
func notSpace(r rune) bool {
	return r != ' ' && r != '\t' && r != '\n' && r != '\r'
}

// errorf builds an error at a file offset.
func (r *reader) errorf(rule string, offset int, format string, args ...any) *Error {
	return &Error{Rule: rule, Pos: r.lines.pos(offset), Msg: fmt.Sprintf(format, args...)}
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
