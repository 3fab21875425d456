package lint

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/seams/seams-timers/span"
)

// Level is a configured rule level: off, or a severity.
type Level struct {
	Off      bool
	Severity Severity
}

// Options control one run of the rules.
type Options struct {
	// Rules are the rules to run; KindLoad rules are only used to name and
	// grade the loaders' findings.
	Rules []*Rule
	// Levels override rule severities by rule ID.
	Levels map[string]Level
	// PathLevels override Levels for the findings in some files (the
	// config's overrides): the last whose Match accepts a finding's file
	// and that sets its rule gives its level.
	PathLevels []PathLevels
	// Now is the reference clock for runtime-behaviour rules.
	Now time.Time
	// Config is the config that applies (nil for none), whose engine
	// sections the rules read (Pass.Config).
	Config *Config
	// Jobs bounds the parallelism; zero means GOMAXPROCS.
	Jobs int
}

// PathLevels are rule levels for the files Match accepts.
type PathLevels struct {
	Match  func(file string) bool
	Levels map[string]Level
}

// RuleErrorName is the name of the diagnostic that replaces a rule's
// findings on a file when the rule panics.
const RuleErrorName = "rule-error"

// level returns the effective level of a rule.
func (o *Options) level(r *Rule) Level {
	if l, ok := o.Levels[r.ID]; ok {
		return l
	}
	return Level{Severity: r.Severity}
}

// runs reports whether a rule runs at all: it is not off, or some path's
// level turns it on.
func (o *Options) runs(r *Rule) bool {
	if !o.level(r).Off {
		return true
	}
	for _, pl := range o.PathLevels {
		if l, ok := pl.Levels[r.ID]; ok && !l.Off {
			return true
		}
	}
	return false
}

// levelIn returns the configured level of a rule's findings in a file,
// and whether one is configured.
func (o *Options) levelIn(id, file string) (Level, bool) {
	for i := len(o.PathLevels) - 1; i >= 0; i-- {
		pl := o.PathLevels[i]
		if l, ok := pl.Levels[id]; ok && file != "" && pl.Match(file) {
			return l, true
		}
	}
	l, ok := o.Levels[id]
	return l, ok
}

// Run runs the file rules on every file of their kind (in parallel) and
// the project rules once per engine that has a project state, applies the
// suppressions and the configured levels, and returns the diagnostics
// (extra first, the loaders' findings) sorted by file, line, column and
// rule.
func Run(opts Options, proj *Project, extra []Diagnostic) []Diagnostic {
	return NewRunner(opts).Finish(proj, extra)
}

// Runner runs the rules of one check, in two steps, so that a loader can
// check each file as soon as it is loaded and release what only the file
// rules needed: File runs the file rules on one file, and Finish runs
// those of every file File did not see, then the project rules, and
// returns the findings as Run does.
type Runner struct {
	opts      Options
	fileRules map[string][]*Rule

	// raw, when set (Stream), keeps the file rules' findings of each file
	// (File.ext.seg) within spillBudget bytes of memory, the rest on disk.
	raw      *rawStore
	excerpts bool
	mu       sync.Mutex
	err      error
}

// Stream makes the runner keep what File finds out of the files and out
// of memory past a budget, for FinishStream: the findings of a large
// check are then written to a temporary file rather than held until the
// end. With excerpts, the source line each finding is on is taken while
// its file's bytes are at hand, for the text printer, so that the bytes
// of a file whose findings are all its file rules' may be released at
// once (File.Finished).
func (r *Runner) Stream(excerpts bool) {
	r.raw = &rawStore{tmp: newSpillFile()}
	r.excerpts = excerpts
}

// NewRunner prepares a run of the rules opts names.
func NewRunner(opts Options) *Runner {
	r := &Runner{opts: opts, fileRules: map[string][]*Rule{}}
	for _, rule := range opts.Rules {
		if !opts.runs(rule) || rule.Run == nil || rule.Kind != KindFile {
			continue
		}
		r.fileRules[rule.FileKind] = append(r.fileRules[rule.FileKind], rule)
	}
	return r
}

// File runs the file rules of f's kind on f, whose model is loaded, and
// keeps their findings in f for Finish, which does not run them again. A
// file without a model is left to Finish. File may be called for
// different files from several goroutines at once; proj is the project
// f belongs to, which the rules see (its files and states may still be
// loading, so a rule that File runs must not read them).
func (r *Runner) File(proj *Project, f *File) {
	if f.Model == nil || f.ruled {
		return
	}
	if r.raw != nil {
		r.segmentFile(proj, f)
		return
	}
	if ds := r.runFile(proj, f); len(ds) > 0 {
		f.extended().seg = segment{mem: ds}
		f.held = true
	}
	f.ruled = true
}

