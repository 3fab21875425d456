package graph

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	rdf "github.com/knakk/rdf"
)

// chunkSize is about how much canonical text one chunk of a small
// document holds. Tests make it tiny, to cut small documents into many
// chunks.
var chunkSize = defaultChunkSize

const defaultChunkSize = 4 << 10

// chunkFor returns the size of the chunks of a document of n bytes: a
// small document is cut into chunks of chunkSize, so that its chunks are
// decoded side by side; a large one into chunks of up to 16 times that
// (64 KiB), a 64th of the document, so that it takes fewer decoders, each
// of which costs a goroutine, buffers and the prefix declarations its
// chunk repeats.
func chunkFor(n int) int { return max(chunkSize, min(n/64, 16*chunkSize)) }

// drainLimit bounds the Decode calls that drain a decoder given up after
// an error. A chunk's text is finite and every Decode call consumes at
// least one token of it, so the limit is never reached; it only guards
// against a reader that stops making progress.
const drainLimit = 1 << 20

// testHookCanonical, when a test sets it, rewrites the canonical text of
// each chunk before the RDF reader sees it, so that tests can take the
// paths where the reader fails or disagrees with the scanner.
var testHookCanonical func([]byte) []byte

// chunk is a run of whole statements of one document: their canonical
// text, which the RDF reader decodes on its own, and the triples the
// scanner expects from it.
type chunk struct {
	// text starts with the prefix declarations that the statements use
	// but an earlier chunk declared, so that it reads on its own.
	text []byte
	recs []rec
	// tmap maps positions of text back to the document.
	tmap []tmapEntry
	// strs is the scanner's string table as this chunk left it.
	strs []string
	// anonBase is the number of unlabelled blank nodes of the earlier
	// chunks: the RDF reader, which numbers them from 1 in each chunk,
	// labels the scanner's blank node n "b<n-anonBase>".
	anonBase int32
	// scanErr is the scanner's error just after this chunk's statements:
	// it ends the document.
	scanErr *Error

	// Set by the worker that decodes the chunk, before done is closed.
	got     []rdf.Triple
	readErr *Error
	done    chan struct{}
}

// chunker cuts one document into chunks with the strict scanner.
type chunker struct {
	sc *scanner
	// check is set when the RDF reader decodes every chunk's canonical
	// text and its triples are checked against the scanner's records
	// (Options.CrossCheck); otherwise the records are the triples.
	check  bool
	path   string
	format rdf.Format
	// size is about how much canonical text a chunk holds (chunkFor).
	size int
	eof  bool
}

// next scans statements until about c.size bytes of canonical text are
// ready, or the document ends, or a statement fails. Only whole
// statements are kept: the text and triples of a failing statement are
// dropped, and its error becomes the chunk's scanErr. A panic in the
// scanner (a syntax error, or a bug) is recovered here.
func (c *chunker) next(ch *chunk) {
	sc := c.sc
	sc.startChunk(ch.text[:0], ch.recs[:0], ch.tmap[:0], c.size)
	*ch = chunk{anonBase: sc.nAnon, got: ch.got[:0], done: make(chan struct{})}
	okOut, okRecs, okMap := 0, 0, 0
	func() {
		defer func() {
			if r := recover(); r != nil {
				ch.scanErr = c.panicError(r)
				c.eof = true
			}
		}()
		for !sc.chunkFull(c.size) {
			if !sc.statement() {
				c.eof = true
				return
			}
			okOut, okRecs, okMap = len(sc.out), len(sc.recs), len(sc.tmap)
		}
	}()
	ch.text, ch.tmap = sc.finishChunk(okOut, okMap)
	ch.recs = sc.recs[:okRecs]
	ch.strs = sc.strs[:len(sc.strs):len(sc.strs)]
	if testHookCanonical != nil {
		ch.text = testHookCanonical(ch.text)
	}
}

func (c *chunker) panicError(r any) *Error {
	if se, ok := r.(*synErr); ok {
		return c.errorAt(se.off, se.msg)
	}
	return c.errorAt(c.sc.tok.off, fmt.Sprintf("internal error while reading the document: %v", r))
}

func (c *chunker) errorAt(off int, msg string) *Error {
	line, col := c.sc.lines.lineCol(off)
	return &Error{Rule: RuleSyntax, File: c.path, Line: line, Col: col, Msg: msg}
}

