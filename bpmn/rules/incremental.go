package rules

import (
	"bytes"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// The BPMN engine's part of a language server session (project.Session):
// each model parsed, and the index graph parsed, keyed by the bytes they
// were parsed from. A check after an edit of one model parses that model
// again and takes every other model and the graph from here; an edit of a
// graph document parses the graph again and no model. The join and the
// project rules then run over the kept models as they run in check, so a
// check with the session reports what one without reports.

// sessionCache is what the engine keeps between the checks of a session.
// Models and the graph are immutable once parsed (a session's run does
// not release a model's flows or bytes: project.Loader.Checked is false
// without Options.Release), so a check reads them as its own.
type sessionCache struct {
	mu     sync.Mutex
	models map[string]*parsedModel // by the path as the loader names it
	// graphs and joins are by the graph documents' paths, joined: the
	// models of a directory share a graph, those of another may not.
	graphs map[string]*parsedGraph
	joins  map[string]*keptJoin
	// files says whether a path the graph names is a file, until the
	// disk changes (Forget, Reset).
	files map[string]bool
	// nearest is nearestGraphs of a model's directory, by the project's
	// roots and the directory, until a file of a directory it looked at
	// changes (Forget), or anything does (Reset).
	nearest map[string]*nearestGraphsAt
	// disk counts the changes on disk (Forget, Reset): what a check
	// learnt from the disk is kept only when none came meanwhile.
	disk uint64
	// gens numbers the kept joins (keptJoin.gen), so that a model's
	// summary names the join it was made for without holding it.
	gens uint64
	// checks numbers the checks that took summaries (nextCheck).
	checks uint64
	// shown is displayFrom(shownWD) of each path displayed, for the
	// checks run from that working directory.
	shownWD string
	shown   map[string]string
}

// keptJoin is the join.New of a graph, with what it was made from.
type keptJoin struct {
	g             *graph.Graph
	files, broken []string
	vocab         graph.Vocabulary
	maps          map[string]string
	ix            *join.Index
	reuse         func() // ix.Reusable()
	diags         []lint.Diagnostic
	gen           uint64 // this join's number in the session, from 1
	named         []join.Named
	namedDone     bool // named is ix.Named()
}

// parsedModel is a model file's bytes and what bpmn.Parse made of them.
type parsedModel struct {
	data []byte
	doc  *bpmn.Document
	err  *bpmn.Error
	// sum is ix.Summarize(doc) for the kept join numbered sumGen: the
	// ids a join keeps of a model depend on the graph, so the summary
	// serves the checks that reuse that join (0: none yet).
	sum    *join.Model
	sumGen uint64
	// check is the last check that took sum (nextCheck): a check that
	// reads the model twice summarizes it again the second time.
	check uint64
	// file is what fillFile records of doc (its suppressions copied for
	// each run, which marks those it uses), held here rather than behind
	// a pointer: a check reads it for every model of the project; fill
	// fills it once.
	file keptFile
	fill sync.Once
}

// keptFile is what fillFile records in a lint.File.
type keptFile struct {
	model        any
	iri          string
	timers       int
	parent       func(string) string
	suppressions []*lint.Suppression
}

// keptModel is a model a session's check parsed, and where the session
// keeps it (nil: it keeps none).
type keptModel struct {
	doc *bpmn.Document
	pm  *parsedModel
}

// parsedGraph is the graph documents' bytes (and read errors) and the
// graph loaded from them, with each document's suppressions.
type parsedGraph struct {
	srcs []graph.Source
	g    *graph.Graph
	errs []*graph.Error
	supp map[string][]*lint.Suppression // by the document's path
}

// nearestGraphsAt is what nearestGraphs found from a directory, and the
// directories it looked at: their listings, and whether they lie in the
// project, made the answer.
type nearestGraphsAt struct {
	found  []string
	looked []string
}

// dependsOn reports whether a change on disk at path may change the
// answer: a file created, changed or deleted in a directory looked at, or
// one of those directories (or a directory above one, a symbolic link on
// the way) created, deleted or replaced.
func (n *nearestGraphsAt) dependsOn(path string) bool {
	dir := filepath.Dir(path)
	below := path
	if !strings.HasSuffix(below, string(filepath.Separator)) {
		below += string(filepath.Separator)
	}
	for _, d := range n.looked {
		if d == dir || d == path || strings.HasPrefix(d, below) {
			return true
		}
	}
	return false
}

func (c *sessionCache) Forget(path string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.disk++
	c.files = nil
	for k, n := range c.nearest {
		if n.dependsOn(path) {
			delete(c.nearest, k)
		}
	}
	// The working directory once, not once per kept model.
	wd, _ := os.Getwd()
	for k := range c.models {
		a := k
		if !filepath.IsAbs(a) {
			a = filepath.Join(wd, a)
		}
		if filepath.Clean(a) == path {
			delete(c.models, k)
		}
	}
}

func (c *sessionCache) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.models = map[string]*parsedModel{}
	c.graphs, c.joins, c.files = map[string]*parsedGraph{}, map[string]*keptJoin{}, nil
	c.shown, c.nearest = nil, nil
	c.disk++
}

