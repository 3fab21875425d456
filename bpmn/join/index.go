// Package join is the BPMN engine's join of the models with the RDF index
// graph: each index node typed as a timer, the model and element its IRI
// names, and the models the graph covers.
package join

import (
	"cmp"
	"fmt"
	"iter"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/span"
)

// Index is the join of the BPMN models with the RDF index graph: each
// index node typed as a timer, the model and element its IRI names, and the
// models the graph covers.
//
// The models are joined as Models, summaries built while each file is
// checked (Summarize), never as whole parsed trees. An Index is built once
// per check and read-only once Finish has run (but for the places naming
// a model, which AlsoNamed finds when asked, under a lock), so rules may
// read it from several goroutines.
type Index struct {
	Graph *graph.Graph
	Vocab graph.Vocabulary
	// Files are the graph documents read, as given or found.
	Files []string
	// Nodes are the index nodes typed proc:TimerStartEvent or
	// proc:TimerCatchEvent, sorted by IRI once Finish has run.
	Nodes []*Node

	// Maps are the IRI-prefix-to-directory maps the join used.
	Maps map[string]string

	byKey     []*Node             // the joined nodes, sorted by (Path, ElementID), stably: the first per element answers
	byIRI     map[string]int32    // while New runs: the nodes' places in Nodes by IRI ...
	byBlank   map[string]int32    // ... and by blank node label
	slab      []Node              // while New runs: where the nodes are allocated, together
	docs      []*Model            // the joined models, sorted by absolute path (a list: a large check joins many)
	models    []*Model            // the joined models, sorted by path
	named     []namedModel        // where the graph first names each model, sorted by absolute path (once New is done)
	namedIdx  map[string]int32    // while New runs: the models' places in named by absolute path
	also      map[string][]place  // absolute model path or unmapped IRI -> the places naming it, for the keys asked (ExpectAlso), under alsoMu
	procTerms []procTerm          // the IRI the graph names each process with, sorted by process
	procNamed bool                // procTerms is filled: it depends on the graph alone, not the models
	refs      []modelRefAt        // IRI without fragment -> the file it names, sorted by IRI (merged from modelRefs at the end of New and by Finish)
	modelRefs map[string]modelRef // the same, found since the last merge (mergeRefs)
	frozen    bool                // the join is done: modelRefs is read-only
	broken    map[string]bool     // absolute paths of graph documents that failed to load
	wanted    wantedIDs           // the ids the graph names in each model, until Finish (kept by a reusable index)
	wantKeys  []elemKey           // (absolute model path, id) the graph names, while New reads it

	// keyOrder is the nodes naming a model file in byKey's order, sorted
	// once (keyed): Finish filters it. Only an index made Reusable keeps
	// it from one Finish to the next.
	keyOrder []*Node
	keyed    bool
	reusable bool

	// alsoMu guards also, the one part of the index written after Finish
	// (AlsoNamed may be asked from several goroutines).
	alsoMu sync.Mutex
}

// Node is an index node typed as a timer event.
type Node struct {
	// value is the node's IRI, or its blank node label (blank set): a
	// Node keeps the term's value alone, not a whole graph.Term, since
	// a check with a large graph holds one per timer node.
	value string
	// Path is the model file its IRI names ("" when the IRI names no
	// file), Doc the loaded model (nil when missing or unreadable), and
	// Element the flow node with the id ElementID gives (nil when there
	// is none).
	Path    string
	Doc     *Model
	Element *Element
	// Start and Catch report the timer types the graph gives it; FirstStart
	// that the first of its timer rdf:type triples types it
	// proc:TimerStartEvent (Index.TypeTriple is Index.StartType). (The
	// flags sit together so that a Node takes 56 bytes.)
	Start, Catch bool
	FirstStart   bool
	// Local reports that the IRI names a node of a graph document itself
	// (<#t>), not an element of a model.
	Local bool
	// Ambiguous reports that the fragment is an id that several elements
	// of the model carry: the join refuses it (Element stays nil), and
	// TMR2010 reports the repeated id.
	Ambiguous bool
	blank     bool
}

// Term is the node's term: an IRI, or a blank node.
func (n *Node) Term() graph.Term {
	if n.blank {
		return graph.NewBlank(n.value)
	}
	return graph.NewIRI(n.value)
}

// ElementID is the id the node's IRI names in its model: the fragment,
// unescaped ("" when the IRI names no model file). It is cut from the IRI
// at each call, not kept: a check with a large graph holds one Node per
// timer node, and the fragment is most often the id as it is.
func (n *Node) ElementID() string {
	if n.Path == "" {
		return ""
	}
	_, frag, _ := strings.Cut(n.value, "#")
	return fragmentID(frag)
}

// fragmentID is the element id an IRI's fragment names: the fragment
// unescaped, or as it is when it holds no escape or a malformed one.
func fragmentID(frag string) string {
	if strings.IndexByte(frag, '%') < 0 {
		return frag
	}
	if f, err := url.PathUnescape(frag); err == nil {
		return f
	}
	return frag
}

// ModelIRI is the node's IRI without its fragment: the IRI of the model
// it names ("" for a blank node).
func (n *Node) ModelIRI() string {
	if n.blank {
		return ""
	}
	base, _, _ := strings.Cut(n.value, "#")
	return base
}

type elemKey struct {
	path string
	id   string
}

// place is a span of a graph document as the join keeps it: a large graph
// names many models, each in several places, so the numbers are 32-bit.
type place struct {
	file string   // the graph document
	pos  [6]int32 // start line, column, offset; end line, column, offset
}

func newPlace(at span.Range) place {
	s, e := at.Start, at.End
	return place{file: at.File,
		pos: [6]int32{int32(s.Line), int32(s.Col), int32(s.Offset), int32(e.Line), int32(e.Col), int32(e.Offset)}}
}

// at is the span the place stands for.
func (p place) at() span.Range {
	q := p.pos
	return span.Range{File: p.file,
		Start: span.Pos{Line: int(q[0]), Col: int(q[1]), Offset: int(q[2])},
		End:   span.Pos{Line: int(q[3]), Col: int(q[4]), Offset: int(q[5])}}
}

// namedAt is where the graph first names a model.
type namedAt struct {
	place
	iri string // the model's IRI as the graph wrote it (resolved)
}

