package lint

import (
	"cmp"
	"fmt"
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
// same directory, syncs it, gives it the original file's mode and renames
// it over the original. On any failure the original is left as it was.
func WriteAtomic(path string, data []byte) error {
	return writeAtomic(path, data, osOps)
}

func writeAtomic(path string, data []byte, ops fileOps) (err error) {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := ops.createTemp(filepath.Dir(path), "."+filepath.Base(path)+".seams-timers-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(info.Mode().Perm()); err != nil {
		return err
	}
	if err = ops.sync(tmp); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = ops.rename(tmp.Name(), path); err != nil {
		return err
	}
	if dir, derr := os.Open(filepath.Dir(path)); derr == nil {
		_ = dir.Sync()
		_ = dir.Close()
	}
	return nil
}