// nearestGraphsOf is nearestGraphs from the model directory dir (absolute)
// within the project's boundary, from the session when it looked from
// there before and no file of a directory it looked at changed since.
func nearestGraphsOf(l *project.Loader, dir string) []string {
	c := cacheOf(l)
	if c == nil {
		return nearestGraphs(dir, l.InsideDir, nil)
	}
	key := strings.Join(l.Roots(), "\x00") + "\x00\x00" + dir
	c.mu.Lock()
	n, ok := c.nearest[key]
	disk := c.disk
	c.mu.Unlock()
	if ok {
		return slices.Clone(n.found)
	}
	n = &nearestGraphsAt{}
	n.found = nearestGraphs(dir, l.InsideDir, func(d string) { n.looked = append(n.looked, d) })
	// A client may report a change under a directory's real path, not
	// under the symbolic link a model's path goes through.
	for _, d := range n.looked {
		if real, err := filepath.EvalSymlinks(d); err == nil && real != d {
			n.looked = append(n.looked, real)
		}
	}
	c.mu.Lock()
	if c.disk == disk {
		if c.nearest == nil {
			c.nearest = map[string]*nearestGraphsAt{}
		}
		c.nearest[key] = n
	}
	c.mu.Unlock()
	return slices.Clone(n.found)
}

// cacheOf is the engine's cache in the run's session, nil without one.
func cacheOf(l *project.Loader) *sessionCache {
	s := l.Session()
	if s == nil {
		return nil
	}
	return s.Cache(EngineName, func() project.SessionCache {
		return &sessionCache{models: map[string]*parsedModel{}, graphs: map[string]*parsedGraph{}, joins: map[string]*keptJoin{}}
	}).(*sessionCache)
}

// sameBytes reports whether a and b hold the same bytes: at once when they
// are the same slice (a buffer or a file the server read once), else by
// comparing them.
func sameBytes(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 || &a[0] == &b[0] {
		return true
	}
	return bytes.Equal(a, b)
}

// parseModel is bpmn.Parse of the model at path, taken from the session
// when it parsed the same bytes at the same path before. The error is the
// caller's to change. pm is where the session keeps the model (nil
// without a session), for fillFileOf and summaryOf.
func parseModel(l *project.Loader, path string, data []byte) (doc *bpmn.Document, _ *bpmn.Error, pm *parsedModel) {
	c := cacheOf(l)
	if c == nil {
		doc, err := bpmn.Parse(path, data)
		return doc, err, nil
	}
	c.mu.Lock()
	m := c.models[path]
	c.mu.Unlock()
	if m == nil || !sameBytes(m.data, data) {
		m = &parsedModel{data: data}
		m.doc, m.err = bpmn.Parse(path, data)
		c.mu.Lock()
		c.models[path] = m
		c.mu.Unlock()
	}
	if m.err != nil {
		e := *m.err
		return nil, &e, m
	}
	return m.doc, nil, m
}

// loadGraph is the graph of the documents srcs, taken from the session
// when it loaded the same documents with the same bytes before.
func loadGraph(l *project.Loader, srcs []graph.Source) (*graph.Graph, []*graph.Error) {
	c := cacheOf(l)
	if c == nil {
		return graph.Options{Workers: l.Jobs()}.LoadSources(srcs)
	}
	key := graphKey(srcs)
	c.mu.Lock()
	pg := c.graphs[key]
	c.mu.Unlock()
	if pg == nil || !sameSources(pg.srcs, srcs) {
		pg = &parsedGraph{srcs: srcs, supp: map[string][]*lint.Suppression{}}
		pg.g, pg.errs = graph.Options{Workers: l.Jobs()}.LoadSources(srcs)
		c.mu.Lock()
		c.graphs[key] = pg
		c.mu.Unlock()
	}
	return pg.g, pg.errs
}