// segmentFile runs the file rules on f into its segment, for a streaming
// runner, keeping the first error of any file's.
func (r *Runner) segmentFile(proj *Project, f *File) {
	err := r.runFileSegment(proj, f)
	f.ruled = true
	if err != nil {
		r.mu.Lock()
		r.err = cmp.Or(r.err, err)
		r.mu.Unlock()
	}
}

// Finished reports whether f's file rules have run and nothing printed
// needs f's bytes for what they found (they found nothing, or a streaming
// runner took the source lines of their findings): nothing printed will
// need them, unless a suppression of its own or a project rule points
// into f.
func (f *File) Finished() bool { return f.ruled && !f.held }

func (r *Runner) runFile(proj *Project, f *File) []Diagnostic {
	var ds []Diagnostic
	memo := map[any]any{}
	for _, rule := range r.fileRules[f.Kind] {
		pass := &Pass{Rule: rule, File: f, Project: proj, Now: r.opts.Now, Config: r.opts.Config, memo: memo}
		ds = append(ds, runRule(pass)...)
	}
	return ds
}

// runFileSegment is runFile for a streaming runner: the findings go to
// f's segment of the raw store, each with its source line when the runner
// takes them. A file without findings keeps nothing (File.ext stays as it
// was).
func (r *Runner) runFileSegment(proj *Project, f *File) error {
	var seg *segment
	var err error
	var starts []int
	add := func(d Diagnostic) {
		if seg == nil {
			seg = &f.extended().seg
		}
		if r.excerpts && d.File == f.Path {
			if starts == nil && f.Src != nil {
				starts = lineStarts(f.Src)
			}
			d.excerpt = excerptOf(f.Src, starts, d)
		}
		err = cmp.Or(err, r.raw.add(seg, d))
	}
	memo := map[any]any{}
	for _, rule := range r.fileRules[f.Kind] {
		pass := &Pass{Rule: rule, File: f, Project: proj, Now: r.opts.Now, Config: r.opts.Config, memo: memo}
		mark := seg.len()
		runRuleTo(pass, add, func() { r.raw.truncate(seg, mark) })
	}
	if seg.len() == 0 {
		return err
	}
	return cmp.Or(err, r.raw.seal(seg))
}

// Finish runs the file rules on the files File has not run them on (in
// parallel), the project rules once per engine that has a project state,
// applies the suppressions and the configured levels, and returns the
// diagnostics (extra first, the loaders' findings) sorted by file, line,
// column and rule.
func (r *Runner) Finish(proj *Project, extra []Diagnostic) []Diagnostic {
	if r.raw != nil {
		// A streaming runner's findings, read back into memory; Finish
		// has no error to return, so a failure to spill panics.
		fs, err := r.FinishStream(proj, extra, nil)
		if err != nil {
			panic(err)
		}
		defer fs.Close()
		var out []Diagnostic
		for d, err := range fs.All() {
			if err != nil {
				panic(err)
			}
			out = append(out, d)
		}
		return out
	}
	perFile := r.runRest(proj)
	projectFound := make([][]Diagnostic, 0)
	for _, rule := range r.projectRules(proj) {
		pass := &Pass{Rule: rule, Project: proj, Now: r.opts.Now, Config: r.opts.Config}
		projectFound = append(projectFound, runRule(pass))
	}
	total := len(extra)
	for _, ds := range perFile {
		total += len(ds)
	}
	for _, ds := range projectFound {
		total += len(ds)
	}
	kept := make([]Diagnostic, 0, total)
	p := r.newPipeline(proj, nil, func(d Diagnostic) error {
		kept = append(kept, d)
		return nil
	})
	for _, d := range extra {
		_ = p.push(d)
	}
	for i, ds := range perFile {
		for _, d := range ds {
			_ = p.push(d)
		}
		// One copy of each finding: the file's own list goes.
		perFile[i] = nil
		proj.Files[i].dropFindings()
	}
	for _, ds := range projectFound {
		for _, d := range ds {
			_ = p.push(d)
		}
	}
	_ = p.end()
	Sort(kept)
	return kept
}

