package graph

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	rdf "github.com/knakk/rdf"
)

// fillSize is how much canonical text the feeder prepares at a time.
const fillSize = 8 << 10

// drainLimit bounds the Decode calls that drain a stopped decoder. Once the
// feeder is stopped, the lexer has at most one buffer of text left, and
// every Decode call consumes at least one token of it, so the limit is
// never reached; it only guards against a reader that stops making
// progress.
const drainLimit = 1 << 20

// testHookCanonical, when a test sets it, rewrites the canonical text
// before the RDF reader sees it, so that tests can take the paths where
// the reader fails or disagrees with the scanner.
var testHookCanonical func([]byte) []byte

// feeder is the io.Reader the RDF reader pulls from. Each Read runs the
// strict scanner over the next statements of the document and hands out
// their canonical text. It runs on the RDF reader's lexer goroutine, and
// shares with the decoding goroutine, under mu, the triples the scanner
// expects, the token map for error positions, and the scanner's error.
type feeder struct {
	sc   *scanner
	path string
	// Touched by the lexer goroutine only.
	buf []byte
	out []byte
	eof bool
	// stop asks Read to end the input now.
	stop atomic.Bool

	mu      sync.Mutex
	recs    []rec
	strs    []string
	tmap    []tmapEntry
	minLine int32
	err     *Error
}

// Read implements io.Reader.
func (f *feeder) Read(b []byte) (int, error) {
	for len(f.out) == 0 || f.stop.Load() {
		if f.eof || f.stop.Load() {
			return 0, io.EOF
		}
		f.fill()
	}
	n := copy(b, f.out)
	f.out = f.out[n:]
	return n, nil
}

// fill scans statements until about fillSize bytes of canonical text are
// ready, or the document ends, or a statement fails. Only whole statements
// are handed out: the text and triples of a failing statement are dropped.
// A panic in the scanner (a syntax error, or a bug) is recovered here,
// since a panic on the lexer goroutine could not be recovered anywhere
// else.
func (f *feeder) fill() {
	sc := f.sc
	sc.out = f.buf[:0]
	sc.lineStart = 0
	sc.recs = sc.recs[:0]
	sc.tmap = sc.tmap[:0]
	okOut, okRecs, okMap := 0, 0, 0
	var ferr *Error
	func() {
		defer func() {
			if r := recover(); r != nil {
				ferr = f.panicError(r)
			}
		}()
		for len(sc.out) < fillSize {
			if !sc.statement() {
				f.eof = true
				return
			}
			okOut, okRecs, okMap = len(sc.out), len(sc.recs), len(sc.tmap)
		}
	}()
	f.buf = sc.out
	f.out = sc.out[:okOut]
	if testHookCanonical != nil {
		f.out = testHookCanonical(f.out)
	}
	if ferr != nil {
		f.eof = true
	}
	f.mu.Lock()
	if len(f.recs) == 0 {
		// Hand the scanner's slice over, and give it the spent one.
		f.recs, sc.recs = sc.recs[:okRecs], f.recs[:0]
	} else {
		f.recs = append(f.recs, sc.recs[:okRecs]...)
	}
	if f.minLine > 0 {
		cut := sort.Search(len(f.tmap), func(i int) bool { return f.tmap[i].line >= f.minLine })
		if cut > len(f.tmap)/2 {
			f.tmap = append(f.tmap[:0], f.tmap[cut:]...)
		}
	}
	f.tmap = append(f.tmap, sc.tmap[:okMap]...)
	f.strs = sc.strs
	if ferr != nil {
		f.err = ferr
	}
	f.mu.Unlock()
}

func (f *feeder) panicError(r any) *Error {
	if se, ok := r.(*synErr); ok {
		return f.errorAt(se.off, se.msg)
	}
	return f.errorAt(f.sc.tok.off, fmt.Sprintf("internal error while reading the document: %v", r))
}

func (f *feeder) errorAt(off int, msg string) *Error {
	line, col := f.sc.lines.lineCol(off)
	return &Error{Rule: RuleSyntax, File: f.path, Line: line, Col: col, Msg: msg}
}

// take hands the decoding goroutine the triples expected so far, with the
// string table they refer to, and takes back its spent slice for reuse.
func (f *feeder) take(spent []rec, view *strView) []rec {
	f.mu.Lock()
	got := f.recs
	f.recs = spent[:0]
	view.strs = f.strs
	if len(got) > 0 {
		f.minLine = got[0].cline
	}
	f.mu.Unlock()
	return got
}

// nextOff returns the predicate offset of the next expected triple not yet
// taken, if any.
func (f *feeder) nextOff() (int, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.recs) == 0 {
		return 0, false
	}
	return int(f.recs[0].p.off), true
}

// state returns the scanner's error and the number of expected triples not
// yet taken.
func (f *feeder) state() (*Error, int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err, len(f.recs)
}

