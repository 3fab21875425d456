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
	f.found = r.runFile(proj, f)
	f.ruled = true
}

// Finished reports whether f's file rules have run and found nothing:
// nothing printed will point into f, unless a suppression of its own or
// a project rule does.
func (f *File) Finished() bool { return f.ruled && len(f.found) == 0 }

func (r *Runner) runFile(proj *Project, f *File) []Diagnostic {
	var ds []Diagnostic
	memo := map[any]any{}
	for _, rule := range r.fileRules[f.Kind] {
		pass := &Pass{Rule: rule, File: f, Project: proj, Now: r.opts.Now, Config: r.opts.Config, memo: memo}
		ds = append(ds, runRule(pass)...)
	}
	return ds
}

// Finish runs the file rules on the files File has not run them on (in
// parallel), the project rules once per engine that has a project state,
// applies the suppressions and the configured levels, and returns the
// diagnostics (extra first, the loaders' findings) sorted by file, line,
// column and rule.
func (r *Runner) Finish(proj *Project, extra []Diagnostic) []Diagnostic {
	opts := &r.opts
	var projectRules []*Rule
	for _, rule := range opts.Rules {
		if rule.Kind == KindProject && opts.runs(rule) && rule.Run != nil && proj.States[rule.Engine] != nil {
			projectRules = append(projectRules, rule)
		}
	}

	perFile := make([][]Diagnostic, len(proj.Files))
	jobs := Jobs(opts.Jobs)
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(jobs, max(len(proj.Files), 1)) {
		wg.Go(func() {
			for i := range next {
				perFile[i] = r.runFile(proj, proj.Files[i])
			}
		})
	}
	for i, f := range proj.Files {
		switch {
		case f.ruled:
			perFile[i] = f.found
		case f.Model != nil && len(r.fileRules[f.Kind]) > 0:
			next <- i
		}
	}
	close(next)
	wg.Wait()

	total := len(extra)
	for _, ds := range perFile {
		total += len(ds)
	}
	out := make([]Diagnostic, 0, total)
	out = append(out, extra...)
	for i, ds := range perFile {
		out = append(out, ds...)
		// One copy of each finding: the file's own list goes.
		perFile[i] = nil
		proj.Files[i].found = nil
	}
	for _, rule := range projectRules {
		pass := &Pass{Rule: rule, Project: proj, Now: opts.Now, Config: opts.Config}
		out = append(out, runRule(pass)...)
	}

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
	out = applySuppressions(proj, known, out)
	kept := out[:0]
	for _, d := range out {
		rule, ok := byID[d.Rule]
		if ok && d.Name == "" {
			// Loader and suppression findings name only their rule.
			d.Name = rule.Name
		}
		// A configured level turns a rule's findings off or regrades
		// them, in the file's path levels first; a rule-error finding
		// stays as it is.
		if l, set := opts.levelIn(d.Rule, d.File); set && ok && d.Name != RuleErrorName {
			if l.Off {
				continue
			}
			d.Severity = l.Severity
		}
		kept = append(kept, d)
	}
	Sort(kept)
	return kept
}

// runRule runs one rule on one pass and turns a panic into a single
// rule-error diagnostic, dropping what the rule reported before it.
func runRule(pass *Pass) (ds []Diagnostic) {
	pass.report = func(d Diagnostic) { ds = append(ds, d) }
	defer func() {
		if v := recover(); v != nil {
			file := ""
			if pass.File != nil {
				file = pass.File.Path
			}
			ds = []Diagnostic{{
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
			}}
		}
	}()
	pass.Rule.Run(pass)
	return ds
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
