package rules

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	"github.com/seams/seams-timers/span"
)

// The BPMN engine's name and the kinds of file it reads.
const (
	// EngineName names the engine of BPMN models on SpiffWorkflow under
	// the seams runtime, with their RDF index graph.
	EngineName = "bpmn"
	// KindBPMN is a BPMN 2.0 model (*.bpmn, *.bpmn2, *.bpmn20.xml).
	KindBPMN = "bpmn"
	// KindRDF is an index graph document (*.ttl, *.nt).
	KindRDF = "rdf"
)

// Engine is the BPMN engine: it reads BPMN models and the RDF index graph
// around them, joins them, and runs the rules of DESIGN.md section 5.
var Engine = &project.Engine{
	Name: EngineName,
	Kinds: []project.Kind{
		{Name: KindBPMN, Match: bpmn.IsBPMNPath},
		{Name: KindRDF, Match: graph.IsGraphPath},
	},
	Fallback:       true,
	Rules:          All(),
	ConfigSections: ConfigSections,
	RulePage:       Markdown,
	Editor:         editor{},
	Load:           load,
}

// loadDetails say what to do about a loader's finding.
var loadDetails = map[string]string{
	"TMR0001": "Only BPMN 2.0 XML (.bpmn, .bpmn2, .bpmn20.xml) and RDF index graphs (.ttl, .nt) are read.",
	"TMR0002": "Fix the XML at this position; no timer in this file was checked.",
	"TMR0003": "Fix the Turtle at this position; no triple of this file was read.",
}

// maxEarlySummaries bounds the models summarized before the graph is
// joined, which keep every id (a few KB each).
const maxEarlySummaries = 256

// keepEveryID makes the join keep every id of every model, not only those
// the graph names: the tests compare the findings both ways.
var keepEveryID = false

// noGraphNote is the run's note when models were checked with no index
// graph around them.
const noGraphNote = "note: no index graph (*.ttl, *.nt) was found, so the graph rules (TMR3xxx, TMR4xxx) did not run"

// Documents returns the BPMN models of a loaded project, in load order.
func Documents(p *lint.Project) []*bpmn.Document {
	var out []*bpmn.Document
	for _, f := range p.Files {
		if d, ok := f.Model.(*bpmn.Document); ok {
			out = append(out, d)
		}
	}
	return out
}

// IndexOf returns the join of a loaded project's models with its index
// graph, or nil when no graph was found: the engine's project state. The
// join holds a join.Model per model (Index.Models), a summary built while
// the model was checked; with project.Options.Release the parsed models
// themselves are not kept (Documents is then empty).
func IndexOf(p *lint.Project) *join.Index {
	ix, _ := p.States[EngineName].(*join.Index)
	return ix
}