func newNamedAt(at span.Range, iri string) namedAt {
	return namedAt{place: newPlace(at), iri: iri}
}

// modelRef is the file an IRI names, cached per IRI.
type modelRef struct {
	path string // absolute, "" when the IRI maps to no file
	ok   bool
}

// modelRefAt is a modelRef with the IRI it is cached under. The join's
// caches are sorted lists once it is done, not maps: a check with a large
// graph names tens of thousands of models, and a map takes about twice
// the bytes of its entries.
type modelRefAt struct {
	base string
	modelRef
}

// namedModel is where the graph first names the model at path.
type namedModel struct {
	path string
	namedAt
}

// procTerm is the IRI the graph names a process with.
type procTerm struct {
	elemKey
	iri string
}

// ModelPath returns the file a model IRI (or an element IRI, whose
// fragment is dropped) names: a file: IRI's path, or a path under the
// directory that the longest matching --map prefix names. A prefix
// matches at a boundary only: it ends in '/', '#', ':' or '?', or the IRI
// goes on with '/' after it. ok is false for any other IRI.
func ModelPath(iri string, maps map[string]string) (path, fragment string, ok bool) {
	base, frag, _ := strings.Cut(iri, "#")
	path, ok = modelFile(base, maps)
	return path, fragmentID(frag), ok
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

// AbsPath is the absolute form of a path, the key files are known by.
func AbsPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}

// New starts the join of a graph with the models: it finds the index
// nodes typed as timers and every model the graph names, which needs no
// model loaded yet. files are the graph documents read and broken those
// of them that failed to load (they cover no model). The diagnostics are
// TMR0004 findings for IRIs that plainly name a model but map to no file;
// a graph with more than MaxNodes nodes is a TMR0001 and no index (nil).
//
// The graph names a model when it types one of the model's elements as a
// proc:Process, proc:UserTask, proc:TimerStartEvent or proc:TimerCatchEvent,
// or when a seam:executes or seam:schedules triple points at one of its
// processes. Those are the terms the join reads; they are found through the
// graph's indexes, so that the cost of the join does not grow with the
// triples that say nothing about models.
func New(g *graph.Graph, files, broken []string, vocab graph.Vocabulary, maps map[string]string) (*Index, []lint.Diagnostic) {
	if vocab == (graph.Vocabulary{}) {
		vocab = graph.DefaultVocabulary()
	}
	ix := &Index{
		Graph:     g,
		Vocab:     vocab,
		Files:     files,
		Maps:      maps,
		namedIdx:  map[string]int32{},
		modelRefs: map[string]modelRef{},
		broken:    map[string]bool{},
	}
	for _, f := range broken {
		ix.broken[AbsPath(f)] = true
	}
	if d, over := tooManyNodes(g, vocab); over {
		// No index: the engine goes on as with no graph.
		return nil, []lint.Diagnostic{d}
	}

	// Every model the graph names, with the first place naming it, and
	// the IRIs that look like models but map to no file.
	unmapped := map[string]span.Range{}
	// A graph names about as many models as it types processes: the
	// tables of the models are sized for that, not grown entry by entry.
	if models := g.CountByType(vocab.Process()); models > 0 {
		ix.namedIdx = make(map[string]int32, models)
		ix.named = make([]namedModel, 0, models)
		ix.modelRefs = make(map[string]modelRef, models)
	}
	note := func(t graph.Term, at span.Range, timer bool) {
		key, base, mapped, names := ix.naming(t, timer)
		switch {
		case !names:
		case !mapped:
			// An absolute IRI that no --map prefix covers: reported.
			if old, seen := unmapped[base]; !seen || before(at, old) {
				unmapped[base] = at
			}
		default:
			if k, seen := ix.namedIdx[key]; !seen {
				ix.namedIdx[key] = int32(len(ix.named))
				ix.named = append(ix.named, namedModel{key, newNamedAt(at, base)})
			} else if before(at, ix.named[k].at()) {
				ix.named[k].namedAt = newNamedAt(at, base)
			}
		}
	}
	// The graph holds each triple once, so a node has at most one
	// rdf:type triple per timer type: where the start type was written
	// decides which comes first. The triples are read one at a time
	// (ByTypeSeq), and the nodes allocated together, their number known
	// beforehand: a large graph types tens of thousands of timers.
	timers := g.CountByType(vocab.TimerStartEvent()) + g.CountByType(vocab.TimerCatchEvent())
	ix.slab = make([]Node, 0, timers)
	ix.Nodes = make([]*Node, 0, timers)
	ix.byIRI = make(map[string]int32, timers)
	ix.byBlank = map[string]int32{}
	type startPlace struct {
		file string
		off  int
	}
	startAt := make([]startPlace, 0, timers) // by node, in ix.slab's order
	startClass := vocab.TimerStartEvent()    // built once: each call spells the IRI anew
	for _, class := range []graph.Term{startClass, vocab.TimerCatchEvent()} {
		for tr := range g.ByTypeSeq(class) {
			n, k := ix.node(tr)
			if k == len(startAt) {
				startAt = append(startAt, startPlace{})
			}
			if class == startClass {
				if !n.Start {
					n.Start, n.FirstStart = true, true
					startAt[k] = startPlace{tr.Predicate.File, tr.Predicate.Start.Offset}
				}
			} else if !n.Catch {
				n.Catch = true
				at := startAt[k]
				if !n.Start || cmp.Or(cmp.Compare(tr.Predicate.File, at.file), cmp.Compare(tr.Predicate.Start.Offset, at.off)) < 0 {
					n.FirstStart = false
				}
			}
			note(tr.S, tr.Subject, true)
		}
	}
	ix.byIRI, ix.byBlank, ix.slab = nil, nil, nil
	// Sized for every node and every typed or pointed-at process and user
	// task (the subjects of seam:executes and seam:schedules, and both
	// ends of seam:storedIn, are the graph's own nodes, which no model is
	// asked for): the list is not grown by appending, which at 20,000
	// models left some 13 MB of copies behind it while the graph was
	// joined.
	ix.wantKeys = make([]elemKey, 0, len(ix.Nodes)+g.CountByType(vocab.Process())+g.CountByType(vocab.UserTask())+
		g.CountByPredicate(vocab.Executes())+g.CountByPredicate(vocab.Schedules()))
	for _, n := range ix.Nodes {
		if n.Path != "" {
			ix.want(elemKey{n.Path, n.ElementID()})
		}
	}
	for _, class := range []graph.Term{vocab.Process(), vocab.UserTask()} {
		for tr := range g.ByTypeSeq(class) {
			note(tr.S, tr.Subject, false)
			ix.wantTerm(tr.S)
		}
	}
	storedIn := vocab.StoredIn()
	for _, pred := range []graph.Term{vocab.Executes(), vocab.Schedules(), storedIn} {
		for tr := range g.ByPredicateSeq(pred) {
			if pred != storedIn {
				note(tr.O, tr.Object, false)
			}
			ix.wantTerm(tr.S)
			ix.wantTerm(tr.O)
		}
	}

	ix.namedIdx = nil
	slices.SortFunc(ix.named, func(a, b namedModel) int { return strings.Compare(a.path, b.path) })
	ix.named = slices.Clip(ix.named)

	slices.SortFunc(ix.wantKeys, compareElemKey)
	ix.wanted = newWantedIDs(slices.Compact(ix.wantKeys))
	ix.wantKeys = nil
	ix.mergeRefs()

	var diags []lint.Diagnostic
	if len(unmapped) > 0 {
		keys := make([]string, 0, len(unmapped))
		for base := range unmapped {
			keys = append(keys, base)
		}
		ix.ExpectAlso(keys)
	}
	for base, at := range unmapped {
		d := lint.LoadDiagnostic(RuleModelMissing, at,
			"the index graph names the model "+base+", which no --map prefix maps to a file", ModelMissingDetail)
		d.Related = ix.AlsoNamed(base, at)
		diags = append(diags, d)
	}
	return ix, diags
}

