package lsp

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/seams/seams-timers/internal/benchgen"
	"github.com/seams/seams-timers/internal/engines"
)

// TestIncrementalMatchesFullCheck applies random edit sequences to a
// project of models and an index graph (timers inserted and deleted,
// expressions changed, ids renamed, the graph edited, buffers opened and
// closed, models created, changed and deleted on disk with
// didChangeWatchedFiles), and after each step holds the diagnostics the
// server published for every open buffer (its session keeping the
// parsed models and graph between checks) to those of a fresh check of
// the same contents with nothing kept.
func TestIncrementalMatchesFullCheck(t *testing.T) {
	seeds := []uint64{1, 2, 3}
	steps := 60
	if testing.Short() {
		seeds, steps = seeds[:2], 40
	}
	codes := map[string]int{}
	for _, seed := range seeds {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			for code, n := range incrementalRun(t, seed, steps) {
				codes[code] += n
			}
		})
	}
	// The sequences reach the join's findings on both sides, not only
	// the models' own.
	for _, code := range []string{"TMR0004", "TMR1004", "TMR3001", "TMR3003", "TMR0012"} {
		if codes[code] == 0 {
			t.Errorf("no %s among the diagnostics compared: %v", code, codes)
		}
	}
}

// incState is the client's side of a random session: the project on
// disk and the open buffers.
type incState struct {
	t       *testing.T
	c       *client
	rng     *rand.Rand
	dir     string
	models  int               // the graph names model00000 ... model<models-1>
	open    map[string]string // path -> text
	version map[string]int
	latest  map[string]publishDiagnosticsParams // by URI
	fresh   int
	codes   map[string]int // the codes of the diagnostics compared
}

// incrementalRun runs one random session and returns the codes of the
// diagnostics compared, with their counts.
func incrementalRun(t *testing.T, seed uint64, steps int) map[string]int {
	dir := t.TempDir()
	st := &incState{t: t, rng: rand.New(rand.NewPCG(seed, 27)), dir: dir, models: 6,
		open: map[string]string{}, version: map[string]int{}, latest: map[string]publishDiagnosticsParams{},
		codes: map[string]int{}}
	// Five models on disk; the graph names a sixth, missing at first.
	for i := range st.models - 1 {
		st.write(st.model(i), benchgen.Model(i))
	}
	var idx strings.Builder
	if _, err := benchgen.WriteIndex(&idx, st.models, 0); err != nil {
		t.Fatal(err)
	}
	st.write(filepath.Join(dir, "index.ttl"), idx.String())
	// A directory with a graph of its own: its models join with it, the
	// others with the first (the session keeps both).
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	idx.Reset()
	if _, err := benchgen.WriteIndex(&idx, 2, 0); err != nil {
		t.Fatal(err)
	}
	st.write(filepath.Join(sub, "index.ttl"), idx.String())
	st.write(filepath.Join(sub, "model00000.bpmn"), benchgen.Model(0))
	st.write(filepath.Join(sub, "model00001.bpmn"), strings.Replace(benchgen.Model(1), `>"PT1H"<`, `>"P1M"<`, 1))
	// A directory with no graph at first: its model joins with the graph
	// above it until one is written beside it (writeGraph).
	if err := os.Mkdir(filepath.Join(dir, "lone"), 0o755); err != nil {
		t.Fatal(err)
	}
	st.write(filepath.Join(dir, "lone", "model00002.bpmn"), benchgen.Model(2))
	st.c = newClient(t, 0)
	st.c.initialize(nil, nil)
	st.openFile(st.model(0))
	st.openFile(filepath.Join(dir, "index.ttl"))
	st.openFile(filepath.Join(sub, "model00001.bpmn"))
	st.compare("open")

	ops := []struct {
		name string
		do   func() bool
	}{
		{"change an expression", st.changeExpr},
		{"change a digit", st.changeDigit},
		{"insert a timer", st.insertTimer},
		{"delete a timer", st.deleteTimer},
		{"rename an id", st.renameID},
		{"edit the graph", st.editGraph},
		{"add a suppression", st.addSuppression},
		{"open a file", st.openSome},
		{"close a buffer", st.closeSome},
		{"write a model on disk", st.writeDisk},
		{"delete a model on disk", st.deleteDisk},
		{"write a graph on disk", st.writeGraph},
		{"delete a graph on disk", st.deleteGraph},
	}
	for step := range steps {
		op := ops[st.rng.IntN(len(ops))]
		if !op.do() {
			continue
		}
		st.compare(fmt.Sprintf("step %d (%s)", step, op.name))
	}
	t.Logf("%d checks; diagnostics compared by code: %v", st.c.server.checks.Load(), st.codes)
	return st.codes
}

