package lint

import (
	"cmp"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/graph"
)

// Index is the join of the BPMN models with the RDF index graph: each
// index node typed as a timer, the model and element its IRI names, and the
// models the graph covers.
//
// An Index is built once per check and read-only afterwards, so rules may
// read it from several goroutines.
type Index struct {
	Graph *graph.Graph
	Vocab graph.Vocabulary
	// Files are the graph documents read, as given or found.
	Files []string
	// Nodes are the index nodes typed proc:TimerStartEvent or
	// proc:TimerCatchEvent, sorted by IRI.
	Nodes []*Node
	// Schedules, Executes and StoredIn are the seam:schedules,
	// seam:executes and seam:storedIn triples, in load order.
	Schedules []graph.Triple
	Executes  []graph.Triple
	StoredIn  []graph.Triple

	// Maps are the IRI-prefix-to-directory maps the join used.
	Maps map[string]string

	byKey     map[elemKey]*Node
	byTerm    map[graph.Term]*Node
	docs      map[string]*bpmn.Document // by absolute path
	docPaths  map[*bpmn.Document]string // absolute path of each model
	indexed   map[*bpmn.Document]bool
	named     map[string]namedAt     // absolute model path -> where the graph first names it
	procTerms map[elemKey]graph.Term // process -> the term the graph names it with
	models    map[string]modelRef    // IRI without fragment -> the file it names
	frozen    bool                   // the join is done: models is read-only

	srcMu sync.Mutex
	srcs  map[string][]byte // graph document sources, read when a span needs them
}

// Node is an index node typed as a timer event.
type Node struct {
	Term graph.Term
	// TypeTriple is the first rdf:type triple giving it a timer type;
	// StartType and CatchType are the first giving it each type (zero when
	// the graph does not give it that type).
	TypeTriple graph.Triple
	StartType  graph.Triple
	CatchType  graph.Triple
	// Start and Catch report the timer types the graph gives it.
	Start, Catch bool
	// Model is the node's IRI without its fragment: the IRI of the model
	// it names.
	Model string
	// Path is the model file its IRI names ("" when the IRI names no
	// file), Doc the loaded model (nil when missing or unreadable),
	// ElementID the fragment, and Element the element with that id (nil
	// when there is none).
	Path      string
	Doc       *bpmn.Document
	ElementID string
	Element   *bpmn.Element
	// Local reports that the IRI names a node of a graph document itself
	// (<#t>), not an element of a model.
	Local bool
}

type elemKey struct {
	path string
	id   string
}

// namedAt is where the graph first names a model.
type namedAt struct {
	pos graph.Pos
	iri string // the model's IRI as the graph wrote it (resolved)
}

// modelRef is the file an IRI names, cached per IRI.
type modelRef struct {
	path string // absolute, "" when the IRI maps to no file
	ok   bool
}

// ModelPath returns the file a model IRI (or an element IRI, whose
// fragment is dropped) names: a file: IRI's path, or a path under the
// directory that the longest matching --map prefix names. A prefix
// matches at a boundary only: it ends in '/', '#', ':' or '?', or the IRI
// goes on with '/' after it. ok is false for any other IRI.
func ModelPath(iri string, maps map[string]string) (path, fragment string, ok bool) {
	base, frag, _ := strings.Cut(iri, "#")
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	path, ok = modelFile(base, maps)
	return path, frag, ok
}

// modelFile is ModelPath for an IRI without a fragment.
func modelFile(base string, maps map[string]string) (string, bool) {
	if strings.HasPrefix(base, "file:") {
		u, err := url.Parse(base)
		if err != nil || u.Path == "" {
			return "", false
		}
		return filepath.FromSlash(u.Path), true
	}
	best := ""
	for prefix := range maps {
		if len(prefix) <= len(best) || !strings.HasPrefix(base, prefix) {
			continue
		}
		if rest := base[len(prefix):]; rest != "" && !strings.ContainsAny(prefix[len(prefix)-1:], "/#:?") && rest[0] != '/' {
			continue
		}
		best = prefix
	}
	if best == "" {
		return "", false
	}
	rest, err := url.PathUnescape(strings.TrimPrefix(base[len(best):], "/"))
	if err != nil {
		return "", false
	}
	return filepath.Join(maps[best], filepath.FromSlash(rest)), true
}

func absPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}

// IndexLoad is a graph load running in the background, so that a caller can
// load the BPMN models meanwhile: reading a large index graph keeps about
// one core busy, and the models fill the other. Join waits for it.
type IndexLoad struct {
	done     chan struct{}
	files    []string
	input    Input
	g        *graph.Graph
	errs     []*graph.Error
	diags    []Diagnostic
	stdinSrc []byte
	opts     graph.Options
}

// StartIndex starts reading the graph documents in a goroutine; jobs
// bounds the goroutines that decode a document side by side (zero means
// GOMAXPROCS).
func StartIndex(in Input, graphFiles []string, jobs int) *IndexLoad {
	l := &IndexLoad{done: make(chan struct{}), files: graphFiles, input: in, opts: graph.Options{Workers: jobs}}
	go func() {
		defer close(l.done)
		l.load()
	}()
	return l
}

func (l *IndexLoad) load() {
	in := l.input
	if in.Stdin != nil && IsGraphPath(in.StdinName) && slices.ContainsFunc(l.files, in.isStdin) {
		l.stdinSrc = in.Stdin
		srcs := []graph.Source{{Path: in.StdinName, Data: in.Stdin}}
		for _, f := range l.files {
			if in.isStdin(f) {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				l.diags = append(l.diags, LoadDiagnostic("TMR0001", f, bpmn.Pos{Line: 1, Col: 1}, "cannot read the file: "+err.Error()))
				continue
			}
			srcs = append(srcs, graph.Source{Path: f, Data: b})
		}
		l.g, l.errs = l.opts.LoadSources(srcs)
		return
	}
	l.g, l.errs = l.opts.Load(l.files)
}

// Wait waits for the graph documents to be read and returns the graph.
func (l *IndexLoad) Wait() *graph.Graph {
	<-l.done
	return l.g
}