// want records that the join or a project rule may look up an id of a
// model: Summarize keeps what it names.
func (ix *Index) want(k elemKey) {
	// A node of a graph document is no model's: Summarize never asks.
	if k.id != "" && !graph.IsGraphPath(k.path) {
		// The id is cut from a term's IRI, which the graph keeps.
		ix.wantKeys = append(ix.wantKeys, k)
	}
}

// wantedIDs are the ids the graph names in each model: one sorted list of
// the models' absolute paths, each with the end of its ids in a second
// list (sorted, without repeats), not a map of lists nor a list of (path,
// id) pairs. A check with a large graph wants a few ids in each of many
// models, and holds this list from the graph's end to the join's: each
// path is held once.
type wantedIDs struct {
	models []wantedModel
	ids    []string
}

// wantedModel is a model of wantedIDs: its ids are ids[start:end], start
// being the end of the model before it (0 for the first).
type wantedModel struct {
	path string
	end  int
}

// newWantedIDs groups keys, sorted and without repeats, by model, into
// lists of the size they need.
func newWantedIDs(keys []elemKey) wantedIDs {
	models := 0
	for i, k := range keys {
		if i == 0 || k.path != keys[i-1].path {
			models++
		}
	}
	w := wantedIDs{models: make([]wantedModel, 0, models), ids: make([]string, 0, len(keys))}
	for i, k := range keys {
		if i > 0 && k.path != keys[i-1].path {
			w.models = append(w.models, wantedModel{keys[i-1].path, i})
		}
		w.ids = append(w.ids, k.id)
	}
	if len(keys) > 0 {
		w.models = append(w.models, wantedModel{keys[len(keys)-1].path, len(keys)})
	}
	return w
}

// in lists the ids wanted in the model at an absolute path, sorted; the
// list is the wanted ids' own, not to be written.
func (w wantedIDs) in(path string) []string {
	i, ok := slices.BinarySearchFunc(w.models, path, func(m wantedModel, p string) int { return strings.Compare(m.path, p) })
	if !ok {
		return nil
	}
	start := 0
	if i > 0 {
		start = w.models[i-1].end
	}
	return w.ids[start:w.models[i].end:w.models[i].end]
}

func compareElemKey(a, b elemKey) int {
	return cmp.Or(strings.Compare(a.path, b.path), strings.Compare(a.id, b.id))
}

// wantedIn lists the ids the graph names in the model at an absolute
// path, sorted.
func (ix *Index) wantedIn(path string) []string { return ix.wanted.in(path) }

// wantTerm is want for the id an IRI term names, if it names one.
func (ix *Index) wantTerm(t graph.Term) {
	if k, ok := ix.key(t); ok {
		ix.want(k)
	}
}

// Summarize builds the Model of a loaded model for this join: it keeps,
// beside the timer elements and the top-level processes, only what the
// ids the graph names stand for. It may be called from several goroutines
// at once, until Finish.
func (ix *Index) Summarize(doc *bpmn.Document) *Model {
	abs := AbsPath(doc.Path)
	want := ix.wantedIn(abs)
	m := summarizeKept(doc, want)
	// What the summary keeps of the model's strings is shared with the
	// graph where the two are equal: its IRI with the IRI the graph
	// names it by, and the ids of its processes and elements with the ids
	// the graph names (cut from the graph's terms, which the graph keeps
	// to the end). A check with a large graph holds a summary per model,
	// and the parser's copies of these then go with the parsed model.
	if at, ok := ix.namedAt(abs); ok && at.iri == m.IRI {
		m.IRI = at.iri
		if strings.HasSuffix(m.IRI, m.abs) {
			m.abs = m.IRI[len(m.IRI)-len(m.abs):]
		}
	}
	m.shareIDs(want)
	return m
}

// Prune drops from a Model built by Summarize before the graph was read
// the ids that this join does not need: it then holds the values
// ix.Summarize would have built (in the parser's strings, not shared
// with the graph's: Prune runs while the loading worker may read the
// Model's IRI).
func (ix *Index) Prune(m *Model) { m.keep(ix.wantedIn(m.abs)) }

// ForgetNaming drops what the join kept about the places that name each
// model, once the models the graph names that are missing or outside the
// project have been reported (MissingModel, AlsoNamed).
func (ix *Index) ForgetNaming() {
	ix.alsoMu.Lock()
	ix.also = nil
	ix.alsoMu.Unlock()
}