func (st *incState) model(i int) string {
	return filepath.Join(st.dir, benchgen.ModelName(i))
}

func (st *incState) write(path, text string) {
	st.t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		st.t.Fatal(err)
	}
}

// openFile opens the file at path with its text on disk.
func (st *incState) openFile(path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		st.t.Fatal(err)
	}
	st.open[path], st.version[path] = string(src), 1
	st.c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": pathURI(path), "languageId": "xml", "version": 1, "text": string(src)}})
}

// position is the LSP position of a byte offset in ASCII text.
func position(text string, off int) Position {
	line := strings.Count(text[:off], "\n")
	return Position{Line: line, Character: off - (strings.LastIndexByte(text[:off], '\n') + 1)}
}

// edit replaces text[start:end] of the open buffer at path with ins, as
// an incremental didChange.
func (st *incState) edit(path string, start, end int, ins string) {
	text := st.open[path]
	r := Range{Start: position(text, start), End: position(text, end)}
	st.open[path] = text[:start] + ins + text[end:]
	st.version[path]++
	st.c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": pathURI(path), "version": st.version[path]},
		"contentChanges": []map[string]any{{"range": r, "text": ins}},
	})
}

// pick returns an open buffer whose path matches suffix, or "".
func (st *incState) pick(suffix string) string {
	var paths []string
	for p := range st.open {
		if strings.HasSuffix(p, suffix) {
			paths = append(paths, p)
		}
	}
	if len(paths) == 0 {
		return ""
	}
	slices.Sort(paths)
	return paths[st.rng.IntN(len(paths))]
}

// match picks one match of re in the open buffer at path.
func (st *incState) match(path string, re *regexp.Regexp) []int {
	ms := re.FindAllStringSubmatchIndex(st.open[path], -1)
	if len(ms) == 0 {
		return nil
	}
	return ms[st.rng.IntN(len(ms))]
}

var (
	exprRE    = regexp.MustCompile(`<bpmn:time(?:Duration|Cycle|Date)>([^<]*)<`)
	timerRE   = regexp.MustCompile(`(?s)<bpmn:timerEventDefinition[^>]*>.*?</bpmn:timerEventDefinition>\s*`)
	idRE      = regexp.MustCompile(`id="([A-Za-z]+_\d+)"`)
	processRE = regexp.MustCompile(`</bpmn:process>`)
	elementRE = regexp.MustCompile(`\n(\s*)<bpmn:(?:boundaryEvent|intermediateCatchEvent|startEvent) `)
	exprs     = []string{`"PT48H"`, `PT48H`, `"PT0S"`, `"P1M"`, `"R/PT1H"`, `"2026-13-01"`, `"-PT1H"`, `""`,
		`"R/2026-11-09T08:00:00Z/P1D"`, `"2026-11-02T09:00:00Z"`, `"R3/PT10M"`, `"0 0 * * *"`}
)

func (st *incState) changeExpr() bool {
	p := st.pick(".bpmn")
	if p == "" {
		return false
	}
	m := st.match(p, exprRE)
	if m == nil {
		return false
	}
	st.edit(p, m[2], m[3], exprs[st.rng.IntN(len(exprs))])
	return true
}

// changeDigit changes a digit of an expression: an edit that keeps the
// buffer's length.
func (st *incState) changeDigit() bool {
	p := st.pick(".bpmn")
	if p == "" {
		return false
	}
	m := st.match(p, exprRE)
	if m == nil {
		return false
	}
	body := st.open[p][m[2]:m[3]]
	i := strings.IndexAny(body, "0123456789")
	if i < 0 {
		return false
	}
	st.edit(p, m[2]+i, m[2]+i+1, fmt.Sprint(st.rng.IntN(10)))
	return true
}

