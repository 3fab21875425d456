package graph

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/seams/seams-timers/internal/benchgen"
)

// writeModelsIndex writes the index graph that bench/memory.sh checks
// beside n models (bench/genmodels -index-only): five lifted elements and
// two container triples a model, each element an IRI of its own.
func writeModelsIndex(tb testing.TB, dir string, n int) string {
	tb.Helper()
	return writeFile(tb, dir, "index.ttl", benchgen.Index(n))
}

// footprint returns the bytes a graph holds, counted from the capacities
// of its parts, and of those the bytes of its term strings (a literal's
// attributes included).
func footprint(g *Graph) (total, strs int) {
	tt := g.terms
	total += cap(tt.ents)*8 + cap(tt.slots)*8 + cap(tt.chunks)*int(unsafe.Sizeof([]byte{}))
	for _, c := range tt.chunks {
		total += cap(c)
	}
	for id := range tt.len() {
		e := tt.ents[id]
		strs += len(tt.str(e))
		if entryKind(e) == KindLiteral {
			strs += attrSize
		}
	}
	ts := &g.triples
	total += cap(ts.segs) * int(unsafe.Sizeof([]stored{}))
	for _, s := range ts.segs {
		total += cap(s) * int(unsafe.Sizeof(stored{}))
	}
	total += cap(ts.bases)*int(unsafe.Sizeof(groupBase{})) + cap(ts.long)*int(unsafe.Sizeof(longPlace{}))
	total += 4 * (cap(g.subjStart) + cap(g.subjIdx) + cap(g.preds) + cap(g.predStart) + cap(g.poIdx))
	total += cap(g.docs) * int(unsafe.Sizeof(docInfo{}))
	for _, d := range g.docs {
		total += 4*cap(d.lines.bases) + 2*cap(d.lines.rel) + 4*cap(d.lines.wide)
	}
	return total, strs
}

// liveHeap returns the bytes of live heap after a collection.
func liveHeap() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

// TestRetainedBytes loads the index graph of bench/memory.sh's 20,000
// models (140,003 triples, 100,013 terms) and bounds what the graph keeps
// besides its term strings: 48 bytes a triple (it measures 46.7; the
// graph kept 67.7 before term entries, packed places, the predicate index
// by rank, the 16-bit line table and trimming). The heap the
// load leaves live is the graph's footprint: neither the document text
// nor the builder stays reachable.
func TestRetainedBytes(t *testing.T) {
	path := writeModelsIndex(t, t.TempDir(), 20000)
	before := liveHeap()
	g, errs := Load([]string{path})
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	retained := liveHeap() - before
	total, strs := footprint(g)
	if g.Len() != 140003 || g.numTerms() != 100013 {
		t.Fatalf("%d triples, %d term ids: the generated index changed", g.Len(), g.numTerms())
	}
	perTriple := float64(total-strs) / float64(g.Len())
	t.Logf("retained %d bytes (footprint %d, of which term strings %d): %.1f bytes a triple besides the strings", retained, total, strs, perTriple)
	if perTriple > 48 {
		t.Errorf("the graph keeps %.1f bytes a triple besides its term strings, want at most 48", perTriple)
	}
	// The collector's own accounting: the footprint, give or take the
	// size classes and what the runtime itself allocated meanwhile.
	if d := retained - int64(total); d > 256<<10+int64(total)/50 || d < -int64(total)/50 {
		t.Errorf("the load left %d bytes live, the graph's footprint is %d", retained, total)
	}
	runtime.KeepAlive(g)
}

// BenchmarkLoadModels20000 loads the index of bench/memory.sh's 20,000
// models (7 MB of Turtle), the graph of the memory goal, and
// reports what the graph keeps (retained-MiB, counted from its parts).
func BenchmarkLoadModels20000(b *testing.B) {
	path := writeModelsIndex(b, b.TempDir(), 20000)
	g, errs := Load([]string{path})
	if len(errs) > 0 {
		b.Fatal(errs[0])
	}
	total, _ := footprint(g)
	b.ReportMetric(float64(total)/(1<<20), "retained-MiB")
	benchmarkLoadFile(b, path)
}