// naming is the model a term of the graph names (timer: the term is a
// timer node), as the join keys the models the graph names and the places
// naming them: base is the term's IRI less its fragment; mapped reports
// that a file: IRI or a --map prefix maps it to a file, whose absolute
// path is then key (else key is base); names reports that the term names
// a model at all. A timer node names its model whatever the file's
// extension, unless it is a node of a graph document itself (<#t>); any
// other term names a BPMN file; an IRI no prefix maps names a model when
// it plainly is one (a timer node, or a .bpmn path).
func (ix *Index) naming(t graph.Term, timer bool) (key, base string, mapped, names bool) {
	if !t.IsIRI() {
		return "", "", false, false
	}
	base, _, _ = strings.Cut(t.Value, "#")
	ref := ix.model(base)
	switch {
	case !ref.ok:
		return base, base, false, timer || bpmn.IsBPMNPath(iriPath(base))
	case timer:
		return ref.path, base, true, !graph.IsGraphPath(ref.path)
	}
	return ref.path, base, true, bpmn.IsBPMNPath(ref.path)
}

// ExpectAlso readies AlsoNamed for the given keys: one pass over the
// graph's terms that name models (in the order New reads them) keeps the
// first 2*maxAlsoNamed places naming each. The places are found when they
// are asked for, not while the graph is joined: a graph names each model
// in several places, and only a missing model's are ever shown.
func (ix *Index) ExpectAlso(keys []string) {
	// The one part of the index written after Finish: rules may ask from
	// several goroutines.
	ix.alsoMu.Lock()
	defer ix.alsoMu.Unlock()
	want := map[string]bool{}
	for _, k := range keys {
		if _, done := ix.also[k]; !done {
			want[k] = true
		}
	}
	if len(want) == 0 {
		return
	}
	if ix.also == nil {
		ix.also = map[string][]place{}
	}
	for k := range want {
		ix.also[k] = nil
	}
	see := func(t graph.Term, at span.Range, timer bool) {
		if k, _, _, ok := ix.naming(t, timer); ok && want[k] && len(ix.also[k]) < 2*maxAlsoNamed {
			ix.also[k] = append(ix.also[k], newPlace(at))
		}
	}
	g, v := ix.Graph, ix.Vocab
	for _, class := range []graph.Term{v.TimerStartEvent(), v.TimerCatchEvent()} {
		for tr := range g.ByTypeSeq(class) {
			see(tr.S, tr.Subject, true)
		}
	}
	for _, class := range []graph.Term{v.Process(), v.UserTask()} {
		for tr := range g.ByTypeSeq(class) {
			see(tr.S, tr.Subject, false)
		}
	}
	for _, pred := range []graph.Term{v.Executes(), v.Schedules()} {
		for tr := range g.ByPredicateSeq(pred) {
			see(tr.O, tr.Object, false)
		}
	}
}

// MaxNodes bounds the graph's nodes the join reads: the triples typing a
// process, a user task or a timer, and the seam:executes and
// seam:schedules triples. Each is held as a Triple of some 360 bytes and
// names a model to look for, so a graph naming a million models would
// take gigabytes; a real index graph has some thousands. Past it the
// graph is "too large to check" (TMR0001) and no model is joined.
const MaxNodes = 200_000

// tooManyNodes counts the nodes the join would read, without reading them.
func tooManyNodes(g *graph.Graph, vocab graph.Vocabulary) (lint.Diagnostic, bool) {
	n := 0
	for _, class := range []graph.Term{vocab.TimerStartEvent(), vocab.TimerCatchEvent(), vocab.Process(), vocab.UserTask()} {
		n += g.CountByType(class)
	}
	for _, p := range []graph.Term{vocab.Executes(), vocab.Schedules(), vocab.StoredIn()} {
		n += g.CountByPredicate(p)
	}
	if n <= MaxNodes {
		return lint.Diagnostic{}, false
	}
	path := ""
	if docs := g.Documents(); len(docs) > 0 {
		path = docs[0].Path
	}
	return lint.LoadDiagnostic(RuleFileUnreadable, span.At(path, span.Pos{Line: 1, Col: 1}),
		fmt.Sprintf("the index graph has %d process, task and timer nodes and seams: too large to check (the limit is %d)", n, MaxNodes),
		"Split the index graph; no model was joined with it."), true
}

// RuleFileUnreadable is the ID of the core rule for a file that cannot be
// checked; its name and doc live in package rules.
const RuleFileUnreadable = "TMR0001"

// maxAlsoNamed bounds the related locations of a TMR0004 finding: the
// first places, in document order, that name the same missing model.
const maxAlsoNamed = 8

// AlsoNamed are the related locations of a TMR0004 finding at first
// about the model key (its absolute path, or the IRI no --map prefix
// maps): the other terms of the graph that name it, which all depend on
// the missing model, in document order and at most maxAlsoNamed (of the
// first ones the join met).
func (ix *Index) AlsoNamed(key string, first span.Range) []lint.Related {
	ix.ExpectAlso([]string{key})
	ix.alsoMu.Lock()
	places := slices.Clone(ix.also[key])
	ix.alsoMu.Unlock()
	ats := make([]span.Range, len(places))
	for i, p := range places {
		ats[i] = p.at()
	}
	slices.SortFunc(ats, compareRange)
	var out []lint.Related
	for i, at := range ats {
		if at == first || i > 0 && at == ats[i-1] {
			continue
		}
		if len(out) == maxAlsoNamed {
			break
		}
		out = append(out, lint.RelatedAt(at, "also names the model"))
	}
	return out
}

// RuleModelMissing is the ID of the finding for a model the graph names
// that cannot be found; its name and doc live in package rules.
const RuleModelMissing = "TMR0004"

// ModelMissingDetail says what to do about a TMR0004 finding.
const ModelMissingDetail = "Give the model file, or map the IRI prefix to a directory with --map PREFIX=DIR."

// Named is a model file the graph names.
type Named struct {
	// Path is the model's absolute path.
	Path string
	// At is the term that first names it.
	At span.Range
}

// Named returns the model files the graph names, in the order it first
// names them.
func (ix *Index) Named() []Named {
	if ix == nil {
		return nil
	}
	out := make([]Named, 0, len(ix.named))
	for _, n := range ix.named {
		out = append(out, Named{Path: n.path, At: n.at()})
	}
	slices.SortFunc(out, func(a, b Named) int { return compareRange(a.At, b.At) })
	return out
}

