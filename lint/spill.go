package lint

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"slices"
	"strconv"
	"sync"

	"github.com/seams/seams-timers/span"
)

// A check that streams (Runner.Stream) keeps its findings in memory up to
// spillBudget bytes (as estimated by diagnosticSize); past it, they are
// written to one temporary file in a compact encoding and read back when
// they are printed: the file rules' findings per file until the project's
// file order is known (rawStore), then, after the suppressions, the levels
// and the caller's filter, as sorted runs that are merged as the printers
// walk them (sorter, Findings). A run of a few findings never touches the
// disk.

// spillBudget is how many bytes of findings each stage keeps in memory
// before it writes them to disk; tests lower it.
var spillBudget = 1 << 20

// SpillBudgetEnv names the environment variable that, set to a number of
// bytes, replaces spillBudget for the checks that start after (a streaming runner reads it once): tests
// and bench/printers.sh make small budgets spill.
const SpillBudgetEnv = "SEAMS_TIMERS_SPILL_BUDGET"

// newSpillFile is the spill file of one streaming check, with its budget.
func newSpillFile() *spillFile {
	s := &spillFile{budget: spillBudget, fanIn: spillFanIn}
	if v, err := strconv.Atoi(os.Getenv(SpillBudgetEnv)); err == nil && v > 0 {
		s.budget = v
	}
	return s
}

// spillFanIn bounds the sorted runs merged at once, so that the read
// buffers of a merge grow only with the logarithm of the number of
// findings: fanIn runs of one level are merged into one of the next.
var spillFanIn = 32

// spillReadBuffer is the read buffer of each run being merged.
const spillReadBuffer = 32 << 10

// spillFile is the temporary file a stream spills to, created on first
// use and removed by Close. Extents are appended through a buffer and
// read back with ReadAt once flushed.
type spillFile struct {
	mu     sync.Mutex
	f      *os.File
	w      *bufio.Writer
	off    int64 // bytes written, buffered ones included
	closed bool
	// unlinked is set once the file's name is removed.
	unlinked bool
	// budget and fanIn are spillBudget and spillFanIn for this check.
	budget, fanIn int
}

// spillTempDir is where the temporary files go ("" for os.TempDir);
// tests point it at a directory of their own.
var spillTempDir = ""

// extent is a sequence of encoded findings in a spillFile.
type extent struct {
	at, size int64
	count    int
}

// appendRecords writes ds as one extent.
func (s *spillFile) appendRecords(ds []Diagnostic) (extent, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return extent{}, errors.New("findings: the spill file is closed")
	}
	if s.f == nil {
		f, err := os.CreateTemp(spillTempDir, "seams-timers-findings-*")
		if err != nil {
			return extent{}, fmt.Errorf("findings: %w", err)
		}
		s.f, s.w = f, bufio.NewWriterSize(f, 64<<10)
		// Where the system lets an open file be removed (not Windows),
		// it goes at once: nothing is left behind, however the process
		// ends.
		s.unlinked = os.Remove(f.Name()) == nil
	}
	e := extent{at: s.off, count: len(ds)}
	var buf []byte
	for i := range ds {
		buf = appendRecord(buf[:0], &ds[i])
		n, err := s.w.Write(buf)
		s.off += int64(n)
		if err != nil {
			return extent{}, fmt.Errorf("findings: writing %s: %w", s.f.Name(), err)
		}
	}
	e.size = s.off - e.at
	return e, nil
}

// flush makes every extent written so far readable.
func (s *spillFile) flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.w == nil {
		return nil
	}
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("findings: writing %s: %w", s.f.Name(), err)
	}
	return nil
}

// read returns the findings of an extent, one at a time; the file must
// have been flushed since the extent was written.
//
//go:noinline
func (s *spillFile) read(e extent) iter.Seq2[Diagnostic, error] {
	return func(yield func(Diagnostic, error) bool) {
		if e.count == 0 {
			return
		}
		r := newRecordReader(io.NewSectionReader(s.f, e.at, e.size))
		for range e.count {
			var d Diagnostic
			if err := r.read(&d); err != nil {
				yield(Diagnostic{}, fmt.Errorf("findings: reading %s back: %w", s.f.Name(), err))
				return
			}
			if !yield(d, nil) {
				return
			}
		}
	}
}

