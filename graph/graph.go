package graph

import (
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
	"unsafe"

	rdf "github.com/knakk/rdf"
)

// IsGraphPath reports whether name is an RDF graph file this package
// reads: Turtle (.ttl) or N-Triples (.nt), in any letter case.
func IsGraphPath(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".ttl", ".nt":
		return true
	}
	return false
}

// isNTriplesPath reports whether name is read as N-Triples; anything else
// is read as Turtle.
func isNTriplesPath(name string) bool { return strings.EqualFold(filepath.Ext(name), ".nt") }

// Document describes one document of a graph.
type Document struct {
	// Path is the document's path as given.
	Path string
	// IRI is its file:// URL, the base its relative IRIs resolve against.
	IRI string
	// Format is "turtle" or "n-triples".
	Format string
	// Triples is how many triples it holds (duplicates included).
	Triples int
	// Loaded is false when the document had an error: it then contributes
	// no triple at all to the graph.
	Loaded bool
}

// Source is a document held in memory, such as one read from stdin.
type Source struct {
	Path string
	// Data is the document's bytes; the graph reads them without copying,
	// so they must not change afterwards.
	Data []byte
	// Err, when set, says why the document could not be read: it is then
	// recorded as an unreadable document (TMR0001), as Load does.
	Err error
}

// Graph is a set of triples read from one or more documents, indexed for
// lookups. A Graph is immutable once built and safe for concurrent use.
//
// Every lookup returns its results in load order: documents sorted by
// path, and within a document in the order the triples were written. A
// triple written more than once (in one document or several) is kept once,
// where it was first written.
type Graph struct {
	docs []docInfo
	// A term's id indexes vals and kinds; id 0 is the zero Term. A
	// literal's datatype and language are in litAttrs.
	vals     []string
	kinds    []Kind
	litAttrs map[uint32]litAttr
	iris     map[string]uint32
	lits     map[litKey]uint32
	blank    map[string]uint32

	triples []stored

	// subjStart and subjIdx index the triples by subject: the triples of
	// subject id s are subjIdx[subjStart[s]:subjStart[s+1]], in load order.
	subjStart []uint32
	subjIdx   []uint32
	// predStart and poIdx index them by predicate, then object: the
	// triples of predicate id p are poIdx[predStart[p]:predStart[p+1]],
	// sorted by object id, then load order.
	predStart []uint32
	poIdx     []uint32
}

// stored is a triple as a Graph keeps it: term ids, its document (1-based)
// and the offsets and lengths of its subject, predicate and object (a
// length is clamped to 65,535 bytes: it only underlines).
type stored struct {
	s, p, o          uint32
	doc              uint32
	soff, voff, ooff int32
	slen, vlen, olen uint16
}

// tokenLen is the length of a term as written, clamped to a uint16.
func tokenLen(x *xterm) uint16 { return uint16(min(max(x.end-x.off, 1), 1<<16-1)) }

type litKey struct{ lex, dt, lang string }

type litAttr struct{ dt, lang string }

// numTerms returns the number of term ids, the zero one included.
func (g *Graph) numTerms() int { return len(g.vals) }

// term returns the term of an id.
func (g *Graph) term(id uint32) Term {
	t := Term{Kind: g.kinds[id], Value: g.vals[id]}
	if t.Kind == KindLiteral {
		a := g.litAttrs[id]
		t.Datatype, t.Lang = a.dt, a.lang
	}
	return t
}

// docInfo is what a Graph keeps of a document.
type docInfo struct {
	Document
	lines lineTable
}

// Options tune how documents are read; the zero Options reads with the
// defaults.
type Options struct {
	// Workers bounds the goroutines that decode a document's chunks side
	// by side; zero or less means GOMAXPROCS. The graph read is the same
	// whatever the number.
	Workers int
}

// Load reads the graph files at paths, in sorted order (a path given twice
// is read once), into one graph. A document with an error contributes no
// triple; its error is returned and the other documents are still read.
func Load(paths []string) (*Graph, []*Error) { return Options{}.Load(paths) }

// LoadSources reads documents held in memory, as Load reads files: sorted
// by path, each read as N-Triples if its path ends in .nt and as Turtle
// otherwise.
func LoadSources(srcs []Source) (*Graph, []*Error) { return Options{}.LoadSources(srcs) }

