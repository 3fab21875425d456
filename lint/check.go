package lint

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/graph"
)

// Input is what one check reads.
type Input struct {
	// Paths are files and directories as the user gave them.
	Paths []string
	// Stdin, when not nil, is the content of the buffer named StdinName
	// (an editor's unsaved file); StdinName is read from Stdin instead of
	// the disk.
	Stdin     []byte
	StdinName string
	// Exclude holds path patterns (filepath.Match syntax, matched against
	// the slash path and the base name) that discovery skips. When
	// ExcludeBase is set (the config file's directory), the path is taken
	// relative to it, so that a pattern means the same from any working
	// directory.
	Exclude     []string
	ExcludeBase string
}

// isStdin reports whether p names the buffer read from stdin, however it
// is spelled (a.bpmn, ./a.bpmn, an absolute path).
func (in Input) isStdin(p string) bool {
	return in.Stdin != nil && in.StdinName != "" && absPath(p) == absPath(in.StdinName)
}

// Excluded reports whether discovery skips the path p.
func (in Input) Excluded(p string) bool {
	if len(in.Exclude) == 0 {
		return false
	}
	q := p
	if in.ExcludeBase != "" {
		if rel, err := filepath.Rel(absPath(in.ExcludeBase), absPath(p)); err == nil && !strings.HasPrefix(rel, "..") {
			q = rel
		}
	}
	if filepath.IsAbs(q) {
		return excluded(in.Exclude, q)
	}
	// A file is excluded when it, or a directory it sits in below the
	// base, matches.
	for cur := filepath.Clean(q); ; cur = filepath.Dir(cur) {
		if excluded(in.Exclude, cur) {
			return true
		}
		if next := filepath.Dir(cur); next == cur || cur == "." {
			return false
		}
	}
}

// Report is the result of one check.
type Report struct {
	Diagnostics []Diagnostic
	// Files counts the files read; Timers the timer event definitions.
	Files  int
	Timers int
	// Project is what was loaded, for callers that go on (simulate).
	Project *Project
	// GraphFiles are the index graph files discovered.
	GraphFiles []string
}

// PathError reports a path that does not exist (exit code 2).
type PathError struct {
	Path string
	Err  error
}

func (e *PathError) Error() string { return fmt.Sprintf("%s: %v", e.Path, e.Err) }

func (e *PathError) Unwrap() error { return e.Err }

// IsGraphPath reports whether a file name is an RDF index graph.
func IsGraphPath(name string) bool { return graph.IsGraphPath(name) }

// Discover expands directories into the BPMN and graph files below them,
// in sorted order. Files named explicitly are kept whatever their name.
func Discover(in Input) (bpmnFiles, graphFiles []string, err error) {
	// Files are known by their absolute path: a.bpmn and ./a.bpmn are one
	// file, read once, and the stdin buffer stands for its file on disk.
	seen := map[string]bool{}
	add := func(p string, explicit bool) {
		key := absPath(p)
		if seen[key] {
			return
		}
		switch {
		case bpmn.IsBPMNPath(p):
			bpmnFiles = append(bpmnFiles, p)
		case IsGraphPath(p):
			graphFiles = append(graphFiles, p)
		case explicit:
			// An explicitly named file of another kind is read as BPMN,
			// so that the user hears why it is not one.
			bpmnFiles = append(bpmnFiles, p)
		default:
			return
		}
		seen[key] = true
	}
	if in.Stdin != nil && in.StdinName != "" {
		add(in.StdinName, true)
	}
	for _, p := range in.Paths {
		if in.Stdin != nil && p == "-" {
			add(in.StdinName, true)
			continue
		}
		info, statErr := os.Stat(p)
		if statErr != nil {
			if in.isStdin(p) {
				continue
			}
			return nil, nil, &PathError{Path: p, Err: errors.Unwrap(statErr)}
		}
		if !info.IsDir() {
			add(p, true)
			continue
		}
		var found []string
		walkErr := filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if in.Excluded(q) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				if q != p && len(d.Name()) > 1 && d.Name()[0] == '.' {
					return filepath.SkipDir
				}
				return nil
			}
			if bpmn.IsBPMNPath(q) || IsGraphPath(q) {
				found = append(found, q)
			}
			return nil
		})
		if walkErr != nil {
			return nil, nil, &PathError{Path: p, Err: walkErr}
		}
		slices.Sort(found)
		for _, q := range found {
			add(q, false)
		}
	}
	if in.Stdin != nil && len(graphFiles) == 0 && !IsGraphPath(in.StdinName) {
		graphFiles = nearestGraphs(in.StdinName)
	}
	return bpmnFiles, graphFiles, nil
}