// decode has the RDF reader decode a chunk on its own, and checks every
// triple it reads against the scanner's. It sets ch.got, or ch.readErr at
// the first disagreement; either way the decoder is left drained.
func (c *chunker) decode(ch *chunk) {
	dec := rdf.NewTripleDecoder(bytes.NewReader(ch.text), c.format)
	view := &strView{text: c.sc.lx.s, strs: ch.strs}
	ch.got = slices.Grow(ch.got[:0], len(ch.recs))
	// at is where an error with no position of its own is placed: the
	// triple the reader was reading, else the chunk's last one.
	at := func() int {
		if i := len(ch.got); i < len(ch.recs) {
			return int(ch.recs[i].p.off)
		}
		if len(ch.recs) > 0 {
			return int(ch.recs[len(ch.recs)-1].p.off)
		}
		if len(ch.tmap) > 0 {
			return int(ch.tmap[len(ch.tmap)-1].orig)
		}
		return 0
	}
	fail := func(e *Error) {
		ch.readErr = e
		ch.got = ch.got[:0]
		drain(dec)
	}
	defer func() {
		// A bug of this package must neither crash the caller nor leave
		// the lexer goroutine behind.
		if r := recover(); r != nil {
			fail(c.errorAt(at(), fmt.Sprintf("internal error while reading the document: %v", r)))
		}
	}()
	for {
		t, err := safeDecode(dec)
		if errors.Is(err, io.EOF) {
			// The RDF reader reports io.EOF only once its lexer has
			// closed its channel: the lexer goroutine is done.
			if len(ch.got) < len(ch.recs) {
				ch.readErr = c.errorAt(at(), "the RDF reader stopped before the end of the document, without this triple; "+bugNote)
				ch.got = ch.got[:0]
			}
			return
		}
		if err != nil {
			fail(c.readerError(err, ch, at()))
			return
		}
		i := len(ch.got)
		if i == len(ch.recs) {
			fail(c.errorAt(at(), fmt.Sprintf(
				"the RDF reader read a triple the scanner did not expect (%s); %s",
				strings.TrimSuffix(t.Serialize(rdf.NTriples), "\n"), bugNote)))
			return
		}
		r := &ch.recs[i]
		if what := verify(t, r, view, ch.anonBase); what != "" {
			fail(c.errorAt(int(r.p.off), what))
			return
		}
		ch.got = append(ch.got, t)
	}
}

// safeDecode calls Decode, turning a panic into an error.
func safeDecode(dec rdf.TripleDecoder) (t rdf.Triple, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the RDF reader panicked: %v", r)
		}
	}()
	return dec.Decode()
}

// drain decodes until the end of the input, so that the RDF reader's lexer
// goroutine, which blocks until each token it lexes is taken, runs to its
// end and exits.
func drain(dec rdf.TripleDecoder) {
	for i := 0; i < drainLimit; i++ {
		if _, err := safeDecode(dec); errors.Is(err, io.EOF) {
			return
		}
	}
}

// readChecked streams one document through the scanner and the RDF
// reader (Options.CrossCheck), and adds the triples it reads to the
// builder. On error the caller drops the
// document's triples.
//
// The document is cut into chunks of whole statements. One goroutine
// scans them in order; b.workers workers each decode a chunk with a
// decoder of its own and check it against the scanner; this goroutine
// adds the checked triples to the graph in document order. The result,
// the first error included, is the same whatever the number of workers.
func (b *builder) readChecked(d *docState, c *chunker) *Error {
	workers := b.workers
	// The chunks in flight (being scanned, decoded or added) are recycled,
	// so that a document of any size is read in the memory of a few of
	// them: this bounds the memory of a large document, and spares a
	// small one fresh pages, which cost more than the reading itself on
	// some machines.
	inflight := workers + 2
	free := make(chan *chunk, inflight)
	for range inflight {
		free <- &chunk{}
	}
	ordered := make(chan *chunk, inflight)
	jobs := make(chan *chunk, inflight)
	var stop atomic.Bool
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(jobs)
		defer close(ordered)
		for !c.eof && !stop.Load() {
			ch := <-free
			c.next(ch)
			ordered <- ch
			jobs <- ch
		}
	})
	for range workers {
		wg.Go(func() {
			for ch := range jobs {
				if !stop.Load() {
					c.decode(ch)
				}
				close(ch.done)
			}
		})
	}
	var first *Error
	for ch := range ordered {
		<-ch.done
		if first == nil {
			if first = b.addChunk(d, c, ch); first != nil {
				stop.Store(true)
			}
		}
		free <- ch
	}
	wg.Wait()
	return first
}

// addChunk adds a decoded chunk's triples to the graph, and returns the
// error that ends the document there, if any.
func (b *builder) addChunk(d *docState, c *chunker, ch *chunk) (errOut *Error) {
	if ch.readErr != nil {
		return ch.readErr
	}
	view := &strView{text: c.sc.lx.s, strs: ch.strs}
	i := 0
	defer func() {
		// A bug of this package must not crash the caller.
		if r := recover(); r != nil {
			errOut = c.errorAt(int(ch.recs[i].p.off), fmt.Sprintf("internal error while reading the document: %v", r))
		}
	}()
	for ; i < len(ch.got); i++ {
		b.add(d, ch.got[i], &ch.recs[i], view)
	}
	return ch.scanErr
}

// bugNote ends the messages about a disagreement between the strict
// scanner and the RDF reader: the document is valid, the tool is at fault.
const bugNote = "the document is refused rather than loaded wrong (this is a seams-timers bug: please report it)"

// readerError turns an error of the RDF reader on a chunk into a TMR0003
// at the document position it names, or at fallback if it names none.
func (c *chunker) readerError(err error, ch *chunk, fallback int) *Error {
	line, col, text, ok := readableKnakk(err.Error())
	off := fallback
	if ok {
		if o, found := ch.origin(line, col-1); found {
			off = o
		}
	}
	lang := "Turtle"
	if c.sc.nt {
		lang = "N-Triples"
	}
	return c.errorAt(off, fmt.Sprintf("the RDF reader could not read this valid %s: %s; %s", lang, text, bugNote))
}

