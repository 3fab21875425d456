package lsp

import (
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// fileCache holds the files on disk that checks read, each read once
// until the client says it changed (didChangeWatchedFiles, didSave).
type fileCache struct {
	mu      sync.Mutex
	files   map[string][]byte       // absolute path -> bytes
	configs map[string]*configEntry // config path -> parsed config
}

type configEntry struct {
	cfg *lint.Config
	err error
}

func newFileCache() *fileCache {
	return &fileCache{files: map[string][]byte{}, configs: map[string]*configEntry{}}
}

// read returns the bytes of the file at path. The project loader calls
// it (Options.ReadFile) only for files inside the project's boundary.
func (c *fileCache) read(path string) ([]byte, error) {
	c.mu.Lock()
	b, ok := c.files[path]
	c.mu.Unlock()
	if ok {
		return b, nil
	}
	// As check reads every input: a regular file only (a FIFO or a
	// device is refused without being opened), within the size limit.
	b, err := lint.ReadInput(path, lint.MaxInputSize)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.files[path] = b
	c.mu.Unlock()
	return b, nil
}

// forget drops the file at path, and every file under it when it is (or
// was) a directory: a client reports a directory deleted or replaced as
// one change.
func (c *fileCache) forget(path string) {
	c.mu.Lock()
	delete(c.files, path)
	delete(c.configs, path)
	for p := range c.files {
		if under(path, p) {
			delete(c.files, p)
		}
	}
	for p := range c.configs {
		if under(path, p) {
			delete(c.configs, p)
		}
	}
	c.mu.Unlock()
}

// under reports whether p lies below the directory dir; both are absolute
// and clean.
func under(dir, p string) bool {
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(p, dir)
}

// config is the config at path, found in the tree, read and validated
// as check reads it (project.LoadFoundConfig: a link out of its
// directory is refused, a FIFO or a device is not opened).
func (c *fileCache) config(path string, spec lint.ConfigSpec) (*lint.Config, error) {
	c.mu.Lock()
	e, ok := c.configs[path]
	c.mu.Unlock()
	if ok {
		return e.cfg, e.err
	}
	e = &configEntry{}
	e.cfg, e.err = project.LoadFoundConfig(path, spec)
	c.mu.Lock()
	c.configs[path] = e
	c.mu.Unlock()
	return e.cfg, e.err
}

// uriPath turns a file: URI into an absolute, clean path.
func uriPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", false
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	p = filepath.FromSlash(p)
	if !filepath.IsAbs(p) {
		return "", false
	}
	return filepath.Clean(p), true
}

// pathURI turns an absolute path into a file: URI.
func pathURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// result is one check of a buffer.
type result struct {
	text    []byte
	index   *lineIndex
	diags   []lint.Diagnostic // the buffer's findings, in the order of lsp
	lsp     []Diagnostic
	project *lint.Project
	deps    map[string]bool
}

