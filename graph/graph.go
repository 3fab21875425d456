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
	"sync"
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
	docs  []docInfo
	terms *termTable

	triples tripleStore

	// subjStart and subjIdx index the triples by subject: the triples of
	// subject id s are subjIdx[subjStart[s]:subjStart[s+1]], in load order.
	subjStart []uint32
	subjIdx   []uint32
	// preds, predStart and poIdx index them by predicate, then object:
	// preds holds the predicates' ids, in order, and the triples of the
	// k-th predicate are poIdx[predStart[k]:predStart[k+1]], sorted by
	// object id, then load order.
	preds     []uint32
	predStart []uint32
	poIdx     []uint32
}

// tokenLen is the length of a term as written, clamped to a uint16.
func tokenLen(x *xterm) uint16 { return uint16(min(max(x.end-x.off, 1), 1<<16-1)) }

// numTerms returns the number of term ids, the zero one included.
func (g *Graph) numTerms() int { return g.terms.len() }

// term returns the term of an id.
func (g *Graph) term(id uint32) Term { return g.terms.term(id) }

// docInfo is what a Graph keeps of a document.
type docInfo struct {
	Document
	lines lineTable
	// first and end delimit its triples among the graph's.
	first, end uint32
}

// Options tune how documents are read; the zero Options reads with the
// defaults.
type Options struct {
	// Workers bounds the goroutines that read a document side by side;
	// zero or less means GOMAXPROCS. The graph read is the same whatever
	// the number. With one worker a document is read on the caller's
	// goroutine alone; with more the scanner runs on a goroutine of its
	// own, beside the caller's, which adds what it scanned to the graph
	// (and with CrossCheck, that many decode the chunks side by side).
	Workers int
	// CrossCheck has knakk/rdf, the RDF reader the project chose, decode
	// every document a second time, from a canonical Turtle rendering of
	// what the strict scanner read, and refuses the document with a
	// TMR0003 at the first term on which the two disagree. It costs
	// several times the read; the graph is the same with it or without it
	// (the tests and fuzz targets read every document both ways).
	CrossCheck bool
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
		if e := b.addDoc(s.Path, view(s.Data)); e != nil {
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
	return view(buf), nil
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
	// check is Options.CrossCheck.
	check bool
	// last holds the IRIs interned most recently, since a statement's
	// subject and predicates repeat from one triple to the next.
	last [3]struct {
		iri string
		id  uint32
	}
	// lastDT and lastLang are the datatype and language tag of the last
	// literal, and dt its datatype's id.
	lastDT, lastLang string
	lastAttr         litAttr
	// lastRel holds the relative IRIs, as written, resolved most recently
	// in each position, with their bases; scratch is where they resolve.
	lastRel [3]struct {
		ref, base string
		id        uint32
	}
	scratch []byte
	// lastSplit holds the IRIs interned most recently in each position
	// from the scanner's records, as namespace and local name;
	// lastLit the language tag and datatype of the last literal.
	lastSplit [3]struct {
		ns, local string
		id        uint32
	}
	lastLit struct {
		lang, ns, local string
		attr            litAttr
	}
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
	return &builder{workers: workers, check: o.CrossCheck, g: &Graph{terms: newTermTable()}}
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
	// A test that rewrites the canonical text tests the cross-check.
	check := b.check || testHookCanonical != nil
	c := &chunker{sc: newScanner(text, bom, &g.docs[di].lines, iri, nt, check), check: check,
		path: path, format: rdf.Turtle, size: chunkFor(len(text))}
	if nt {
		c.format = rdf.NTriples
	}
	start := g.triples.len()
	read := b.read
	if check {
		read = b.readChecked
	}
	if e := read(&docState{idx: di + 1}, c); e != nil {
		g.triples.truncate(start)
		return e
	}
	g.docs[di].Triples = g.triples.len() - start
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

// reserve makes room for the first triples of a document of n bytes. An
// index graph spends about 30 to 35 bytes a triple.
func (b *builder) reserve(n int) { b.g.triples.reserve(n / 30) }

// add stores a decoded triple, already checked against r.
func (b *builder) add(d *docState, t rdf.Triple, r *rec, v *strView) {
	s := b.term(d, 0, t.Subj, &r.s, v)
	p := b.term(d, 1, t.Pred, &r.p, v)
	o := b.term(d, 2, t.Obj, &r.o, v)
	b.g.triples.add(s, p, o, place{
		soff: r.s.off, voff: r.p.off, ooff: r.o.off,
		slen: tokenLen(&r.s), vlen: tokenLen(&r.p), olen: tokenLen(&r.o),
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
		if dt, lang := t.DataType.String(), t.Lang(); dt != b.lastDT || lang != b.lastLang || b.lastAttr.dt == 0 {
			b.lastDT, b.lastLang = dt, lang
			b.lastAttr = litAttr{dt: b.iri(dt), lang: b.g.terms.lang(lang)}
		}
		return b.g.terms.intern(KindLiteral, t.String(), b.lastAttr)
	}
	return b.blank(d, x, v)
}

// iriBytes is iri for an IRI held in a buffer, which it does not keep.
func (b *builder) iriBytes(v []byte) uint32 { return b.iri(view(v)) }

// view returns a string of the bytes of v, without copying them: it must
// not be kept once v changes.
func view(v []byte) string {
	if len(v) == 0 {
		return ""
	}
	return unsafe.String(&v[0], len(v))
}

func (b *builder) iri(v string) uint32 { return b.g.terms.intern(KindIRI, v, litAttr{}) }

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
	b.scratch = appendBlankLabel(b.scratch[:0], d.idx, user, x.id)
	// A label is new: the scanner numbers a document's blank nodes, and
	// documents have labels of their own.
	id := b.g.terms.intern(KindBlank, view(b.scratch), litAttr{})
	(*ids)[x.id] = id
	return id
}

// finish removes duplicate triples and builds the indexes.
func (b *builder) finish() *Graph {
	g := b.g
	// A large graph builds its predicate-object index on another
	// goroutine meanwhile, and again after dropping duplicates, if any.
	var po sync.WaitGroup
	if g.triples.len() >= parallelFinish {
		po.Go(g.indexPredicates)
	}
	dup := g.indexSubjects()
	if dup != nil {
		po.Wait()
		g.dropTriples(dup)
		g.indexSubjects()
	} else {
		end := uint32(0)
		for i := range g.docs {
			d := &g.docs[i]
			d.first, d.end = end, end+uint32(d.Triples)
			end = d.end
		}
	}
	if g.triples.len() < parallelFinish || dup != nil {
		g.indexPredicates()
	}
	po.Wait()
	g.terms.trim()
	g.triples.trim()
	return g
}

// parallelFinish is the number of triples from which finish builds the
// two indexes side by side. Tests lower it.
var parallelFinish = 1 << 16

// indexSubjects builds the subject index, in load order, and returns the
// duplicates it finds (a triple written again has the subject of the
// first): a bit set, or nil when there is none.
func (g *Graph) indexSubjects() []uint64 {
	g.subjStart, g.subjIdx = csr(g.triples.len(), g.numTerms(), func(i uint32) uint32 { return g.triples.at(i).s })
	return g.duplicates()
}

// indexPredicates builds the predicate-object index: by object, then
// stably by predicate. It is keyed by the rank of a predicate among the
// graph's predicates, few in any graph, rather than by term id.
func (g *Graph) indexPredicates() {
	n, nt := g.triples.len(), g.numTerms()
	count := make([]uint32, nt+1)
	// rank[p] is 1 for a predicate, then its rank plus one.
	rank := make([]uint32, nt)
	for i := range n {
		t := g.triples.at(uint32(i))
		count[t.o+1]++
		rank[t.p] = 1
	}
	for k := 1; k < len(count); k++ {
		count[k] += count[k-1]
	}
	byObj := make([]uint32, n)
	for i := range n {
		o := g.triples.at(uint32(i)).o
		byObj[count[o]] = uint32(i)
		count[o]++
	}
	var preds []uint32
	for id, r := range rank {
		if r != 0 {
			preds = append(preds, uint32(id))
			rank[id] = uint32(len(preds))
		}
	}
	g.preds = slices.Clip(preds)
	g.predStart, g.poIdx = csrFrom(byObj, len(preds), func(i uint32) uint32 { return rank[g.triples.at(i).p] - 1 })
}

// smallGroup is the size up to which duplicates compares the triples of a
// subject pair by pair rather than sorting them.
const smallGroup = 32

// duplicates returns a bit set of the triples written before (the same
// subject, predicate and object as an earlier triple), or nil when there
// is none. It reads the subject index, whose groups are in load order.
func (g *Graph) duplicates() []uint64 {
	var dup []uint64
	mark := func(i uint32) {
		if dup == nil {
			dup = make([]uint64, (g.triples.len()+63)/64)
		}
		dup[i/64] |= 1 << (i % 64)
	}
	var sorted []uint32
	for s := 0; s+1 < len(g.subjStart); s++ {
		grp := g.subjIdx[g.subjStart[s]:g.subjStart[s+1]]
		if len(grp) < 2 {
			continue
		}
		if len(grp) <= smallGroup {
			for j := 1; j < len(grp); j++ {
				tj := g.triples.at(grp[j])
				for _, i := range grp[:j] {
					if ti := g.triples.at(i); ti.p == tj.p && ti.o == tj.o {
						mark(grp[j])
						break
					}
				}
			}
			continue
		}
		// Sorted by predicate, object and load order, a triple equal to
		// the one before it was written again.
		sorted = append(sorted[:0], grp...)
		slices.SortFunc(sorted, func(a, b uint32) int {
			ta, tb := g.triples.at(a), g.triples.at(b)
			switch {
			case ta.p != tb.p:
				return cmpU32(ta.p, tb.p)
			case ta.o != tb.o:
				return cmpU32(ta.o, tb.o)
			}
			return cmpU32(a, b)
		})
		for k := 1; k < len(sorted); k++ {
			a, c := g.triples.at(sorted[k-1]), g.triples.at(sorted[k])
			if a.p == c.p && a.o == c.o {
				mark(sorted[k])
			}
		}
	}
	return dup
}

func cmpU32(a, b uint32) int {
	if a < b {
		return -1
	}
	return 1
}

// dropTriples removes the triples of a bit set, keeping the order of the
// others, and sets the documents' ranges of triples. The kept triples are
// added to a new store, since a triple's place is packed against the base
// of its group; each segment of the old one is let go once read.
func (g *Graph) dropTriples(drop []uint64) {
	old := g.triples
	g.triples = tripleStore{}
	i := uint32(0)
	for k := range g.docs {
		d := &g.docs[k]
		d.first = uint32(g.triples.len())
		for end := i + uint32(d.Triples); i < end; i++ {
			if i > 0 && i&(1<<segShift-1) == 0 {
				old.segs[i>>segShift-1] = nil
			}
			if drop[i/64]&(1<<(i%64)) == 0 {
				t := old.at(i)
				g.triples.add(t.s, t.p, t.o, old.place(i))
			}
		}
		d.end = uint32(g.triples.len())
	}
}

// csr groups the triples 0..n-1 by key, keeping their order within a
// group: the group of key k is idx[start[k]:start[k+1]].
func csr(n, nkeys int, key func(uint32) uint32) (start, idx []uint32) {
	start = make([]uint32, nkeys+1)
	for i := range n {
		start[key(uint32(i))+1]++
	}
	for k := 1; k <= nkeys; k++ {
		start[k] += start[k-1]
	}
	idx = make([]uint32, n)
	// Filling a group moves its start to the next group's; the starts
	// are put back afterwards.
	for i := range n {
		k := key(uint32(i))
		idx[start[k]] = uint32(i)
		start[k]++
	}
	copy(start[1:], start[:nkeys])
	start[0] = 0
	return start, idx
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
	for _, i := range order {
		k := key(i)
		idx[start[k]] = i
		start[k]++
	}
	copy(start[1:], start[:nkeys])
	start[0] = 0
	return start, idx
}
