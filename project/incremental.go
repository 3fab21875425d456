package project

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/seams/seams-timers/lint"
)

// Session is what the checks of one editor session keep between them, so
// that the check after an edit redoes only what the edit changed: each
// engine keeps there what it parsed (the BPMN engine: each model, and the
// index graph), keyed by the bytes it parsed, and takes it back when a
// later check reads the same bytes. A check given a Session
// (Options.Session) reports what the same check without one reports.
//
// What a cache holds is keyed by content, so that an edit needs no
// telling; what an engine learns from the file system beyond the files'
// bytes (whether a file exists) it keeps until Forget or Reset says the
// disk changed. A Session serves one check at a time; a nil Session
// keeps nothing.
type Session struct {
	mu     sync.Mutex
	caches map[string]SessionCache
	// inside memoizes the boundary's answer for a file, by the project's
	// roots (joined) and then the file's absolute path, until the disk
	// changes (Forget, Reset): it resolves every symbolic link on the way,
	// a system call per directory of the path.
	inside map[string]map[string]bool
	// abs memoizes absPath, by the path as an engine spells it, for the
	// working directory absWD: it reads no disk, so only a change of the
	// working directory drops it (and Reset). A check of a buffer reads
	// every model its graph names, each asked after more than once.
	abs   map[string]string
	absWD string
}

// SessionCache is what one engine keeps in a Session.
type SessionCache interface {
	// Forget drops what the cache knows of the file at the absolute path
	// beyond its bytes (it was created, changed or deleted on disk).
	Forget(path string)
	// Reset drops everything the cache learnt from the file system.
	Reset()
}

// NewSession returns an empty session.
func NewSession() *Session { return &Session{caches: map[string]SessionCache{}} }

// Cache returns the session's cache under key (an engine's name, or a
// name of its own), made by mk the first time.
func (s *Session) Cache(key string, mk func() SessionCache) SessionCache {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, ok := s.caches[key]
	if !ok {
		c = mk()
		s.caches[key] = c
	}
	return c
}

// Forget tells every cache that the file at the absolute path changed on
// disk (created, written or deleted).
func (s *Session) Forget(path string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// A link may have changed anywhere on the way to any file.
	s.inside = nil
	for _, c := range s.caches {
		c.Forget(path)
	}
}

// maxAbs bounds the session's memo of absolute paths: past it, the memo
// starts again (a session that opened buffers all over the disk).
const maxAbs = 1 << 18

// AbsFunc returns filepath.Abs (a path made clean when it fails) through
// the session's memo, for the working directory of the check starting now:
// a check calls it once and uses what it returns for the whole check.
// Without a session it is the plain function.
func (s *Session) AbsFunc() func(string) string {
	if s == nil {
		return absPath
	}
	wd, err := os.Getwd()
	if err != nil {
		return absPath
	}
	s.mu.Lock()
	if s.abs == nil || s.absWD != wd || len(s.abs) > maxAbs {
		s.abs, s.absWD = map[string]string{}, wd
	}
	s.mu.Unlock()
	return func(p string) string {
		if filepath.IsAbs(p) && isClean(p) {
			return p
		}
		s.mu.Lock()
		a, ok := s.abs[p]
		s.mu.Unlock()
		if ok {
			return a
		}
		a = absPath(p)
		s.mu.Lock()
		if s.abs != nil && s.absWD == wd {
			s.abs[p] = a
		}
		s.mu.Unlock()
		return a
	}
}

// isClean reports, cheaply, that p needs no filepath.Clean: no doubled or
// trailing separator and no element starting with a dot (it may say false
// of a clean path).
func isClean(p string) bool {
	if p == "" || p[0] == '.' || filepath.Separator != '/' && strings.IndexByte(p, '/') >= 0 {
		return false
	}
	for i := 1; i < len(p); i++ {
		if p[i-1] == filepath.Separator && (p[i] == filepath.Separator || p[i] == '.') {
			return false
		}
	}
	return len(p) < 2 || p[len(p)-1] != filepath.Separator
}

// Reset tells every cache that anything on disk may have changed.
func (s *Session) Reset() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inside, s.abs = nil, nil
	for _, c := range s.caches {
		c.Reset()
	}
}

// inside reports whether the file at path lies in the project
// (boundary.inside), through the session's memo when there is one.
func (l *Loader) inside(path string) bool {
	s := l.opts.Session
	if s == nil {
		return l.bound.inside(path)
	}
	abs := l.abs(path)
	s.mu.Lock()
	in, ok := s.inside[l.rootsKey][abs]
	s.mu.Unlock()
	if ok {
		return in
	}
	in = l.bound.inside(abs)
	s.mu.Lock()
	if s.inside == nil {
		s.inside = map[string]map[string]bool{}
	}
	m := s.inside[l.rootsKey]
	if m == nil {
		m = map[string]bool{}
		s.inside[l.rootsKey] = m
	}
	m[abs] = in
	s.mu.Unlock()
	return in
}

// Session is the run's session, nil when the run keeps nothing for the
// next (every command but the language server).
func (l *Loader) Session() *Session { return l.opts.Session }

// skipContext marks the file rules of every file but the stdin buffer as
// run, with nothing found, when a session checks a buffer: Check reports
// the buffer's findings only, and a file rule reports on its own file, so
// the other files' file rules would find nothing that is reported. Their
// models stay loaded for the engines' project rules, which run as ever.
func skipContext(l *Loader, proj *lint.Project) {
	if l.opts.Session == nil || l.stdinAbs == "" {
		return
	}
	none := lint.NewRunner(lint.Options{})
	for _, f := range proj.Files {
		if !l.Stdin(f.Path) {
			none.File(proj, f)
		}
	}
}

// RuleScope is optional on an engine's Editor: where the findings of its
// project rules land. A session's check of a buffer then skips the project
// rules that never report on a file of the buffer's kind (editing a model,
// the rules that report only on graph triples): their findings would be
// dropped, as Check reports the buffer's alone. The engine's tests hold
// every finding of its fixtures to what it declares.
type RuleScope interface {
	// ReportsOn returns the file kinds the project rule r reports its
	// findings on; ok is false when r may report on a file of any kind.
	ReportsOn(r *lint.Rule) (kinds []string, ok bool)
}

// sessionOptions are the rule options of a session's check of the stdin
// buffer: the project rules whose findings never land on a file of the
// buffer's kind are turned off. Without a session, or for a buffer no
// kind matches, they are lopts.
func sessionOptions(opts Options, engines []*Engine, lopts lint.Options) lint.Options {
	if opts.Session == nil || opts.Stdin == nil || opts.StdinName == "" {
		return lopts
	}
	kind := ""
	for _, e := range engines {
		for _, k := range e.Kinds {
			if kind == "" && k.Match != nil && k.Match(opts.StdinName) {
				kind = k.Name
			}
		}
	}
	if kind == "" {
		return lopts
	}
	var levels map[string]lint.Level
	for _, e := range engines {
		scope, ok := e.Editor.(RuleScope)
		if !ok {
			continue
		}
		for _, r := range e.Rules {
			if r.Kind != lint.KindProject || !slices.Contains(lopts.Rules, r) {
				continue
			}
			if kinds, ok := scope.ReportsOn(r); !ok || slices.Contains(kinds, kind) {
				continue
			}
			if levels == nil {
				levels = maps.Clone(lopts.Levels)
				if levels == nil {
					levels = map[string]lint.Level{}
				}
			}
			levels[r.ID] = lint.Level{Off: true}
		}
	}
	if levels != nil {
		lopts.Levels = levels
	}
	return lopts
}