// TestLineTable checks lineCol against a linear count of the lines, in
// documents of short lines, of lines that make a group span more than 64
// KiB (the wide table), with and without a BOM.
func TestLineTable(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, long := range []int{0, 3000, 70000} {
		for _, bom := range []int{0, 3} {
			var b strings.Builder
			if bom > 0 {
				b.WriteString("\ufeff")
			}
			for range 200 {
				n := r.Intn(60)
				if long > 0 && r.Intn(10) == 0 {
					n = long
				}
				b.WriteString(strings.Repeat("x", n))
				b.WriteByte('\n')
			}
			src := b.String()
			lt := newLineTable(src, bom)
			if wide := lt.wide != nil; wide != (long > 65535) {
				t.Errorf("long lines of %d: wide table %v", long, wide)
			}
			line, col := 1, 1
			for off := 0; off <= len(src); off++ {
				wl, wc := line, max(col-bom*boolInt(line == 1), 1)
				if gl, gc := lt.lineCol(off); gl != wl || gc != wc {
					t.Fatalf("long %d bom %d: lineCol(%d) = %d:%d, want %d:%d", long, bom, off, gl, gc, wl, wc)
				}
				if off < len(src) && src[off] == '\n' {
					line, col = line+1, 1
				} else {
					col++
				}
			}
		}
	}
	if l, c := (lineTable{}).lineCol(10); l != 1 || c != 1 {
		t.Errorf("empty table: %d:%d", l, c)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestTripleStorePlaces adds triples at random places (subjects written
// before their group's first, far apart, long terms), truncates the store
// and adds again, and reads every place back.
func TestTripleStorePlaces(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	var ts tripleStore
	var want []place
	off := int32(0)
	next := func() place {
		switch r.Intn(20) {
		case 0:
			off -= int32(r.Intn(200)) // a subject written earlier
			off = max(off, 0)
		case 1:
			off += int32(r.Intn(100000))
		default:
			off += int32(r.Intn(60))
		}
		pl := place{soff: off, slen: uint16(1 + r.Intn(80))}
		pl.voff = off + int32(r.Intn(80))
		pl.ooff = pl.voff + int32(r.Intn(80))
		if r.Intn(30) == 0 {
			pl.voff += int32(r.Intn(40000))
			pl.ooff = pl.voff + int32(r.Intn(40000))
		}
		pl.vlen, pl.olen = uint16(1+r.Intn(70)), uint16(1+r.Intn(70))
		if r.Intn(30) == 0 {
			pl.olen = uint16(1 + r.Intn(1000))
		}
		return pl
	}
	add := func(n int) {
		for range n {
			pl := next()
			i := uint32(len(want))
			ts.add(i, i+1, i+2, pl)
			want = append(want, pl)
		}
	}
	check := func(step string) {
		t.Helper()
		if ts.len() != len(want) {
			t.Fatalf("%s: %d triples, want %d", step, ts.len(), len(want))
		}
		for i, pl := range want {
			if got := ts.place(uint32(i)); got != pl {
				t.Fatalf("%s: place(%d) = %+v, want %+v", step, i, got, pl)
			}
			if s := ts.at(uint32(i)); s.s != uint32(i) || s.p != uint32(i)+1 || s.o != uint32(i)+2 {
				t.Fatalf("%s: triple %d is %+v", step, i, s)
			}
		}
	}
	add(40000)
	check("added")
	ts.truncate(20007)
	want = want[:20007]
	check("truncated")
	add(5000)
	ts.trim()
	check("added again and trimmed")
	if len(ts.long) == 0 || len(ts.long) > len(want)/2 {
		t.Errorf("%d long places of %d", len(ts.long), len(want))
	}
}

// TestTermEntries interns terms of every kind and size (empty literals,
// strings that take a chunk of their own, enough to fill many chunks) and
// reads them back, before and after trim.
func TestTermEntries(t *testing.T) {
	tt := newTermTable()
	type term struct {
		kind Kind
		v    string
		a    litAttr
	}
	var terms []term
	var ids []uint32
	dt := tt.intern(KindIRI, XSDString, litAttr{})
	terms, ids = append(terms, term{KindIRI, XSDString, litAttr{}}), append(ids, dt)
	en := tt.lang("en")
	for i := range 20000 {
		tm := term{kind: Kind(1 + i%3), v: fmt.Sprintf("v%d", i)}
		switch i % 97 {
		case 0:
			tm.v = strings.Repeat("long", 9000+i%7) // a chunk of its own
		case 1:
			tm.v = strings.Repeat("y", arenaMax/8-attrSize) // fits a chunk
		case 2:
			tm.kind, tm.v = KindLiteral, ""
		}
		if tm.kind == KindLiteral {
			tm.a = litAttr{dt: dt, lang: uint32(i%2) * en}
		}
		terms, ids = append(terms, tm), append(ids, tt.intern(tm.kind, tm.v, tm.a))
	}
	check := func(step string) {
		t.Helper()
		for k, tm := range terms {
			id := ids[k]
			if got := tt.intern(tm.kind, tm.v, tm.a); got != id {
				t.Fatalf("%s: %v %q is id %d, then %d", step, tm.kind, tm.v[:min(len(tm.v), 20)], id, got)
			}
			e := tt.ents[id]
			if tt.kind(id) != tm.kind || tt.str(e) != tm.v || (tm.kind == KindLiteral && tt.attr(e) != tm.a) {
				t.Fatalf("%s: id %d reads %v %q, want %v %q", step, id, tt.kind(id), tt.str(e)[:min(len(tt.str(e)), 20)], tm.kind, tm.v[:min(len(tm.v), 20)])
			}
			if tm.kind == KindLiteral {
				if tr := tt.term(id); tr.Datatype != XSDString || (tr.Lang == "en") != (tm.a.lang != 0) {
					t.Fatalf("%s: literal %d is %+v", step, id, tr)
				}
			}
		}
		// v4 is a blank node (term 5, after the datatype): looked up
		// under another kind, it is not found.
		if id, ok := tt.lookup(KindBlank, "v4", litAttr{}); !ok || id != ids[5] || terms[5].v != "v4" {
			t.Errorf("%s: blank node v4 looked up as %d, %v; want %d", step, id, ok, ids[5])
		}
		if _, ok := tt.lookup(KindIRI, "v4", litAttr{}); ok {
			t.Errorf("%s: v4 found as an IRI (it is a blank node)", step)
		}
	}
	n := tt.len()
	check("interned")
	tt.trim()
	check("trimmed")
	if tt.len() != n || cap(tt.ents) > len(tt.ents)+64 {
		t.Errorf("after trim: %d ids (was %d), capacity %d", tt.len(), n, cap(tt.ents))
	}
}

// TestRetainedTextNotKept: a graph read from a file keeps none of the
// file's bytes alive (its strings are copies).
func TestRetainedTextNotKept(t *testing.T) {
	dir := t.TempDir()
	// One large literal: if the text were kept, the heap would hold it
	// twice.
	path := filepath.Join(dir, "big.ttl")
	if err := os.WriteFile(path, []byte("<http://e/s> <http://e/p> \""+strings.Repeat("z", 4<<20)+"\" .\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := liveHeap()
	g, errs := Load([]string{path})
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	if d := liveHeap() - before; d > 5<<20 {
		t.Errorf("a graph of a 4 MiB literal keeps %d bytes live", d)
	}
	runtime.KeepAlive(g)
}

// TestListsPacked: the triples of long lists (a predicate's 2,000 objects,
// a subject's 2,000 predicates) keep their places packed, none in the
// table of long places, and read back where they were written.
func TestListsPacked(t *testing.T) {
	var b strings.Builder
	// list writes 2,000 items separated by sep, and returns the offset of
	// each.
	list := func(sep, item string) []int {
		var at []int
		for k := range 2000 {
			if k > 0 {
				b.WriteString(sep)
			}
			at = append(at, b.Len())
			fmt.Fprintf(&b, item, k)
		}
		return at
	}
	b.WriteString("@prefix e: <http://e/> .\ne:api e:executes ")
	objs := list(", ", "e:p%d")
	b.WriteString(" .\ne:s ")
	preds := list(" ;\n  ", "e:q%d e:o")
	b.WriteString(" .\n")
	g := parseOK(t, "lists.ttl", b.String())
	if len(g.triples.long) != 0 {
		t.Errorf("%d long places", len(g.triples.long))
	}
	tr := g.Triples()
	for k := range 2000 {
		if got := tr[k].Object.Start.Offset; got != objs[k] {
			t.Fatalf("object %d at %d, want %d", k, got, objs[k])
		}
		if got := tr[2000+k].Predicate.Start.Offset; got != preds[k] {
			t.Fatalf("predicate %d at %d, want %d", k, got, preds[k])
		}
	}
}

// BenchmarkLookupsModels20000 reads the graph of BenchmarkLoadModels20000
// as the join does: each model's lifted elements by subject, and whether
// each is typed, so that a change to how terms are kept shows in the cost
// of a lookup too.
func BenchmarkLookupsModels20000(b *testing.B) {
	path := writeModelsIndex(b, b.TempDir(), 20000)
	g, errs := Load([]string{path})
	if len(errs) > 0 {
		b.Fatal(errs[0])
	}
	base, err := FileIRI(filepath.Dir(path))
	if err != nil {
		b.Fatal(err)
	}
	base += "/"
	var subjects []Term
	for i := range 20000 {
		for _, el := range []string{"Process", "Start", "Review", "Remind", "Wait"} {
			subjects = append(subjects, NewIRI(fmt.Sprintf("%smodel%05d.bpmn#%s_%d", base, i, el, i)))
		}
	}
	class := NewIRI("https://w3id.org/seams/proc#TimerCatchEvent")
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		n, typed := 0, 0
		for _, s := range subjects {
			n += len(g.BySubject(s))
			if g.HasType(s, class) {
				typed++
			}
		}
		if n != len(subjects) || typed != 40000 {
			b.Fatalf("%d triples, %d typed", n, typed)
		}
	}
}
