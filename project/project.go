// Package project is the loader every command builds its input from:
// discovery (walking the given paths, the file kinds the engines register,
// the config's exclude patterns, hidden directories, the stdin buffer), the
// config turned into options once, and every file read once, through one
// hook. It knows no engine: an engine registers its file kinds and a Load
// function, which builds the engine's files and its project state (for
// BPMN, the join with the index graph) from what the loader discovered.
package project

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/span"
)

// Kind is a kind of file an engine reads.
type Kind struct {
	// Name is the kind's name, as lint.File.Kind and lint.Rule.FileKind
	// spell it.
	Name string
	// Match reports whether a file found by walking a directory is of
	// this kind.
	Match func(path string) bool
}

// Engine is a front end for one timer system: the file kinds it reads,
// its rules, and the function that loads its files.
type Engine struct {
	// Name is the engine's name, as lint.Rule.Engine spells it.
	Name  string
	Kinds []Kind
	// Fallback makes the engine read, under its first kind, a file named
	// on the command line that no engine's kind matches, so that the user
	// hears why it is not one. The first engine with Fallback set wins.
	Fallback bool
	// Rules are the engine's rules, in ID order.
	Rules []*lint.Rule
	// ConfigSections are the engine's own top-level config keys,
	// declared as data (lint.Field): the config parser checks them and
	// the JSON Schema is generated from them; the parsed values are in
	// lint.Config.Sections.
	ConfigSections []*lint.Field
	// RulePage renders a rule's documentation page, docs/rules/<ID>.md.
	RulePage func(*lint.Rule) string
	// Editor is what the engine adds to the language server (editor.go);
	// nil for nothing beyond findings.
	Editor Editor
	// Load reads the engine's files from what the loader discovered, adds
	// them with Loader.Add, and returns the engine's project state (nil
	// for none: its project rules do not run), its loading findings and
	// its notes on the run.
	Load func(l *Loader) (state any, diags []lint.Diagnostic, notes []string)
	// Commands is what the engine does in next and simulate: a value
	// implementing NextCommand, SimulateCommand or both (commands.go);
	// nil for neither. internal/engines sets it.
	Commands any
}