// Join waits for the graph, joins it with the models of proj, loading the
// models the graph names that proj lacks, and sets proj.Index. It returns
// the loading diagnostics (TMR0001, TMR0003, TMR0004).
//
// The graph names a model when it types one of the model's elements as a
// proc:Process, proc:UserTask, proc:TimerStartEvent or proc:TimerCatchEvent,
// or when a seam:executes or seam:schedules triple points at one of its
// processes. Those are the terms the join reads; they are found through the
// graph's indexes, so that the cost of the join does not grow with the
// triples that say nothing about models.
func (l *IndexLoad) Join(proj *Project, opts Options) []Diagnostic {
	<-l.done
	in, graphFiles, g, stdinSrc := l.input, l.files, l.g, l.stdinSrc
	diags := l.diags
	for _, e := range l.errs {
		diags = append(diags, LoadDiagnostic(e.Rule, e.File, bpmn.Pos{Line: e.Line, Col: e.Col}, e.Msg))
	}
	vocab := opts.Vocabulary
	if vocab == (graph.Vocabulary{}) {
		vocab = graph.DefaultVocabulary()
	}
	ix := &Index{
		Graph:     g,
		Vocab:     vocab,
		Files:     graphFiles,
		Maps:      opts.Maps,
		byKey:     map[elemKey]*Node{},
		byTerm:    map[graph.Term]*Node{},
		docs:      map[string]*bpmn.Document{},
		docPaths:  map[*bpmn.Document]string{},
		indexed:   map[*bpmn.Document]bool{},
		named:     map[string]namedAt{},
		procTerms: map[elemKey]graph.Term{},
		models:    map[string]modelRef{},
		srcs:      map[string][]byte{},
	}
	if stdinSrc != nil {
		ix.srcs[in.StdinName] = stdinSrc
	}
	for _, d := range proj.Docs {
		ix.addDoc(d)
	}

	// Every model the graph names, with the first place naming it, and
	// the IRIs that look like models but map to no file.
	unmapped := map[string]graph.Pos{}
	note := func(t graph.Term, pos graph.Pos, timer bool) {
		if !t.IsIRI() {
			return
		}
		base, _, _ := strings.Cut(t.Value, "#")
		ref := ix.model(base)
		if !ref.ok {
			// An absolute IRI that no --map prefix covers: report it when
			// it is plainly a model (a timer node, or a .bpmn path).
			if timer || bpmn.IsBPMNPath(iriPath(base)) {
				if old, seen := unmapped[base]; !seen || before(pos, old) {
					unmapped[base] = pos
				}
			}
			return
		}
		// A timer node names its model whatever the file's extension,
		// unless it is a node of a graph document itself (<#t>).
		if timer && IsGraphPath(ref.path) || !timer && !bpmn.IsBPMNPath(ref.path) {
			return
		}
		if old, seen := ix.named[ref.path]; !seen || before(pos, old.pos) {
			ix.named[ref.path] = namedAt{pos: pos, iri: base}
		}
	}
	for _, class := range []graph.Term{vocab.TimerStartEvent(), vocab.TimerCatchEvent()} {
		for _, tr := range g.ByType(class) {
			n := ix.node(tr)
			if before(tr.Pos, n.TypeTriple.Pos) {
				n.TypeTriple = tr
			}
			if class == vocab.TimerStartEvent() {
				if !n.Start {
					n.Start, n.StartType = true, tr
				}
			} else if !n.Catch {
				n.Catch, n.CatchType = true, tr
			}
			note(tr.S, tr.SubjectPos, true)
		}
	}
	processes := g.ByType(vocab.Process())
	for _, tr := range processes {
		note(tr.S, tr.SubjectPos, false)
	}
	for _, tr := range g.ByType(vocab.UserTask()) {
		note(tr.S, tr.SubjectPos, false)
	}
	ix.Executes = g.ByPredicate(vocab.Executes())
	ix.Schedules = g.ByPredicate(vocab.Schedules())
	ix.StoredIn = g.ByPredicate(vocab.StoredIn())
	for _, trs := range [][]graph.Triple{ix.Executes, ix.Schedules} {
		for _, tr := range trs {
			note(tr.O, tr.ObjectPos, false)
		}
	}

	for base, pos := range unmapped {
		diags = append(diags, ix.posDiagnostic("TMR0004", pos,
			"the index graph names the model "+base+", which no --map prefix maps to a file"))
	}
	order := make([]string, 0, len(ix.named))
	for p := range ix.named {
		order = append(order, p)
	}
	slices.SortFunc(order, func(a, b string) int { return comparePos(ix.named[a].pos, ix.named[b].pos) })

	// Load the named models that were not given. A model that was given
	// but failed to load has had its finding already.
	var extra []string
	var failed map[string]bool
	for _, p := range order {
		if _, ok := ix.docs[p]; ok {
			continue
		}
		if failed == nil {
			failed = givenPaths(in)
		}
		if failed[p] || in.Excluded(p) {
			// Given but unreadable (already reported), or excluded by
			// the config: not loaded, so not checked or fixed either.
			continue
		}
		info, err := os.Stat(p)
		if err != nil || info.IsDir() {
			diags = append(diags, ix.posDiagnostic("TMR0004", ix.named[p].pos,
				"the index graph names the model file "+displayPath(p)+", which does not exist"))
			continue
		}
		extra = append(extra, p)
	}
	if len(extra) > 0 {
		shown := make([]string, len(extra))
		for i, p := range extra {
			shown[i] = displayPath(p)
		}
		jobs := opts.Jobs
		if jobs <= 0 {
			jobs = defaultJobs()
		}
		docs, ds := LoadBPMN(Input{}, shown, jobs, nil)
		diags = append(diags, ds...)
		for _, d := range docs {
			proj.Docs = append(proj.Docs, d)
			ix.addDoc(d)
		}
	}

	// Resolve the nodes and index them by element.
	slices.SortFunc(ix.Nodes, func(a, b *Node) int { return cmp.Compare(a.Term.Value, b.Term.Value) })
	for _, n := range ix.Nodes {
		if n.Path == "" {
			continue
		}
		n.Doc = ix.docs[n.Path]
		if n.Doc == nil {
			continue
		}
		if el, ok := n.Doc.ByID[n.ElementID].(*bpmn.Element); ok {
			n.Element = el
		}
		k := elemKey{n.Path, n.ElementID}
		if _, dup := ix.byKey[k]; !dup {
			ix.byKey[k] = n
		}
	}

	// The terms that name processes.
	nameProcess := func(t graph.Term) {
		if k, ok := ix.key(t); ok {
			if _, seen := ix.procTerms[k]; !seen {
				ix.procTerms[k] = t
			}
		}
	}
	for _, tr := range processes {
		nameProcess(tr.S)
	}
	for _, trs := range [][]graph.Triple{ix.Schedules, ix.Executes} {
		for _, tr := range trs {
			nameProcess(tr.O)
		}
	}

	// The models the graph covers: those it names, and those that sit in
	// a directory holding a graph document.
	// A graph document that failed to load covers nothing: its models
	// would otherwise all look unlifted.
	broken := map[string]bool{}
	for _, e := range l.errs {
		broken[absPath(e.File)] = true
	}
	graphDirs := map[string]bool{}
	for _, f := range graphFiles {
		if !broken[absPath(f)] {
			graphDirs[filepath.Dir(absPath(f))] = true
		}
	}
	for p, d := range ix.docs {
		if _, named := ix.named[p]; named || graphDirs[filepath.Dir(p)] {
			ix.indexed[d] = true
		}
	}
	ix.frozen = true
	proj.Index = ix
	return diags
}

