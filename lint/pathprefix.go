package lint

import (
	"path"
	"path/filepath"
	"strings"
)

// PrefixPaths returns a copy of r whose findings name their files with
// prefix before them, as golangci-lint's --path-prefix does: a check run
// from a sub-directory of a repository (a GitHub Action's
// working-directory) then prints the paths a code host resolves against the
// repository's root. Absolute paths and the stdin buffer's "-" are left as
// they are, and so is every path when prefix is empty or ".". The prefix is
// written with forward slashes and without "./" or a trailing slash.
//
// The copy's Project is r's: sources are found through PrefixedSources,
// which takes the prefix off again.
func PrefixPaths(r *Report, prefix string) *Report {
	prefix = CleanPathPrefix(prefix)
	if prefix == "" {
		return r
	}
	out := *r
	out.Diagnostics = make([]Diagnostic, len(r.Diagnostics))
	for i, d := range r.Diagnostics {
		out.Diagnostics[i] = prefixDiagnostic(prefix, d)
	}
	if r.Findings != nil {
		out.Findings = r.Findings.withPrefix(prefix)
	}
	return &out
}

// prefixDiagnostic is d with its files named with prefix (cleaned).
func prefixDiagnostic(prefix string, d Diagnostic) Diagnostic {
	d.File = prefixed(prefix, d.File)
	if len(d.Related) > 0 {
		rel := make([]Related, len(d.Related))
		for j, r := range d.Related {
			r.Range.File = prefixed(prefix, r.Range.File)
			rel[j] = r
		}
		d.Related = rel
	}
	return d
}

// SourceRoot is the directory that paths printed with prefix are
// relative to, for a run in the directory dir: dir itself without a
// prefix, else the ancestor of dir that prefix leads down from ("" when
// dir does not end in prefix, so the root is not known).
func SourceRoot(dir, prefix string) string {
	prefix = CleanPathPrefix(prefix)
	if prefix == "" {
		return dir
	}
	if strings.HasPrefix(prefix, "../") || prefix == ".." {
		return ""
	}
	root := dir
	parts := strings.Split(prefix, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		if filepath.Base(root) != parts[i] || filepath.Dir(root) == root {
			return ""
		}
		root = filepath.Dir(root)
	}
	return root
}

// CleanPathPrefix is the form PrefixPaths writes a prefix in: forward
// slashes, cleaned, "" for the current directory.
func CleanPathPrefix(prefix string) string {
	if prefix == "" {
		return ""
	}
	p := path.Clean(filepath.ToSlash(prefix))
	if p == "." || p == "/" {
		return ""
	}
	return strings.TrimPrefix(p, "./")
}

func prefixed(prefix, file string) string {
	if file == "" || file == "-" || filepath.IsAbs(file) || strings.HasPrefix(file, "/") {
		return file
	}
	return prefix + "/" + filepath.ToSlash(file)
}

// PrefixedSources finds the sources of a report that PrefixPaths rewrote:
// it takes the prefix off a file's name before asking Sources.
type PrefixedSources struct {
	Sources Sources
	Prefix  string
}

// Source returns the bytes of file, named with the prefix or without it.
func (s PrefixedSources) Source(file string) []byte {
	if s.Sources == nil {
		return nil
	}
	p := CleanPathPrefix(s.Prefix)
	if rest, ok := strings.CutPrefix(filepath.ToSlash(file), p+"/"); ok && p != "" {
		if b := s.Sources.Source(filepath.FromSlash(rest)); b != nil {
			return b
		}
	}
	return s.Sources.Source(file)
}

// Columns returns what was kept of file's released bytes for SARIF's
// columns, named with the prefix or without it.
func (s PrefixedSources) Columns(file string) *Columns {
	cs, ok := s.Sources.(ColumnSources)
	if !ok {
		return nil
	}
	p := CleanPathPrefix(s.Prefix)
	if rest, ok := strings.CutPrefix(filepath.ToSlash(file), p+"/"); ok && p != "" {
		if c := cs.Columns(filepath.FromSlash(rest)); c != nil {
			return c
		}
	}
	return cs.Columns(file)
}
