package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// check --watch: check once, then again after every change on disk that
// can change the result, printing the whole result each time.
//
// What is watched (directories only, never a file: an editor that saves
// by writing a new file and renaming it over the old one replaces the
// file, and a watch on it would end):
//   - every directory discovery walks (project.Options.Walked), with the
//     same rules (ignore files, node_modules, hidden directories, the
//     config's exclude), each added before discovery lists it, so that a
//     file created while it is walked is either listed or seen by the
//     watch;
//   - the directories above each path given, up to the top of its git
//     repository (or of the file system), where the config, the ignore
//     files that apply and the index graph a model is joined with are
//     looked for;
//   - the directory of every other file a run reads (a model the index
//     graph names elsewhere, a --config given).
//
// Only a change that can change the result wakes a run: a file of a kind
// an engine reads, a config or ignore file, go.mod, go.sum, go.work, a
// directory created or removed in a walked directory, a file a run read.
// Editors' swap, backup and lock files are of no kind and wake nothing.

// watchDelay is how long the disk stays quiet after a change before the
// run: editors save with a burst of events (a temporary file written,
// renamed over the old one, a backup removed) within a few milliseconds,
// and a checkout of many files within tens. watchMaxDelay bounds the wait
// under a stream of changes that never pauses.
const (
	watchDelay    = 100 * time.Millisecond
	watchMaxDelay = 1 * time.Second
)

// clearScreen clears a terminal and its scrollback and homes the cursor.
const clearScreen = "\x1b[2J\x1b[3J\x1b[H"

// watchContext is the watch's lifetime: until SIGINT or SIGTERM. Tests
// replace it.
var watchContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}

// watchStdoutFormats are the formats --watch prints on stdout, one result
// after another: those made of lines that mean something on their own. A
// document format (JSON, SARIF, XML) printed once per run would make a
// stream no reader of the format reads; such a format is written to a
// file instead, replaced atomically after each run.
var watchStdoutFormats = []string{"text", "github"}

// dirRole is why a directory is watched.
type dirRole uint8

const (
	// roleTree: discovery walked it.
	roleTree dirRole = 1 << iota
	// roleAbove: it lies above a path given, up to the project's top.
	roleAbove
	// roleRead: it holds a file a run read.
	roleRead
)

// watcher is the state of check --watch between its runs.
type watcher struct {
	fs      *fsnotify.Watcher
	session *project.Session
	files   *readCache
	kinds   []project.Kind
	// relevantNames are files that wake a run wherever they are watched
	// (the paths given, a --config given); outputs are the files the
	// watch writes (--format FORMAT=FILE), which never do.
	relevantNames map[string]bool
	outputs       map[string]bool
	// progress is where the first run shows its progress (stderr on a
	// terminal), nil for none.
	progress io.Writer
	// warn is where a directory that cannot be watched is reported.
	warn io.Writer

	mu sync.Mutex
	// watched are the directories watched, by absolute path, and why;
	// walked and read are what the current run walked and read.
	watched map[string]dirRole
	walked  map[string]bool
	read    map[string]bool
	// lastRead are the files the last run read.
	lastRead map[string]bool
	warned   map[string]bool
}

// prepare makes one run's loader options the watch's: the session, the
// reads through the cache, the walked directories recorded and watched.
func (w *watcher) prepare(in *project.Options) {
	in.Session = w.session
	in.ReadFile = w.readFile
	in.Walked = w.walk
}

// walk records a directory discovery walks and watches it at once,
// before discovery lists it.
func (w *watcher) walk(dir string) {
	abs := join.AbsPath(dir)
	w.mu.Lock()
	defer w.mu.Unlock()
	w.walked[abs] = true
	w.addLocked(abs, roleTree)
}

// readFile reads an input file through the cache, watching its directory
// first (so that a change after the read is seen).
func (w *watcher) readFile(p string) ([]byte, error) {
	abs := join.AbsPath(p)
	w.mu.Lock()
	w.read[abs] = true
	w.addLocked(filepath.Dir(abs), roleRead)
	w.mu.Unlock()
	return w.files.read(abs)
}

// addLocked watches dir for role, once; w.mu is held.
func (w *watcher) addLocked(dir string, role dirRole) {
	if r, ok := w.watched[dir]; ok {
		w.watched[dir] = r | role
		return
	}
	if err := w.fs.Add(dir); err != nil {
		if !w.warned[dir] && !errors.Is(err, fs.ErrNotExist) {
			w.warned[dir] = true
			fmt.Fprintf(w.warn, "seams-timers: cannot watch %s: %v; changes in it are not noticed\n", lint.Printable(dir), err)
		}
		return
	}
	w.watched[dir] = role
}