// load reads the models and the index graph, in one pass: the graph
// documents (those given, and those of the nearest directory at or above a
// given model that holds any) load in the background while the given
// models load, and the models the graph names join the same queue as soon
// as the graph is read.
func load(l *project.Loader) (any, []lint.Diagnostic, []string) {
	models := l.Paths(KindBPMN)
	graphs := slices.Clone(l.Paths(KindRDF))
	reportedGraphs := map[string]bool{}
	for _, g := range graphs {
		reportedGraphs[g] = true
	}
	graphs = append(graphs, contextGraphs(l, models, graphs)...)

	// A model to load.
	type modelJob struct {
		path     string
		reported bool
		named    bool // named by the graph only, not given
	}

	var diags []lint.Diagnostic
	var mu sync.Mutex
	addDiags := func(ds ...lint.Diagnostic) {
		mu.Lock()
		diags = append(diags, ds...)
		mu.Unlock()
	}

	// The join keeps a summary of each model (join.Model), not the parsed
	// model: until the graph is read and joined (join.New), a summary
	// keeps every id of its model; once it is, only the ids the graph
	// names (joined, under sumMu).
	// At most maxEarlySummaries models are summarized before the graph
	// is joined (each keeps every id): past them, the workers wait for the
	// join, which then has the processors to itself.
	var sumMu sync.Mutex
	var sums []*join.Model
	var joined *join.Index
	graphRead := false
	graphJoined := make(chan struct{})
	// In a language server session the parsed models are kept anyway:
	// they are summarized once the graph is joined, from the session's
	// summaries when the join is one it kept (summaryOf).
	session := cacheOf(l) != nil && !keepEveryID
	var kept []keptModel
	// summarize returns the summary it built, nil when it built none.
	summarize := func(doc *bpmn.Document, pm *parsedModel) *join.Model {
		if session {
			sumMu.Lock()
			kept = append(kept, keptModel{doc, pm})
			sumMu.Unlock()
			return nil
		}
		sumMu.Lock()
		ix, read := joined, graphRead
		early := len(sums)
		sumMu.Unlock()
		if !read && early >= maxEarlySummaries {
			<-graphJoined
			sumMu.Lock()
			ix, read = joined, graphRead
			sumMu.Unlock()
		}
		var m *join.Model
		switch {
		case keepEveryID:
			m = join.Summarize(doc)
		case ix != nil:
			m = ix.Summarize(doc)
		case read:
			// The graph was read but is not joined (too large).
			return nil
		default:
			m = join.Summarize(doc)
		}
		sumMu.Lock()
		if joined != nil && ix == nil && !keepEveryID {
			joined.Prune(m)
		}
		sums = append(sums, m)
		sumMu.Unlock()
		return m
	}

	// The graph, in the background, and the start of the join, while the
	// models load: the models the graph names that are not given are
	// listed (those missing or outside the project reported) as soon as
	// the graph is read, so that the join may forget at once where the
	// graph names each model.
	type graphJoin struct {
		ix    *join.Index
		named []modelJob
	}
	graphDone := make(chan graphJoin, 1)
	given := make(map[string]bool, len(models))
	for _, p := range models {
		given[join.AbsPath(p)] = true
	}
	if len(graphs) > 0 {
		go func() {
			srcs := make([]graph.Source, len(graphs))
			graphFiles := make([]*lint.File, len(graphs))
			for i, p := range graphs {
				data, err := l.Read(p)
				srcs[i] = graph.Source{Path: p, Data: data, Err: err}
				f := &lint.File{Path: p, Kind: KindRDF, Src: data, ElementKind: "resource",
					Reported: reportedGraphs[p]}
				f.IRI, _ = graph.FileIRI(p)
				f.Suppressions = graphSuppressionsOf(l, p, data)
				l.Add(f)
				graphFiles[i] = f
			}
			g, errs := loadGraph(l, srcs)
			// The graph keeps copies of its terms, not the documents'
			// bytes.
			for _, f := range graphFiles {
				l.Checked(f)
			}
			var broken []string
			for _, e := range errs {
				broken = append(broken, e.File)
				at := span.At(e.File, span.Pos{Line: e.Line, Col: e.Col})
				addDiags(lint.LoadDiagnostic(e.Rule, at, e.Msg, loadDetails[e.Rule]))
			}
			ix, ds := newJoin(l, g, graphs, broken, VocabularyOf(l.Config()), MapsOf(l.Config(), l.Maps()))
			addDiags(ds...)
			sumMu.Lock()
			joined, graphRead = ix, true
			if ix != nil && !keepEveryID {
				for _, m := range sums {
					ix.Prune(m)
				}
			}
			if ix == nil {
				sums = nil
			}
			sumMu.Unlock()
			close(graphJoined)
			var named []modelJob
			display := displayPath(l)
			// The models outside the project and the missing ones are
			// reported with the other places naming each, found for all
			// of them in one pass over the graph (ExpectAlso).
			var outside, missing []join.Named
			var keys []string
			for _, n := range namedOf(l, ix) {
				if given[n.Path] || l.Excluded(n.Path) {
					// Given (and loaded, or reported as unreadable), or
					// excluded by the config: not loaded again.
					continue
				}
				if !l.Inside(n.Path) {
					// Not opened, not even looked at: whether it exists
					// is not told either.
					outside = append(outside, n)
					keys = append(keys, n.Path)
					continue
				}
				if !isModelFile(l, n.Path) {
					missing = append(missing, n)
					keys = append(keys, n.Path)
					continue
				}
				named = append(named, modelJob{path: display(n.Path), reported: reportedGraphs[n.At.File], named: true})
			}
			if len(keys) > 0 {
				ix.ExpectAlso(keys)
			}
			for _, n := range outside {
				d := outsideModel(n)
				d.Related = ix.AlsoNamed(n.Path, n.At)
				addDiags(d)
			}
			for _, n := range missing {
				addDiags(ix.MissingModel(n))
			}
			if ix != nil {
				ix.ForgetNaming()
			}
			graphDone <- graphJoin{ix: ix, named: named}
		}()
	}

	// Buffered: a model the session parsed before costs the workers a
	// few microseconds, about what handing it over one at a time costs.
	jobs := make(chan modelJob, 64)
	var done, total, parsed atomic.Int64
	total.Store(int64(len(models)))
	var wg sync.WaitGroup
	for range min(l.Jobs(), max(len(models), 1)) {
		wg.Go(func() {
			for j := range jobs {
				f := &lint.File{Path: j.path, Kind: KindBPMN, Reported: j.reported}
				data, err := l.Read(j.path)
				var doc *bpmn.Document
				var lerr *bpmn.Error
				var pm *parsedModel
				if err != nil {
					lerr = bpmn.ReadError(j.path, err)
				} else {
					f.Src = data
					doc, lerr, pm = parseModel(l, j.path, data)
					if lerr != nil && j.named {
						// A model only the graph names was not named by
						// the user: its finding quotes none of its bytes.
						lerr.Msg = unquoted(lerr.Msg)
					}
				}
				if lerr != nil {
					at := span.At(j.path, lerr.Pos)
					addDiags(lint.LoadDiagnostic(lerr.Rule, at, lerr.Msg, loadDetails[lerr.Rule]))
				} else {
					fillFileOf(f, doc, pm)
				}
				l.Add(f)
				if lerr != nil {
					l.Done(f)
				} else {
					parsed.Add(1)
					if len(graphs) == 0 {
						// With no graph in the run, nothing after the
						// file rules reads the model: the loader may
						// check it and release it now.
						l.Done(f)
					} else {
						if m := summarize(doc, pm); m != nil && m.IRI == f.IRI {
							// A summary built by the join
							// (join.Index.Summarize) holds the graph's
							// string for the IRI where the two are
							// equal: the file keeps the same, and the
							// parser's copy goes with the model (one
							// built before the join holds the parser's,
							// and this changes nothing). The file rules
							// have not run yet.
							f.IRI = m.IRI
						}
						if l.Checked(f) {
							// The file rules have run: the join and the
							// project rules read only the summary.
							f.Model = nil
						}
					}
				}
				l.Progress(int(done.Add(1)), int(total.Load()))
			}
		})
	}
	for _, p := range models {
		jobs <- modelJob{path: p, reported: true}
	}

	var ix *join.Index
	if len(graphs) > 0 {
		gj := <-graphDone
		ix = gj.ix
		total.Add(int64(len(gj.named)))
		for _, j := range gj.named {
			jobs <- j
		}
	}
	close(jobs)
	wg.Wait()

	var notes []string
	if ix == nil {
		if parsed.Load() > 0 {
			notes = append(notes, noGraphNote)
		}
		return nil, diags, notes
	}
	// A Model joins once per check: a model given twice is summarized
	// again, not taken twice from the session (summaryOf).
	gen, check := joinGen(l, ix), nextCheck(l)
	sums = slices.Grow(sums, len(kept))
	for _, k := range kept {
		sums = append(sums, summaryOf(l, ix, gen, check, k.doc, k.pm))
	}
	// The join sees the models in a fixed order, whatever the workers did.
	slices.SortStableFunc(sums, func(a, b *join.Model) int { return strings.Compare(a.Path, b.Path) })
	ix.Finish(sums)
	return ix, diags, notes
}