// check runs the rules over the buffer at path holding text, with the
// project around it: the config found from its path, the index graph and
// models the engines pull in, read from the open buffers (overlay) or
// from disk.
//
// stale, when not nil, says the buffer changed since: the check's result
// will be dropped, and it reads no more files.
func (s *Server) check(path string, text []byte, overlay map[string][]byte, enc string, stale func() bool) *result {
	s.checks.Add(1)
	s.mu.Lock()
	deps := s.lastDeps
	s.mu.Unlock()
	res := &result{text: text, index: newLineIndex(text, enc), deps: make(map[string]bool, deps+1)}
	res.deps[path] = true
	var depMu sync.Mutex
	abs := s.session.AbsFunc()
	read := func(p string) ([]byte, error) {
		if stale != nil && stale() {
			return nil, errStale
		}
		abs := abs(p)
		depMu.Lock()
		res.deps[abs] = true
		depMu.Unlock()
		if b, ok := overlay[abs]; ok {
			return b, nil
		}
		return s.files.read(abs)
	}
	var cfg *lint.Config
	if cfgPath := lint.FindConfig(path); cfgPath != "" {
		res.deps[cfgPath] = true
		var err error
		if cfg, err = s.files.config(cfgPath, s.opts.Config); err != nil {
			res.lsp = append(res.lsp, Diagnostic{
				Range: Range{}, Severity: severityError, Source: "seams-timers",
				Message: fmt.Sprintf("the config %s cannot be used, so this buffer is not checked: %v", cfgPath, err),
			})
			return res
		}
	}
	now := s.now(cfg)
	in := project.Options{Paths: []string{"-"}, Stdin: text, StdinName: path, Config: cfg, ReadFile: read, Session: s.session}
	opts := lint.Options{Rules: s.rules, Now: now, Config: cfg}
	if cfg != nil {
		opts.Levels = cfg.Levels(opts.Rules)
	}
	rep, err := project.Check(in, s.opts.Engines, opts)
	if err != nil {
		res.lsp = append(res.lsp, Diagnostic{
			Range: Range{}, Severity: severityError, Source: "seams-timers",
			Message: "this buffer cannot be checked: " + err.Error(),
		})
		return res
	}
	res.project = rep.Project
	s.mu.Lock()
	s.lastDeps = len(res.deps)
	s.mu.Unlock()
	// A related location is shown from a file inside the project's
	// boundary, as the loader reads, and from no other.
	roots := project.RootsFor(path)
	readInside := func(p string) ([]byte, error) {
		abs := absPath(p)
		if !project.InsideRoots(roots, abs) {
			return nil, &fs.PathError{Op: "read", Path: abs, Err: project.ErrOutside}
		}
		return read(abs)
	}
	for _, d := range rep.Diagnostics {
		if absPath(d.File) != path {
			continue
		}
		res.diags = append(res.diags, d)
		res.lsp = append(res.lsp, s.toLSP(res, d, len(res.diags)-1, readInside))
	}
	if res.lsp == nil {
		res.lsp = []Diagnostic{}
	}
	return res
}

// now is the reference clock of a check: the config's now when it fixes
// one (as check, next and simulate read it), else the server's clock.
func (s *Server) now(cfg *lint.Config) time.Time {
	if cfg != nil && !cfg.Now.IsZero() {
		return cfg.Now
	}
	if s.opts.Now != nil {
		return s.opts.Now().UTC()
	}
	return time.Now().UTC()
}

// nowAt is the reference clock of the buffer at path, with the config
// found from its path (the server's clock when that config is invalid:
// the check then reports it).
func (s *Server) nowAt(path string) time.Time {
	if cfgPath := lint.FindConfig(path); cfgPath != "" {
		if cfg, err := s.files.config(cfgPath, s.opts.Config); err == nil {
			return s.now(cfg)
		}
	}
	return s.now(nil)
}

// span is the byte range of a finding in the buffer, from its 1-based
// lines and byte columns.
func (x *lineIndex) span(d lint.Diagnostic) (start, end int) {
	start = x.lineColOffset(d.Line, d.Column)
	end = x.lineColOffset(d.EndLine, d.EndColumn)
	return start, max(start, end)
}

// toLSP turns a finding into an LSP diagnostic.
func (s *Server) toLSP(res *result, d lint.Diagnostic, i int, read func(string) ([]byte, error)) Diagnostic {
	start, end := res.index.span(d)
	out := Diagnostic{
		Range:    res.index.rangeOf(start, end),
		Severity: lspSeverity(d.Severity),
		Code:     d.Rule,
		Source:   "seams-timers",
		Message:  d.Message,
		Data:     &diagnosticData{Index: i},
	}
	if d.Detail != "" {
		out.Message += "\n" + d.Detail
	}
	if d.Rule != "" {
		out.CodeDescription = &codeDescription{Href: lint.RuleDocURI(d.Rule)}
	}
	out.RelatedInformation = related(res, d, read)
	return out
}

func lspSeverity(s lint.Severity) int {
	switch s {
	case lint.SeverityError:
		return severityError
	case lint.SeverityWarning:
		return severityWarning
	}
	return severityInformation
}

// samePath reports whether two spellings name one file.
func samePath(a, b string) bool { return absPath(a) == absPath(b) }

// absPath is the absolute form of a path, the key files are known by.
func absPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return a
}
