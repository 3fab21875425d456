package goload

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// The go command and go/packages never see the checked tree itself: they
// run on a view of it, a temporary directory that mirrors the module (at
// the same absolute path below the view's root, so that a go.mod's
// relative replace directives lead where they did) and holds only what
// loading needs, copied through the project's boundary:
//
//   - the regular files inside the project, read with the same size and
//     file-type limits as every other input (lint.ReadInput): a Go file or
//     go.mod that is a symbolic link out of the project, a FIFO, a device
//     or too large is refused with a finding, never opened by the go
//     command, and nothing of its content is quoted;
//   - *.go files, go.mod, go.sum and vendor/modules.txt; no C, C++,
//     assembly or object files, so that no toolchain program has anything
//     to run on (cgo is off besides);
//   - for a package with //go:embed lines, an empty file for each file
//     below its directory, so that the patterns still match;
//   - the modules that local replace directives name, when they lie in the
//     project.

// MaxGoFileSize is the largest Go file of the checked tree loaded: 4 MiB.
// A dense Go file costs about a hundred times its size in memory to parse
// and type-check, and seconds per MiB (8 MB of literals: 34 s and 820 MB;
// 50 MB: 5.5 GB), so the limit of the other inputs (lint.MaxInputSize)
// would let one file take the helper's whole budget. Hand-written Go files
// are far smaller, and generated ones this large (embedded assets,
// descriptors) hold no workflow code.
const MaxGoFileSize = 4 << 20

// maxViewBytes bounds the bytes copied into a view: a module's Go source
// with its vendor directory is far below it.
const maxViewBytes = 1 << 30

// maxPlaceholders bounds the empty files made for //go:embed patterns.
const maxPlaceholders = 10000

// view is the mirror of a module the go command runs on.
type view struct {
	dir     string   // the view's root: a temporary directory
	roots   []string // the project's real directories (its boundary)
	bytes   int64
	refused []refusal
	embeds  []string // real directories of packages with //go:embed
	mods    map[string]bool
	holders int
}

// refusal is a file the view left out, and why.
type refusal struct {
	path   string // the real path
	line   int
	what   string
	detail string
}

// errViewTooLarge ends building a view over maxViewBytes.
var errViewTooLarge = errors.New("view too large")

func newView(roots []string) (*view, error) {
	dir, err := os.MkdirTemp("", "seams-timers-go-view-")
	if err != nil {
		return nil, err
	}
	// The temporary directory's own path may hold links (/tmp on macOS).
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	return &view{dir: dir, roots: roots, mods: map[string]bool{}}, nil
}

// remove deletes the view.
func (v *view) remove() { _ = os.RemoveAll(v.dir) }

// in is the view's path of a real absolute path.
func (v *view) in(real string) string { return filepath.Join(v.dir, real) }

// out is the real path of a path in the view; a path elsewhere (the module
// cache, GOROOT) is returned as it is.
func (v *view) out(p string) string {
	if rel, ok := strings.CutPrefix(p, v.dir+string(filepath.Separator)); ok {
		return string(filepath.Separator) + rel
	}
	return p
}

// inView reports whether p is a path in the view.
func (v *view) inView(p string) bool {
	return strings.HasPrefix(p, v.dir+string(filepath.Separator))
}

// refusedIn reports whether a file of the real directory dir was left out.
func (v *view) refusedIn(dir string) bool {
	for _, r := range v.refused {
		if filepath.Dir(r.path) == dir {
			return true
		}
	}
	return false
}

func (v *view) refuse(path string, line int, what, detail string) {
	v.refused = append(v.refused, refusal{path: path, line: line, what: what, detail: detail})
}