// ProjectOf is a project of already loaded models, with no index graph.
func ProjectOf(docs []*bpmn.Document) *lint.Project {
	p := &lint.Project{}
	for _, d := range docs {
		f := &lint.File{Path: d.Path, Kind: KindBPMN, Src: d.Src, Reported: true}
		fillFile(f, d)
		p.Files = append(p.Files, f)
	}
	return p
}

// fillFile records a loaded model in its file.
func fillFile(f *lint.File, doc *bpmn.Document) {
	f.Model = doc
	f.IRI = doc.IRI
	for _, e := range doc.Elements {
		f.Timers += len(e.Timers) + len(e.RefTimers())
	}
	f.Suppressions = bpmnSuppressions(doc)
	if len(f.Suppressions) > 0 {
		up := ancestry(doc)
		f.Parent = func(id string) string { return up[id] }
	}
}

// outsideModel is the TMR0004 finding for a model file the graph names
// outside the project, which is not read.
func outsideModel(n join.Named) lint.Diagnostic {
	return lint.LoadDiagnostic(join.RuleModelMissing, n.At,
		"the index graph names the model file "+join.DisplayPath(n.Path)+", which is outside the project; it is not read",
		"Name models inside the checked tree, or map the IRI prefix to a directory of the project with --map PREFIX=DIR.")
}