// MissingModel is the TMR0004 finding for a named model file that does
// not exist.
func (ix *Index) MissingModel(n Named) lint.Diagnostic {
	d := lint.LoadDiagnostic(RuleModelMissing, n.At,
		"the index graph names the model file "+DisplayPath(n.Path)+", which does not exist", ModelMissingDetail)
	d.Related = ix.AlsoNamed(n.Path, n.At)
	return d
}

// Finish joins the loaded models (those given and those the graph names)
// with the graph's nodes. The index is read-only afterwards, so rules may
// read it from several goroutines.
func (ix *Index) Finish(models []*Model) {
	// The models are summarized: what the graph wants of them is no
	// longer asked, and a large check frees it before joining. A reused
	// index (Reusable) keeps it for the next check's summaries.
	if !ix.reusable {
		ix.wanted = wantedIDs{}
	}
	// The first model per absolute path is joined.
	byPath := models
	byAbs := func(a, b *Model) int { return strings.Compare(a.abs, b.abs) }
	if !slices.IsSortedFunc(byPath, byAbs) {
		byPath = slices.Clone(models)
		slices.SortStableFunc(byPath, byAbs)
	}
	ix.docs = slices.Clip(slices.CompactFunc(slices.Clone(byPath), func(a, b *Model) bool { return a.abs == b.abs }))
	ix.models = nil
	if len(ix.docs) == len(models) && len(models) > 0 {
		// No file given twice: every model is joined.
		ix.models = ix.docs
		if &byPath[0] != &models[0] {
			ix.models = slices.Clone(models)
		}
	} else {
		for _, m := range models {
			if ix.doc(m.abs) == m {
				ix.models = append(ix.models, m)
			}
		}
	}
	ix.shareRefs()
	// Resolve the nodes and index them by element. The nodes do not
	// change once New has run: they are sorted once, by IRI, and those
	// naming a model file by (Path, ElementID) too, stably, which a
	// reused index (Reusable) keeps.
	if !ix.keyed {
		slices.SortFunc(ix.Nodes, func(a, b *Node) int { return cmp.Compare(a.value, b.value) })
		// Lists of the size they need at most, not grown by appending: a
		// large graph types tens of thousands of timers.
		ix.keyOrder = make([]*Node, 0, len(ix.Nodes))
		for _, n := range ix.Nodes {
			if n.Path != "" {
				ix.keyOrder = append(ix.keyOrder, n)
			}
		}
		slices.SortStableFunc(ix.keyOrder, compareNodeKey)
		ix.keyOrder = slices.Clip(ix.keyOrder)
		ix.keyed = true
	}
	if ix.reusable {
		ix.byKey = make([]*Node, 0, len(ix.keyOrder))
	} else {
		// keyOrder is dropped below: byKey is filtered from it in place.
		ix.byKey = ix.keyOrder[:0]
	}
	// The nodes of a model follow each other, in the order of the
	// models' paths (ix.docs). A node whose model is the one it was
	// joined with last (a reused index, Reusable, given the same Model
	// again) keeps what it was joined with: a Model does not change once
	// built.
	lastPath, last := "", (*Model)(nil)
	di := 0
	for _, n := range ix.keyOrder {
		if n.Path != lastPath {
			lastPath, last = n.Path, nil
			for di < len(ix.docs) && ix.docs[di].abs < n.Path {
				di++
			}
			if di < len(ix.docs) && ix.docs[di].abs == n.Path {
				last = ix.docs[di]
			}
		}
		if last == nil {
			n.Doc, n.Element, n.Ambiguous = nil, nil, false
			continue
		}
		if n.Doc != last {
			// The path as the model spells it (the same string): NodeOf
			// compares the two at each look-up.
			n.Doc, n.Element, n.Ambiguous, n.Path = last, nil, false, last.abs
			if last.repeated[n.ElementID()] {
				// Which of the elements would be joined would depend on
				// their order in the file: none is.
				n.Ambiguous = true
			} else if r, ok := last.ID(n.ElementID()); ok && r.What != WhatProcess && r.What != WhatFlow {
				n.Element = r.Element
				if n.Element == nil {
					n.Element = newElement(last, n.ElementID(), r.What, r.Span)
				}
			}
		}
		if n.Ambiguous {
			continue
		}
		ix.byKey = append(ix.byKey, n)
	}
	// A sorted list, not a map: a check with a large graph holds one
	// entry per timer node (a map took about 120 bytes an entry). It is
	// in keyOrder's order, which only an index joined again keeps.
	ix.byKey = slices.Clip(ix.byKey)
	if !ix.reusable {
		ix.keyOrder, ix.keyed = nil, false
	}
	// Each model's nodes, for NodeOf: both lists are sorted by path.
	i := 0
	for _, m := range byPath {
		for i < len(ix.byKey) && ix.byKey[i].Path < m.abs {
			i++
		}
		j := i
		for j < len(ix.byKey) && ix.byKey[j].Path == m.abs {
			j++
		}
		m.nodes = [2]int32{int32(i), int32(j)}
	}

	// The terms that name processes, once per index: a reused index
	// (Reusable) keeps them.
	if !ix.procNamed {
		ix.nameProcesses()
		ix.procNamed = true
	}

	// The models the graph covers: those it names, and those that sit in
	// a directory holding a graph document. A graph document that failed
	// to load covers nothing: its models would otherwise all look
	// unlifted.
	graphDirs := map[string]bool{}
	for _, f := range ix.Files {
		if p := AbsPath(f); !ix.broken[p] {
			graphDirs[filepath.Dir(p)] = true
		}
	}
	// Set on every model given, not only those joined: a language server
	// session hands the same Model to each check of the same graph
	// (bpmn/rules/incremental.go), so the flag is this join's, never a
	// former one's.
	for _, m := range models {
		m.indexed = false
	}
	// Both lists are sorted by path: one walk, not a search per model (a
	// language server joins every model at each keystroke).
	ni := 0
	for _, m := range ix.docs {
		for ni < len(ix.named) && ix.named[ni].path < m.abs {
			ni++
		}
		if named := ni < len(ix.named) && ix.named[ni].path == m.abs; named || graphDirs[filepath.Dir(m.abs)] {
			m.indexed = true
		}
	}
	ix.frozen = true
}