// sameSources reports whether two lists of graph documents are the same
// documents, in the same order, with the same bytes and read errors.
func sameSources(a, b []graph.Source) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Path != b[i].Path || (a[i].Err == nil) != (b[i].Err == nil) || !sameBytes(a[i].Data, b[i].Data) {
			return false
		}
		if a[i].Err != nil && a[i].Err.Error() != b[i].Err.Error() {
			return false
		}
	}
	return true
}

// graphSuppressionsOf is graphSuppressions, from the session when the
// graph it kept holds the same bytes at path (copies: a run marks the
// suppressions it uses).
func graphSuppressionsOf(l *project.Loader, path string, data []byte) []*lint.Suppression {
	c := cacheOf(l)
	if c == nil {
		return graphSuppressions(path, data)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, pg := range c.graphs {
		for _, s := range pg.srcs {
			if s.Path == path && s.Err == nil && sameBytes(s.Data, data) {
				sup, ok := pg.supp[path]
				if !ok {
					sup = graphSuppressions(path, data)
					pg.supp[path] = sup
				}
				return copySuppressions(sup)
			}
		}
	}
	return graphSuppressions(path, data)
}

// copySuppressions returns copies of the suppressions, for one run.
func copySuppressions(in []*lint.Suppression) []*lint.Suppression {
	if in == nil {
		return nil
	}
	out := make([]*lint.Suppression, len(in))
	for i, s := range in {
		cp := *s
		out[i] = &cp
	}
	return out
}

// onModels and onGraphs are the kinds of file a project rule reports on.
var (
	onModels = []string{KindBPMN}
	onGraphs = []string{KindRDF}
)

// reportsOn is the kinds of file a project rule reports on: a finding on
// a triple is on its graph document, a timer not lifted on its model.
// TestReportsOn holds every finding of the fixtures to it, and every
// project rule to being listed. A switch, not a map: nothing is built at
// start-up (TestInitTrace).
func reportsOn(r *lint.Rule) ([]string, bool) {
	switch r {
	case TimerUnlifted:
		return onModels, true
	case TimerLiftType, TimerLiftOrphan, TimerLiftOutOfScope, SchedulesMissing, SchedulesMultiple,
		SchedulesNotExecutes, SchedulesNoTimerStart, SchedulesTypes, SchedulerStore,
		VocabularyVersion, VocabularyNamespace:
		return onGraphs, true
	}
	return nil, false
}

// ReportsOn says where a project rule's findings land
// (project.RuleScope), so that a session's check of a model skips the
// rules that report on graph documents only.
func (editor) ReportsOn(r *lint.Rule) ([]string, bool) { return reportsOn(r) }

// newJoin is join.New, taken from the session (join.Index.Reusable) when it
// joined the same graph, documents, vocabulary and maps before: the index
// nodes and the models the graph names are found once per graph, not once
// per edit of a model.
func newJoin(l *project.Loader, g *graph.Graph, files, broken []string, vocab graph.Vocabulary, m map[string]string) (*join.Index, []lint.Diagnostic) {
	c := cacheOf(l)
	if c == nil {
		return join.New(g, files, broken, vocab, m)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	key := strings.Join(files, "\x00")
	k := c.joins[key]
	if k == nil || k.g != g || !slices.Equal(k.files, files) || !slices.Equal(k.broken, broken) || k.vocab != vocab || !maps.Equal(k.maps, m) {
		k = &keptJoin{g: g, files: slices.Clone(files), broken: slices.Clone(broken), vocab: vocab, maps: maps.Clone(m)}
		k.ix, k.diags = join.New(g, files, broken, vocab, m)
		k.reuse = k.ix.Reusable()
		c.gens++
		k.gen = c.gens
		c.joins[key] = k
	} else {
		k.reuse()
	}
	return k.ix, slices.Clone(k.diags)
}

// isModelFile reports whether the model file the graph names at path
// exists (and is not a directory), from the session when it looked
// before and the disk has not changed since.
func isModelFile(l *project.Loader, path string) bool {
	stat := func() bool {
		info, err := os.Stat(path)
		return err == nil && !info.IsDir()
	}
	c := cacheOf(l)
	if c == nil {
		return stat()
	}
	c.mu.Lock()
	ok, known := c.files[path]
	disk := c.disk
	c.mu.Unlock()
	if known {
		return ok
	}
	ok = stat()
	c.mu.Lock()
	if c.disk == disk {
		if c.files == nil {
			c.files = map[string]bool{}
		}
		c.files[path] = ok
	}
	c.mu.Unlock()
	return ok
}

// graphKey is the key of a set of graph documents: their paths, joined.
func graphKey(srcs []graph.Source) string {
	paths := make([]string, len(srcs))
	for i, s := range srcs {
		paths[i] = s.Path
	}
	return strings.Join(paths, "\x00")
}

// displayPath returns join.DisplayPath, with the working directory read
// once for the run when it has a session: the graph may name thousands of
// models, and each reading of it costs system calls.
func displayPath(l *project.Loader) func(string) string {
	c := cacheOf(l)
	if c == nil {
		return join.DisplayPath
	}
	wd, err := os.Getwd()
	display := displayFrom(wd, err)
	if err != nil {
		return display
	}
	return func(p string) string {
		c.mu.Lock()
		if c.shownWD != wd || c.shown == nil {
			c.shownWD, c.shown = wd, map[string]string{}
		}
		d, ok := c.shown[p]
		c.mu.Unlock()
		if ok {
			return d
		}
		d = display(p)
		c.mu.Lock()
		if c.shownWD == wd && c.shown != nil {
			c.shown[p] = d
		}
		c.mu.Unlock()
		return d
	}
}

// namedOf is ix.Named(), from the session when ix is a join it kept: the
// models a graph names are found once per graph.
func namedOf(l *project.Loader, ix *join.Index) []join.Named {
	c := cacheOf(l)
	if c == nil || ix == nil {
		return ix.Named()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, k := range c.joins {
		if k.ix == ix {
			if !k.namedDone {
				k.named, k.namedDone = ix.Named(), true
			}
			return k.named
		}
	}
	return ix.Named()
}

// displayFrom is join.DisplayPath with the working directory wd (err
// when it could not be read).
func displayFrom(wd string, err error) func(string) string {
	return func(p string) string {
		if err != nil {
			return p
		}
		if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
		return p
	}
}

// joinGen is the number of the session's kept join ix (keptJoin.gen), 0 when
// ix is none of them.
func joinGen(l *project.Loader, ix *join.Index) uint64 {
	c := cacheOf(l)
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, k := range c.joins {
		if k.ix == ix {
			return k.gen
		}
	}
	return 0
}

// nextCheck numbers a check that takes summaries from the session
// (summaryOf), from 1; 0 without a session.
func nextCheck(l *project.Loader) uint64 {
	c := cacheOf(l)
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.checks++
	return c.checks
}

// summaryOf is ix.Summarize(doc), taken from the session when it
// summarized the same parsed model for the same kept join (numbered gen,
// joinGen) before: an edit of one model summarizes that model, not every
// model of the project. A Model joins once per check (numbered check,
// nextCheck): a model the check reads twice is summarized again the
// second time. join.Index.Finish sets what of a Model depends on the
// check (whether the graph covers it, where its nodes are) on each Model
// it is given.
func summaryOf(l *project.Loader, ix *join.Index, gen, check uint64, doc *bpmn.Document, pm *parsedModel) *join.Model {
	c := cacheOf(l)
	if c == nil {
		return ix.Summarize(doc)
	}
	c.mu.Lock()
	if pm == nil || pm.doc != doc || gen == 0 || pm.check == check {
		c.mu.Unlock()
		return ix.Summarize(doc)
	}
	pm.check = check
	if pm.sumGen == gen {
		m := pm.sum
		c.mu.Unlock()
		return m
	}
	c.mu.Unlock()
	m := ix.Summarize(doc)
	c.mu.Lock()
	pm.sum, pm.sumGen = m, gen
	c.mu.Unlock()
	return m
}

// fillFileOf is fillFile, from the session (pm, where parseModel kept doc;
// nil without a session) when it filled a file from the same parsed model
// before: counting a model's timers and reading its suppressions walk the
// whole model, and a check of a session fills every model of the project.
func fillFileOf(f *lint.File, doc *bpmn.Document, pm *parsedModel) {
	if pm == nil || pm.doc != doc {
		fillFile(f, doc)
		return
	}
	pm.fill.Do(func() {
		var kept lint.File
		fillFile(&kept, doc)
		pm.file = keptFile{model: kept.Model, iri: kept.IRI, timers: kept.Timers, parent: kept.Parent, suppressions: kept.Suppressions}
	})
	k := &pm.file
	f.Model, f.IRI, f.Timers, f.Parent = k.model, k.iri, k.timers, k.parent
	f.Suppressions = copySuppressions(k.suppressions)
}