// addDoc records a loaded model under its absolute path.
func (ix *Index) addDoc(d *bpmn.Document) {
	p := absPath(d.Path)
	ix.docPaths[d] = p
	if _, dup := ix.docs[p]; !dup {
		ix.docs[p] = d
	}
}

// givenPaths returns the absolute paths of the BPMN files the input names,
// so that a model that was given but could not be loaded is not loaded a
// second time because the graph names it.
func givenPaths(in Input) map[string]bool {
	out := map[string]bool{}
	files, _, err := Discover(in)
	if err != nil {
		return out
	}
	for _, f := range files {
		out[absPath(f)] = true
	}
	return out
}

// posDiagnostic is a load finding (TMR0004) on the term written at pos in
// a graph document.
func (ix *Index) posDiagnostic(rule string, pos graph.Pos, msg string) Diagnostic {
	end := ix.tokenEnd(pos)
	return Diagnostic{
		Rule: rule, Severity: SeverityError,
		File: pos.File, Line: max(pos.Line, 1), Column: max(pos.Col, 1),
		EndLine: max(end.Line, 1), EndColumn: max(end.Col, 1),
		Offset: pos.Offset, EndOffset: end.Offset,
		Message: msg,
		Detail:  loadRuleDetails[rule],
	}
}

// comparePos orders positions by graph document (the graph reads its
// documents sorted by path) and offset.
func comparePos(a, b graph.Pos) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Offset, b.Offset))
}

func before(a, b graph.Pos) bool { return comparePos(a, b) < 0 }

// iriPath returns the path component of an absolute IRI, or "".
func iriPath(iri string) string {
	u, err := url.Parse(iri)
	if err != nil {
		return ""
	}
	return u.Path
}

// model returns the file that an IRI without fragment names, caching the
// answer while the join runs (most IRIs of a graph share a few model IRIs);
// once the join is done the cache is only read, so that rules may call it
// from several goroutines.
func (ix *Index) model(base string) modelRef {
	if r, ok := ix.models[base]; ok {
		return r
	}
	var r modelRef
	if p, ok := modelFile(base, ix.Maps); ok {
		r = modelRef{path: absPath(p), ok: true}
	}
	if !ix.frozen {
		ix.models[base] = r
	}
	return r
}