// namedAt is where the graph first names the model at an absolute path.
func (ix *Index) namedAt(abs string) (namedAt, bool) {
	if i, ok := slices.BinarySearchFunc(ix.named, abs, func(n namedModel, p string) int { return strings.Compare(n.path, p) }); ok {
		return ix.named[i].namedAt, true
	}
	return namedAt{}, false
}

// mergeRefs merges the model IRIs cached in the map since the last merge
// into the sorted list: New does once it has read the graph (the list
// takes half the bytes of the map, and the models are loaded after), and
// Finish does again for those found since.
func (ix *Index) mergeRefs() {
	if len(ix.modelRefs) > 0 {
		refs := slices.Grow(ix.refs[:len(ix.refs):len(ix.refs)], len(ix.modelRefs))
		for base, r := range ix.modelRefs {
			refs = append(refs, modelRefAt{base, r})
		}
		slices.SortFunc(refs, func(a, b modelRefAt) int { return strings.Compare(a.base, b.base) })
		ix.refs, ix.modelRefs = refs, nil
	}
}

// shareRefs merges the model IRIs found since the last Finish into the
// sorted list, and makes the paths of the list and of the models the graph
// names the strings the joined models hold (a model's absolute path is cut
// from its IRI): a large check then keeps one copy of each path.
func (ix *Index) shareRefs() {
	ix.mergeRefs()
	if ix.reusable {
		// A session's index is joined at every check, with a few
		// thousand models at most: a copy of each path costs it less than
		// looking each up again.
		return
	}
	shared := func(p string) string {
		if m := ix.doc(p); m != nil {
			return m.abs
		}
		return p
	}
	for i := range ix.refs {
		if r := &ix.refs[i]; r.ok {
			r.path = shared(r.path)
		}
	}
	for i := range ix.named {
		ix.named[i].path = shared(ix.named[i].path)
	}
}

// Models returns the joined models, one per file, sorted by path.
func (ix *Index) Models() []*Model { return ix.models }

// Schedules yields the seam:schedules triples, in load order.
func (ix *Index) Schedules() iter.Seq[graph.Triple] {
	return ix.Graph.ByPredicateSeq(ix.Vocab.Schedules())
}

// Executes yields the seam:executes triples, in load order.
func (ix *Index) Executes() iter.Seq[graph.Triple] {
	return ix.Graph.ByPredicateSeq(ix.Vocab.Executes())
}

// StoredIn yields the seam:storedIn triples, in load order.
func (ix *Index) StoredIn() iter.Seq[graph.Triple] {
	return ix.Graph.ByPredicateSeq(ix.Vocab.StoredIn())
}

// TypeTriple is the first rdf:type triple giving a node a timer type.
func (ix *Index) TypeTriple(n *Node) graph.Triple {
	if n.FirstStart {
		return ix.StartType(n)
	}
	return ix.CatchType(n)
}

// StartType is the rdf:type triple typing a node proc:TimerStartEvent
// (zero when the graph does not).
func (ix *Index) StartType(n *Node) graph.Triple {
	if !n.Start {
		return graph.Triple{}
	}
	return ix.typing(n.Term(), ix.Vocab.TimerStartEvent())
}

// CatchType is the rdf:type triple typing a node proc:TimerCatchEvent
// (zero when the graph does not).
func (ix *Index) CatchType(n *Node) graph.Triple {
	if !n.Catch {
		return graph.Triple{}
	}
	return ix.typing(n.Term(), ix.Vocab.TimerCatchEvent())
}

// typing is the triple typing s as class: the graph holds it once.
func (ix *Index) typing(s, class graph.Term) graph.Triple {
	for _, tr := range ix.Graph.BySubject(s) {
		if tr.P.Value == graph.RDFType && tr.O == class {
			return tr
		}
	}
	return graph.Triple{}
}

// Ambiguous reports whether an id of a loaded model is carried by several
// of its elements, so that the join refuses it.
func (ix *Index) Ambiguous(m *Model, id string) bool { return m.repeated[id] }

// compareRange orders ranges by graph document (the graph reads its
// documents sorted by path) and offset.
func compareRange(a, b span.Range) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Start.Offset, b.Start.Offset))
}

func before(a, b span.Range) bool { return compareRange(a, b) < 0 }

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
	if i, ok := slices.BinarySearchFunc(ix.refs, base, func(r modelRefAt, b string) int { return strings.Compare(r.base, b) }); ok {
		return ix.refs[i].modelRef
	}
	if r, ok := ix.modelRefs[base]; ok {
		return r
	}
	var r modelRef
	if p, ok := modelFile(base, ix.Maps); ok {
		r = modelRef{path: AbsPath(p), ok: true}
	}
	if !ix.frozen {
		if ix.modelRefs == nil {
			ix.modelRefs = map[string]modelRef{}
		}
		ix.modelRefs[base] = r
	}
	return r
}

// node returns the Node of a typed subject, creating it, and its number
// in the order of creation.
func (ix *Index) node(tr graph.Triple) (*Node, int) {
	// An IRI and a blank node are told apart by their maps: a blank
	// node's label may spell an IRI.
	by := ix.byIRI
	if !tr.S.IsIRI() {
		by = ix.byBlank
	}
	if k, ok := by[tr.S.Value]; ok {
		return ix.Nodes[k], int(k)
	}
	k := len(ix.slab)
	if k == cap(ix.slab) {
		// More nodes than counted: a slab of their own.
		ix.slab = make([]Node, 0, max(16, k))
		k = 0
	}
	ix.slab = append(ix.slab, Node{value: tr.S.Value, blank: !tr.S.IsIRI()})
	n := &ix.slab[k]
	if tr.S.IsIRI() {
		base, _, _ := strings.Cut(tr.S.Value, "#")
		ref := ix.model(base)
		n.Local = ref.ok && graph.IsGraphPath(ref.path)
		if ref.ok && !n.Local {
			n.Path = ref.path
		}
	}
	by[tr.S.Value] = int32(len(ix.Nodes))
	ix.Nodes = append(ix.Nodes, n)
	return n, len(ix.Nodes) - 1
}