// Close removes the temporary file, if one was made.
func (s *spillFile) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	if s.f == nil {
		return nil
	}
	name := s.f.Name()
	err := s.f.Close()
	if !s.unlinked {
		if rerr := os.Remove(name); err == nil {
			err = rerr
		}
	}
	s.f, s.w = nil, nil
	return err
}

// diagnosticSize estimates the bytes a finding holds in memory.
func diagnosticSize(d *Diagnostic) int {
	n := 320 + len(d.Rule) + len(d.Name) + len(d.File) + len(d.Element) + len(d.Subject) +
		len(d.Predicate) + len(d.Message) + len(d.Detail) + len(d.What)
	for _, r := range d.Related {
		n += 80 + len(r.Range.File) + len(r.Label)
	}
	if d.Fix != nil {
		n += 64 + len(d.Fix.Message)
		for _, e := range d.Fix.Edits {
			n += 48 + len(e.NewText)
		}
	}
	if d.excerpt != nil {
		n += 48 + len(d.excerpt.text)
	}
	return n
}

// The encoding of one finding: every field in the order of the struct,
// integers as varints and strings as their length and bytes.

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendInt(b []byte, n int) []byte { return binary.AppendVarint(b, int64(n)) }

func appendPos(b []byte, p span.Pos) []byte {
	return appendInt(appendInt(appendInt(b, p.Offset), p.Line), p.Col)
}

func appendRecord(b []byte, d *Diagnostic) []byte {
	for _, s := range []string{d.Rule, d.Name} {
		b = appendString(b, s)
	}
	b = appendInt(b, int(d.Severity))
	b = appendString(b, d.File)
	for _, n := range []int{d.Line, d.Column, d.EndLine, d.EndColumn} {
		b = appendInt(b, n)
	}
	for _, s := range []string{d.Element, d.Subject, d.Predicate, d.Message, d.Detail, d.What} {
		b = appendString(b, s)
	}
	b = appendInt(appendInt(b, d.Offset), d.EndOffset)
	b = binary.AppendUvarint(b, uint64(len(d.Related)))
	for _, r := range d.Related {
		b = appendString(b, r.Range.File)
		b = appendPos(appendPos(b, r.Range.Start), r.Range.End)
		b = appendString(b, r.Label)
	}
	if d.Fix == nil {
		b = append(b, 0)
	} else {
		b = append(b, 1)
		b = appendString(b, d.Fix.Message)
		b = binary.AppendUvarint(b, uint64(len(d.Fix.Edits)))
		for _, e := range d.Fix.Edits {
			b = appendString(appendInt(appendInt(b, e.Offset), e.End), e.NewText)
		}
	}
	switch x := d.excerpt; {
	case x == nil:
		b = append(b, 0)
	case !x.ok:
		b = append(b, 1)
	default:
		b = append(b, 2)
		b = appendString(b, x.text)
		b = appendInt(appendInt(b, x.pad), x.width)
	}
	return b
}

// recordReader decodes findings; it keeps the last file name it read, so
// that the findings of one file share its string.
type recordReader struct {
	r        *bufio.Reader
	err      error
	lastFile string
}

func newRecordReader(r io.Reader) *recordReader {
	return &recordReader{r: bufio.NewReaderSize(r, spillReadBuffer)}
}

func (rr *recordReader) uint() uint64 {
	if rr.err != nil {
		return 0
	}
	n, err := binary.ReadUvarint(rr.r)
	if err != nil {
		rr.err = err
	}
	return n
}

func (rr *recordReader) int() int {
	if rr.err != nil {
		return 0
	}
	n, err := binary.ReadVarint(rr.r)
	if err != nil {
		rr.err = err
	}
	return int(n)
}

func (rr *recordReader) byte() byte {
	if rr.err != nil {
		return 0
	}
	c, err := rr.r.ReadByte()
	if err != nil {
		rr.err = err
	}
	return c
}