// sync ends the watches the last run no longer needs (a directory now
// ignored, a graph that no longer names a model elsewhere) and sets the
// roles to what the run walked and read, with the directories above the
// paths given. After a run that failed before it walked and read
// everything (failed), the watches are kept: a change while the config
// is invalid is still seen, and the run after it sees the tree as a
// fresh check does.
func (w *watcher) sync(above []string, failed bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	want := map[string]dirRole{}
	for d := range w.walked {
		want[d] |= roleTree
	}
	for p := range w.read {
		want[filepath.Dir(p)] |= roleRead
	}
	for _, d := range above {
		want[d] |= roleAbove
	}
	if failed {
		for d, role := range w.watched {
			want[d] |= role
		}
		for p := range w.lastRead {
			w.read[p] = true
		}
	}
	for d := range w.watched {
		if want[d] == 0 {
			_ = w.fs.Remove(d)
			delete(w.watched, d)
		}
	}
	for d, role := range want {
		w.addLocked(d, role)
		if _, ok := w.watched[d]; ok {
			w.watched[d] = role
		}
	}
	w.lastRead = w.read
	w.walked, w.read = map[string]bool{}, map[string]bool{}
}

// relevant reports whether an event can change the result, and forgets a
// watched directory that is gone (a new one is watched by the run that
// walks it).
func (w *watcher) relevant(ev fsnotify.Event) bool {
	p := ev.Name
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.outputs[p] {
		return false
	}
	if role, ok := w.watched[p]; ok && ev.Has(fsnotify.Remove|fsnotify.Rename) {
		// The directories below a directory renamed are watched under
		// their old paths: ended now, before the run watches them under
		// the new ones (a watch is the directory's, whatever its path, and
		// ending it later by the old path would end the new).
		for d := range w.watched {
			if d == p || strings.HasPrefix(d, p+string(filepath.Separator)) {
				_ = w.fs.Remove(d)
				delete(w.watched, d)
			}
		}
		if role&roleTree != 0 {
			return true
		}
	}
	if w.relevantNames[p] || w.lastRead[p] {
		return true
	}
	base := filepath.Base(p)
	switch base {
	case lint.ConfigFileName, ".gitignore", ".ignore":
		return true
	}
	role := w.watched[filepath.Dir(p)]
	if role&(roleTree|roleAbove) == 0 {
		return false
	}
	for _, k := range w.kinds {
		if k.Match(p) {
			return true
		}
	}
	if role&roleAbove != 0 && base == ".git" {
		return true
	}
	if role&roleTree == 0 {
		return false
	}
	switch base {
	case "go.mod", "go.sum", "go.work":
		return true
	}
	// A directory created in a walked one is walked by the next run.
	if ev.Has(fsnotify.Create) && len(base) > 0 && base[0] != '.' {
		if info, err := os.Lstat(p); err == nil && info.IsDir() {
			return true
		}
	}
	return false
}

// forget drops what the watch and its session know of the changed paths
// (changed: whether more than the file's bytes may have changed). A file
// written in place (an event that is only fsnotify.Write) changed its
// bytes only, which the caches compare: the session is not told, so that
// it keeps what it knows of the disk (which paths exist, where links
// lead: answers for every file of the project). A file created, removed,
// renamed or given other permissions may change those answers: the
// session forgets them (project.Session.Forget).
func (w *watcher) forget(changed map[string]bool) {
	for p, more := range changed {
		w.files.drop(p)
		if more {
			w.session.Forget(p)
		}
	}
}

// readCache keeps the bytes of every file a watch read, each checked
// against the file's metadata before it is used again: a file that did
// not change is not read again, and the engines' caches, keyed by bytes,
// find the very slice they parsed (project.Session).
type readCache struct {
	mu    sync.Mutex
	files map[string]cachedFile
}

type cachedFile struct {
	data []byte
	info os.FileInfo
}

// read returns the bytes of the file at the absolute path p, as
// lint.ReadInput reads every input (a regular file only, within the size
// limit).
func (c *readCache) read(p string) ([]byte, error) {
	info, statErr := os.Stat(p)
	if statErr == nil {
		c.mu.Lock()
		cf, ok := c.files[p]
		c.mu.Unlock()
		if ok && sameVersion(cf.info, info) {
			return cf.data, nil
		}
	}
	b, err := lint.ReadInput(p, lint.MaxInputSize)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil || statErr != nil {
		delete(c.files, p)
		return b, err
	}
	c.files[p] = cachedFile{data: b, info: info}
	return b, nil
}

