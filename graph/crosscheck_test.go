package graph

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The graph is read from the strict scanner's records alone; with
// Options.CrossCheck, knakk/rdf also decodes a canonical rendering of
// every document and the document is refused where the two disagree. The
// tests below read documents both ways and require the same graph, at the
// same places, and the same errors: the scanner's records are what the
// RDF reader decodes.

// readBoth reads one document without and with the cross-check, and fails
// unless both give the same triples, places and errors, and the
// cross-check finds no disagreement. It returns the errors.
func readBoth(t *testing.T, name string, data []byte, workers int) []*Error {
	t.Helper()
	before := runtime.NumGoroutine()
	src := []Source{{Path: name, Data: data}}
	g, errs := Options{Workers: workers}.LoadSources(src)
	gc, errsc := Options{Workers: workers, CrossCheck: true}.LoadSources(src)
	checkNoLexerLeft(t, before)
	for _, e := range errsc {
		if strings.Contains(e.Msg, "seams-timers bug") {
			t.Fatalf("%s: the scanner and the RDF reader disagree: %v", name, e)
		}
	}
	if fmt.Sprint(errs) != fmt.Sprint(errsc) {
		t.Fatalf("%s: errors %v, with the cross-check %v", name, errs, errsc)
	}
	if a, b := placedLines(g), placedLines(gc); !slices.Equal(a, b) {
		t.Fatalf("%s: the cross-checked read differs:\n%s\n--\n%s", name, strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	if fmt.Sprint(g.Documents()) != fmt.Sprint(gc.Documents()) {
		t.Fatalf("%s: documents %v, with the cross-check %v", name, g.Documents(), gc.Documents())
	}
	return errs
}

// syntaxSuite returns the documents of the syntax suite, by name
// (dir/file, the file's extension kept).
func syntaxSuite(t testing.TB) map[string][]byte {
	docs := map[string][]byte{}
	for _, dir := range []string{"good", "bad", "eval"} {
		paths, _ := filepath.Glob(filepath.Join("testdata", "syntax", dir, "*"))
		for _, p := range paths {
			if !IsGraphPath(p) {
				continue
			}
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			docs[filepath.Join(dir, filepath.Base(p))] = data
		}
	}
	return docs
}

// corpus returns the documents of the syntax suite and of the fuzz
// target's corpus, by name.
func corpus(t testing.TB) map[string][]byte {
	docs := syntaxSuite(t)
	paths, _ := filepath.Glob(filepath.Join("testdata", "fuzz", "FuzzLoadGraph", "*"))
	for _, p := range paths {
		data, nt, ok := readFuzzEntry(p)
		if !ok {
			t.Fatalf("%s: not a corpus entry of ([]byte, bool)", p)
		}
		name := "fuzz-" + filepath.Base(p) + ".ttl"
		if nt {
			name = "fuzz-" + filepath.Base(p) + ".nt"
		}
		docs[name] = data
	}
	return docs
}

// readFuzzEntry reads a corpus file of FuzzLoadGraph: a []byte and a bool.
func readFuzzEntry(path string) (data []byte, nt, ok bool) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, false, false
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], "[]byte(") || !strings.HasSuffix(lines[1], ")") {
		return nil, false, false
	}
	s, err := strconv.Unquote(strings.TrimSuffix(strings.TrimPrefix(lines[1], "[]byte("), ")"))
	if err != nil {
		return nil, false, false
	}
	return []byte(s), lines[2] == "bool(true)", true
}

func TestCrossCheckCorpus(t *testing.T) {
	docs := corpus(t)
	if len(docs) < 100 {
		t.Fatalf("only %d documents", len(docs))
	}
	refused := 0
	for name, data := range docs {
		for _, workers := range []int{1, 2} {
			if len(readBoth(t, name, data, workers)) > 0 {
				refused++
			}
		}
	}
	// The bad documents are refused both ways, with the scanner's error.
	if refused == 0 {
		t.Fatalf("no document refused")
	}
}

func TestCrossCheckGenerated(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 100
	}
	for i := 0; i < n; i++ {
		g := &docGen{r: rand.New(rand.NewSource(int64(5000 + i)))}
		src := g.document()
		if errs := readBoth(t, "gen.ttl", []byte(src), 2); len(errs) > 0 {
			t.Fatalf("document %d refused: %v\n%s", i, errs[0], src)
		}
	}
	// Long documents, cut into many chunks: read on one goroutine, and
	// scanned on one while added on another.
	for i := 0; i < 5; i++ {
		g := &docGen{r: rand.New(rand.NewSource(int64(7000 + i)))}
		src := []byte(g.documentOf(300 + g.pick(600)))
		for _, workers := range []int{1, 2, 8} {
			if errs := readBoth(t, "gen.ttl", src, workers); len(errs) > 0 {
				t.Fatalf("long document %d refused: %v", i, errs[0])
			}
		}
	}
}

// TestCrossCheckTruncated reads long generated documents cut short at
// many places, so that the scanner's error falls in chunks after the
// first, read both ways.
func TestCrossCheckTruncated(t *testing.T) {
	g := &docGen{r: rand.New(rand.NewSource(99))}
	src := g.documentOf(600)
	for k := 1; k < 40; k++ {
		cut := len(src) * k / 40
		readBoth(t, "cut.ttl", []byte(src[:cut]), 2)
	}
}

// FuzzCrossCheck reads any document both ways: the same graph, places and
// errors, and no disagreement between the scanner and the RDF reader.
func FuzzCrossCheck(f *testing.F) {
	for name, data := range corpus(f) {
		f.Add(data, strings.HasSuffix(name, ".nt"))
	}
	for i := 0; i < 10; i++ {
		g := &docGen{r: rand.New(rand.NewSource(int64(1000 + i)))}
		f.Add([]byte(g.document()), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, nt bool) {
		name := "fuzz.ttl"
		if nt {
			name = "fuzz.nt"
		}
		readBoth(t, name, data, 2)
		chunkSize, parallelFinish = 64, 1
		defer func() { chunkSize, parallelFinish = defaultChunkSize, 1<<16 }()
		readBoth(t, name, data, 2)
	})
}
