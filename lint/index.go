package lint

import (
	"cmp"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/graph"
)

// Index is the join of the BPMN models with the RDF index graph: each
// index node typed as a timer, the model and element its IRI names, and the
// models the graph covers.
type Index struct {
	Graph *graph.Graph
	Vocab graph.Vocabulary
	// Files are the graph documents read, as given or found.
	Files []string
	// Nodes are the index nodes typed proc:TimerStartEvent or
	// proc:TimerCatchEvent, sorted by IRI.
	Nodes []*Node

	// Maps are the IRI-prefix-to-directory maps the join used.
	Maps map[string]string

	byKey   map[elemKey]*Node
	docs    map[string]*bpmn.Document // by absolute path
	indexed map[*bpmn.Document]bool
	named   map[string]graph.Triple // model path -> first triple naming it
}

// Node is an index node typed as a timer event.
type Node struct {
	Term graph.Term
	// TypeTriple is the first rdf:type triple giving it a timer type.
	TypeTriple graph.Triple
	// Start and Catch report the timer types the graph gives it.
	Start, Catch bool
	// Path is the model file its IRI names ("" when the IRI names no
	// file), Doc the loaded model (nil when missing or unreadable),
	// ElementID the fragment, and Element the element with that id (nil
	// when there is none).
	Path      string
	Doc       *bpmn.Document
	ElementID string
	Element   *bpmn.Element
}

type elemKey struct {
	path string
	id   string
}

// ModelPath returns the file a model IRI (or an element IRI, whose
// fragment is dropped) names: a file: IRI's path, or a path under the
// directory that the longest matching --map prefix names. ok is false for
// any other IRI.
func ModelPath(iri string, maps map[string]string) (path, fragment string, ok bool) {
	base, frag, _ := strings.Cut(iri, "#")
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	if strings.HasPrefix(base, "file:") {
		u, err := url.Parse(base)
		if err != nil || u.Path == "" {
			return "", "", false
		}
		return filepath.FromSlash(u.Path), frag, true
	}
	best := ""
	for prefix := range maps {
		if strings.HasPrefix(base, prefix) && len(prefix) > len(best) {
			best = prefix
		}
	}
	if best == "" {
		return "", "", false
	}
	rest, err := url.PathUnescape(strings.TrimPrefix(base[len(best):], "/"))
	if err != nil {
		return "", "", false
	}
	return filepath.Join(maps[best], filepath.FromSlash(rest)), frag, true
}

func absPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}

// buildIndex loads the graph documents and joins them with the models. It
// loads the models the graph names that were not given, adding them to the
// project, and returns the loading diagnostics (TMR0001, TMR0003, TMR0004).
func buildIndex(in Input, graphFiles []string, proj *Project, opts Options) []Diagnostic {
	var diags []Diagnostic
	var g *graph.Graph
	var errs []*graph.Error
	if in.Stdin != nil && IsGraphPath(in.StdinName) {
		srcs := []graph.Source{{Path: in.StdinName, Data: in.Stdin}}
		for _, f := range graphFiles {
			if f == in.StdinName {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				diags = append(diags, LoadDiagnostic("TMR0001", loadRuleNames["TMR0001"], f, bpmn.Pos{Line: 1, Col: 1}, "cannot read the file: "+err.Error(), loadRuleDetails["TMR0001"]))
				continue
			}
			srcs = append(srcs, graph.Source{Path: f, Data: b})
		}
		g, errs = graph.LoadSources(srcs)
	} else {
		g, errs = graph.Load(graphFiles)
	}
	for _, e := range errs {
		diags = append(diags, LoadDiagnostic(e.Rule, loadRuleNames[e.Rule], e.File, bpmn.Pos{Line: e.Line, Col: e.Col}, e.Msg, loadRuleDetails[e.Rule]))
	}
	vocab := opts.Vocabulary
	if vocab == (graph.Vocabulary{}) {
		vocab = graph.DefaultVocabulary()
	}
	ix := &Index{
		Graph:   g,
		Vocab:   vocab,
		Files:   graphFiles,
		Maps:    opts.Maps,
		byKey:   map[elemKey]*Node{},
		docs:    map[string]*bpmn.Document{},
		indexed: map[*bpmn.Document]bool{},
		named:   map[string]graph.Triple{},
	}
	for _, d := range proj.Docs {
		ix.docs[absPath(d.Path)] = d
	}

	// Every model the graph names, with the first triple naming it.
	var order []string
	note := func(t graph.Term, tr graph.Triple) {
		if !t.IsIRI() {
			return
		}
		p, _, ok := ModelPath(t.Value, opts.Maps)
		if !ok || !bpmn.IsBPMNPath(p) {
			return
		}
		p = absPath(p)
		if _, seen := ix.named[p]; !seen {
			ix.named[p] = tr
			order = append(order, p)
		}
	}
	for _, tr := range g.Triples() {
		note(tr.S, tr)
		note(tr.O, tr)
	}
	// Timer nodes name their model even when its file extension is not a
	// BPMN one; they are checked below.
	for _, class := range []graph.Term{vocab.TimerStartEvent(), vocab.TimerCatchEvent()} {
		for _, tr := range g.ByType(class) {
			n := ix.node(tr, opts.Maps)
			if class == vocab.TimerStartEvent() {
				n.Start = true
			} else {
				n.Catch = true
			}
		}
	}

	// Load the named models that were not given.
	var extra []string
	for _, p := range order {
		if _, ok := ix.docs[p]; ok {
			continue
		}
		info, err := os.Stat(p)
		if err != nil || info.IsDir() {
			tr := ix.named[p]
			pos := tr.SubjectPos
			if !pos.IsValid() {
				pos = tr.Pos
			}
			diags = append(diags, Diagnostic{
				Rule: "TMR0004", Name: loadRuleNames["TMR0004"], Severity: SeverityError,
				File: pos.File, Line: pos.Line, Column: pos.Col, EndLine: pos.Line, EndColumn: pos.Col,
				Offset: pos.Offset, EndOffset: pos.Offset,
				Message: "the index graph names the model file " + displayPath(p) + ", which does not exist",
				Detail:  loadRuleDetails["TMR0004"],
			})
			continue
		}
		extra = append(extra, p)
	}
	if len(extra) > 0 {
		shown := make([]string, len(extra))
		for i, p := range extra {
			shown[i] = displayPath(p)
		}
		docs, ds := LoadBPMN(Input{}, shown, max(opts.Jobs, 1), nil)
		diags = append(diags, ds...)
		for _, d := range docs {
			proj.Docs = append(proj.Docs, d)
			ix.docs[absPath(d.Path)] = d
		}
	}

	// Resolve the nodes and index them by element.
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
		ix.byKey[elemKey{n.Path, n.ElementID}] = n
	}
	slices.SortFunc(ix.Nodes, func(a, b *Node) int { return cmp.Compare(a.Term.Value, b.Term.Value) })

	// The models the graph covers: those it names, and those that sit in
	// a directory holding a graph document.
	graphDirs := map[string]bool{}
	for _, f := range graphFiles {
		graphDirs[filepath.Dir(absPath(f))] = true
	}
	for p, d := range ix.docs {
		if _, named := ix.named[p]; named || graphDirs[filepath.Dir(p)] {
			ix.indexed[d] = true
		}
	}
	proj.Index = ix
	return diags
}