// FinishStream is Finish for a streaming runner (Stream, called before
// the first File): the findings
// that keep says to keep (nil keeps all; it sees them in Finish's order
// before the sort, after the suppressions and levels) are returned
// sorted, within spillBudget bytes of memory, the rest in a temporary
// file that Findings.Close removes (also when FinishStream fails).
func (r *Runner) FinishStream(proj *Project, extra []Diagnostic, keep func(Diagnostic) (bool, error)) (fs *Findings, err error) {
	if r.raw == nil {
		// File kept the findings of the files it saw in memory, where
		// FinishStream does not look.
		panic("lint: FinishStream on a runner that Stream was not called on")
	}
	defer func() {
		if err != nil {
			_ = r.raw.tmp.Close()
		}
	}()
	if r.err != nil {
		return nil, r.err
	}
	// The files File did not see, in parallel, each into its segment.
	var todo []*File
	for _, f := range proj.Files {
		if !f.ruled && f.Model != nil && len(r.fileRules[f.Kind]) > 0 {
			todo = append(todo, f)
		}
	}
	var wg sync.WaitGroup
	next := make(chan *File)
	for range min(Jobs(r.opts.Jobs), max(len(todo), 1)) {
		wg.Go(func() {
			for f := range next {
				r.segmentFile(proj, f)
			}
		})
	}
	for _, f := range todo {
		next <- f
	}
	close(next)
	wg.Wait()
	if r.err != nil {
		return nil, r.err
	}
	var projectFound []*segment
	for _, rule := range r.projectRules(proj) {
		pass := &Pass{Rule: rule, Project: proj, Now: r.opts.Now, Config: r.opts.Config}
		seg := &segment{}
		var err error
		runRuleTo(pass, func(d Diagnostic) { err = cmp.Or(err, r.raw.add(seg, d)) }, func() { r.raw.truncate(seg, 0) })
		if err = cmp.Or(err, r.raw.seal(seg)); err != nil {
			return nil, err
		}
		projectFound = append(projectFound, seg)
	}

	s := &sorter{tmp: r.raw.tmp}
	p := r.newPipeline(proj, keep, s.add)
	for _, d := range extra {
		if err := p.push(d); err != nil {
			return nil, err
		}
	}
	for _, f := range proj.Files {
		seg := f.findings()
		if seg == nil {
			continue
		}
		err := r.raw.each(seg, p.push)
		f.dropFindings()
		if err != nil {
			return nil, err
		}
	}
	for _, seg := range projectFound {
		if err := r.raw.each(seg, p.push); err != nil {
			return nil, err
		}
	}
	if err := p.end(); err != nil {
		return nil, err
	}
	return s.finish()
}

// Abandon removes what a streaming runner wrote to disk, for a check that
// ends without FinishStream.
func (r *Runner) Abandon() {
	if r.raw != nil {
		_ = r.raw.tmp.Close()
	}
}