// Load is the package's Load, with these options.
func (o Options) Load(paths []string) (*Graph, []*Error) {
	ps := append([]string(nil), paths...)
	sort.Strings(ps)
	b := newBuilder(o)
	var errs []*Error
	for i, p := range ps {
		if i > 0 && p == ps[i-1] {
			continue
		}
		if !IsGraphPath(p) {
			errs = append(errs, b.skip(p, errUnreadable(p, "not an RDF graph file: the graph files read are Turtle (.ttl) and N-Triples (.nt)")))
			continue
		}
		text, err := readFile(p)
		if err != nil {
			errs = append(errs, b.skip(p, errUnreadable(p, "cannot read the file: %s", ioMessage(err))))
			continue
		}
		if e := b.addDoc(p, text); e != nil {
			errs = append(errs, e)
		}
	}
	return b.finish(), errs
}

// LoadSources is the package's LoadSources, with these options.
func (o Options) LoadSources(srcs []Source) (*Graph, []*Error) {
	ss := append([]Source(nil), srcs...)
	sort.SliceStable(ss, func(i, j int) bool { return ss[i].Path < ss[j].Path })
	b := newBuilder(o)
	var errs []*Error
	for _, s := range ss {
		if s.Err != nil {
			errs = append(errs, b.skip(s.Path, errUnreadable(s.Path, "cannot read the file: %s", ioMessage(s.Err))))
			continue
		}
		text := ""
		if len(s.Data) > 0 {
			text = unsafe.String(&s.Data[0], len(s.Data))
		}
		if e := b.addDoc(s.Path, text); e != nil {
			errs = append(errs, e)
		}
	}
	return b.finish(), errs
}

// Parse reads one document, held in memory, into a graph of its own: as
// N-Triples if path ends in .nt, as Turtle otherwise. Relative IRIs
// resolve against path's file:// URL. On error the graph is empty and the
// error is returned.
func Parse(path string, src []byte) (*Graph, []*Error) {
	b := newBuilder(Options{})
	if e := b.addDoc(path, string(src)); e != nil {
		return b.finish(), []*Error{e}
	}
	return b.finish(), nil
}

// readFile reads a file into a string without the copy that converting
// the bytes of os.ReadFile would make.
func readFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	// A file only read from has nothing to report on close.
	defer func() { _ = f.Close() }()
	info, err := f.Stat()
	if err != nil {
		return "", err
	}
	if info.IsDir() {
		return "", &fs.PathError{Op: "read", Path: path, Err: errors.New("is a directory")}
	}
	if info.Size() > math.MaxInt32 {
		return "", &fs.PathError{Op: "read", Path: path, Err: errors.New("the file is too large (more than 2 GiB)")}
	}
	// Read into a buffer of the file's size (plus one byte, to see the end
	// without growing it), with no intermediate copy buffer.
	buf := make([]byte, 0, int(info.Size())+1)
	for {
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", err
		}
		if len(buf) == cap(buf) {
			// The file grew while it was read.
			buf = slices.Grow(buf, len(buf))
		}
	}
	if len(buf) == 0 {
		return "", nil
	}
	return unsafe.String(&buf[0], len(buf)), nil
}

// ioMessage is the reason of a file error, without the path that the
// diagnostic prints anyway.
func ioMessage(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return err.Error()
}

// builder accumulates documents into a Graph.
type builder struct {
	g       *Graph
	res     resolver
	workers int
	// last holds the IRIs interned most recently, since a statement's
	// subject and predicates repeat from one triple to the next.
	last [3]struct {
		iri string
		id  uint32
	}
	lastDT string
	// lastRel holds the relative IRIs, as written, resolved most recently
	// in each position, with their bases; scratch is where they resolve.
	lastRel [3]struct {
		ref, base string
		id        uint32
	}
	scratch []byte
}

// docState is the per-document state of the builder: the graph ids of the
// document's blank nodes, by the scanner's numbers.
type docState struct {
	idx   int
	users []uint32
	anons []uint32
}

func newBuilder(o Options) *builder {
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return &builder{workers: workers, g: &Graph{
		vals:     make([]string, 1),
		kinds:    make([]Kind, 1),
		litAttrs: make(map[uint32]litAttr),
		iris:     make(map[string]uint32),
		lits:     make(map[litKey]uint32),
		blank:    make(map[string]uint32),
	}}
}

// skip records a document that could not be read at all.
func (b *builder) skip(path string, e *Error) *Error {
	iri, _ := FileIRI(path)
	b.g.docs = append(b.g.docs, docInfo{Document: Document{Path: path, IRI: iri, Format: formatName(path)}})
	return e
}

func formatName(path string) string {
	if isNTriplesPath(path) {
		return "n-triples"
	}
	return "turtle"
}

