package project

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

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
//     convention, for what git tracks but no linter should read);
//   - node_modules directories, ignored or not.
//
// The user's global git excludes (core.excludesFile) are not read, so
// that a run finds the same files on every machine and in CI; nor is an
// ignore file outside the project (a link leading out). Patterns
// are matched by go-git's implementation of git's rules.
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
	// git repository's top, else the walk's root.
	base string
	// git reports whether base is a repository's top (.gitignore files
	// count only inside one).
	git bool
	// dirs holds, by directory (as walked), the patterns that apply to
	// its entries, in increasing precedence.
	dirs map[string][]gitignore.Pattern
	// read reads an ignore file; nil (or an error) when there is none.
	read func(path string) []byte
}

// newIgnoreTree prepares the patterns for a walk of root (a directory,
// as given, found at real). The patterns of the directories from the base
// down to root's parent apply to root's entries, less those that ignore
// root itself or a directory above it: root was given.
func newIgnoreTree(root, real string, read func(string) []byte) *ignoreTree {
	t := &ignoreTree{dirs: map[string][]gitignore.Pattern{}, read: read}
	abs := absPath(real)
	t.base = abs
	for dir := abs; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			t.base, t.git = dir, true
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	var ps []gitignore.Pattern
	if t.git {
		ps = append(ps, t.parse(gitExclude(t.base, read), nil)...)
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
			if p.Match(rel[:i], true) == gitignore.Exclude {
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
func (t *ignoreTree) filePatterns(abs string, rel []string) []gitignore.Pattern {
	var ps []gitignore.Pattern
	for _, name := range ignoreFiles {
		if name == ".gitignore" && !t.git {
			continue
		}
		ps = append(ps, t.parse(t.read(filepath.Join(abs, name)), rel)...)
	}
	return ps
}

// parse reads the lines of an ignore file whose directory is domain.
func (t *ignoreTree) parse(src []byte, domain []string) []gitignore.Pattern {
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, len(src)+1)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, domain))
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
		switch ps[i].Match(path, isDir) {
		case gitignore.Exclude:
			return true
		case gitignore.Include:
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

// readIgnoreFile reads an ignore file as every input is read (a regular
// file, within lint.MaxInputSize); nil when there is none or it cannot
// be read.
func readIgnoreFile(path string) []byte {
	src, err := lint.ReadInput(path, lint.MaxInputSize)
	if err != nil {
		return nil
	}
	return src
}