// origin maps a position of the chunk's text (line, 0-based byte column)
// back to the offset of the document token written there.
func (ch *chunk) origin(line, col int) (int, bool) {
	i := sort.Search(len(ch.tmap), func(i int) bool {
		e := ch.tmap[i]
		return int(e.line) > line || int(e.line) == line && int(e.col) > col
	}) - 1
	if i < 0 {
		return 0, false
	}
	return int(ch.tmap[i].orig), true
}

// knakkPosRE and knakkTokRE read knakk/rdf's error messages; they are
// compiled on the first error, not at start-up.
var (
	knakkPosRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(\d+):(\d+):? (.*)$`) })
	knakkTokRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(unexpected|got) (\d+)\b`) })
)

// knakkTokens names knakk/rdf's token types, which its messages print as
// integers.
var knakkTokens = [...]string{
	"the end of the input", "the end of the line", "an error", "an absolute IRI",
	"a relative IRI", "a blank node label", "a string", "a long string",
	"an integer", "a double", "a decimal", "a boolean", "'@'", "a language tag",
	"'^^'", "'.'", "';'", "','", "'a'", "'@prefix'", "a prefix name",
	"a local name", "'@base'", "'PREFIX'", "'BASE'", "'[]'", "'['", "']'",
	"'('", "')'",
}

// readableKnakk parses a knakk/rdf error message: the "line:col" it starts
// with, if any (col is a 0-based byte column; the result is 1-based), and
// the rest with token numbers replaced by names.
func readableKnakk(msg string) (line, col int, text string, ok bool) {
	text = msg
	if m := knakkPosRE().FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		col, _ = strconv.Atoi(m[2])
		col++
		text = m[3]
		ok = line > 0
	}
	text = strings.TrimPrefix(text, "syntax error: ")
	text = knakkTokRE().ReplaceAllStringFunc(text, func(s string) string {
		word, num, _ := strings.Cut(s, " ")
		n, err := strconv.Atoi(num)
		if err != nil || n < 0 || n >= len(knakkTokens) {
			return s
		}
		return word + " " + knakkTokens[n]
	})
	return line, col, text, ok
}

// verify checks a decoded triple against the one the scanner expected,
// and describes the first difference.
func verify(t rdf.Triple, r *rec, v *strView, anonBase int32) string {
	for i, c := range [3]struct {
		term rdf.Term
		x    *xterm
	}{{t.Subj, &r.s}, {t.Pred, &r.p}, {t.Obj, &r.o}} {
		if c.term == nil || !sameTerm(c.term, c.x, v, anonBase) {
			got := "nothing"
			if c.term != nil {
				got = c.term.Serialize(rdf.NTriples)
			}
			return fmt.Sprintf("the RDF reader read the %s of this triple as %s, where the scanner read %s; %s",
				[3]string{"subject", "predicate", "object"}[i], got, c.x.describe(v, anonBase), bugNote)
		}
	}
	return ""
}

// sameTerm reports whether the decoded term k is the expected term x.
func sameTerm(k rdf.Term, x *xterm, v *strView, anonBase int32) bool {
	switch x.kind {
	case KindIRI:
		i, ok := k.(rdf.IRI)
		return ok && concatEq(i.String(), v.get(x.a), v.get(x.b))
	case KindBlank:
		b, ok := k.(rdf.Blank)
		if !ok {
			return false
		}
		letter, id := byte('u'), x.id
		if x.anon {
			letter, id = 'b', x.id-anonBase
		}
		label := b.Serialize(rdf.NTriples)
		if len(label) < 4 || label[:2] != "_:" || label[2] != letter || label[3] == '0' || label[3] == '+' {
			return false
		}
		n, err := strconv.ParseInt(label[3:], 10, 32)
		return err == nil && int32(n) == id
	case KindLiteral:
		l, ok := k.(rdf.Literal)
		return ok && l.String() == v.get(x.a) && l.Lang() == v.get(x.b) && concatEq(l.DataType.String(), v.get(x.c), v.get(x.d))
	}
	return false
}

// concatEq reports whether s == a+b, without building a+b.
func concatEq(s, a, b string) bool {
	return len(s) == len(a)+len(b) && s[:len(a)] == a && s[len(a):] == b
}

// describe renders an expected term for a message.
func (x *xterm) describe(v *strView, anonBase int32) string {
	switch x.kind {
	case KindIRI:
		return "<" + v.get(x.a) + v.get(x.b) + ">"
	case KindBlank:
		if x.anon {
			return "_:b" + strconv.Itoa(int(x.id-anonBase))
		}
		return "_:u" + strconv.Itoa(int(x.id))
	case KindLiteral:
		return NewLiteral(v.get(x.a), v.get(x.c)+v.get(x.d)).withLang(v.get(x.b)).String()
	}
	return "nothing"
}

func (t Term) withLang(lang string) Term {
	t.Lang = lang
	return t
}