// nearestGraphs returns the graph files of the nearest directory, from the
// file's own up to the filesystem root, that holds any: how an editor's
// buffer, checked alone through stdin, finds its project's index graph.
func nearestGraphs(file string) []string {
	dir := filepath.Dir(file)
	for {
		entries, err := os.ReadDir(dir)
		if err == nil {
			var found []string
			for _, e := range entries {
				if !e.IsDir() && IsGraphPath(e.Name()) {
					found = append(found, filepath.Join(dir, e.Name()))
				}
			}
			if len(found) > 0 {
				return found
			}
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return nil
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return nil
		}
		rel, err := filepath.Rel(mustGetwd(), parent)
		if err != nil || filepath.IsAbs(dir) {
			rel = parent
		}
		dir = rel
	}
}

func mustGetwd() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return wd
}

func excluded(patterns []string, p string) bool {
	slash := filepath.ToSlash(p)
	base := filepath.Base(p)
	for _, pat := range patterns {
		if ok, _ := filepath.Match(pat, slash); ok {
			return true
		}
		if ok, _ := filepath.Match(pat, base); ok {
			return true
		}
	}
	return false
}

// LoadBPMN loads the BPMN files in parallel, keeping their order, and
// turns load failures into TMR0001/TMR0002 diagnostics.
func LoadBPMN(in Input, paths []string, jobs int, progress func(done, total int)) ([]*bpmn.Document, []Diagnostic) {
	docs := make([]*bpmn.Document, len(paths))
	errs := make([]*bpmn.Error, len(paths))
	if jobs <= 0 {
		jobs = 1
	}
	var wg sync.WaitGroup
	var done atomic.Int64
	next := make(chan int)
	for range min(jobs, max(len(paths), 1)) {
		wg.Go(func() {
			for i := range next {
				p := paths[i]
				if in.isStdin(p) {
					docs[i], errs[i] = bpmn.Parse(p, in.Stdin)
				} else {
					docs[i], errs[i] = bpmn.Load(p)
				}
				if progress != nil {
					progress(int(done.Add(1)), len(paths))
				}
			}
		})
	}
	for i := range paths {
		next <- i
	}
	close(next)
	wg.Wait()

	var out []*bpmn.Document
	var diags []Diagnostic
	for i, d := range docs {
		if e := errs[i]; e != nil {
			diags = append(diags, LoadDiagnostic(e.Rule, paths[i], e.Pos, e.Msg))
			continue
		}
		if d != nil {
			out = append(out, d)
		}
	}
	return out, diags
}

// loadRuleDetails say what to do about a loader's finding; the rules'
// names and docs live in package rules, and Run fills the name in.
var loadRuleDetails = map[string]string{
	"TMR0001": "Only BPMN 2.0 XML (.bpmn, .bpmn20.xml) and RDF index graphs (.ttl, .nt) are read.",
	"TMR0002": "Fix the XML at this position; no timer in this file was checked.",
	"TMR0003": "Fix the Turtle at this position; no triple of this file was read.",
	"TMR0004": "Give the model file, or map the IRI prefix to a directory with --map PREFIX=DIR.",
}

// Check discovers, loads and checks the input.
func Check(in Input, opts Options) (*Report, error) {
	bpmnFiles, graphFiles, err := Discover(in)
	if err != nil {
		return nil, err
	}
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = defaultJobs()
	}
	// The graph loads in the background while the models load.
	var pending *IndexLoad
	if len(graphFiles) > 0 {
		pending = StartIndex(in, graphFiles, jobs)
	}
	docs, diags := LoadBPMN(in, bpmnFiles, jobs, opts.Progress)
	proj := &Project{Docs: docs, StdinName: in.StdinName, Stdin: in.Stdin}
	given := len(docs)
	if pending != nil {
		diags = append(diags, pending.Join(proj, opts)...)
	}
	timers := 0
	for _, d := range proj.Docs {
		for _, e := range d.Elements {
			timers += len(e.Timers)
		}
	}
	ds := Run(opts, proj, diags)
	if in.Stdin != nil && in.StdinName != "" {
		// An editor checks one buffer: the other models and graph
		// documents are read for the join, but their findings are theirs.
		kept := ds[:0]
		for _, d := range ds {
			if in.isStdin(d.File) {
				kept = append(kept, d)
			}
		}
		ds = kept
	}
	return &Report{
		Diagnostics: ds,
		Files:       len(bpmnFiles) + len(graphFiles) + len(proj.Docs) - given,
		Timers:      timers,
		Project:     proj,
		GraphFiles:  graphFiles,
	}, nil
}