// unquoted drops the excerpt a TMR0001 quotes from a file ("...: it
// starts with "...""), for a file the user did not name.
func unquoted(msg string) string {
	if i := strings.Index(msg, ": it starts with "); i >= 0 {
		return msg[:i]
	}
	return msg
}

// contextGraphs returns the graph documents that cover the given models
// but were not given: for each model, those of the nearest directory at or
// above it that holds any, when the run does not read them already. A
// model checked alone (a pre-commit hook, an editor's :make %) is so
// joined with its index graph as it is under its directory. The search
// stays inside the project (see package project): it starts in the
// model's directory and climbs while the parent is inside the project
// (up to the directory of the config or of a .git, the given
// directories, never across a file system's mount point).
func contextGraphs(l *project.Loader, models, given []string) []string {
	have := map[string]bool{}
	for _, g := range given {
		have[join.AbsPath(g)] = true
	}
	byDir := map[string][]string{}
	var out []string
	lastDir := ""
	for i, m := range models {
		// A walk lists a directory's models together: the absolute form of a
		// directory is found once, not once per model (it reads the
		// working directory).
		rel := filepath.Dir(m)
		if i > 0 && rel == lastDir {
			continue
		}
		lastDir = rel
		dir := join.AbsPath(rel)
		if _, seen := byDir[dir]; seen {
			continue
		}
		found := nearestGraphsOf(l, dir)
		byDir[dir] = found
		for _, g := range found {
			if !have[g] {
				have[g] = true
				out = append(out, join.DisplayPath(g))
			}
		}
	}
	return out
}

// nearestGraphs returns the absolute paths of the graph files of the
// nearest directory, from dir up while inside reports the parent inside
// the project, that holds any. It calls looked, when not nil, with each
// directory whose listing or place in the project the answer depends on.
func nearestGraphs(dir string, inside func(string) bool, looked func(dir string)) []string {
	for {
		if looked != nil {
			looked(dir)
		}
		entries, err := os.ReadDir(dir)
		if err == nil {
			var found []string
			for _, e := range entries {
				if !e.IsDir() && graph.IsGraphPath(e.Name()) {
					found = append(found, filepath.Join(dir, e.Name()))
				}
			}
			if len(found) > 0 {
				return found
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		if !inside(parent) {
			if looked != nil {
				looked(parent)
			}
			return nil
		}
		dir = parent
	}
}