func (st *incState) insertTimer() bool {
	p := st.pick(".bpmn")
	if p == "" {
		return false
	}
	m := st.match(p, processRE)
	if m == nil {
		return false
	}
	st.fresh++
	kind := []string{"timeDuration", "timeCycle", "timeDate"}[st.rng.IntN(3)]
	ev := fmt.Sprintf(`<bpmn:intermediateCatchEvent id="Added_%d"><bpmn:timerEventDefinition><bpmn:%s>%s</bpmn:%s></bpmn:timerEventDefinition></bpmn:intermediateCatchEvent>
    `, st.fresh, kind, exprs[st.rng.IntN(len(exprs))], kind)
	st.edit(p, m[0], m[0], ev)
	return true
}

func (st *incState) deleteTimer() bool {
	p := st.pick(".bpmn")
	if p == "" {
		return false
	}
	m := st.match(p, timerRE)
	if m == nil {
		return false
	}
	st.edit(p, m[0], m[1], "")
	return true
}

func (st *incState) renameID() bool {
	p := st.pick(".bpmn")
	if p == "" {
		return false
	}
	m := st.match(p, idRE)
	if m == nil {
		return false
	}
	st.fresh++
	st.edit(p, m[2], m[3], fmt.Sprintf("Renamed_%d", st.fresh))
	return true
}

func (st *incState) editGraph() bool {
	p := st.pick(".ttl")
	if p == "" {
		return false
	}
	text := st.open[p]
	lines := strings.SplitAfter(text, "\n")
	switch st.rng.IntN(3) {
	case 0: // delete a line (a lift, a schedule, a prefix)
		k := st.rng.IntN(len(lines))
		start := len(strings.Join(lines[:k], ""))
		st.edit(p, start, start+len(lines[k]), "")
	case 1: // lift a timer the models may not have
		m := st.rng.IntN(st.models + 1)
		line := fmt.Sprintf("<model%05d.bpmn#Added_%d> a proc:TimerCatchEvent .\n", m, st.rng.IntN(st.fresh+2))
		st.edit(p, len(text), len(text), line)
	default: // break the Turtle, or mend it
		if i := strings.Index(text, "BROKEN "); i >= 0 {
			st.edit(p, i, i+len("BROKEN "), "")
		} else {
			st.edit(p, len(text), len(text), "BROKEN ")
		}
	}
	return true
}

func (st *incState) addSuppression() bool {
	p := st.pick(".bpmn")
	if p == "" {
		return false
	}
	m := st.match(p, elementRE)
	if m == nil {
		return false
	}
	ids := []string{"TMR1004", "TMR1031", "TMR3001", "TMR4001", "TMR3002", "all"}
	comment := fmt.Sprintf("\n%s<!-- seams-timers:ignore %s a reason -->", st.open[p][m[2]:m[3]], ids[st.rng.IntN(len(ids))])
	st.edit(p, m[0], m[0], comment)
	return true
}

func (st *incState) openSome() bool {
	files, _ := filepath.Glob(filepath.Join(st.dir, "*.*"))
	more, _ := filepath.Glob(filepath.Join(st.dir, "sub", "*"))
	lone, _ := filepath.Glob(filepath.Join(st.dir, "lone", "*"))
	var closed []string
	for _, f := range slices.Concat(files, more, lone) {
		if _, ok := st.open[f]; !ok {
			closed = append(closed, f)
		}
	}
	if len(closed) == 0 {
		return false
	}
	st.openFile(closed[st.rng.IntN(len(closed))])
	return true
}

func (st *incState) closeSome() bool {
	p := st.pick("")
	if p == "" || len(st.open) == 1 {
		return false
	}
	delete(st.open, p)
	delete(st.latest, pathURI(p))
	st.c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": pathURI(p)}})
	return true
}

// writeDisk writes a model that is not open: a new one, the missing one
// the graph names, or a change to one on disk.
func (st *incState) writeDisk() bool {
	i := st.rng.IntN(st.models + 1)
	p := st.model(i)
	if _, open := st.open[p]; open {
		return false
	}
	typ := fileChanged
	if _, err := os.Stat(p); err != nil {
		typ = fileCreated
	}
	text := benchgen.Model(i)
	if st.rng.IntN(2) == 0 {
		text = strings.Replace(text, `>"PT48H"<`, `>PT48H<`, 1)
	}
	st.write(p, text)
	st.watched(p, typ)
	return true
}

