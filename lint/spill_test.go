package lint

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/seams/seams-timers/span"
)

// randomFinding is a finding with every field the encoding carries, drawn
// so that many share a sort key and differ in the rest (a stable sort's
// ties).
func randomFinding(r *rand.Rand, i int) Diagnostic {
	d := Diagnostic{
		Rule:      fmt.Sprintf("TMR%04d", 1000+r.IntN(3)),
		Name:      []string{"", "a-rule", RuleErrorName}[r.IntN(3)],
		Severity:  Severity(1 + r.IntN(3)),
		File:      []string{"a.bpmn", "b/c.bpmn", "", "/abs/x.ttl", "é.bpmn"}[r.IntN(5)],
		Line:      r.IntN(4),
		Column:    r.IntN(3),
		EndLine:   r.IntN(4),
		EndColumn: r.IntN(3) - 1,
		Element:   fmt.Sprint("E", r.IntN(2)),
		Subject:   "s",
		Predicate: "p",
		Message:   []string{"m", "m\x00\n\"x\"", ""}[r.IntN(3)],
		Detail:    fmt.Sprint("detail ", i),
		What:      "w",
		Offset:    r.IntN(100) - 1,
		EndOffset: r.IntN(100),
	}
	if r.IntN(3) == 0 {
		d.Related = []Related{{Range: span.Range{File: d.File, Start: span.Pos{Offset: 1, Line: 2, Col: 3}, End: span.Pos{Offset: 4, Line: 5, Col: 6}}, Label: "l"}}
	}
	if r.IntN(4) == 0 {
		d.Fix = &Fix{Message: "fix", Edits: []Edit{{Offset: 1, End: 2, NewText: "n"}}}
	}
	switch r.IntN(3) {
	case 1:
		d.excerpt = &excerpt{}
	case 2:
		d.excerpt = &excerpt{ok: true, text: "    <x>", pad: 2, width: 3}
	}
	return d
}

// TestSorterIsAStableSort holds the spilling sorter, with budgets from one
// byte (a run per finding, merges past the fan-in of 2) to all in memory,
// to slices.SortStableFunc of the same findings, field by field (the
// encoding round-trips every field).
func TestSorterIsAStableSort(t *testing.T) {
	spillTempDir = t.TempDir()
	t.Cleanup(func() { spillTempDir = "" })
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 300} {
		in := make([]Diagnostic, n)
		for i := range in {
			in[i] = randomFinding(r, i)
		}
		want := slices.Clone(in)
		Sort(want)
		for _, budget := range []int{1, 2000, 1 << 30} {
			tmp := &spillFile{budget: budget, fanIn: 2}
			s := &sorter{tmp: tmp}
			for _, d := range in {
				if err := s.add(d); err != nil {
					t.Fatal(err)
				}
			}
			fs, err := s.finish()
			if err != nil {
				t.Fatal(err)
			}
			if budget == 1<<30 && fs.Spilled() {
				t.Errorf("n=%d: spilled within the budget", n)
			}
			if budget == 1 && n > 1 && !fs.Spilled() {
				t.Errorf("n=%d: nothing spilled past the budget", n)
			}
			for pass := range 2 { // walked twice, as two outputs do
				var got []Diagnostic
				for d, err := range fs.All() {
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, d)
				}
				if !reflect.DeepEqual(got, want) && (len(got) != 0 || len(want) != 0) {
					t.Fatalf("n=%d budget=%d pass %d: the merge differs from a stable sort", n, budget, pass)
				}
			}
			if fs.Len() != n {
				t.Errorf("Len = %d, want %d", fs.Len(), n)
			}
			errs, warns, infos := fs.Counts()
			we, ww, wi := countSeverities(in)
			if errs != we || warns != ww || infos != wi {
				t.Errorf("Counts = %d %d %d, want %d %d %d", errs, warns, infos, we, ww, wi)
			}
			if left, _ := os.ReadDir(spillTempDir); runtime.GOOS != "windows" && len(left) > 0 {
				// The file's name is removed as soon as it is created,
				// so that a crash leaves nothing behind.
				t.Fatalf("n=%d budget=%d: the spill file still has a name while open: %v", n, budget, left)
			}
			if err := fs.Close(); err != nil {
				t.Fatal(err)
			}
			if left, _ := os.ReadDir(spillTempDir); len(left) > 0 {
				t.Fatalf("left behind: %v", left)
			}
		}
	}
}