// node returns the Node of a typed subject, creating it.
func (ix *Index) node(tr graph.Triple) *Node {
	if n, ok := ix.byTerm[tr.S]; ok {
		return n
	}
	n := &Node{Term: tr.S, TypeTriple: tr}
	if tr.S.IsIRI() {
		base, frag, _ := strings.Cut(tr.S.Value, "#")
		n.Model = base
		ref := ix.model(base)
		n.Local = ref.ok && IsGraphPath(ref.path)
		if ref.ok && !n.Local {
			n.Path = ref.path
			if f, err := url.PathUnescape(frag); err == nil {
				frag = f
			}
			n.ElementID = frag
		}
	}
	ix.byTerm[tr.S] = n
	ix.Nodes = append(ix.Nodes, n)
	return n
}

// displayPath shows an absolute path relative to the working directory
// when it lies below it.
func displayPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// pathOf returns the absolute path of a loaded model.
func (ix *Index) pathOf(doc *bpmn.Document) string {
	if p, ok := ix.docPaths[doc]; ok {
		return p
	}
	return absPath(doc.Path)
}

// NodeOf returns the index node of a BPMN element, or nil.
func (ix *Index) NodeOf(doc *bpmn.Document, el *bpmn.Element) *Node {
	return ix.byKey[elemKey{ix.pathOf(doc), el.ID}]
}

// NodeOfTerm returns the timer node of a graph term, or nil.
func (ix *Index) NodeOfTerm(t graph.Term) *Node { return ix.byTerm[t] }

// Indexed reports whether the graph covers a model: it names the model, or
// a graph document sits in the model's directory.
func (ix *Index) Indexed(doc *bpmn.Document) bool { return ix.indexed[doc] }

// Doc returns the loaded model at a path named by the graph, or nil.
func (ix *Index) Doc(path string) *bpmn.Document { return ix.docs[absPath(path)] }

// Display renders an IRI compactly for a message about a triple written
// in the graph document at file: `#frag` for a node of that document
// itself, a path relative to the document's directory for another file
// IRI, a prefixed name in the vocabulary, or the IRI itself. The result
// has no angle brackets; a blank node shows as _:label.
func (ix *Index) Display(iri, file string) string {
	if strings.HasPrefix(iri, "file:") {
		if p, frag, ok := ModelPath(iri, nil); ok {
			hasFrag := strings.Contains(iri, "#")
			if file != "" && p == absPath(file) && hasFrag {
				return "#" + frag
			}
			dir := "."
			if file != "" {
				dir = filepath.Dir(absPath(file))
			}
			if rel, err := filepath.Rel(dir, p); err == nil {
				s := filepath.ToSlash(rel)
				if hasFrag {
					s += "#" + frag
				}
				return s
			}
		}
	}
	c := ix.Vocab.Compact(iri)
	return strings.TrimSuffix(strings.TrimPrefix(c, "<"), ">")
}

// DisplayTerm is Display for a term: blank nodes show as _:label, with the
// document number the graph gives them dropped.
func (ix *Index) DisplayTerm(t graph.Term, file string) string {
	if t.IsBlank() {
		label := t.Value
		if i := strings.IndexByte(label, '.'); i >= 0 {
			label = label[i+1:]
		}
		if strings.HasPrefix(label, "-") {
			label = "b" + label[1:]
		}
		return "_:" + label
	}
	if t.IsLiteral() {
		return t.String()
	}
	return ix.Display(t.Value, file)
}

// ProcessTerm returns the graph term that names a process element, in the
// form the graph wrote it, when the graph names it at all (types it
// proc:Process, or executes or schedules it).
func (ix *Index) ProcessTerm(doc *bpmn.Document, p *bpmn.Process) (graph.Term, bool) {
	t, ok := ix.procTerms[elemKey{ix.pathOf(doc), p.ID}]
	return t, ok
}