func (st *incState) deleteDisk() bool {
	i := st.rng.IntN(st.models + 1)
	p := st.model(i)
	if _, err := os.Stat(p); err != nil {
		return false
	}
	if err := os.Remove(p); err != nil {
		st.t.Fatal(err)
	}
	st.watched(p, fileDeleted)
	return true
}

// graphSpots are where writeGraph writes graph documents: a second one
// beside the first, the one of sub (whose models then join with the first
// when it is deleted), and one beside the model of lone (which joins with
// the first until it is written).
func (st *incState) graphSpots() []string {
	return []string{filepath.Join(st.dir, "extra.ttl"), filepath.Join(st.dir, "sub", "index.ttl"),
		filepath.Join(st.dir, "lone", "index.ttl")}
}

// writeGraph writes (creates or changes) a graph document on disk that is
// not open: the index of the first three models, some of their timers
// left unlifted at random, so that which graph a model joins with shows
// in its findings.
func (st *incState) writeGraph() bool {
	spots := st.graphSpots()
	p := spots[st.rng.IntN(len(spots))]
	if _, open := st.open[p]; open {
		return false
	}
	typ := fileChanged
	if _, err := os.Stat(p); err != nil {
		typ = fileCreated
	}
	var idx strings.Builder
	if _, err := benchgen.WriteIndex(&idx, 3, 0); err != nil {
		st.t.Fatal(err)
	}
	text := idx.String()
	if drop := []string{"", "#Remind_", "#Wait_", "#Start_"}[st.rng.IntN(4)]; drop != "" {
		var kept []string
		for line := range strings.Lines(text) {
			if !strings.Contains(line, drop) {
				kept = append(kept, line)
			}
		}
		text = strings.Join(kept, "")
	}
	st.write(p, text)
	st.watched(p, typ)
	return true
}

// deleteGraph deletes a graph document writeGraph may have written.
func (st *incState) deleteGraph() bool {
	spots := st.graphSpots()
	p := spots[st.rng.IntN(len(spots))]
	if _, open := st.open[p]; open {
		return false
	}
	if _, err := os.Stat(p); err != nil {
		return false
	}
	if err := os.Remove(p); err != nil {
		st.t.Fatal(err)
	}
	st.watched(p, fileDeleted)
	return true
}

func (st *incState) watched(path string, typ int) {
	st.c.notify("workspace/didChangeWatchedFiles", map[string]any{
		"changes": []map[string]any{{"uri": pathURI(path), "type": typ}}})
}

// sync waits until the server has checked what the steps so far asked
// for: a request runs the checks due first, and the diagnostics they
// publish arrive before its answer.
func (st *incState) sync() {
	var out any
	st.c.mustCall("textDocument/hover", map[string]any{
		"textDocument": map[string]any{"uri": pathURI(filepath.Join(st.dir, "none.bpmn"))},
		"position":     Position{}}, &out)
	for {
		select {
		case p := <-st.c.got:
			st.latest[p.URI] = p
		default:
			return
		}
	}
}

// freshServer is a server that keeps nothing between checks: the
// reference a session's diagnostics are held to.
func freshServer() *Server {
	ref := NewServer(Options{Engines: engines.All(), Config: testSpec(), Now: func() time.Time { return testNow }})
	ref.session = nil
	return ref
}

// freshCheck is a fresh check of one buffer with the text given.
func freshCheck(path string, text []byte) []Diagnostic {
	return freshServer().check(path, text, map[string][]byte{path: text}, encUTF16, nil).lsp
}