// origin maps a position of the canonical text (line, 0-based byte column)
// back to the offset of the document token written there.
func (f *feeder) origin(line, col int) (int, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	i := sort.Search(len(f.tmap), func(i int) bool {
		e := f.tmap[i]
		return int(e.line) > line || int(e.line) == line && int(e.col) > col
	}) - 1
	if i < 0 {
		return 0, false
	}
	return int(f.tmap[i].orig), true
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

// read streams one document through the scanner and the RDF reader, and
// adds the triples it reads to the builder. On error the caller drops the
// document's triples.
func (b *builder) read(d *docState, f *feeder, text string) (errOut *Error) {
	format := rdf.Turtle
	if f.sc.nt {
		format = rdf.NTriples
	}
	view := &strView{text: text}
	dec := rdf.NewTripleDecoder(f, format)
	var local []rec
	next := 0
	lastOff := 0
	fail := func(e *Error) *Error {
		f.stop.Store(true)
		drain(dec)
		return e
	}
	defer func() {
		// A bug of this package must neither crash the caller nor leave
		// the lexer goroutine behind.
		if r := recover(); r != nil {
			errOut = fail(f.errorAt(lastOff, fmt.Sprintf("internal error while reading the document: %v", r)))
		}
	}()
	for {
		t, err := safeDecode(dec)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			// Without a position of its own, the error is placed at the
			// triple the reader was reading, else after the last one read.
			at := lastOff
			if next < len(local) {
				at = int(local[next].p.off)
			} else if off, ok := f.nextOff(); ok {
				at = off
			}
			return fail(f.readerError(err, at))
		}
		if next == len(local) {
			local = f.take(local, view)
			next = 0
			if len(local) == 0 {
				return fail(f.errorAt(lastOff, fmt.Sprintf(
					"the RDF reader read a triple the scanner did not expect (%s); %s",
					strings.TrimSuffix(t.Serialize(rdf.NTriples), "\n"), bugNote)))
			}
		}
		r := &local[next]
		next++
		if what := verify(t, r, view); what != "" {
			return fail(f.errorAt(int(r.p.off), what))
		}
		b.add(d, t, r, view)
		lastOff = int(r.p.off)
	}
	// The RDF reader reports io.EOF only once its lexer has closed its
	// channel, after the feeder's own io.EOF: the lexer goroutine is done.
	ferr, rest := f.state()
	if ferr != nil {
		return ferr
	}
	if next < len(local) || rest > 0 {
		at := lastOff
		if next < len(local) {
			at = int(local[next].p.off)
		} else if off, ok := f.nextOff(); ok {
			at = off
		}
		return f.errorAt(at, "the RDF reader stopped before the end of the document, without this triple; "+bugNote)
	}
	return nil
}

// bugNote ends the messages about a disagreement between the strict
// scanner and the RDF reader: the document is valid, the tool is at fault.
const bugNote = "the document is refused rather than loaded wrong (this is a seams-timers bug: please report it)"

// readerError turns an error of the RDF reader into a TMR0003 at the
// document position it names, or at fallback if it names none.
func (f *feeder) readerError(err error, fallback int) *Error {
	line, col, text, ok := readableKnakk(err.Error())
	off := fallback
	if ok {
		if o, found := f.origin(line, col-1); found {
			off = o
		}
	}
	lang := "Turtle"
	if f.sc.nt {
		lang = "N-Triples"
	}
	return f.errorAt(off, fmt.Sprintf("the RDF reader could not read this valid %s: %s; %s", lang, text, bugNote))
}

var (
	knakkPosRE = regexp.MustCompile(`^(\d+):(\d+):? (.*)$`)
	knakkTokRE = regexp.MustCompile(`\b(unexpected|got) (\d+)\b`)
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
	if m := knakkPosRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		col, _ = strconv.Atoi(m[2])
		col++
		text = m[3]
		ok = line > 0
	}
	text = strings.TrimPrefix(text, "syntax error: ")
	text = knakkTokRE.ReplaceAllStringFunc(text, func(s string) string {
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
func verify(t rdf.Triple, r *rec, v *strView) string {
	for i, c := range [3]struct {
		term rdf.Term
		x    *xterm
	}{{t.Subj, &r.s}, {t.Pred, &r.p}, {t.Obj, &r.o}} {
		if c.term == nil || !sameTerm(c.term, c.x, v) {
			got := "nothing"
			if c.term != nil {
				got = c.term.Serialize(rdf.NTriples)
			}
			return fmt.Sprintf("the RDF reader read the %s of this triple as %s, where the scanner read %s; %s",
				[3]string{"subject", "predicate", "object"}[i], got, c.x.describe(v), bugNote)
		}
	}
	return ""
}

// sameTerm reports whether the decoded term k is the expected term x.
func sameTerm(k rdf.Term, x *xterm, v *strView) bool {
	switch x.kind {
	case KindIRI:
		i, ok := k.(rdf.IRI)
		return ok && concatEq(i.String(), v.get(x.a), v.get(x.b))
	case KindBlank:
		b, ok := k.(rdf.Blank)
		if !ok {
			return false
		}
		want := byte('u')
		if x.anon {
			want = 'b'
		}
		label := b.Serialize(rdf.NTriples)
		if len(label) < 4 || label[:2] != "_:" || label[2] != want || label[3] == '0' || label[3] == '+' {
			return false
		}
		n, err := strconv.ParseInt(label[3:], 10, 32)
		return err == nil && int32(n) == x.id
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
func (x *xterm) describe(v *strView) string {
	switch x.kind {
	case KindIRI:
		return "<" + v.get(x.a) + v.get(x.b) + ">"
	case KindBlank:
		if x.anon {
			return "_:b" + strconv.Itoa(int(x.id))
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