// TestRawStoreKeepsOrderAndBudget fills segments from several goroutines'
// worth of files past the budget, truncates one as a panicking rule does,
// and reads each back in order; what the store holds in memory never
// passes the budget by more than one chunk per segment being filled.
func TestRawStoreKeepsOrderAndBudget(t *testing.T) {
	spillTempDir = t.TempDir()
	t.Cleanup(func() { spillTempDir = "" })
	r := rand.New(rand.NewPCG(3, 4))
	const budget = 1 << 14
	rs := &rawStore{tmp: &spillFile{budget: budget, fanIn: 4}}
	defer rs.tmp.Close()
	segs := make([]*segment, 20)
	want := make([][]Diagnostic, len(segs))
	peak := 0
	for i := range segs {
		segs[i] = &segment{}
		for j := range 200 {
			d := randomFinding(r, j)
			if err := rs.add(segs[i], d); err != nil {
				t.Fatal(err)
			}
			want[i] = append(want[i], d)
			peak = max(peak, rs.held)
		}
		if err := rs.seal(segs[i]); err != nil {
			t.Fatal(err)
		}
	}
	rs.truncate(segs[3], 150)
	want[3] = want[3][:150]
	rs.truncate(segs[4], 10)
	want[4] = want[4][:10]
	if peak > budget+spillChunk {
		t.Errorf("held %d bytes in memory, budget %d", peak, budget)
	}
	for i, s := range segs {
		if s.len() != len(want[i]) {
			t.Errorf("segment %d: len %d, want %d", i, s.len(), len(want[i]))
		}
		var got []Diagnostic
		if err := rs.each(s, func(d Diagnostic) error { got = append(got, d); return nil }); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want[i]) {
			t.Fatalf("segment %d read back differs", i)
		}
	}
	if rs.held != 0 {
		t.Errorf("still held: %d bytes", rs.held)
	}
}

// TestSorterMemoryFlat counts what the sorter holds in memory as the
// findings grow tenfold: its chunk stays within the budget and the runs it
// within the fan-in for each level of merges (two levels here).
func TestSorterMemoryFlat(t *testing.T) {
	spillTempDir = t.TempDir()
	t.Cleanup(func() { spillTempDir = "" })
	r := rand.New(rand.NewPCG(5, 6))
	const budget, fanIn = 1 << 15, 4
	for _, n := range []int{2000, 20000} {
		s := &sorter{tmp: &spillFile{budget: budget, fanIn: fanIn}}
		peakChunk, peakRuns := 0, 0
		for i := range n {
			if err := s.add(randomFinding(r, i)); err != nil {
				t.Fatal(err)
			}
			peakChunk = max(peakChunk, s.size)
			peakRuns = max(peakRuns, len(s.runs))
		}
		// fanIn-1 runs at most of each level, and the levels are the
		// digits of the number of runs written, in base fanIn.
		levels := 1
		for k := s.written; k >= fanIn; k /= fanIn {
			levels++
		}
		if peakChunk > budget+2048 || peakRuns > (fanIn-1)*levels+1 || s.written < n/1000 {
			t.Errorf("n=%d: chunk of %d bytes (budget %d), %d runs of %d written (fan-in %d)", n, peakChunk, budget, peakRuns, s.written, fanIn)
		}
		fs, err := s.finish()
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		for _, err := range fs.All() {
			if err != nil {
				t.Fatal(err)
			}
			k++
		}
		if k != n {
			t.Errorf("read %d findings back, want %d", k, n)
		}
		fs.Close()
	}
}

// TestPrefixKeepsOrderOrNot: a prefix that moves the relative files before
// the absolute ones leaves the findings unsorted (the sorting printers sort
// them again), and one that keeps the order leaves them sorted.
func TestPrefixKeepsOrderOrNot(t *testing.T) {
	spillTempDir = t.TempDir()
	t.Cleanup(func() { spillTempDir = "" })
	s := &sorter{tmp: &spillFile{budget: 1, fanIn: 2}}
	for _, f := range []string{"d.bpmn", "/abs/b.bpmn", "c.bpmn"} {
		if err := s.add(Diagnostic{Rule: "TMR1005", Severity: SeverityError, File: f, Line: 1, Column: 1}); err != nil {
			t.Fatal(err)
		}
	}
	fs, err := s.finish()
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Close()
	if !fs.withPrefix("z").sorted {
		t.Error(`prefix "z" keeps the order, and the findings claim not to be sorted`)
	}
	if fs.withPrefix("-x").sorted {
		t.Error(`prefix "-x": c.bpmn becomes -x/c.bpmn, before /abs/b.bpmn, and the findings still claim to be sorted`)
	}
	r := &Report{Findings: fs.withPrefix("-x")}
	l, err := sortedFindings(r)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for d, err := range l.all() {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, d.File)
	}
	if want := []string{"-x/c.bpmn", "-x/d.bpmn", "/abs/b.bpmn"}; !slices.Equal(got, want) {
		t.Errorf("sorted again: %v, want %v", got, want)
	}
}