// Rules returns the rules of the given engines, each once, in the
// engines' order: every engine lists the core's rules (TMR0xxx) among its
// own, and they are kept where they first appear.
func Rules(engines []*Engine) []*lint.Rule {
	var out []*lint.Rule
	seen := map[*lint.Rule]bool{}
	for _, e := range engines {
		for _, r := range e.Rules {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	return out
}

// Options are what one run loads, the config already applied.
type Options struct {
	// Paths are files and directories as the user gave them; "-" stands
	// for the stdin buffer.
	Paths []string
	// Stdin, when not nil, is the content of the buffer named StdinName
	// (an editor's unsaved file), read instead of that file on disk.
	Stdin     []byte
	StdinName string
	// Config is the config file that applies (nil for none): its exclude
	// patterns (relative to its directory), and the engines' sections.
	Config *lint.Config
	// Maps are --map flags, IRI prefixes to directories; they override
	// the config's map.
	Maps map[string]string
	// Jobs bounds the parallelism; zero means GOMAXPROCS, and more than
	// lint.MaxJobs means lint.MaxJobs.
	Jobs int
	// Progress, when set, is called as files are loaded with the number
	// done so far and the total. It may be called from several goroutines
	// at once.
	Progress func(done, total int)
	// ReadFile reads one input file; nil means the default reader
	// (lint.ReadInput: regular files only, at most lint.MaxInputSize
	// bytes). Every input file of a run is read through it exactly once,
	// and only inside the project (see boundary.go).
	ReadFile func(path string) ([]byte, error)
	// Release says the caller of Check reads only the report's findings,
	// not the files' models: each file that its engine is done with (see
	// Loader.Done) is then checked as soon as it is loaded, and its model,
	// and its bytes when no finding points into them, are released at
	// once, so that memory does not grow with the number of files.
	Release bool
	// DropSources says that, with Release, nothing after the check reads
	// the files' bytes (no printer quotes a source line or converts
	// columns, no fix is planned): each file's bytes are then released as
	// soon as its engine is done reading them, even where findings point.
	DropSources bool
	// NoIgnore turns off the ignore files (.gitignore, .ignore,
	// .git/info/exclude) and the skipping of node_modules when walking a
	// directory (see ignore.go).
	NoIgnore bool
	// GoTrees are the directories of the Go package patterns among Paths
	// (dir/... given as dir): as for the go command, the Go packages
	// below one are those of its own module, not of a module nested in
	// it (a go.mod further down). Other kinds of file are found as in
	// any directory.
	GoTrees []string
	// Session, when not nil, keeps what the engines parse for the next
	// check of the same session (incremental.go): the language server's.
	Session *Session
	// Walked, when set, is told each directory discovery walks (as
	// named from the path given, not resolved), those it skips left
	// out: check --watch watches them.
	Walked func(dir string)
}

// PathError reports a path that does not exist (exit code 2).
type PathError struct {
	Path string
	Err  error
}

func (e *PathError) Error() string { return fmt.Sprintf("%s: %v", e.Path, e.Err) }

func (e *PathError) Unwrap() error { return e.Err }

// Loader is what an engine's Load sees: the files discovered for its
// kinds, and the one way to read a file.
type Loader struct {
	opts     *Options
	exclude  []string
	base     string
	found    map[string][]string // kind name -> paths, in discovery order
	stdinAbs string
	// abs is absPath, through the session's memo when there is one;
	// rootsKey is the boundary's roots joined, the key of the session's
	// memo of the boundary's answers.
	abs      func(string) string
	rootsKey string
	bound    *boundary
	diags    []lint.Diagnostic // discovery's findings (unreadable directories)
	mu       sync.Mutex
	files    []*lint.File
	// runner and proj are set when Check streams the file rules (Options.Release).
	runner *lint.Runner
	proj   *lint.Project
}

// Paths returns the files of a kind discovered under the given paths, in
// order: sorted within each directory, in the order the paths were given.
func (l *Loader) Paths(kind string) []string { return l.found[kind] }

// Stdin reports whether path names the buffer read from stdin, however it
// is spelled (a.bpmn, ./a.bpmn, an absolute path).
func (l *Loader) Stdin(path string) bool {
	if l.stdinAbs == "" {
		return false
	}
	if equalFromEnd(path, l.stdinAbs) {
		return true
	}
	// abs returns an absolute, clean path as it is: one that is not the
	// buffer's needs no second comparison.
	a := l.abs(path)
	return a != path && equalFromEnd(a, l.stdinAbs)
}

// equalFromEnd is a == b, their last bytes compared first: the paths of
// one directory differ at their ends.
func equalFromEnd(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	n := min(len(a), 8)
	return a[len(a)-n:] == b[len(b)-n:] && a == b
}

// Read returns the bytes of an input file: the stdin buffer when path
// names it, else the file read through Options.ReadFile. A file outside
// the project is refused (ErrOutside) without being opened; the default
// reader also refuses what is not a regular file (lint.ErrNotRegular:
// a FIFO, a device) and a file over lint.MaxInputSize.
func (l *Loader) Read(path string) ([]byte, error) {
	if l.Stdin(path) {
		return l.opts.Stdin, nil
	}
	if !l.inside(path) {
		return nil, &fs.PathError{Op: "read", Path: path, Err: ErrOutside}
	}
	if l.opts.ReadFile == nil {
		return lint.ReadInput(path, lint.MaxInputSize)
	}
	return l.opts.ReadFile(path)
}

// Excluded reports whether the config's exclude patterns skip path.
func (l *Loader) Excluded(path string) bool { return excludedPath(l.exclude, l.base, path) }

// GoTrees returns the directories given as Go package patterns (dir/...).
func (l *Loader) GoTrees() []string { return l.opts.GoTrees }

// Config is the config that applies, or nil.
func (l *Loader) Config() *lint.Config { return l.opts.Config }

// Maps returns the --map flags, IRI prefixes to directories (Options.Maps);
// the engine that reads them lets them override its config's.
func (l *Loader) Maps() map[string]string { return l.opts.Maps }

// Jobs is the parallelism to load with.
func (l *Loader) Jobs() int { return lint.Jobs(l.opts.Jobs) }

// Progress reports loading progress, when the caller asked for it.
func (l *Loader) Progress(done, total int) {
	if l.opts.Progress != nil {
		l.opts.Progress(done, total)
	}
}

// Add records loaded files. It may be called from several goroutines.
func (l *Loader) Add(files ...*lint.File) {
	l.mu.Lock()
	l.files = append(l.files, files...)
	l.mu.Unlock()
}

// Done tells the loader that the engine needs nothing more of f, which it
// has added: neither its model nor its bytes, and its project state will
// report nothing on it. When the run reports only findings
// (Options.Release, in Check), the file rules run on f at once, and f's
// model is released, and its bytes too when no finding or suppression
// points into them. Done reports whether the model was released (a file
// that failed to load has none: only its bytes may be); it may be called
// from several goroutines, for different files.
func (l *Loader) Done(f *lint.File) bool {
	if !l.Checked(f) {
		return false
	}
	f.Model = nil
	if f.Finished() && len(f.Suppressions) == 0 {
		f.ReleaseSource()
	}
	return true
}

// Checked tells the loader that the engine is done reading f's bytes, which
// it has added, but keeps its model for its project state. When the run
// reports only findings (Options.Release, in Check), the file rules run on
// f at once and Checked reports true: the engine may then release what
// only the file rules read of the model. f's bytes are released too when
// nothing reads them after the check (DropSources); the engine then drops
// its own references to them. It may be called from several goroutines,
// for different files.
func (l *Loader) Checked(f *lint.File) bool {
	if l.runner == nil {
		return false
	}
	l.runner.File(l.proj, f)
	if l.opts.DropSources {
		f.ReleaseSource()
	}
	return true
}

// Loaded is what Load read.
type Loaded struct {
	Project *lint.Project
	// Diagnostics are the loading findings (unreadable files, syntax
	// errors, models the graph names that are missing).
	Diagnostics []lint.Diagnostic
	// Notes are what the engines say about the run as a whole.
	Notes []string
}

// LoadFindings are the loading findings of engine e that next and
// simulate print before the timers: those on the files of e's kinds that
// the run reports on, and those of e's own load rules on a file no engine
// reads (Go code with no seams-timers-go to analyse it is found on its
// go.mod), sorted, named by rule (through rule) and without their detail.
func (l *Loaded) LoadFindings(e *Engine, rule func(id string) *lint.Rule) []lint.Diagnostic {
	var out []lint.Diagnostic
	for _, d := range l.Diagnostics {
		r := rule(d.Rule)
		if f := l.Project.File(d.File); f != nil {
			if !f.Reported || EngineOfKind([]*Engine{e}, f.Kind) == nil {
				continue
			}
		} else if r == nil || r.Engine != e.Name || r.Kind != lint.KindLoad {
			continue
		}
		if r != nil {
			d.Name = r.Name
		}
		d.Detail = ""
		out = append(out, d)
	}
	lint.Sort(out)
	return out
}

// Load discovers the files under the given paths and has each engine load
// its own. A path that does not exist is a *PathError.
func Load(opts Options, engines []*Engine) (*Loaded, error) {
	loaded, _, err := load(opts, engines, nil)
	return loaded, err
}

// newLoader is a Loader of opts, before discovery: the config's
// exclusions and base, and the project's boundary.
func newLoader(opts *Options) *Loader {
	l := &Loader{opts: opts, found: map[string][]string{}, abs: opts.Session.AbsFunc()}
	if c := opts.Config; c != nil {
		l.exclude = c.Exclude
		if c.Path != "" {
			l.base = filepath.Dir(c.Path)
		}
	}
	l.bound = newBoundary(opts)
	l.rootsKey = strings.Join(l.bound.roots, "\x00")
	return l
}

// load is Load, with the file rules run as files are done when runner is
// set; it also returns the loader, which knows the stdin buffer's file.
func load(opts Options, engines []*Engine, runner *lint.Runner) (*Loaded, *Loader, error) {
	l := newLoader(&opts)
	if opts.Stdin != nil && opts.StdinName != "" {
		l.stdinAbs = absPath(opts.StdinName)
	}
	if err := l.discover(engines); err != nil {
		return nil, nil, err
	}
	// Room for every file discovered, which the engines add (they may add
	// more): the list does not grow by copies.
	found := 0
	for _, ps := range l.found {
		found += len(ps)
	}
	l.files = make([]*lint.File, 0, found)
	out := &Loaded{Project: &lint.Project{States: map[string]any{}, StdinName: opts.StdinName}}
	if runner != nil && opts.Release {
		l.runner, l.proj = runner, out.Project
	}
	out.Diagnostics = append(out.Diagnostics, l.diags...)
	for _, e := range engines {
		if e.Load == nil {
			continue
		}
		state, diags, notes := e.Load(l)
		if state != nil {
			out.Project.States[e.Name] = state
		}
		out.Diagnostics = append(out.Diagnostics, diags...)
		out.Notes = append(out.Notes, notes...)
	}
	// Files in discovery order first, then those the engines pulled in,
	// each group by path, so that the order does not depend on which
	// goroutine loaded what first.
	order := make(map[string]int, found)
	for _, e := range engines {
		for _, k := range e.Kinds {
			for i, p := range l.found[k.Name] {
				if _, seen := order[p]; !seen {
					order[p] = i
				}
			}
		}
	}
	slices.SortStableFunc(l.files, func(a, b *lint.File) int {
		ia, oka := order[a.Path]
		ib, okb := order[b.Path]
		switch {
		case oka != okb:
			if oka {
				return -1
			}
			return 1
		case oka && ia != ib:
			return ia - ib
		}
		return strings.Compare(a.Path, b.Path)
	})
	out.Project.Files = l.files
	return out, l, nil
}

// Check loads the project and runs the rules (lopts.Rules, or every
// engine's rules when nil) over it, with the levels of the config's
// overrides (PathLevels) unless lopts sets its own. It reports the findings of the files
// that are reported (given, not read only as context), or, when a stdin
// buffer is checked, of that buffer only.
func Check(opts Options, engines []*Engine, lopts lint.Options) (*lint.Report, error) {
	return check(opts, engines, lopts, nil)
}

// Stream is how CheckStream hands over the findings.
type Stream struct {
	// Excerpts takes the source line of each finding while its file's
	// bytes are at hand, for the text printer's excerpts, so that the
	// bytes may be released before the end (see lint.Runner.Stream).
	Excerpts bool
	// Keep, when set, returns a filter of the findings once the project
	// is loaded: the findings it drops are not reported.
	Keep func(proj *lint.Project) (func(lint.Diagnostic) (bool, error), error)
}

// CheckStream is Check for a caller that prints the findings and does
// nothing else with them: the report's Findings, in place of its
// Diagnostics, keep within a bounded memory and spill the rest to a
// temporary file, which the report's Close removes (CheckStream removes
// it when it fails).
func CheckStream(opts Options, engines []*Engine, lopts lint.Options, st Stream) (*lint.Report, error) {
	return check(opts, engines, lopts, &st)
}

func check(opts Options, engines []*Engine, lopts lint.Options, st *Stream) (*lint.Report, error) {
	if lopts.Rules == nil {
		lopts.Rules = Rules(engines)
	}
	if lopts.Jobs == 0 {
		lopts.Jobs = opts.Jobs
	}
	if lopts.PathLevels == nil {
		lopts.PathLevels = PathLevels(opts.Config)
	}
	lopts = sessionOptions(opts, engines, lopts)
	runner := lint.NewRunner(lopts)
	if st != nil {
		runner.Stream(st.Excerpts)
	}
	loaded, l, err := load(opts, engines, runner)
	if err != nil {
		runner.Abandon()
		return nil, err
	}
	proj := loaded.Project
	skipContext(l, proj)
	rep := &lint.Report{Project: proj, Notes: loaded.Notes}
	stdin := l.stdinAbs != ""
	// The paths whose findings are the exception, the last file of a
	// path deciding: with a stdin buffer, those reported (the buffer's:
	// a finding on any other path, a file's or not, is dropped); without,
	// those not reported (files read only as context: a finding on a path
	// that is no file's is kept). Either is a few paths, where a set of
	// every path would grow with the files.
	except := map[string]bool{}
	for _, f := range proj.Files {
		r := f.Reported
		if stdin {
			r = l.Stdin(f.Path)
		}
		if r == stdin {
			except[f.Path] = true
		} else {
			delete(except, f.Path)
		}
		if r {
			rep.Files++
			rep.Timers += f.Timers
		}
	}
	keepReported := func(d lint.Diagnostic) bool { return except[d.File] == stdin }
	if st == nil {
		ds := runner.Finish(proj, loaded.Diagnostics)
		kept := ds[:0]
		for _, d := range ds {
			if keepReported(d) {
				kept = append(kept, d)
			}
		}
		rep.Diagnostics = kept
		return rep, nil
	}
	var also func(lint.Diagnostic) (bool, error)
	if st.Keep != nil {
		if also, err = st.Keep(proj); err != nil {
			runner.Abandon()
			return nil, err
		}
	}
	fs, err := runner.FinishStream(proj, loaded.Diagnostics, func(d lint.Diagnostic) (bool, error) {
		if !keepReported(d) {
			return false, nil
		}
		if also == nil {
			return true, nil
		}
		return also(d)
	})
	if err != nil {
		return nil, err
	}
	rep.Findings = fs
	return rep, nil
}

// discover walks the given paths for the engines' file kinds.
func (l *Loader) discover(engines []*Engine) error {
	in := l.opts
	var fallback string
	for _, e := range engines {
		if e.Fallback && len(e.Kinds) > 0 {
			fallback = e.Kinds[0].Name
			break
		}
	}
	kindOf := func(p string) string {
		for _, e := range engines {
			for _, k := range e.Kinds {
				if k.Match(p) {
					return k.Name
				}
			}
		}
		return ""
	}
	// Files are known by their absolute path: a.bpmn and ./a.bpmn are one
	// file, read once, and the stdin buffer stands for its file on disk.
	// The set is discovery's alone: what the run keeps of each file is
	// the path found, not its absolute form too.
	given := map[string]bool{}
	add := func(p string, explicit bool) {
		key := absPath(p)
		if given[key] {
			return
		}
		kind := kindOf(p)
		if kind == "" && explicit {
			kind = fallback
		}
		if kind == "" {
			return
		}
		l.found[kind] = append(l.found[kind], p)
		given[key] = true
	}
	if l.stdinAbs != "" {
		add(in.StdinName, true)
	}
	for _, p := range in.Paths {
		if in.Stdin != nil && p == "-" {
			add(in.StdinName, true)
			continue
		}
		info, statErr := os.Stat(p)
		if statErr != nil {
			if l.Stdin(p) {
				continue
			}
			if li, err := os.Lstat(p); err == nil && li.Mode()&fs.ModeSymlink != 0 && !l.bound.inside(p) {
				// A link leading outside the project: refused when read,
				// with the same finding whether its target exists.
				add(p, true)
				continue
			}
			return &PathError{Path: p, Err: errors.Unwrap(statErr)}
		}
		if !info.IsDir() {
			add(p, true)
			continue
		}
		// A symbolic link to a directory, given as the path, is walked:
		// its target's files are found under the name given.
		root := p
		if real, err := filepath.EvalSymlinks(p); err == nil && real != filepath.Clean(p) {
			root = real
		}
		var found []string
		var ign *ignoreTree
		if !in.NoIgnore {
			ign = newIgnoreTree(p, root, l.bound.inside)
		}
		walkErr := filepath.WalkDir(root, func(q string, d fs.DirEntry, err error) error {
			raw := q
			if root != p {
				if rel, rerr := filepath.Rel(root, q); rerr == nil && rel != "." {
					q = filepath.Join(p, rel)
				} else if rerr == nil {
					q = p
				}
			}
			if err != nil {
				if q == p || d == nil || !d.IsDir() {
					return err
				}
				// One unreadable directory is a finding; the rest of
				// the tree is still checked.
				l.diags = append(l.diags, lint.LoadDiagnostic("TMR0001", span.At(q, span.Pos{Line: 1, Col: 1}),
					"cannot read the directory: "+ioCause(err), "Make the directory readable, or exclude it in the config."))
				return nil
			}
			if l.Excluded(q) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if q != p && ign != nil && ign.ignored(q, absPath(raw), d.IsDir()) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				if q != p && len(d.Name()) > 1 && d.Name()[0] == '.' {
					return filepath.SkipDir
				}
				if q != p && ign != nil {
					if d.Name() == "node_modules" {
						return filepath.SkipDir
					}
					ign.enter(filepath.Clean(q), absPath(raw))
				}
				if in.Walked != nil {
					in.Walked(q)
				}
				return nil
			}
			if kindOf(q) != "" {
				found = append(found, q)
			}
			return nil
		})
		if walkErr != nil {
			return &PathError{Path: p, Err: walkErr}
		}
		slices.Sort(found)
		for _, q := range found {
			add(q, false)
		}
	}
	return nil
}

// excludedPath reports whether discovery skips the path p. With a base
// (the config file's directory), the path is taken relative to it, so that
// a pattern means the same from any working directory.
func excludedPath(patterns []string, base, p string) bool {
	if len(patterns) == 0 {
		return false
	}
	q := p
	if base != "" {
		if rel, err := filepath.Rel(absPath(base), absPath(p)); err == nil && !strings.HasPrefix(rel, "..") {
			q = rel
		}
	}
	if filepath.IsAbs(q) {
		return excluded(patterns, q)
	}
	// A file is excluded when it, or a directory it sits in below the
	// base, matches.
	for cur := filepath.Clean(q); ; cur = filepath.Dir(cur) {
		if excluded(patterns, cur) {
			return true
		}
		if next := filepath.Dir(cur); next == cur || cur == "." {
			return false
		}
	}
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

// ioCause is the cause of a file system error, without the path that a
// finding shows anyway.
func ioCause(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, fs.ErrPermission) {
		return "permission denied"
	}
	return err.Error()
}

func absPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}
