package project

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/seams/seams-timers/lint"
)

// Ignore files. Walking a directory, discovery skips what the project's
// ignore files name, as git and ripgrep do:
//
//   - inside a git repository (a directory at or above the walk holding
//     .git), its .git/info/exclude (not a linked worktree's, which lies
//     outside the project) and every .gitignore from the
//     repository's top down, a nested one adding to (and able to undo,
//     with !pattern) those above it;
//   - everywhere, .ignore files, read as .gitignore files are and taking
//     precedence over the .gitignore of their directory (ripgrep's
//     convention, for what git tracks but no linter should read), from
//     the repository's top down, or outside git from the directory of the
//     nearest config above the walk (else the walk's root);
//   - node_modules directories, ignored or not.
//
// The user's global git excludes (core.excludesFile) are not read, so
// that a run finds the same files on every machine and in CI; nor is an
// ignore file outside the project (a link leading out). A pattern's
// globs (*, ?, [a-z], **) are matched by doublestar; what a line means
// (comments, !negation, a trailing / for directories only, a / before or
// in the middle anchoring it to its file's directory) is git's, and the
// tests hold the two to git itself (git ls-files).
//
// A path given on the command line is always checked, even when ignored:
// a file named is read, and a directory named is walked, with the
// patterns that ignore the directory itself (or a directory above it)
// left out below it. Options.NoIgnore (check --no-ignore) turns all of
// this off; hidden directories are skipped either way.

// ignoreFiles are the per-directory ignore files, in increasing
// precedence.
var ignoreFiles = []string{".gitignore", ".ignore"}

// ignoreTree is the ignore patterns of one walk.
type ignoreTree struct {
	// base is the directory the patterns' paths are relative to: the
	// git repository's top, else the nearest config's directory above
	// the walk, else the walk's root.
	base string
	// git reports whether base is a repository's top (.gitignore files
	// count only inside one).
	git bool
	// dirs holds, by directory (as walked), the patterns that apply to
	// its entries, in increasing precedence.
	dirs map[string][]ignorePattern
	// inside reports whether a file lies in the project (boundary.go).
	inside func(path string) bool
}

// newIgnoreTree prepares the patterns for a walk of root (a directory,
// as given, found at real). The patterns of the directories from the base
// down to root's parent apply to root's entries, less those that ignore
// root itself or a directory above it: root was given.
func newIgnoreTree(root, real string, inside func(string) bool) *ignoreTree {
	t := &ignoreTree{dirs: map[string][]ignorePattern{}, inside: inside}
	abs := absPath(real)
	t.base = abs
	config := ""
	for dir := abs; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			t.base, t.git = dir, true
			break
		}
		if _, err := os.Lstat(filepath.Join(dir, lint.ConfigFileName)); err == nil && config == "" {
			config = dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if !t.git && config != "" {
		// Outside git, the project's top is its config's directory: the
		// .ignore files from there down apply.
		t.base = config
	}
	var ps []ignorePattern
	if t.git {
		ps = append(ps, t.parse(gitExclude(t.base, t.read), nil)...)
	}
	rel := t.rel(abs)
	for i := 0; i < len(rel); i++ {
		ps = append(ps, t.filePatterns(filepath.Join(t.base, filepath.Join(rel[:i]...)), rel[:i])...)
	}
	// root was given: a pattern that ignores it, or a directory above
	// it, does not apply below it.
	kept := ps[:0]
	for _, p := range ps {
		ignoresRoot := false
		for i := 1; i <= len(rel); i++ {
			if p.match(rel[:i], true) == ignoreExclude {
				ignoresRoot = true
				break
			}
		}
		if !ignoresRoot {
			kept = append(kept, p)
		}
	}
	t.dirs[filepath.Clean(root)] = append(kept, t.filePatterns(abs, rel)...)
	return t
}

// rel is an absolute path's components relative to the base (nil for the
// base itself).
func (t *ignoreTree) rel(abs string) []string {
	r, err := filepath.Rel(t.base, abs)
	if err != nil || r == "." {
		return nil
	}
	return strings.Split(filepath.ToSlash(r), "/")
}

// filePatterns reads the ignore files of one directory (abs, at the
// components rel below the base).
func (t *ignoreTree) filePatterns(abs string, rel []string) []ignorePattern {
	var ps []ignorePattern
	for _, name := range ignoreFiles {
		if name == ".gitignore" && !t.git {
			continue
		}
		ps = append(ps, t.parse(t.read(filepath.Join(abs, name)), rel)...)
	}
	return ps
}

// parse reads the lines of an ignore file whose directory is domain.
func (t *ignoreTree) parse(src []byte, domain []string) []ignorePattern {
	var ps []ignorePattern
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, len(src)+1)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if p, ok := parseIgnoreLine(line, domain); ok {
			ps = append(ps, p)
		}
	}
	return ps
}