// addDoc reads one document into the graph.
func (b *builder) addDoc(path string, text string) *Error {
	g := b.g
	g.docs = append(g.docs, docInfo{Document: Document{Path: path, Format: formatName(path)}})
	di := len(g.docs) - 1
	if len(text) > math.MaxInt32 {
		return errUnreadable(path, "the file is too large (more than 2 GiB)")
	}
	iri, err := FileIRI(path)
	if err != nil {
		return errUnreadable(path, "cannot name the file with an IRI: %v", err)
	}
	g.docs[di].IRI = iri
	bom := 0
	if strings.HasPrefix(text, "\ufeff") {
		bom = 3
	}
	lines := newLineTable(text, bom)
	g.docs[di].lines = lines
	if !utf8.ValidString(text) {
		off := invalidUTF8(text)
		line, col := lines.lineCol(off)
		return &Error{Rule: RuleSyntax, File: path, Line: line, Col: col,
			Msg: "invalid UTF-8 (byte 0x" + strings.ToUpper(hex2(text[off])) + "): a graph document must be UTF-8"}
	}
	b.reserve(len(text))
	nt := isNTriplesPath(path)
	c := &chunker{sc: newScanner(text, bom, &g.docs[di].lines, iri, nt), path: path, format: rdf.Turtle}
	if nt {
		c.format = rdf.NTriples
	}
	start := len(g.triples)
	if e := b.read(&docState{idx: di + 1}, c); e != nil {
		clear(g.triples[start:])
		g.triples = g.triples[:start]
		return e
	}
	g.docs[di].Triples = len(g.triples) - start
	g.docs[di].Loaded = true
	return nil
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// invalidUTF8 returns the offset of the first byte of text that is not
// valid UTF-8.
func invalidUTF8(text string) int {
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		if r == utf8.RuneError && w == 1 {
			return i
		}
		i += w
	}
	return len(text)
}

// reserve makes room for the triples and terms of a document of n bytes,
// so that a large document does not grow the graph's tables step by step.
// An index graph spends about 30 to 35 bytes a triple, and most of its
// subjects are new IRIs.
func (b *builder) reserve(n int) {
	g := b.g
	if extra := n / 30; cap(g.triples)-len(g.triples) < extra {
		g.triples = append(make([]stored, 0, len(g.triples)+extra), g.triples...)
	}
	if extra := n / 48; cap(g.vals)-len(g.vals) < extra {
		g.vals = append(make([]string, 0, len(g.vals)+extra), g.vals...)
		g.kinds = append(make([]Kind, 0, len(g.kinds)+extra), g.kinds...)
	}
	if len(g.iris) == 0 {
		g.iris = make(map[string]uint32, n/48)
	}
}

// add stores a decoded triple, already checked against r.
func (b *builder) add(d *docState, t rdf.Triple, r *rec, v *strView) {
	b.g.triples = append(b.g.triples, stored{
		s:    b.term(d, 0, t.Subj, &r.s, v),
		p:    b.term(d, 1, t.Pred, &r.p, v),
		o:    b.term(d, 2, t.Obj, &r.o, v),
		doc:  uint32(d.idx),
		soff: r.s.off,
		voff: r.p.off,
		ooff: r.o.off,
		slen: tokenLen(&r.s),
		vlen: tokenLen(&r.p),
		olen: tokenLen(&r.o),
	})
}

// term interns a decoded term. IRIs and literals take their strings from
// the RDF reader (fresh allocations, so the document text is not kept
// alive); blank nodes take their identity from the scanner.
func (b *builder) term(d *docState, slot int, k rdf.Term, x *xterm, v *strView) uint32 {
	switch t := k.(type) {
	case rdf.IRI:
		if x.rel {
			// A relative IRI is resolved into a scratch buffer, and a
			// string is made only for an IRI not seen before.
			ref, base := v.get(x.a), v.get(x.c)
			l := &b.lastRel[slot]
			if ref != l.ref || base != l.base || l.id == 0 {
				b.scratch = b.res.appendResolved(b.scratch[:0], base, ref)
				l.ref, l.base, l.id = ref, base, b.iriBytes(b.scratch)
			}
			return l.id
		}
		// The same IRI as the last one in this position is usually the
		// same string, which compares in constant time.
		l := &b.last[slot]
		if iri := t.String(); iri != l.iri || l.id == 0 {
			l.iri, l.id = iri, b.iri(iri)
		}
		return l.id
	case rdf.Literal:
		dt := t.DataType.String()
		if dt != b.lastDT {
			b.lastDT = b.g.vals[b.iri(dt)]
		}
		return b.literal(t.String(), b.lastDT, t.Lang())
	}
	return b.blank(d, x, v)
}

func (b *builder) newTerm(kind Kind, value string) uint32 {
	id := uint32(len(b.g.vals))
	b.g.vals = append(b.g.vals, value)
	b.g.kinds = append(b.g.kinds, kind)
	return id
}

// iriBytes is iri for an IRI held in a buffer, which it does not keep.
func (b *builder) iriBytes(v []byte) uint32 {
	if id, ok := b.g.iris[string(v)]; ok {
		return id
	}
	return b.newIRI(string(v))
}