// DisplayPath shows an absolute path relative to the working directory
// when it lies below it.
func DisplayPath(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// NodeOf returns the index node of a timer element, or nil.
func (ix *Index) NodeOf(m *Model, el *Element) *Node {
	if lo, hi := int(m.nodes[0]), int(m.nodes[1]); lo < hi && hi <= len(ix.byKey) && ix.byKey[lo].Path == m.abs {
		// The model's nodes, as Finish found them: the ids alone are
		// compared.
		nodes := ix.byKey[lo:hi]
		if len(nodes) <= 8 {
			// A model's few nodes: the first with the id, as the search.
			// The nodes joined with el are looked for first (those with
			// its id are all joined with it, when one is), without
			// cutting an id from each IRI.
			for _, n := range nodes {
				if n.Element == el {
					return n
				}
			}
			for _, n := range nodes {
				if n.ElementID() == el.ID {
					return n
				}
			}
			return nil
		}
		if i, ok := slices.BinarySearchFunc(nodes, el.ID, func(n *Node, id string) int { return strings.Compare(n.ElementID(), id) }); ok {
			return nodes[i]
		}
		return nil
	}
	k := elemKey{m.abs, el.ID}
	if i, ok := slices.BinarySearchFunc(ix.byKey, k, func(n *Node, k elemKey) int {
		return cmp.Or(strings.Compare(n.Path, k.path), strings.Compare(n.ElementID(), k.id))
	}); ok {
		return ix.byKey[i]
	}
	return nil
}

func compareNodeKey(a, b *Node) int {
	return cmp.Or(strings.Compare(a.Path, b.Path), strings.Compare(a.ElementID(), b.ElementID()))
}

// Indexed reports whether the graph covers a model: it names the model, or
// a graph document sits in the model's directory.
func (ix *Index) Indexed(m *Model) bool { return m.indexed }

// Doc returns the joined model at a path, or nil.
func (ix *Index) Doc(path string) *Model { return ix.doc(AbsPath(path)) }

// doc returns the joined model at an absolute path, or nil.
func (ix *Index) doc(abs string) *Model {
	if i, ok := slices.BinarySearchFunc(ix.docs, abs, func(m *Model, p string) int { return strings.Compare(m.abs, p) }); ok {
		return ix.docs[i]
	}
	return nil
}

// Display renders an IRI compactly for a message about a triple written
// in the graph document at file: `#frag` for a node of that document
// itself, a path relative to the document's directory for another file
// IRI, a prefixed name in the vocabulary, or the IRI itself. The result
// has no angle brackets; a blank node shows as _:label.
func (ix *Index) Display(iri, file string) string {
	if strings.HasPrefix(iri, "file:") {
		if p, frag, ok := ModelPath(iri, nil); ok {
			hasFrag := strings.Contains(iri, "#")
			if file != "" && p == AbsPath(file) && hasFrag {
				return "#" + frag
			}
			dir := "."
			if file != "" {
				dir = filepath.Dir(AbsPath(file))
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
func (ix *Index) ProcessTerm(m *Model, p *Process) (graph.Term, bool) {
	k := elemKey{m.abs, p.ID}
	i, ok := slices.BinarySearchFunc(ix.procTerms, k, func(t procTerm, k elemKey) int { return compareElemKey(t.elemKey, k) })
	if !ok {
		return graph.Term{}, false
	}
	return graph.NewIRI(ix.procTerms[i].iri), true
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
	return elemKey{ref.path, fragmentID(frag)}, true
}

// Element returns the model an IRI term names, when it is joined, and
// what its fragment names in it (ok false when it names nothing).
func (ix *Index) Element(t graph.Term) (m *Model, r Ref, ok bool) {
	k, isKey := ix.key(t)
	if !isKey {
		return nil, Ref{}, false
	}
	m = ix.doc(k.path)
	if m == nil {
		return nil, Ref{}, false
	}
	r, ok = m.ID(k.id)
	return m, r, ok
}

// Process returns the top-level process an IRI term names, when its model
// is joined. m is the model (nil when the term names no joined model); p
// is nil when the fragment names no top-level process of it.
func (ix *Index) Process(t graph.Term) (m *Model, p *Process) {
	m, r, _ := ix.Element(t)
	return m, r.Process
}

// HomeGraph returns the graph document where a timer of the model would
// be lifted: the one that names the model first, or else the first graph
// document in the model's directory, or else the first one read.
func (ix *Index) HomeGraph(m *Model) string {
	p := m.abs
	if n, ok := ix.namedAt(p); ok {
		return n.file
	}
	for _, f := range ix.Files {
		if filepath.Dir(AbsPath(f)) == filepath.Dir(p) {
			return f
		}
	}
	if len(ix.Files) > 0 {
		return ix.Files[0]
	}
	return ""
}

// ProcessIRI is the IRI of a process as the graph names it, or as it would:
// the process's model IRI as the graph writes it (from a node of the same
// model), plus #id, or the model's file IRI plus #id.
func (ix *Index) ProcessIRI(m *Model, p *Process, model string) string {
	if t, ok := ix.ProcessTerm(m, p); ok {
		return t.Value
	}
	if model == "" {
		if n, ok := ix.namedAt(m.abs); ok {
			model = n.iri
		} else {
			model = m.IRI
		}
	}
	return model + "#" + p.ID
}

// ReportTriple records a diagnostic on a graph triple, in the ADR's form
// ResolutionError(<subject>, predicate, "what"): at the triple's predicate,
// spanning to the end of its object (or of the predicate, when the object
// ends on another line). Subject is the full IRI; the message shows it
// compactly. When the subject names an element of a loaded model, the
// element's start tag is a related location; related adds others.
func (ix *Index) ReportTriple(p *lint.Pass, tr graph.Triple, subject graph.Term, predicate, what, detail string, related ...lint.Related) {
	ix.report(p, TripleRange(tr), subject, predicate, what, detail, related)
}

// TripleRange is where a finding on a triple is shown: its predicate,
// through the end of its object when the object ends on the same line.
func TripleRange(tr graph.Triple) span.Range {
	r := tr.Predicate
	if tr.Object.File == r.File && tr.Object.End.Line == r.Start.Line && tr.Object.End.Offset > r.Start.Offset {
		r = r.Through(tr.Object)
	}
	return r
}

// TermRelated is the related location of a term that names an element of
// a loaded model (a process a triple schedules): the element's start tag,
// with label before its display name; nil for any other term.
func (ix *Index) TermRelated(t graph.Term, label string) []lint.Related {
	m, _, ok := ix.Element(t)
	if !ok {
		return nil
	}
	k, _ := ix.key(t)
	return ElementRelated(m, k.id, label)
}

// NamedAt is where the graph first names a model, when it does.
func (ix *Index) NamedAt(m *Model) (span.Range, bool) {
	n, ok := ix.namedAt(m.abs)
	return n.at(), ok
}

// ReportNode records a diagnostic about a graph node that lacks a triple:
// at the node's first triple, spanning its subject. It reports nothing and
// returns false when the graph holds no triple about the node.
func (ix *Index) ReportNode(p *lint.Pass, subject graph.Term, predicate, what, detail string, related ...lint.Related) bool {
	r, ok := ix.Graph.SubjectRange(subject)
	if !ok {
		return false
	}
	ix.report(p, r, subject, predicate, what, detail, related)
	return true
}

// ReportAt records a diagnostic about subject at a range of a graph
// document.
func (ix *Index) ReportAt(p *lint.Pass, r span.Range, subject graph.Term, predicate, what, detail string, related ...lint.Related) {
	ix.report(p, r, subject, predicate, what, detail, related)
}

// ReportGraphMessage records a diagnostic about subject at a range of a
// graph document with a message of its own, for findings that the ADR
// gives no ResolutionError form for.
func (ix *Index) ReportGraphMessage(p *lint.Pass, r span.Range, subject graph.Term, predicate, message, detail string) {
	d := ix.graphDiagnostic(r, subject, predicate, detail)
	d.Message, d.What = message, message
	p.Report(d)
}

func (ix *Index) report(p *lint.Pass, r span.Range, subject graph.Term, predicate, what, detail string, related []lint.Related) {
	d := ix.graphDiagnostic(r, subject, predicate, detail)
	d.Message = lint.Resolution(ix.DisplayTerm(subject, r.File), predicate, what)
	d.What = what
	d.Related = append(d.Related, related...)
	p.Report(d)
}

func (ix *Index) graphDiagnostic(r span.Range, subject graph.Term, predicate, detail string) lint.Diagnostic {
	d := lint.AtRange(r)
	d.Subject = subject.Value
	d.Predicate = predicate
	d.Detail = detail
	if subject.IsBlank() {
		d.Subject = "_:" + subject.Value
	}
	if k, ok := ix.key(subject); ok && ix.doc(k.path) != nil {
		d.Element = k.id
		d.Related = ix.elementRelated(k, r.File)
	}
	return d
}

// elementRelated is the other place a finding in the graph document file
// about an element of a loaded model concerns: the element's start tag
// in its model (nil when the id names nothing there).
func (ix *Index) elementRelated(k elemKey, file string) []lint.Related {
	m := ix.doc(k.path)
	r, ok := m.ID(k.id)
	if !ok || AbsPath(r.Span.File) == AbsPath(file) {
		return nil
	}
	label := "the element: "
	switch r.What {
	case WhatProcess:
		label = "the process: "
	case WhatFlow:
		label = "the sequence flow: "
	}
	return []lint.Related{lint.RelatedAt(r.Span, label+m.ElementDisplay(k.id))}
}

// ElementRelated is the related location of a finding about an element
// of a joined model that is written elsewhere (a triple that names it):
// the element's start tag, labelled with what it is.
func ElementRelated(m *Model, id, label string) []lint.Related {
	r, ok := m.ID(id)
	if !ok {
		return nil
	}
	return []lint.Related{lint.RelatedAt(r.Span, label+m.ElementDisplay(id))}
}

// StartTag is the span of the start tag of what an id names in a model:
// an element, a process or a sequence flow.
func StartTag(v any) (span.Range, bool) {
	switch e := v.(type) {
	case *bpmn.Element:
		return e.Span, true
	case *bpmn.Process:
		return e.Span, true
	case *bpmn.Flow:
		return e.Span, true
	}
	return span.Range{}, false
}

// nameProcesses fills procTerms: the terms that name processes. It reads
// the graph alone.
func (ix *Index) nameProcesses() {
	// The terms are read a kind of triple at a time (typed proc:Process,
	// then seam:schedules and seam:executes objects), and a kind adds only
	// the processes the ones before did not name: a large graph names each
	// of tens of thousands of processes three times, and one list of every
	// term would be three times the size of the answer.
	g, v := ix.Graph, ix.Vocab
	var terms []procTerm // sorted by process: the first term read for each
	byKey := func(a procTerm, k elemKey) int { return compareElemKey(a.elemKey, k) }
	add := func(seq iter.Seq[graph.Triple], object bool, n int) {
		// The first kind is sized by its triples; the others mostly name
		// processes named already, and grow.
		var more []procTerm
		if len(terms) == 0 {
			more = make([]procTerm, 0, n)
		}
		for tr := range seq {
			t := tr.S
			if object {
				t = tr.O
			}
			if k, ok := ix.key(t); ok {
				if _, seen := slices.BinarySearchFunc(terms, k, byKey); !seen {
					more = append(more, procTerm{k, t.Value}) // key takes IRIs only
				}
			}
		}
		slices.SortStableFunc(more, func(a, b procTerm) int { return compareElemKey(a.elemKey, b.elemKey) })
		more = slices.CompactFunc(more, func(a, b procTerm) bool { return a.elemKey == b.elemKey })
		switch {
		case len(more) == 0:
			return
		case len(terms) == 0:
			// A copy of the size it needs, when processes repeated.
			terms = slices.Clip(more)
			if len(more) < cap(more)/2 {
				terms = slices.Clone(more)
			}
			return
		}
		// Two sorted lists with no process in common, merged into one of
		// the size it needs.
		merged := make([]procTerm, 0, len(terms)+len(more))
		i, j := 0, 0
		for i < len(terms) && j < len(more) {
			if compareElemKey(terms[i].elemKey, more[j].elemKey) < 0 {
				merged = append(merged, terms[i])
				i++
			} else {
				merged = append(merged, more[j])
				j++
			}
		}
		terms = append(append(merged, terms[i:]...), more[j:]...)
	}
	add(g.ByTypeSeq(v.Process()), false, g.CountByType(v.Process()))
	for _, pred := range []graph.Term{v.Schedules(), v.Executes()} {
		add(g.ByPredicateSeq(pred), true, g.CountByPredicate(pred))
	}
	ix.procTerms = terms
}