// enter is called for each directory the walk enters (dir, as walked,
// below the root, at real path abs): its patterns are its parent's and
// its own ignore files'.
func (t *ignoreTree) enter(dir, abs string) {
	parent := t.dirs[filepath.Dir(dir)]
	own := t.filePatterns(abs, t.rel(abs))
	if len(own) == 0 {
		t.dirs[dir] = parent
		return
	}
	t.dirs[dir] = append(parent[:len(parent):len(parent)], own...)
}

// ignored reports whether the entry p (as walked, at real path abs) is
// ignored by the patterns of its directory.
func (t *ignoreTree) ignored(p, abs string, isDir bool) bool {
	ps := t.dirs[filepath.Dir(p)]
	if len(ps) == 0 {
		return false
	}
	path := t.rel(abs)
	for i := len(ps) - 1; i >= 0; i-- {
		switch ps[i].match(path, isDir) {
		case ignoreExclude:
			return true
		case ignoreInclude:
			return false
		}
	}
	return false
}

// gitExclude reads the repository's .git/info/exclude. A linked
// worktree's (.git is a file naming a git directory elsewhere) lies
// outside the project and is not read.
func gitExclude(top string, read func(string) []byte) []byte {
	if info, err := os.Lstat(filepath.Join(top, ".git")); err != nil || !info.IsDir() {
		return nil
	}
	return read(filepath.Join(top, ".git", "info", "exclude"))
}

// read reads an ignore file as every input is read (a regular file,
// within lint.MaxInputSize); nil when there is none or it cannot be read.
// A file outside both the project and the repository (a link leading
// out) is not opened: the repository's ignore files above the project's
// top (a config in a sub-directory marks the top) still count.
func (t *ignoreTree) read(path string) []byte {
	if !t.inside(path) && (!t.git || !within(realPath(t.base), realPath(absPath(path)))) {
		return nil
	}
	src, err := lint.ReadInput(path, lint.MaxInputSize)
	if err != nil {
		return nil
	}
	return src
}

// ignoreResult is what one pattern says of a path.
type ignoreResult int

const (
	ignoreNoMatch ignoreResult = iota
	ignoreExclude
	ignoreInclude
)

// ignorePattern is one line of an ignore file.
type ignorePattern struct {
	// domain is the directory of the file, as components below the base.
	domain []string
	// glob is the pattern, without its !, its leading / and its
	// trailing /, braces escaped (git has no {a,b}).
	glob string
	// negate is a !pattern: it takes back what an earlier one ignored.
	negate bool
	// dirOnly is a pattern ending in /: it matches directories only.
	dirOnly bool
	// anchored is a pattern with a / before or in its middle: it matches
	// the path below its directory, not a name at any depth.
	anchored bool
}

// parseIgnoreLine reads one line of an ignore file whose directory is
// domain, as git does; false for a blank line or a comment.
func parseIgnoreLine(line string, domain []string) (ignorePattern, bool) {
	p := ignorePattern{domain: slices.Clone(domain)}
	if line == "" || line[0] == '#' {
		return p, false
	}
	// Trailing spaces are dropped unless escaped with a backslash.
	for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, "\\ ") {
		line = line[:len(line)-1]
	}
	if line == "" {
		return p, false
	}
	switch {
	case line[0] == '!':
		p.negate = true
		line = line[1:]
	case strings.HasPrefix(line, "\\!") || strings.HasPrefix(line, "\\#"):
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		p.dirOnly = true
		line = strings.TrimRight(line, "/")
	}
	if line == "" {
		return p, false
	}
	if strings.Contains(line, "/") {
		p.anchored = true
		line = strings.TrimPrefix(line, "/")
	}
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == '\\' && i+1 < len(line) {
			b.WriteByte(c)
			b.WriteByte(line[i+1])
			i++
			continue
		}
		if c == '{' || c == '}' {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	p.glob = b.String()
	return p, true
}

// match says whether the pattern ignores (or, negated, takes back) the
// path, as components below the base.
func (p ignorePattern) match(path []string, isDir bool) ignoreResult {
	if p.dirOnly && !isDir || len(path) <= len(p.domain) {
		return ignoreNoMatch
	}
	for i, d := range p.domain {
		if path[i] != d {
			return ignoreNoMatch
		}
	}
	name := path[len(path)-1]
	if p.anchored {
		name = strings.Join(path[len(p.domain):], "/")
	}
	if ok, _ := doublestar.Match(p.glob, name); !ok {
		return ignoreNoMatch
	}
	if p.negate {
		return ignoreInclude
	}
	return ignoreExclude
}
