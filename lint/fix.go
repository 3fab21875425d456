package lint

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/aymanbagabas/go-udiff"
)

// FixResult is the fixed content of one file.
type FixResult struct {
	File    string
	Old     []byte
	New     []byte
	Applied int // diagnostics whose fix was applied
	Skipped int // fixes dropped because they overlapped an earlier one
}

// PlanFixes groups the fixes of the diagnostics by file and applies them to
// the sources in memory. Overlapping edits are dropped (the first fix, in
// diagnostic order, wins), so a second run can pick them up.
func PlanFixes(ds []Diagnostic, src Sources) ([]FixResult, error) {
	byFile := map[string][]*Fix{}
	var files []string
	for _, d := range ds {
		if d.Fix == nil || len(d.Fix.Edits) == 0 {
			continue
		}
		if _, ok := byFile[d.File]; !ok {
			files = append(files, d.File)
		}
		byFile[d.File] = append(byFile[d.File], d.Fix)
	}
	slices.Sort(files)
	var out []FixResult
	for _, f := range files {
		old := src.Source(f)
		if old == nil {
			return nil, fmt.Errorf("%s: cannot read the file to fix it", f)
		}
		res := FixResult{File: f, Old: old}
		var edits []Edit
		for _, fix := range byFile[f] {
			if overlaps(edits, fix.Edits) {
				res.Skipped++
				continue
			}
			edits = append(edits, fix.Edits...)
			res.Applied++
		}
		n, err := ApplyEdits(old, edits)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		res.New = n
		out = append(out, res)
	}
	return out, nil
}

func overlaps(have, add []Edit) bool {
	for _, a := range add {
		for _, h := range have {
			if a.Offset < h.End && h.Offset < a.End {
				return true
			}
			// Two insertions at the same point would be ambiguous.
			if a.Offset == a.End && h.Offset == h.End && a.Offset == h.Offset {
				return true
			}
		}
	}
	return false
}

// ApplyEdits returns src with the edits applied. Edits must lie within
// src and not overlap; every byte outside them is kept as it was.
func ApplyEdits(src []byte, edits []Edit) ([]byte, error) {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.Offset, b.Offset), cmp.Compare(a.End, b.End))
	})
	out := make([]byte, 0, len(src)+16)
	last := 0
	for _, e := range sorted {
		if e.Offset < last || e.End < e.Offset || e.End > len(src) {
			return nil, fmt.Errorf("edit [%d,%d) is out of range or overlaps another", e.Offset, e.End)
		}
		out = append(out, src[last:e.Offset]...)
		out = append(out, e.NewText...)
		last = e.End
	}
	return append(out, src[last:]...), nil
}

// UnifiedDiff renders the change of one file as a unified diff.
func UnifiedDiff(r FixResult) string {
	return udiff.Unified("a/"+filepath.ToSlash(r.File), "b/"+filepath.ToSlash(r.File), string(r.Old), string(r.New))
}

// fileOps are the filesystem calls of WriteAtomic, replaceable in tests to
// make a step fail.
type fileOps struct {
	createTemp func(dir, pattern string) (*os.File, error)
	sync       func(*os.File) error
	rename     func(oldpath, newpath string) error
}

var osOps = fileOps{
	createTemp: os.CreateTemp,
	sync:       (*os.File).Sync,
	rename:     os.Rename,
}

// WriteAtomic replaces path with data: it writes a temporary file in the
// same directory, syncs it, gives it the original file's owner, group and
// mode and renames it over the original. On any failure the original is
// left as it was. It keeps WriteFix's other promises too (see there), but
// does not compare the content.
func WriteAtomic(path string, data []byte) error {
	return writeAtomic(path, nil, data, osOps)
}

// WriteFix writes a fix: it replaces the file at path, whose content was
// old when it was read, with data, atomically, and only the fixed bytes
// change. It refuses, leaving the file as it was:
//   - a file that changed since it was read (its content is not old);
//   - a read-only file (no write bit for its owner, whoever runs);
//   - a file with more than one hard link (a rename would break them);
//   - a file whose owner, group or mode bits (setuid, setgid, sticky) the
//     new file cannot be given;
//   - anything but a regular file.
//
// A symbolic link is resolved: the new file is written beside the link's
// target and replaces it, and the link stays a link. Extended attributes
// and ACLs are not carried over.
func WriteFix(path string, old, data []byte) error {
	return writeAtomic(path, old, data, osOps)
}