// drop forgets the file at p (it changed on disk).
func (c *readCache) drop(p string) {
	c.mu.Lock()
	delete(c.files, p)
	c.mu.Unlock()
}

// reset forgets every file.
func (c *readCache) reset() {
	c.mu.Lock()
	c.files = map[string]cachedFile{}
	c.mu.Unlock()
}

// sameVersion reports whether two stats of a path saw the same version of
// the same file.
func sameVersion(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime()) && a.Mode() == b.Mode()
}

// checkWatchFlags refuses what --watch cannot do, before anything runs.
func checkWatchFlags(o *checkOptions) error {
	switch {
	case o.Fix:
		return usageErrorf("--fix writes the files that --watch watches: run check --fix once, then check --watch")
	case o.Diff:
		return usageErrorf("--diff with --watch is not supported: run check --diff once")
	case o.NewFromRev != "":
		return usageErrorf("--new-from-rev with --watch is not supported: the revision's diff changes with every commit, which --watch does not see")
	case slices.Contains(o.Paths, "-"):
		return usageErrorf("--watch checks files on disk: stdin (\"-\") cannot be watched")
	}
	outs, err := parseFormats(o.Formats)
	if err != nil {
		return usageErrorf("%v", err)
	}
	for _, out := range outs {
		if out.file == "" && !slices.Contains(watchStdoutFormats, out.format) {
			return usageErrorf("--watch prints a result after every change, and a stream of %s documents is no %s document: write it to a file, rewritten after each run (--format %s=FILE), or print text or github", out.format, out.format, out.format)
		}
	}
	return nil
}