// maxSpilledString bounds a string read back: a longer length is a
// corrupt file, not an allocation to make.
const maxSpilledString = MaxInputSize + 1<<20

func (rr *recordReader) string() string {
	n := rr.uint()
	if rr.err != nil || n == 0 {
		return ""
	}
	return rr.bytes(n)
}

// bytes reads n bytes as a string, n bounded by maxSpilledString.
func (rr *recordReader) bytes(n uint64) string {
	if n > maxSpilledString {
		rr.err = errors.New("corrupt record")
		return ""
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(rr.r, b); err != nil {
		rr.err = err
		return ""
	}
	return string(b)
}

// file reads a file name, sharing the previous one's string when equal.
func (rr *recordReader) file() string {
	n := rr.uint()
	if rr.err != nil || n == 0 {
		return ""
	}
	if int(n) == len(rr.lastFile) && int(n) <= rr.r.Size() {
		if p, err := rr.r.Peek(int(n)); err == nil && string(p) == rr.lastFile {
			_, _ = rr.r.Discard(int(n))
			return rr.lastFile
		}
	}
	rr.lastFile = rr.bytes(n) // "" on an error
	return rr.lastFile
}

func (rr *recordReader) pos() span.Pos {
	var p span.Pos
	p.Offset = rr.int()
	p.Line = rr.int()
	p.Col = rr.int()
	return p
}

// count reads a list's length, bounded so that a corrupt file does not
// make a huge allocation.
func (rr *recordReader) count() int {
	n := rr.uint()
	if n > 1<<24 {
		rr.err = errors.New("corrupt record")
		return 0
	}
	return int(n)
}

func (rr *recordReader) read(d *Diagnostic) error {
	d.Rule = rr.string()
	d.Name = rr.string()
	d.Severity = Severity(rr.int())
	d.File = rr.file()
	d.Line, d.Column, d.EndLine, d.EndColumn = rr.int(), rr.int(), rr.int(), rr.int()
	d.Element = rr.string()
	d.Subject = rr.string()
	d.Predicate = rr.string()
	d.Message = rr.string()
	d.Detail = rr.string()
	d.What = rr.string()
	d.Offset, d.EndOffset = rr.int(), rr.int()
	if n := rr.count(); n > 0 && rr.err == nil {
		d.Related = make([]Related, n)
		for i := range d.Related {
			r := &d.Related[i]
			r.Range.File = rr.file()
			r.Range.Start = rr.pos()
			r.Range.End = rr.pos()
			r.Label = rr.string()
		}
	}
	if rr.byte() == 1 {
		d.Fix = &Fix{Message: rr.string()}
		if n := rr.count(); n > 0 && rr.err == nil {
			d.Fix.Edits = make([]Edit, n)
			for i := range d.Fix.Edits {
				e := &d.Fix.Edits[i]
				e.Offset, e.End = rr.int(), rr.int()
				e.NewText = rr.string()
			}
		}
	}
	switch rr.byte() {
	case 1:
		d.excerpt = &excerpt{}
	case 2:
		x := &excerpt{ok: true, text: rr.string()}
		x.pad, x.width = rr.int(), rr.int()
		d.excerpt = x
	}
	if errors.Is(rr.err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return rr.err
}

// segment is the findings of one file (or one project rule), in the order
// they were reported: extents on disk, then what is still in memory.
type segment struct {
	disk []extent
	mem  []Diagnostic
	size int // estimated bytes of mem
}

// rawStore keeps the findings of each file until the project's file order
// is known, within spillBudget bytes of memory shared by every segment.
type rawStore struct {
	tmp  *spillFile
	mu   sync.Mutex
	held int // estimated bytes in memory, every segment's
}

// spillChunk is the least a growing segment writes at once when the
// budget is spent, so that it is not written a finding at a time.
const spillChunk = 64 << 10

// add appends a finding to a segment being built by one goroutine.
func (rs *rawStore) add(s *segment, d Diagnostic) error {
	n := diagnosticSize(&d)
	s.mem = append(s.mem, d)
	s.size += n
	rs.mu.Lock()
	rs.held += n
	over := rs.held > rs.tmp.budget && s.size >= min(spillChunk, rs.tmp.budget)
	rs.mu.Unlock()
	if over {
		return rs.spill(s)
	}
	return nil
}

// seal ends a segment's filling: past the budget, what it holds goes to
// disk, so that the segments kept in memory stay within the budget while
// each being filled holds at most spillChunk bytes more.
func (rs *rawStore) seal(s *segment) error {
	rs.mu.Lock()
	over := rs.held > rs.tmp.budget
	rs.mu.Unlock()
	if over {
		return rs.spill(s)
	}
	return nil
}

// spill writes what a segment holds in memory to disk.
func (rs *rawStore) spill(s *segment) error {
	if len(s.mem) == 0 {
		return nil
	}
	e, err := rs.tmp.appendRecords(s.mem)
	if err != nil {
		return err
	}
	s.disk = append(s.disk, e)
	rs.release(s)
	return nil
}

// release forgets what a segment holds in memory.
func (rs *rawStore) release(s *segment) {
	rs.mu.Lock()
	rs.held -= s.size
	rs.mu.Unlock()
	s.mem, s.size = nil, 0
}

// truncate drops every finding of s after the first n, for a rule that
// panicked after reporting some (nil: nothing to drop).
func (rs *rawStore) truncate(s *segment, n int) {
	if s == nil {
		return
	}
	for i := range s.disk {
		if n <= s.disk[i].count {
			// A reader stops after count findings: the rest of the
			// extent is dead space.
			s.disk[i].count = n
			s.disk = s.disk[:i+1]
			n = 0
			break
		}
		n -= s.disk[i].count
	}
	if n < len(s.mem) {
		cut := 0
		for i := n; i < len(s.mem); i++ {
			cut += diagnosticSize(&s.mem[i])
		}
		clear(s.mem[n:])
		s.mem = s.mem[:n]
		s.size -= cut
		rs.mu.Lock()
		rs.held -= cut
		rs.mu.Unlock()
	}
}

// len counts a segment's findings (none in nil: a file no rule has
// reported on yet has no segment).
func (s *segment) len() int {
	if s == nil {
		return 0
	}
	n := len(s.mem)
	for _, e := range s.disk {
		n += e.count
	}
	return n
}

// each yields a segment's findings in order and releases them.
func (rs *rawStore) each(s *segment, yield func(Diagnostic) error) error {
	if len(s.disk) > 0 {
		if err := rs.tmp.flush(); err != nil {
			return err
		}
	}
	for _, e := range s.disk {
		for d, err := range rs.tmp.read(e) {
			if err != nil {
				return err
			}
			if err := yield(d); err != nil {
				return err
			}
		}
	}
	s.disk = nil
	mem := s.mem
	rs.release(s)
	for _, d := range mem {
		if err := yield(d); err != nil {
			return err
		}
	}
	return nil
}

// sorter sorts findings that may not fit in memory: runs of up to
// spillBudget bytes are sorted (stably) and written to disk, and merged
// at the end, a tie going to the earlier run, so that the order is that
// of a stable sort of everything added.
type sorter struct {
	tmp   *spillFile
	chunk []Diagnostic
	size  int
	runs  []extent
	// levels are the runs' levels: how many merges made each.
	levels []int
	// written counts the runs sorted in memory and written.
	written int
	stats   findingStats
}

func (s *sorter) add(d Diagnostic) error {
	s.stats.add(&d)
	s.size += diagnosticSize(&d)
	s.chunk = append(s.chunk, d)
	if s.size <= s.tmp.budget {
		return nil
	}
	Sort(s.chunk)
	e, err := s.tmp.appendRecords(s.chunk)
	if err != nil {
		return err
	}
	clear(s.chunk)
	s.chunk, s.size = s.chunk[:0], 0
	s.runs = append(s.runs, e)
	s.levels = append(s.levels, 0)
	s.written++
	// As in a counter of base fanIn, fanIn runs of one level at the end
	// become one run of the next level, in their place: a finding is
	// written again once per level, and the runs a merge reads stay
	// within fanIn per level.
	for {
		n, last := len(s.runs), len(s.levels)-1
		if n < s.tmp.fanIn || s.levels[n-s.tmp.fanIn] != s.levels[last] {
			return nil
		}
		if err := s.tmp.flush(); err != nil {
			return err
		}
		merged, err := s.tmp.merge(s.runs[n-s.tmp.fanIn:])
		if err != nil {
			return err
		}
		level := s.levels[last] + 1
		s.runs = append(s.runs[:n-s.tmp.fanIn], merged)
		s.levels = append(s.levels[:n-s.tmp.fanIn], level)
	}
}

// finish sorts what is in memory and returns the findings, which own the
// temporary file from then on.
func (s *sorter) finish() (*Findings, error) {
	Sort(s.chunk)
	if err := s.tmp.flush(); err != nil {
		return nil, err
	}
	fs := &Findings{tmp: s.tmp, runs: s.runs, mem: s.chunk, stats: s.stats, sorted: true}
	s.chunk, s.runs = nil, nil
	return fs, nil
}

// merge writes the merge of runs (flushed) as one extent.
func (s *spillFile) merge(runs []extent) (extent, error) {
	const batch = 256
	var out extent
	first := true
	buf := make([]Diagnostic, 0, batch)
	write := func() error {
		e, err := s.appendRecords(buf)
		if err != nil {
			return err
		}
		if first {
			out, first = e, false
		} else {
			out.size += e.size
			out.count += e.count
		}
		clear(buf)
		buf = buf[:0]
		return nil
	}
	for d, err := range mergeRuns(s, runs, nil) {
		if err != nil {
			return extent{}, err
		}
		buf = append(buf, d)
		if len(buf) == batch {
			if err := write(); err != nil {
				return extent{}, err
			}
		}
	}
	if err := write(); err != nil {
		return extent{}, err
	}
	return out, nil
}

// mergeRuns yields the findings of sorted runs (and, last, a sorted slice
// in memory) in order, a tie going to the earlier run.
//
//go:noinline
func mergeRuns(tmp *spillFile, runs []extent, mem []Diagnostic) iter.Seq2[Diagnostic, error] {
	return func(yield func(Diagnostic, error) bool) {
		type head struct {
			d    Diagnostic
			run  int
			next func() (Diagnostic, error, bool)
			stop func()
		}
		var h []*head
		defer func() {
			for _, x := range h {
				x.stop()
			}
		}()
		less := func(a, b *head) bool {
			if c := compareDiagnostics(a.d, b.d); c != 0 {
				return c < 0
			}
			return a.run < b.run
		}
		push := func(x *head) {
			h = append(h, x)
			for i := len(h) - 1; i > 0; {
				p := (i - 1) / 2
				if !less(h[i], h[p]) {
					break
				}
				h[i], h[p] = h[p], h[i]
				i = p
			}
		}
		down := func() {
			for i := 0; ; {
				l, r, m := 2*i+1, 2*i+2, i
				if l < len(h) && less(h[l], h[m]) {
					m = l
				}
				if r < len(h) && less(h[r], h[m]) {
					m = r
				}
				if m == i {
					return
				}
				h[i], h[m] = h[m], h[i]
				i = m
			}
		}
		seqs := make([]iter.Seq2[Diagnostic, error], 0, len(runs)+1)
		for _, e := range runs {
			seqs = append(seqs, tmp.read(e))
		}
		if len(mem) > 0 {
			seqs = append(seqs, func(yield func(Diagnostic, error) bool) {
				for _, d := range mem {
					if !yield(d, nil) {
						return
					}
				}
			})
		}
		for i, seq := range seqs {
			next, stop := iter.Pull2(seq)
			x := &head{run: i, next: func() (Diagnostic, error, bool) { d, err, ok := next(); return d, err, ok }, stop: stop}
			d, err, ok := x.next()
			if err != nil {
				stop()
				yield(Diagnostic{}, err)
				return
			}
			if !ok {
				stop()
				continue
			}
			x.d = d
			push(x)
		}
		for len(h) > 0 {
			top := h[0]
			if !yield(top.d, nil) {
				return
			}
			d, err, ok := top.next()
			if err != nil {
				yield(Diagnostic{}, err)
				return
			}
			if ok {
				top.d = d
			} else {
				top.stop()
				h[0] = h[len(h)-1]
				h = h[:len(h)-1]
			}
			down()
		}
	}
}

// findingStats are what the printers need to know of the findings before
// they walk them: the counts by severity, and the files and rules named.
type findingStats struct {
	n, errs, warns, infos int
	files                 map[string]struct{}
	rules                 map[string]struct{}
}

func (s *findingStats) add(d *Diagnostic) {
	s.n++
	switch d.Severity {
	case SeverityError:
		s.errs++
	case SeverityWarning:
		s.warns++
	case SeverityInfo:
		s.infos++
	}
	if s.files == nil {
		s.files, s.rules = map[string]struct{}{}, map[string]struct{}{}
	}
	s.files[d.File] = struct{}{}
	s.rules[d.Rule] = struct{}{}
}

// Findings are the findings of a check, sorted, which may not all be in
// memory: a printer walks them with All, as many times as it needs. Close
// removes what they wrote to disk.
type Findings struct {
	tmp    *spillFile
	runs   []extent
	mem    []Diagnostic
	stats  findingStats
	sorted bool
	// prefix is the --path-prefix the files are named with (PrefixPaths),
	// applied as they are read.
	prefix string
}

// Len is the number of findings.
func (fs *Findings) Len() int { return fs.stats.n }

// Counts returns the number of errors, warnings and infos.
func (fs *Findings) Counts() (errs, warns, infos int) {
	return fs.stats.errs, fs.stats.warns, fs.stats.infos
}

// Spilled reports whether some findings were written to disk.
func (fs *Findings) Spilled() bool { return len(fs.runs) > 0 }

// All yields the findings in order.
//
//go:noinline
func (fs *Findings) All() iter.Seq2[Diagnostic, error] {
	var seq iter.Seq2[Diagnostic, error]
	if len(fs.runs) == 0 {
		// All in memory: no merge.
		seq = func(yield func(Diagnostic, error) bool) {
			for _, d := range fs.mem {
				if !yield(d, nil) {
					return
				}
			}
		}
	} else {
		seq = mergeRuns(fs.tmp, fs.runs, fs.mem)
	}
	if fs.prefix == "" {
		return seq
	}
	return func(yield func(Diagnostic, error) bool) {
		for d, err := range seq {
			if err == nil {
				d = prefixDiagnostic(fs.prefix, d)
			}
			if !yield(d, err) || err != nil {
				return
			}
		}
	}
}

// Close removes the temporary file the findings were spilled to.
func (fs *Findings) Close() error {
	if fs == nil || fs.tmp == nil {
		return nil
	}
	return fs.tmp.Close()
}

// withPrefix returns the findings with their files named with prefix (a
// cleaned --path-prefix). They stay sorted when the prefix keeps the files
// in order; otherwise sortedFindings sorts them again, as
// sortedDiagnostics sorts a report PrefixPaths reordered.
func (fs *Findings) withPrefix(prefix string) *Findings {
	out := *fs
	out.prefix = prefix
	files := make([]string, 0, len(fs.stats.files))
	for f := range fs.stats.files {
		files = append(files, f)
	}
	slices.Sort(files)
	out.stats.files = make(map[string]struct{}, len(files))
	for i, f := range files {
		p := prefixed(prefix, f)
		if _, dup := out.stats.files[p]; dup || i > 0 && p <= prefixed(prefix, files[i-1]) {
			out.sorted = false
		}
		out.stats.files[p] = struct{}{}
	}
	return &out
}

// sortFindings sorts findings through a sorter of their own (sharing the
// temporary file), for a stream that is not in order.
func sortFindings(tmp *spillFile, seq iter.Seq2[Diagnostic, error]) (*Findings, error) {
	s := &sorter{tmp: tmp}
	for d, err := range seq {
		if err != nil {
			return nil, err
		}
		if err := s.add(d); err != nil {
			return nil, err
		}
	}
	return s.finish()
}