// WriteReport writes an output file (a --format FORMAT=FILE report)
// through a temporary file in its directory and a rename, so that a full
// disk or a crash leaves the old file or none, never a truncated one. A
// file that exists keeps its mode; a new one is created 0o644 (less the
// umask's bits, as os.Create would).
func WriteReport(path string, write func(io.Writer) error) error {
	target := path
	if real, rerr := filepath.EvalSymlinks(path); rerr == nil {
		target = real
	}
	mode := os.FileMode(0o644)
	if info, serr := os.Stat(target); serr == nil {
		if !info.Mode().IsRegular() {
			// A device or a pipe (/dev/stdout): written in place, every
			// write checked.
			return writeInPlace(target, write)
		}
		mode = info.Mode().Perm()
	} else {
		mode &^= umask()
	}
	return replaceFile(target, osOps, func(tmp *os.File) error {
		w := NewCheckedWriter(tmp)
		if err := write(w); err != nil {
			return err
		}
		if w.Err() != nil {
			return w.Err()
		}
		return tmp.Chmod(mode)
	}, nil)
}

// writeInPlace writes to a file that cannot be replaced by a rename.
func writeInPlace(path string, write func(io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	w := NewCheckedWriter(f)
	err = write(w)
	if err == nil {
		err = w.Err()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// CheckedWriter is a writer that keeps its first error (a short write
// counts as one): after it nothing more is written, and Err returns it,
// so that a caller checks once, at the end, every write made through it.
type CheckedWriter struct {
	w   io.Writer
	err error
}

// NewCheckedWriter returns a CheckedWriter writing to w.
func NewCheckedWriter(w io.Writer) *CheckedWriter { return &CheckedWriter{w: w} }

func (c *CheckedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// Err is the first write error, or nil.
func (c *CheckedWriter) Err() error { return c.err }

// ErrFileChanged is the cause of refusing a fix of a file that changed
// since it was read.
var ErrFileChanged = errors.New("the file changed since it was read; run the check again")

func writeAtomic(path string, old, data []byte, ops fileOps) error {
	// A symbolic link is resolved: the fix goes to its target.
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	info, err := os.Lstat(target)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("not a regular file")
	}
	if info.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("the file is read-only (mode %v); --fix does not write it", info.Mode().Perm())
	}
	if err := writable(target, info); err != nil {
		return err
	}
	fill := func(tmp *os.File) error {
		if _, err := tmp.Write(data); err != nil {
			return err
		}
		// The owner and group first: changing them clears setuid and
		// setgid, which the mode then restores.
		if err := keepOwner(tmp, info); err != nil {
			return err
		}
		return tmp.Chmod(info.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky))
	}
	var unchanged func() error
	if old != nil {
		// An edit saved while the check ran is not lost: the file must
		// still be what was read, and the same file.
		unchanged = func() error {
			now, err := os.ReadFile(target)
			if err != nil {
				return err
			}
			again, err := os.Lstat(target)
			if err != nil {
				return err
			}
			if !bytes.Equal(now, old) || !os.SameFile(info, again) {
				return ErrFileChanged
			}
			return nil
		}
	}
	return replaceFile(target, ops, fill, unchanged)
}

// replaceFile replaces target with a temporary file beside it that fill
// writes: synced, checked by before (when set) and renamed over target.
// On any failure target is left as it was and the temporary file removed.
func replaceFile(target string, ops fileOps, fill func(*os.File) error, before func() error) (err error) {
	tmp, err := ops.createTemp(filepath.Dir(target), "."+filepath.Base(target)+".seams-timers-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if err = fill(tmp); err != nil {
		return err
	}
	if err = ops.sync(tmp); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if before != nil {
		if err = before(); err != nil {
			return err
		}
	}
	if err = ops.rename(tmp.Name(), target); err != nil {
		return err
	}
	syncDir(filepath.Dir(target))
	return nil
}

// syncDir makes a rename in dir durable, where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
