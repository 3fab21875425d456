package project

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/seams/seams-timers/lint"
)

// The project's boundary. A run reads only files inside the project, so
// that a hostile tree (a pull request) cannot make it read, and quote,
// anything else on the machine. The project is the union of these
// directories and files, each with its symbolic links resolved:
//
//   - every path given on the command line (a directory, or a file's
//     directory);
//   - the directory of the config file;
//   - the top of each given path's project: the nearest directory at or
//     above it that holds the config file (.seams-timers.yaml) or a .git,
//     searched without leaving the file system the path is on;
//   - the directories that --map flags name. The config's map does not
//     widen the project: a config is part of the tree checked, so its map
//     targets count only inside its own directory.
//
// A file is inside when its real path (every symbolic link resolved) lies
// in one of them. A symbolic link that leads outside is not followed, and
// a file outside is not opened: whether it exists is never told.

// ErrOutside is the cause of refusing a file outside the project.
var ErrOutside = errors.New("it lies outside the project (a symbolic link or path leaving the checked tree is not followed)")

// boundary is the set of real directories (and files) the project holds.
type boundary struct {
	roots []string
}

// newBoundary builds the project's boundary from the run's options.
func newBoundary(opts *Options) *boundary {
	b := &boundary{}
	add := func(p string) {
		if p == "" {
			return
		}
		b.roots = append(b.roots, realPath(absPath(p)))
	}
	given := func(p string) {
		info, err := os.Stat(p)
		if err == nil && info.IsDir() {
			add(p)
		} else {
			add(filepath.Dir(absPath(p)))
		}
		add(projectTop(absPath(p)))
	}
	for _, p := range opts.Paths {
		if p == "-" {
			continue
		}
		given(p)
	}
	if opts.Stdin != nil && opts.StdinName != "" {
		given(opts.StdinName)
	}
	if c := opts.Config; c != nil && c.Path != "" {
		// The config's map targets count only inside its directory,
		// which this root already holds.
		add(filepath.Dir(absPath(c.Path)))
	}
	for _, dir := range opts.Maps {
		add(dir)
	}
	return b
}

// inside reports whether the real path of p lies in the project.
func (b *boundary) inside(p string) bool {
	return b.contains(realPath(absPath(p)))
}

// contains reports whether a real path lies in one of the roots.
func (b *boundary) contains(real string) bool {
	for _, r := range b.roots {
		if within(r, real) {
			return true
		}
	}
	return false
}

// within reports whether p is dir or lies below it; both are clean and
// absolute.
func within(dir, p string) bool {
	if p == dir {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(p, dir)
}

// realPath resolves every symbolic link of an absolute, clean path. A
// path that does not exist resolves as far as it exists, and a dangling
// link to where it points, so that the answer never depends on whether a
// file outside the project exists.
func realPath(p string) string {
	return resolve(p, 0)
}

func resolve(p string, depth int) string {
	if depth > 40 {
		return p
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	dir, base := filepath.Split(p)
	dir = filepath.Clean(dir)
	if dir == p {
		return p
	}
	parent := resolve(dir, depth+1)
	joined := filepath.Join(parent, base)
	if target, err := os.Readlink(joined); err == nil {
		if !filepath.IsAbs(target) {
			target = filepath.Join(parent, target)
		}
		return resolve(filepath.Clean(target), depth+1)
	}
	return joined
}

// projectTop returns the nearest directory at or above p that holds the
// config file or a .git, on p's file system; "" when there is none.
func projectTop(p string) string {
	dir := p
	if info, err := os.Stat(p); err != nil || !info.IsDir() {
		dir = filepath.Dir(p)
	}
	dev, ok := deviceOf(dir)
	for {
		for _, marker := range []string{lint.ConfigFileName, ".git"} {
			if _, err := os.Lstat(filepath.Join(dir, marker)); err == nil {
				return dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		if d, pok := deviceOf(parent); ok && pok && d != dev {
			// A mount point: the project does not reach across it.
			return ""
		}
		dir = parent
	}
}

// Inside reports whether a file lies in the project (see the package's
// boundary): the engines ask before they read a file the input names (a
// model an index graph names), and report the others as outside the
// project without opening them.
func (l *Loader) Inside(path string) bool {
	return l.Stdin(path) || l.inside(path)
}

// InsideDir reports whether a directory lies in the project: the engines'
// searches for context (the nearest index graph above a model) stop at
// the first directory that does not.
func (l *Loader) InsideDir(dir string) bool { return l.bound.inside(dir) }

// Roots returns the project's real directories: the boundary, for a
// helper process (seams-timers-go) that must keep to it too.
func (l *Loader) Roots() []string { return slices.Clone(l.bound.roots) }

// RootsFor returns the boundary of a run given these paths and no config
// or map: each path's directory and its project's top.
func RootsFor(paths ...string) []string {
	return newBoundary(&Options{Paths: paths}).roots
}

// InsideRoots reports whether the real path of p (every symbolic link
// resolved) lies in one of roots, real directories as Roots returns them:
// the boundary's test, for a process that has the roots but no Loader.
func InsideRoots(roots []string, p string) bool {
	return (&boundary{roots: roots}).inside(p)
}
