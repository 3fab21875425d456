package lint

import (
	"iter"
	"slices"
)

// list is what a printer walks: a report's findings, in a slice or in a
// streaming check's Findings (which may be partly on disk), with what the
// printers need to know of them before walking them.
type list struct {
	ds []Diagnostic
	fs *Findings
}

// findingsOf is the report's findings in the report's order.
func findingsOf(r *Report) list {
	if r.Findings != nil {
		return list{fs: r.Findings}
	}
	return list{ds: r.Diagnostics}
}

// sortedFindings is the report's findings in the order of Sort, without
// changing the report: a streaming check's findings are sorted already,
// unless --path-prefix reordered their files, when they are sorted again
// (stably, as sortedDiagnostics sorts a slice).
func sortedFindings(r *Report) (list, error) {
	fs := r.Findings
	if fs == nil {
		return list{ds: sortedDiagnostics(r)}, nil
	}
	if fs.sorted {
		return list{fs: fs}, nil
	}
	sorted, err := sortFindings(fs.tmp, fs.All())
	if err != nil {
		return list{}, err
	}
	return list{fs: sorted}, nil
}

// all yields the findings in order.
//
//go:noinline
func (l list) all() iter.Seq2[Diagnostic, error] {
	if l.fs != nil {
		return l.fs.All()
	}
	return func(yield func(Diagnostic, error) bool) {
		for _, d := range l.ds {
			if !yield(d, nil) {
				return
			}
		}
	}
}

// len is the number of findings.
func (l list) len() int {
	if l.fs != nil {
		return l.fs.Len()
	}
	return len(l.ds)
}

// counts returns the number of errors, warnings and infos.
func (l list) counts() (errs, warns, infos int) {
	if l.fs != nil {
		return l.fs.Counts()
	}
	return countSeverities(l.ds)
}

// files returns the files the findings name, each once, sorted.
func (l list) files() []string {
	var out []string
	if l.fs != nil {
		for f := range l.fs.stats.files {
			out = append(out, f)
		}
	} else {
		seen := map[string]bool{}
		for _, d := range l.ds {
			if !seen[d.File] {
				seen[d.File] = true
				out = append(out, d.File)
			}
		}
	}
	slices.Sort(out)
	return out
}

// hasRuleOutside reports whether a finding's rule is not in known.
func (l list) hasRuleOutside(known map[string]*Rule) bool {
	if l.fs != nil {
		for id := range l.fs.stats.rules {
			if known[id] == nil {
				return true
			}
		}
		return false
	}
	for _, d := range l.ds {
		if known[d.Rule] == nil {
			return true
		}
	}
	return false
}

func countSeverities(ds []Diagnostic) (errs, warns, infos int) {
	for _, d := range ds {
		switch d.Severity {
		case SeverityError:
			errs++
		case SeverityWarning:
			warns++
		case SeverityInfo:
			infos++
		}
	}
	return errs, warns, infos
}