// runWatch is check --watch: a check, then a check after every change,
// until SIGINT or SIGTERM, which end it with exit code 0 (each run's
// verdict has been printed; a script that needs one runs check without
// --watch). Errors in the flags, and what check refuses before it starts
// (a path that does not exist, an invalid config), end it at once with
// check's exit code; later, an error of a run (the config made invalid, a
// path removed) is printed and the watch goes on.
func runWatch(s *streams, o *checkOptions) error {
	if err := checkWatchFlags(o); err != nil {
		return err
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return &exitError{code: lint.ExitInternal, err: fmt.Errorf("--watch: cannot watch files here: %w", err)}
	}
	defer fw.Close()
	ctx, stop := watchContext()
	defer stop()
	go func() {
		// A second interrupt, during a long run, ends the process as
		// signals do by default.
		<-ctx.Done()
		stop()
	}()

	w := &watcher{
		fs: fw, session: project.NewSession(), files: &readCache{files: map[string]cachedFile{}},
		kinds: allKinds(), relevantNames: map[string]bool{}, outputs: map[string]bool{}, warn: s.Err,
		watched: map[string]dirRole{}, walked: map[string]bool{}, read: map[string]bool{}, warned: map[string]bool{},
	}
	for _, p := range o.Paths {
		w.relevantNames[join.AbsPath(p)] = true
	}
	if o.Config.File != "" {
		w.relevantNames[join.AbsPath(o.Config.File)] = true
	}
	outs, _ := parseFormats(o.Formats)
	clearTTY := false
	for _, out := range outs {
		if out.file == "" {
			clearTTY = s.OutTTY && out.format == "text"
			continue
		}
		w.outputs[join.AbsPath(out.file)] = true
		if real, err := filepath.EvalSymlinks(out.file); err == nil {
			w.outputs[join.AbsPath(real)] = true
		}
	}
	if s.ErrTTY && !o.Quiet {
		w.progress = s.Err
	}

	// The events are taken from fsnotify as they come, so that its
	// goroutine, and the kernel's queue behind it, never wait for a run.
	var (
		pmu      sync.Mutex
		pending  []fsnotify.Event
		overflow bool
		wake     = make(chan struct{}, 1)
	)
	signalWake := func() {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	go func() {
		for {
			select {
			case ev, ok := <-fw.Events:
				if !ok {
					return
				}
				pmu.Lock()
				pending = append(pending, ev)
				pmu.Unlock()
				signalWake()
			case err, ok := <-fw.Errors:
				if !ok {
					return
				}
				if errors.Is(err, fsnotify.ErrEventOverflow) {
					pmu.Lock()
					overflow = true
					pmu.Unlock()
					signalWake()
				} else if !o.Quiet {
					fmt.Fprintf(s.Err, "seams-timers: watching: %v\n", err)
				}
			}
		}
	}()

	first := true
	// changed are the paths changed since the last run, each true when
	// more than its bytes may have changed (forget).
	changed := map[string]bool{}
	reset := false
	for {
		w.forget(changed)
		if reset {
			w.files.reset()
			w.session.Reset()
		}
		clear(changed)
		reset = false
		above := aboveDirs(o.Paths, o.Config.File)
		w.mu.Lock()
		for _, d := range above {
			w.addLocked(d, roleAbove)
		}
		w.mu.Unlock()
		code, err := watchRun(s, o, w, clearTTY, first)
		if first && code == lint.ExitUsage {
			return err
		}
		if s.Out != nil {
			if cw, ok := s.Out.(*lint.CheckedWriter); ok && cw.Err() != nil {
				// The reader of stdout is gone: runTree says so.
				return nil
			}
		}
		first = false
		w.progress = nil
		w.sync(above, code == lint.ExitUsage || code == lint.ExitInternal)
		if !o.Quiet {
			w.mu.Lock()
			n := len(w.watched)
			w.mu.Unlock()
			fmt.Fprintf(s.Err, "seams-timers: watching %s for changes (Ctrl-C to stop)\n", plural(n, "directory", "directories"))
		}

		// Wait for a change that can change the result, then for the
		// disk to be quiet.
		var since, last time.Time
		for {
			var timeout <-chan time.Time
			if !since.IsZero() {
				due := last.Add(watchDelay)
				if limit := since.Add(watchMaxDelay); limit.Before(due) {
					due = limit
				}
				timeout = time.After(time.Until(due))
			}
			select {
			case <-ctx.Done():
				return nil
			case <-timeout:
			case <-wake:
				pmu.Lock()
				evs := pending
				pending = nil
				if overflow {
					reset, overflow = true, false
				}
				pmu.Unlock()
				for _, ev := range evs {
					if w.relevant(ev) {
						changed[ev.Name] = changed[ev.Name] || ev.Op != fsnotify.Write
					}
				}
				if len(changed) > 0 || reset {
					last = time.Now()
					if since.IsZero() {
						since = last
					}
				}
				continue
			}
			break
		}
	}
}

// watchRun is one run of a watch: check, with what it prints to stdout
// and stderr gathered and then printed at once, after clearing the
// terminal when clear says so. It returns the run's exit code and error.
func watchRun(s *streams, o *checkOptions, w *watcher, clear, first bool) (int, error) {
	var out, errOut bytes.Buffer
	rs := *s
	rs.Out, rs.Err = &out, &errOut
	err := runCheckWith(&rs, o, w)
	code := lint.ExitOK
	var ee *exitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		code = ee.code
		if first && code == lint.ExitUsage {
			// What check refuses before it starts ends the watch.
			_, _ = s.Out.Write(out.Bytes())
			_, _ = s.Err.Write(errOut.Bytes())
			return code, err
		}
		for _, line := range errorLines(ee.err) {
			fmt.Fprintf(&errOut, "seams-timers: %s\n", lint.Printable(line))
		}
	default:
		code = lint.ExitInternal
		fmt.Fprintf(&errOut, "seams-timers: %s\n", lint.Printable(err.Error()))
	}
	if clear {
		fmt.Fprint(s.Out, clearScreen)
	}
	_, _ = s.Out.Write(out.Bytes())
	_, _ = s.Err.Write(errOut.Bytes())
	return code, nil
}

// aboveDirs are the directories above the paths given (a file's own
// directory included) up to the top of the git repository they are in, or
// of the file system, with the directory of a --config given: where the
// config, the ignore files and the index graph of a model are looked for.
func aboveDirs(paths []string, config string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, p := range goPatterns(paths) {
		abs := join.AbsPath(p)
		// The path's own directory, to see the path itself removed and
		// made again; then from the path (a file's directory) up.
		add(filepath.Dir(abs))
		start := abs
		if info, err := os.Stat(abs); err != nil || !info.IsDir() {
			start = filepath.Dir(abs)
		}
		for dir := start; ; {
			add(dir)
			if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
				break
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	if config != "" {
		add(filepath.Dir(join.AbsPath(config)))
	}
	return out
}

// allKinds are the file kinds of every engine.
func allKinds() []project.Kind {
	var out []project.Kind
	for _, e := range engines() {
		out = append(out, e.Kinds...)
	}
	return out
}