func (b *builder) iri(v string) uint32 {
	if id, ok := b.g.iris[v]; ok {
		return id
	}
	return b.newIRI(v)
}

// newIRI interns an IRI known to be new.
func (b *builder) newIRI(v string) uint32 {
	id := b.newTerm(KindIRI, v)
	b.g.iris[v] = id
	return id
}

func (b *builder) literal(lex, dt, lang string) uint32 {
	k := litKey{lex, dt, lang}
	if id, ok := b.g.lits[k]; ok {
		return id
	}
	id := b.newTerm(KindLiteral, lex)
	b.g.litAttrs[id] = litAttr{dt, lang}
	b.g.lits[k] = id
	return id
}

func (b *builder) blank(d *docState, x *xterm, v *strView) uint32 {
	ids := &d.users
	if x.anon {
		ids = &d.anons
	}
	for int(x.id) >= len(*ids) {
		*ids = append(*ids, 0)
	}
	if id := (*ids)[x.id]; id != 0 {
		return id
	}
	user := ""
	if !x.anon {
		user = v.get(x.a)
	}
	label := blankLabel(d.idx, user, x.id)
	id := b.newTerm(KindBlank, label)
	b.g.blank[label] = id
	(*ids)[x.id] = id
	return id
}

// finish removes duplicate triples and builds the indexes.
func (b *builder) finish() *Graph {
	g := b.g
	n := len(g.triples)
	nt := g.numTerms()
	perm := make([]uint32, n)
	for i := range perm {
		perm[i] = uint32(i)
	}
	tmp := make([]uint32, n)
	count := make([]uint32, nt+1)
	// Sort by (s, p, o), stable, so that equal triples sit together with
	// the first written first; keep only that one.
	perm = countingSort(perm, tmp, count, func(i uint32) uint32 { return g.triples[i].o })
	perm = countingSort(perm, tmp, count, func(i uint32) uint32 { return g.triples[i].p })
	perm = countingSort(perm, tmp, count, func(i uint32) uint32 { return g.triples[i].s })
	dup := make([]bool, n)
	for k := 1; k < n; k++ {
		a, c := g.triples[perm[k-1]], g.triples[perm[k]]
		if a.s == c.s && a.p == c.p && a.o == c.o {
			dup[perm[k]] = true
		}
	}
	kept := g.triples[:0]
	for i, t := range g.triples {
		if !dup[i] {
			kept = append(kept, t)
		}
	}
	g.triples = kept
	n = len(kept)

	// Subject index, in load order.
	g.subjStart, g.subjIdx = csr(n, nt, func(i uint32) uint32 { return g.triples[i].s })
	// Predicate-object index: by object, then stably by predicate.
	byObj := make([]uint32, n)
	for i := range byObj {
		byObj[i] = uint32(i)
	}
	clear(count)
	byObj = countingSort(byObj, tmp[:n], count, func(i uint32) uint32 { return g.triples[i].o })
	g.predStart, g.poIdx = csrFrom(byObj, nt, func(i uint32) uint32 { return g.triples[i].p })
	return g
}

// countingSort sorts perm stably by key (a term id) and returns the sorted
// slice, which is either perm or tmp; count must have room for every key
// plus one.
func countingSort(perm, tmp, count []uint32, key func(uint32) uint32) []uint32 {
	clear(count)
	for _, i := range perm {
		count[key(i)+1]++
	}
	for k := 1; k < len(count); k++ {
		count[k] += count[k-1]
	}
	out := tmp[:len(perm)]
	for _, i := range perm {
		k := key(i)
		out[count[k]] = i
		count[k]++
	}
	copy(perm, out)
	return perm
}

// csr groups the triples 0..n-1 by key, keeping their order within a
// group: the group of key k is idx[start[k]:start[k+1]].
func csr(n, nkeys int, key func(uint32) uint32) (start, idx []uint32) {
	order := make([]uint32, n)
	for i := range order {
		order[i] = uint32(i)
	}
	return csrFrom(order, nkeys, key)
}

// csrFrom groups the triple indexes of order by key, keeping their order
// within a group.
func csrFrom(order []uint32, nkeys int, key func(uint32) uint32) (start, idx []uint32) {
	start = make([]uint32, nkeys+1)
	for _, i := range order {
		start[key(i)+1]++
	}
	for k := 1; k <= nkeys; k++ {
		start[k] += start[k-1]
	}
	idx = make([]uint32, len(order))
	fill := append([]uint32(nil), start[:nkeys]...)
	for _, i := range order {
		k := key(i)
		idx[fill[k]] = i
		fill[k]++
	}
	return start, idx
}