// runRest runs the file rules, in parallel, on the files File has not
// run them on, and returns every file's findings.
func (r *Runner) runRest(proj *Project) [][]Diagnostic {
	perFile := make([][]Diagnostic, len(proj.Files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(Jobs(r.opts.Jobs), max(len(proj.Files), 1)) {
		wg.Go(func() {
			for i := range next {
				perFile[i] = r.runFile(proj, proj.Files[i])
			}
		})
	}
	for i, f := range proj.Files {
		switch {
		case f.ruled:
			if f.held {
				// Held findings are kept in memory (File).
				perFile[i] = f.ext.seg.mem
			}
		case f.Model != nil && len(r.fileRules[f.Kind]) > 0:
			next <- i
		}
	}
	close(next)
	wg.Wait()
	return perFile
}

// projectRules are the project rules that run on proj.
func (r *Runner) projectRules(proj *Project) []*Rule {
	var out []*Rule
	for _, rule := range r.opts.Rules {
		if rule.Kind == KindProject && r.opts.runs(rule) && rule.Run != nil && proj.States[rule.Engine] != nil {
			out = append(out, rule)
		}
	}
	return out
}

// pipeline takes every finding of a run in Finish's order (the loaders',
// the files' in the project's order, the project rules'), drops those a
// suppression covers, names them, applies the configured levels and the
// caller's filter, and hands the rest to sink; end adds the findings on
// the suppressions themselves. A stable sort of what sink got is the
// run's result.
type pipeline struct {
	opts *Options
	byID map[string]*Rule
	sup  *suppressor
	keep func(Diagnostic) (bool, error)
	sink func(Diagnostic) error
}

func (r *Runner) newPipeline(proj *Project, keep func(Diagnostic) (bool, error), sink func(Diagnostic) error) *pipeline {
	opts := &r.opts
	byID := make(map[string]*Rule, len(opts.Rules))
	for _, rule := range opts.Rules {
		byID[rule.ID] = rule
	}
	known := func(key string) (string, bool) {
		if rule := FindRule(opts.Rules, key); rule != nil {
			return rule.ID, true
		}
		return "", false
	}
	return &pipeline{opts: opts, byID: byID, sup: newSuppressor(proj, known), keep: keep, sink: sink}
}

func (p *pipeline) push(d Diagnostic) error {
	if p.sup != nil && p.sup.suppressed(d) {
		return nil
	}
	return p.level(d)
}

func (p *pipeline) end() error {
	if p.sup == nil {
		return nil
	}
	for _, d := range p.sup.findings() {
		if err := p.level(d); err != nil {
			return err
		}
	}
	return nil
}

// level names a finding, applies its level and the caller's filter.
func (p *pipeline) level(d Diagnostic) error {
	rule, ok := p.byID[d.Rule]
	if ok && d.Name == "" {
		// Loader and suppression findings name only their rule.
		d.Name = rule.Name
	}
	// A configured level turns a rule's findings off or regrades them,
	// in the file's path levels first; a rule-error finding stays as it
	// is.
	if l, set := p.opts.levelIn(d.Rule, d.File); set && ok && d.Name != RuleErrorName {
		if l.Off {
			return nil
		}
		d.Severity = l.Severity
	}
	if p.keep != nil {
		keep, err := p.keep(d)
		if err != nil || !keep {
			return err
		}
	}
	return p.sink(d)
}

// runRule runs one rule on one pass and turns a panic into a single
// rule-error diagnostic, dropping what the rule reported before it.
func runRule(pass *Pass) (ds []Diagnostic) {
	runRuleTo(pass, func(d Diagnostic) { ds = append(ds, d) }, func() { ds = nil })
	return ds
}

// runRuleTo runs one rule on one pass, handing its findings to add; when
// the rule panics, drop forgets what it added and add gets a single
// rule-error diagnostic.
func runRuleTo(pass *Pass, add func(Diagnostic), drop func()) {
	pass.report = add
	defer func() {
		if v := recover(); v != nil {
			file := ""
			if pass.File != nil {
				file = pass.File.Path
			}
			drop()
			add(Diagnostic{
				Rule:      pass.Rule.ID,
				Name:      RuleErrorName,
				Severity:  SeverityError,
				File:      file,
				Line:      1,
				Column:    1,
				EndLine:   1,
				EndColumn: 1,
				Message:   fmt.Sprintf("rule %s (%s) failed on this file: %v", pass.Rule.ID, pass.Rule.Name, v),
				Detail:    "This is a bug in seams-timers; the other rules ran. Please report it with the file.",
			})
		}
	}()
	pass.Rule.Run(pass)
}

// Sort orders diagnostics by file, line, column, rule, then message, so
// that the same input gives the same bytes.
func Sort(ds []Diagnostic) {
	slices.SortStableFunc(ds, compareDiagnostics)
}

// Sorted reports whether diagnostics are in the order of Sort.
func Sorted(ds []Diagnostic) bool {
	return slices.IsSortedFunc(ds, compareDiagnostics)
}

func compareDiagnostics(a, b Diagnostic) int {
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Column, b.Column),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
		cmp.Compare(a.EndLine, b.EndLine),
		cmp.Compare(a.EndColumn, b.EndColumn),
	)
}

// LoadDiagnostic is a loader's finding (an unreadable file, a syntax
// error) at a place in a file. Run fills in the rule's name from the
// catalog.
func LoadDiagnostic(rule string, r span.Range, msg, detail string) Diagnostic {
	if !r.End.IsValid() {
		r.End = r.Start
	}
	d := AtRange(r)
	d.Rule = rule
	d.Severity = SeverityError
	d.Message = msg
	d.What = msg
	d.Detail = detail
	return d
}

// DefaultJobs is the parallelism when none is configured: GOMAXPROCS.
func DefaultJobs() int { return runtime.GOMAXPROCS(0) }

// MaxJobs is the most parallelism a run uses, whatever --jobs asks: past
// a few per core more workers only cost memory (each graph decoder holds
// buffers of its own).
const MaxJobs = 256

// Jobs is the parallelism a --jobs value gives: GOMAXPROCS for zero or
// less, at most MaxJobs.
func Jobs(n int) int {
	if n <= 0 {
		return DefaultJobs()
	}
	return min(n, MaxJobs)
}