// key maps an IRI term to the (model path, element id) it names.
func (ix *Index) key(t graph.Term) (elemKey, bool) {
	if !t.IsIRI() {
		return elemKey{}, false
	}
	base, frag, _ := strings.Cut(t.Value, "#")
	ref := ix.model(base)
	if !ref.ok {
		return elemKey{}, false
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	return elemKey{ref.path, frag}, true
}

// Element returns the model an IRI term names, when it is loaded, and
// what its fragment names in it: an *bpmn.Element, a *bpmn.Process, a
// *bpmn.Flow, or nil.
func (ix *Index) Element(t graph.Term) (*bpmn.Document, any) {
	k, ok := ix.key(t)
	if !ok {
		return nil, nil
	}
	d := ix.docs[k.path]
	if d == nil {
		return nil, nil
	}
	return d, d.ByID[k.id]
}

// Process returns the top-level process an IRI term names, when its model
// is loaded. doc is the model (nil when the term names no loaded model);
// p is nil when the fragment names no top-level process of it.
func (ix *Index) Process(t graph.Term) (doc *bpmn.Document, p *bpmn.Process) {
	doc, v := ix.Element(t)
	if v, ok := v.(*bpmn.Process); ok && v.Parent == nil {
		return doc, v
	}
	return doc, nil
}

// HomeGraph returns the graph document where a timer of the model would
// be lifted: the one that names the model first, or else the first graph
// document in the model's directory, or else the first one read.
func (ix *Index) HomeGraph(doc *bpmn.Document) string {
	p := ix.pathOf(doc)
	if n, ok := ix.named[p]; ok {
		return n.pos.File
	}
	for _, f := range ix.Files {
		if filepath.Dir(absPath(f)) == filepath.Dir(p) {
			return f
		}
	}
	if len(ix.Files) > 0 {
		return ix.Files[0]
	}
	return ""
}

// ModelLoaded reports whether an IRI term names a model file that is
// loaded; when it names one that is missing or unreadable, TMR0004 or a
// load finding has been reported already.
func (ix *Index) ModelLoaded(t graph.Term) bool {
	k, ok := ix.key(t)
	return ok && ix.docs[k.path] != nil
}

// ProcessIRI is the IRI of a process as the graph names it, or as it would:
// the process's model IRI as the graph writes it (from a node of the same
// model), plus #id, or the model's file IRI plus #id.
func (ix *Index) ProcessIRI(doc *bpmn.Document, p *bpmn.Process, model string) string {
	if t, ok := ix.ProcessTerm(doc, p); ok {
		return t.Value
	}
	if model == "" {
		if n, ok := ix.named[ix.pathOf(doc)]; ok {
			model = n.iri
		} else {
			model = doc.IRI
		}
	}
	return model + "#" + p.ID
}

// ReportTriple records a diagnostic on a graph triple, in the ADR's form
// ResolutionError(<subject>, predicate, "what"): at the triple's predicate,
// spanning to the end of its object. Subject is the full IRI; the message
// shows it compactly.
func (p *Pass) ReportTriple(tr graph.Triple, subject graph.Term, predicate, what, detail string) {
	ix := p.Project.Index
	end := ix.tokenEnd(tr.ObjectPos)
	if end.Line != tr.Pos.Line {
		end = ix.tokenEnd(tr.Pos)
	}
	p.reportGraph(tr.Pos, end, subject, predicate, what, detail)
}

// ReportNode records a diagnostic about a graph node that lacks a triple:
// at the node's first triple, spanning its subject. It reports nothing and
// returns false when the graph holds no triple about the node.
func (p *Pass) ReportNode(subject graph.Term, predicate, what, detail string) bool {
	ix := p.Project.Index
	pos, ok := ix.Graph.SubjectPos(subject)
	if !ok {
		return false
	}
	p.reportGraph(pos, ix.tokenEnd(pos), subject, predicate, what, detail)
	return true
}

// ReportAt records a diagnostic about subject at a place in a graph
// document, spanning the token that starts there.
func (p *Pass) ReportAt(pos graph.Pos, subject graph.Term, predicate, what, detail string) {
	p.reportGraph(pos, p.Project.Index.tokenEnd(pos), subject, predicate, what, detail)
}

// ReportGraphMessage records a diagnostic about subject at a place in a
// graph document with a message of its own, for findings that the ADR
// gives no ResolutionError form for.
func (p *Pass) ReportGraphMessage(pos graph.Pos, subject graph.Term, predicate, message, detail string) {
	ix := p.Project.Index
	d := ix.graphDiagnostic(pos, ix.tokenEnd(pos), subject, predicate, detail)
	d.Message = message
	p.Report(d)
}

func (p *Pass) reportGraph(start, end graph.Pos, subject graph.Term, predicate, what, detail string) {
	ix := p.Project.Index
	d := ix.graphDiagnostic(start, end, subject, predicate, detail)
	d.Message = Resolution(ix.DisplayTerm(subject, start.File), predicate, what)
	p.Report(d)
}

func (ix *Index) graphDiagnostic(start, end graph.Pos, subject graph.Term, predicate, detail string) Diagnostic {
	d := Diagnostic{
		File:      start.File,
		Line:      start.Line,
		Column:    start.Col,
		EndLine:   end.Line,
		EndColumn: end.Col,
		Offset:    start.Offset,
		EndOffset: end.Offset,
		Subject:   subject.Value,
		Predicate: predicate,
		Detail:    detail,
	}
	if subject.IsBlank() {
		d.Subject = "_:" + subject.Value
	}
	if k, ok := ix.key(subject); ok && ix.docs[k.path] != nil {
		d.Element = k.id
	}
	return d
}

// ReportElement records a diagnostic on a BPMN element from a project
// rule, as ReportSpan does for a file rule: at the element's start tag,
// with the element's IRI as subject.
func (p *Pass) ReportElement(doc *bpmn.Document, el *bpmn.Element, predicate, what, detail string) {
	p.Report(Diagnostic{
		File:      doc.Path,
		Line:      el.Span.Start.Line,
		Column:    el.Span.Start.Col,
		EndLine:   el.Span.End.Line,
		EndColumn: el.Span.End.Col,
		Offset:    el.Span.Start.Offset,
		EndOffset: el.Span.End.Offset,
		Element:   el.ID,
		Subject:   ElementIRI(doc, el.ID),
		Predicate: predicate,
		Message:   Resolution(ElementDisplay(doc, el.ID), predicate, what),
		Detail:    detail,
	})
}

// source returns a graph document's bytes, read once.
func (ix *Index) source(file string) []byte {
	ix.srcMu.Lock()
	defer ix.srcMu.Unlock()
	if b, ok := ix.srcs[file]; ok {
		return b
	}
	b, err := os.ReadFile(file)
	if err != nil {
		b = nil
	}
	ix.srcs[file] = b
	return b
}

// tokenEnd returns the end of the Turtle token that starts at pos (an
// IRI, a prefixed name, `a`, a literal, a blank node label), on pos's
// line. It is only used to underline a finding, so it is lenient: when the
// source cannot be read it returns pos itself.
func (ix *Index) tokenEnd(pos graph.Pos) graph.Pos {
	src := ix.source(pos.File)
	off := pos.Offset
	if src == nil || off < 0 || off >= len(src) {
		return pos
	}
	i := off
	switch c := src[i]; c {
	case '<':
		for i < len(src) && src[i] != '>' && src[i] != '\n' {
			i++
		}
		if i < len(src) && src[i] == '>' {
			i++
		}
	case '"', '\'':
		i++
		for i < len(src) && src[i] != c && src[i] != '\n' {
			if src[i] == '\\' {
				i++
			}
			i++
		}
		if i < len(src) && src[i] == c {
			i++
		}
		for i < len(src) && !isTokenStop(src, i) {
			i++
		}
	case '[', '(':
		i++
	default:
		for i < len(src) && !isTokenStop(src, i) {
			i++
		}
	}
	i = min(i, len(src))
	if i == off {
		i = off + 1
	}
	return graph.Pos{File: pos.File, Offset: i, Line: pos.Line, Col: pos.Col + (i - off)}
}

// isTokenStop reports whether src[i] ends a Turtle name: white space, a
// punctuation mark, or a '.' that ends a statement.
func isTokenStop(src []byte, i int) bool {
	switch src[i] {
	case ' ', '\t', '\r', '\n', ';', ',', ')', ']', '#':
		return true
	case '.':
		return i+1 >= len(src) || src[i+1] == ' ' || src[i+1] == '\t' || src[i+1] == '\r' || src[i+1] == '\n' || src[i+1] == '#'
	}
	return false
}
