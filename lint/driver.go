package lint

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"strings"
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
	// Now is the reference clock for runtime-behaviour rules.
	Now time.Time
	// Poll is the scheduler poll interval.
	Poll time.Duration
	// Jobs bounds the parallelism; zero means GOMAXPROCS.
	Jobs int
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

// Run runs the file rules on every file of their kind (in parallel) and
// the project rules once per engine that has a project state, applies the
// suppressions and the configured levels, and returns the diagnostics
// (extra first, the loaders' findings) sorted by file, line, column and
// rule.
func Run(opts Options, proj *Project, extra []Diagnostic) []Diagnostic {
	fileRules := map[string][]*Rule{}
	var projectRules []*Rule
	for _, r := range opts.Rules {
		if opts.level(r).Off || r.Run == nil {
			continue
		}
		switch r.Kind {
		case KindFile:
			fileRules[r.FileKind] = append(fileRules[r.FileKind], r)
		case KindProject:
			if proj.States[r.Engine] != nil {
				projectRules = append(projectRules, r)
			}
		}
	}
	poll := opts.Poll
	if poll <= 0 {
		poll = time.Second
	}

	perFile := make([][]Diagnostic, len(proj.Files))
	jobs := Jobs(opts.Jobs)
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(jobs, max(len(proj.Files), 1)) {
		wg.Go(func() {
			for i := range next {
				f := proj.Files[i]
				memo := map[any]any{}
				for _, r := range fileRules[f.Kind] {
					pass := &Pass{Rule: r, File: f, Project: proj, Now: opts.Now, Poll: poll, memo: memo}
					perFile[i] = append(perFile[i], runRule(pass)...)
				}
			}
		})
	}
	for i, f := range proj.Files {
		if f.Model != nil && len(fileRules[f.Kind]) > 0 {
			next <- i
		}
	}
	close(next)
	wg.Wait()

	out := slices.Clone(extra)
	for _, ds := range perFile {
		out = append(out, ds...)
	}
	for _, r := range projectRules {
		pass := &Pass{Rule: r, Project: proj, Now: opts.Now, Poll: poll}
		out = append(out, runRule(pass)...)
	}

	byID := make(map[string]*Rule, len(opts.Rules))
	for _, r := range opts.Rules {
		byID[r.ID] = r
	}
	known := func(key string) (string, bool) {
		for _, r := range opts.Rules {
			if strings.EqualFold(r.ID, key) || r.Name == key {
				return r.ID, true
			}
		}
		return "", false
	}
	out = applySuppressions(proj, known, out)
	kept := out[:0]
	for _, d := range out {
		if r, ok := byID[d.Rule]; ok && d.Name == "" {
			// Loader and suppression findings name only their rule.
			d.Name = r.Name
		}
		if r, ok := byID[d.Rule]; ok && d.Name != RuleErrorName {
			l := opts.level(r)
			if l.Off {
				continue
			}
			if _, overridden := opts.Levels[r.ID]; overridden {
				d.Severity = l.Severity
			}
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
	slices.SortStableFunc(ds, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column),
			cmp.Compare(a.Rule, b.Rule),
			cmp.Compare(a.Message, b.Message),
			cmp.Compare(a.EndLine, b.EndLine),
			cmp.Compare(a.EndColumn, b.EndColumn),
		)
	})
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