// node returns the Node of a typed subject, creating it.
func (ix *Index) node(tr graph.Triple, maps map[string]string) *Node {
	for _, n := range ix.Nodes {
		if n.Term == tr.S {
			return n
		}
	}
	n := &Node{Term: tr.S, TypeTriple: tr}
	if tr.S.IsIRI() {
		if p, frag, ok := ModelPath(tr.S.Value, maps); ok {
			n.Path = absPath(p)
			n.ElementID = frag
		}
	}
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

// NodeOf returns the index node of a BPMN element, or nil.
func (ix *Index) NodeOf(doc *bpmn.Document, el *bpmn.Element) *Node {
	return ix.byKey[elemKey{absPath(doc.Path), el.ID}]
}

// Indexed reports whether the graph covers a model: it names the model, or
// a graph document sits in the model's directory.
func (ix *Index) Indexed(doc *bpmn.Document) bool { return ix.indexed[doc] }

// Doc returns the loaded model at a path named by the graph, or nil.
func (ix *Index) Doc(path string) *bpmn.Document { return ix.docs[absPath(path)] }

// Display renders an IRI compactly for a message about a triple written
// in the graph document at file: relative to that document's directory
// when it is a file IRI below it, as a prefixed name in the vocabulary, or
// as <iri>. The result has no angle brackets for relative references.
func (ix *Index) Display(iri, file string) string {
	if strings.HasPrefix(iri, "file:") {
		if p, frag, ok := ModelPath(iri, nil); ok {
			if rel, err := filepath.Rel(filepath.Dir(absPath(file)), p); err == nil {
				s := filepath.ToSlash(rel)
				if frag != "" || strings.Contains(iri, "#") {
					s += "#" + frag
				}
				return s
			}
		}
	}
	c := ix.Vocab.Compact(iri)
	return strings.TrimSuffix(strings.TrimPrefix(c, "<"), ">")
}

// ProcessTerm returns the graph term that names a process element, in the
// form the graph wrote it, when the graph names it at all.
func (ix *Index) ProcessTerm(doc *bpmn.Document, p *bpmn.Process) (graph.Term, bool) {
	want := elemKey{absPath(doc.Path), p.ID}
	for _, tr := range ix.Graph.ByType(ix.Vocab.Process()) {
		if k, ok := ix.key(tr.S); ok && k == want {
			return tr.S, true
		}
	}
	for _, pred := range []graph.Term{ix.Vocab.Schedules(), ix.Vocab.Executes()} {
		for _, tr := range ix.Graph.ByPredicate(pred) {
			if k, ok := ix.key(tr.O); ok && k == want {
				return tr.O, true
			}
		}
	}
	return graph.Term{}, false
}

// key maps an IRI term to the (model path, element id) it names.
func (ix *Index) key(t graph.Term) (elemKey, bool) {
	if !t.IsIRI() {
		return elemKey{}, false
	}
	p, frag, ok := ModelPath(t.Value, ix.Maps)
	if !ok {
		return elemKey{}, false
	}
	return elemKey{absPath(p), frag}, true
}

// Element returns the model and element an IRI term names, when loaded.
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