// compare holds the latest diagnostics of every open buffer to a fresh
// check of the same contents by a server that keeps nothing.
func (st *incState) compare(step string) {
	st.t.Helper()
	st.sync()
	ref := freshServer()
	overlay := map[string][]byte{}
	for p, text := range st.open {
		overlay[p] = []byte(text)
	}
	paths := make([]string, 0, len(st.open))
	for p := range st.open {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	for _, p := range paths {
		got, ok := st.latest[pathURI(p)]
		if !ok {
			st.t.Fatalf("%s: no diagnostics published for %s", step, p)
		}
		if got.Version == nil || *got.Version != st.version[p] {
			// Not checked again since its last edit: the text checked is
			// the text now only when the version is.
			st.t.Fatalf("%s: %s: diagnostics of version %v, the buffer is at %d", step, p, got.Version, st.version[p])
		}
		want := ref.check(p, overlay[p], overlay, encUTF16, nil).lsp
		for _, d := range want {
			st.codes[d.Code]++
		}
		if g, w := diagJSON(got.Diagnostics), diagJSON(want); g != w {
			st.t.Fatalf("%s: %s: the session's diagnostics differ from a fresh check\n got: %s\nwant: %s", step, filepath.Base(p), g, w)
		}
	}
}

// diagJSON is diagnostics as JSON, without the document version their
// data carries.
func diagJSON(ds []Diagnostic) string {
	ds = slices.Clone(ds)
	for i := range ds {
		if ds[i].Data != nil {
			d := *ds[i].Data
			d.Version = 0
			ds[i].Data = &d
		}
	}
	b, err := json.Marshal(ds)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestCreatedFileRechecksItsEngine creates a model on disk: the open model
// is checked again (the graph may name the new file), the open Workflow
// Engine scheme is not (its check reads no model).
func TestCreatedFileRechecksItsEngine(t *testing.T) {
	dir := copyExamples(t)
	c := newClient(t, 0)
	c.initialize(nil, nil)
	model := c.open(filepath.Join(dir, "approval.bpmn"))
	c.waitDiags(model, 1)
	scheme := c.open(filepath.Join(dir, "wfe", "service-desk.xml"))
	c.waitDiags(scheme, 1)
	before := c.server.checks.Load()
	created := filepath.Join(dir, "new.bpmn")
	if err := os.WriteFile(created, []byte(benchgen.Model(7)), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{
		"changes": []map[string]any{{"uri": pathURI(created), "type": fileCreated}}})
	if got := c.waitDiags(model, 1); got == nil {
		t.Fatal("no diagnostics for the model")
	}
	var out any
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": scheme}, "position": Position{}}, &out)
	if n := c.server.checks.Load() - before; n != 1 {
		t.Errorf("%d checks after a model was created, want 1 (the model's)", n)
	}
}

// TestGraphDirectoryReplaced replaces the directory of an open model, its
// graph document under another name, and reports the directory alone as
// changed (as a client does for a folder deleted and created again): the
// session's memo of the nearest graph documents forgets that directory's
// listing, and the model is checked with the new graph as a fresh check
// does.
func TestGraphDirectoryReplaced(t *testing.T) {
	dir := t.TempDir()
	lone := filepath.Join(dir, "lone")
	var idx strings.Builder
	if _, err := benchgen.WriteIndex(&idx, 1, 0); err != nil {
		t.Fatal(err)
	}
	full := idx.String()
	var partial strings.Builder
	for line := range strings.Lines(full) {
		if !strings.Contains(line, "#Remind_") {
			partial.WriteString(line)
		}
	}
	fill := func(graph, text string) {
		if err := os.MkdirAll(lone, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range map[string]string{"model00000.bpmn": benchgen.Model(0), graph: text} {
			if err := os.WriteFile(filepath.Join(lone, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	fill("a.ttl", full)
	model := filepath.Join(lone, "model00000.bpmn")
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(model)
	if got := c.waitDiags(uri, 1); find(got, "TMR3001") != nil {
		t.Fatalf("a finding of an unlifted timer with every timer lifted: %+v", got)
	}
	if err := os.RemoveAll(lone); err != nil {
		t.Fatal(err)
	}
	fill("b.ttl", partial.String())
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{
		{"uri": pathURI(lone), "type": fileDeleted}, {"uri": pathURI(lone), "type": fileCreated}}})
	got := c.waitDiags(uri, 1)
	want := freshCheck(model, []byte(benchgen.Model(0)))
	if find(want, "TMR3001") == nil {
		t.Fatalf("the fresh check finds no unlifted timer with b.ttl: %+v", want)
	}
	if g, w := diagJSON(got), diagJSON(want); g != w {
		t.Fatalf("after the directory was replaced, the session's diagnostics differ from a fresh check\n got: %s\nwant: %s", g, w)
	}
}

// TestLinkRetargetedIntoProject: the graph names a model that is a
// symbolic link leading out of the project (refused, TMR0004), and the
// link is then made to lead into it. The session's memo of the boundary's
// answers forgets its answer when the client reports the link, and the
// graph is checked as a fresh check does.
func TestLinkRetargetedIntoProject(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	root := t.TempDir()
	proj, outside := filepath.Join(root, "proj"), filepath.Join(root, "outside")
	for _, d := range []string{filepath.Join(proj, ".git"), filepath.Join(proj, "real"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var idx strings.Builder
	if _, err := benchgen.WriteIndex(&idx, 2, 0); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(proj, "index.ttl"):               idx.String(),
		filepath.Join(proj, "model00000.bpmn"):         benchgen.Model(0),
		filepath.Join(outside, "model00001.bpmn"):      benchgen.Model(1),
		filepath.Join(proj, "real", "model00001.bpmn"): benchgen.Model(1),
	}
	for p, text := range files {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := filepath.Join(proj, "model00001.bpmn")
	if err := os.Symlink(filepath.Join(outside, "model00001.bpmn"), link); err != nil {
		t.Fatal(err)
	}
	graph := filepath.Join(proj, "index.ttl")
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(graph)
	if got := c.waitDiags(uri, 1); find(got, "TMR0004") == nil {
		t.Fatalf("no TMR0004 for the model outside the project: %+v", got)
	}
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(proj, "real", "model00001.bpmn"), link); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{
		{"uri": pathURI(link), "type": fileDeleted}, {"uri": pathURI(link), "type": fileCreated}}})
	got := c.waitDiags(uri, 1)
	want := freshCheck(graph, []byte(idx.String()))
	if find(want, "TMR0004") != nil {
		t.Fatalf("the fresh check still finds the model outside: %+v", want)
	}
	if g, w := diagJSON(got), diagJSON(want); g != w {
		t.Fatalf("after the link was made to lead into the project, the session's diagnostics differ from a fresh check\n got: %s\nwant: %s", g, w)
	}
}

// TestGraphCreatedBehindLink: an open model's directory is a symbolic
// link, and a graph document is created in the directory it leads to,
// reported under that directory's real path. The session's memo of the
// nearest graph documents forgets the directory by its real path too, and
// the model is checked with the new graph as a fresh check does.
func TestGraphCreatedBehindLink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	root := t.TempDir()
	real := filepath.Join(root, "real")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(real, "model00000.bpmn"), []byte(benchgen.Model(0)), 0o644); err != nil {
		t.Fatal(err)
	}
	alias := filepath.Join(root, "alias")
	if err := os.Symlink(real, alias); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(alias, "model00000.bpmn")
	c := newClient(t, 0)
	c.initialize(nil, nil)
	uri := c.open(model)
	if got := c.waitDiags(uri, 1); find(got, "TMR3001") != nil {
		t.Fatalf("an unlifted timer with no graph: %+v", got)
	}
	var idx strings.Builder
	if _, err := benchgen.WriteIndex(&idx, 1, 0); err != nil {
		t.Fatal(err)
	}
	var partial strings.Builder
	for line := range strings.Lines(idx.String()) {
		if !strings.Contains(line, "#Wait_") {
			partial.WriteString(line)
		}
	}
	created := filepath.Join(real, "index.ttl")
	if err := os.WriteFile(created, []byte(partial.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{
		{"uri": pathURI(created), "type": fileCreated}}})
	got := c.waitDiags(uri, 1)
	want := freshCheck(model, []byte(benchgen.Model(0)))
	if find(want, "TMR3001") == nil {
		t.Fatalf("the fresh check finds no unlifted timer: %+v", want)
	}
	if g, w := diagJSON(got), diagJSON(want); g != w {
		t.Fatalf("after a graph was created behind the link, the session's diagnostics differ from a fresh check\n got: %s\nwant: %s", g, w)
	}
}