// addModule mirrors the module at root (a real, absolute directory), and
// the modules its local replace directives name. It returns false when the
// module cannot be loaded at all (its go.mod refused).
func (v *view) addModule(root string, depth int) (bool, error) {
	if v.mods[root] {
		return true, nil
	}
	v.mods[root] = true
	gomod := filepath.Join(root, "go.mod")
	src, ok := v.copyFile(gomod)
	if !ok {
		return false, nil
	}
	mf, err := modfile.Parse(gomod, src, nil)
	if err != nil {
		// The go command reports the syntax error, at its line.
		mf = nil
	}
	if err := v.walk(root); err != nil {
		return false, err
	}
	if mf == nil {
		return true, nil
	}
	if _, err := os.Lstat(v.in(filepath.Join(root, "vendor", "modules.txt"))); err == nil {
		// Vendored: the go command reads the dependencies from vendor/,
		// not from the replacement directories.
		return true, nil
	}
	for _, r := range mf.Replace {
		if !modfile.IsDirectoryPath(r.New.Path) {
			continue
		}
		line := 1
		if r.Syntax != nil {
			line = r.Syntax.Start.Line
		}
		if filepath.IsAbs(r.New.Path) {
			// The go command would read the absolute path itself; the view
			// cannot redirect it.
			v.refuse(gomod, line, "replace directive names an absolute directory: the module is not loaded",
				"seams-timers loads only what lies in the checked tree; use a path relative to go.mod, inside the project.")
			return false, nil
		}
		target := filepath.Join(root, filepath.FromSlash(r.New.Path))
		if !project.InsideRoots(v.roots, target) {
			v.refuse(gomod, line, "replace directive leads outside the project: "+r.New.Path+" is not loaded",
				"seams-timers loads only what lies in the checked tree; check the module from a directory that holds the replacement too.")
			continue
		}
		if depth >= 8 {
			continue
		}
		if info, err := os.Lstat(target); err != nil || !info.IsDir() {
			// Missing, or a link: the go command reports the missing
			// directory in the view.
			continue
		}
		if _, err := v.addModule(target, depth+1); err != nil {
			return false, err
		}
	}
	return true, nil
}

// walk mirrors the Go files below a module's root. Directories the go
// command ignores (testdata, names starting with . or _), nested modules
// and symbolic links to directories are not entered.
func (v *view) walk(root string) error {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if p == root {
				return nil
			}
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Lstat(filepath.Join(p, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(name, ".go"):
		case name == "go.sum" && filepath.Dir(p) == root:
		case name == "modules.txt" && filepath.Dir(p) == filepath.Join(root, "vendor"):
		default:
			return nil
		}
		src, ok := v.copyFile(p)
		if v.bytes > maxViewBytes {
			return errViewTooLarge
		}
		if ok && strings.HasSuffix(name, ".go") && bytes.Contains(src, []byte("//go:embed")) {
			v.embeds = append(v.embeds, filepath.Dir(p))
		}
		return nil
	})
	if err != nil {
		return err
	}
	return nil
}

// copyFile copies a file of the tree into the view when it passes the
// project's boundary and the input limits; else it records why not.
func (v *view) copyFile(p string) ([]byte, bool) {
	if !project.InsideRoots(v.roots, p) {
		v.refuse(p, 1, "not loaded: "+project.ErrOutside.Error(),
			"Replace the link with the file itself, or remove it; the go command was not run on it.")
		return nil, false
	}
	limit := int64(lint.MaxInputSize)
	if strings.HasSuffix(p, ".go") {
		limit = MaxGoFileSize
	}
	src, err := lint.ReadInput(p, limit)
	if err != nil {
		var tl *lint.TooLargeError
		switch {
		case errors.As(err, &tl):
			v.refuse(p, 1, "not loaded: "+tl.Error(), "Split the file, or exclude it in the config; the go command was not run on it.")
		case errors.Is(err, lint.ErrNotRegular):
			v.refuse(p, 1, "not loaded: not a regular file (a FIFO, a device, a socket or a directory)",
				"Replace it with a regular file, or remove it; the go command was not run on it.")
		default:
			v.refuse(p, 1, "not loaded: cannot read the file", "Make the file readable; the go command was not run on it.")
		}
		return nil, false
	}
	v.bytes += int64(len(src))
	dst := v.in(p)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		v.refuse(p, 1, "not loaded: cannot copy the file for loading", err.Error())
		return nil, false
	}
	if err := os.WriteFile(dst, src, 0o644); err != nil {
		v.refuse(p, 1, "not loaded: cannot copy the file for loading", err.Error())
		return nil, false
	}
	return src, true
}

// placeholders makes an empty file in the view for each regular file
// below the directories of packages with //go:embed lines, so that their
// patterns match as they do in the tree; their content is never read.
func (v *view) placeholders() {
	for _, dir := range v.embeds {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || v.holders >= maxPlaceholders {
				return filepath.SkipDir
			}
			if d.IsDir() {
				if p != dir {
					if _, err := os.Lstat(filepath.Join(p, "go.mod")); err == nil {
						return filepath.SkipDir
					}
				}
				return nil
			}
			if !d.Type().IsRegular() || !project.InsideRoots(v.roots, p) {
				return nil
			}
			dst := v.in(p)
			if _, err := os.Lstat(dst); err == nil {
				return nil
			}
			if os.MkdirAll(filepath.Dir(dst), 0o755) == nil && os.WriteFile(dst, nil, 0o644) == nil {
				v.holders++
			}
			return nil
		})
	}
}

// describe is a refusal's finding text for a file the view left out.
func (r refusal) String() string { return fmt.Sprintf("%s:%d: %s", r.path, r.line, r.what) }
