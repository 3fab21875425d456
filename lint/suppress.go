package lint

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// SuppressPrefix starts a suppression comment:
//
//	<!-- seams-timers:ignore TMR1034 monthly close is meant to stride -->
//	# seams-timers:ignore TMR4002 reason
//
// Several IDs or names may be given, separated by commas. The reason is
// required.
const SuppressPrefix = "seams-timers:ignore"

// Suppression is one ignore comment.
type Suppression struct {
	File   string
	Line   int
	Col    int
	EndCol int
	Offset int
	IDs    []string
	Reason string
	// Target is the id of the element the comment covers (files with
	// elements), or TargetLine the line it covers (line-based files).
	Target     string
	TargetLine int
	used       bool
}

var suppressRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*seams-timers:ignore(?:\s+(\S+))?(?:\s+(.*?))?\s*$`)
})

// ParseSuppression reads the text of a comment; ok is false when it is not
// a suppression at all.
func ParseSuppression(text string) (ids []string, reason string, ok bool) {
	m := suppressRe().FindStringSubmatch(text)
	if m == nil {
		return nil, "", false
	}
	for _, id := range strings.Split(m[1], ",") {
		if id = strings.TrimSpace(id); id != "" {
			ids = append(ids, id)
		}
	}
	return ids, strings.TrimSpace(m[2]), true
}

// The suppression rules' IDs; their names and docs live in package rules.
const (
	ruleNoReason   = "TMR0010"
	ruleUnknownID  = "TMR0011"
	ruleSuppressed = "TMR0012"
)

// applySuppressions drops the diagnostics that a valid suppression covers
// and reports the suppressions that have no reason, name an unknown rule,
// or cover nothing.
func applySuppressions(proj *Project, known func(string) (string, bool), ds []Diagnostic) []Diagnostic {
	sup := newSuppressor(proj, known)
	if sup == nil {
		return ds
	}
	kept := ds[:0:0]
	for _, d := range ds {
		if !sup.suppressed(d) {
			kept = append(kept, d)
		}
	}
	return append(kept, sup.findings()...)
}

// suppressor applies the suppressions of a project to findings one at a
// time: suppressed tells whether one covers a finding, and findings, once
// every finding went through it, what is wrong with the suppressions
// themselves, in the order applySuppressions appends them.
type suppressor struct {
	invalid []Diagnostic
	valid   []*Suppression
	ix      *supIndex
}

// newSuppressor checks the project's suppressions (naming their rules by
// their IDs) and indexes the valid ones; nil when there are none.
func newSuppressor(proj *Project, known func(string) (string, bool)) *suppressor {
	var all []*Suppression
	for _, f := range proj.Files {
		all = append(all, f.Suppressions...)
	}
	if len(all) == 0 {
		return nil
	}
	sup := &suppressor{}
	for _, s := range all {
		ok := true
		if len(s.IDs) == 0 {
			sup.invalid = append(sup.invalid, suppressionFinding(s, ruleUnknownID, SeverityError, "suppression names no rule", "Write the rule's ID or name: "+SuppressPrefix+" TMR1034 <reason>."))
			continue
		}
		for i, id := range s.IDs {
			canon, found := known(id)
			if !found {
				sup.invalid = append(sup.invalid, suppressionFinding(s, ruleUnknownID, SeverityError, fmt.Sprintf("suppression names an unknown rule %q", id), "`seams-timers rules` lists the rule IDs and names."))
				ok = false
				continue
			}
			s.IDs[i] = canon
		}
		if s.Reason == "" {
			sup.invalid = append(sup.invalid, suppressionFinding(s, ruleNoReason, SeverityError, fmt.Sprintf("suppression of %s gives no reason", strings.Join(s.IDs, ", ")),
				"Say why the finding is accepted after the rule: "+SuppressPrefix+" "+s.IDs[0]+" <reason>. Without one it suppresses nothing."))
			ok = false
		}
		if ok {
			sup.valid = append(sup.valid, s)
		}
	}
	sup.ix = indexSuppressions(sup.valid, proj)
	return sup
}

// suppressed reports whether a valid suppression covers d, marking it used.
func (sup *suppressor) suppressed(d Diagnostic) bool { return sup.ix.suppressed(d) }

// findings are the findings on the suppressions: the invalid ones, then
// the valid ones that covered nothing.
func (sup *suppressor) findings() []Diagnostic {
	out := sup.invalid
	for _, s := range sup.valid {
		if !s.used {
			out = append(out, suppressionFinding(s, ruleSuppressed, SeverityWarning, fmt.Sprintf("suppression of %s covers no finding", strings.Join(s.IDs, ", ")),
				"Remove the comment, or move it just before the element (or triple) whose finding it is meant to accept."))
		}
	}
	return out
}

// suppressionFinding is a finding on the suppression s.
func suppressionFinding(s *Suppression, rule string, sev Severity, msg, detail string) Diagnostic {
	return Diagnostic{
		Rule: rule, Severity: sev, File: s.File,
		Line: s.Line, Column: s.Col, EndLine: s.Line, EndColumn: s.EndCol,
		Offset: s.Offset, Message: msg, Detail: detail,
	}
}

// maxNesting bounds the walks up an element's containers.
const maxNesting = 1000

// supKey finds the suppressions of one rule in one file: by the line they
// cover, or by an element id.
type supKey struct {
	file, rule, id string
	line           int
}

// supIndex finds the suppressions that cover a finding without looking
// at the others: byLine for line-based files; exact by the element a
// comment covers, and within by each element that contains that element
// (or is it), for files that say how their elements nest (File.Parent).
type supIndex struct {
	byLine map[supKey][]*Suppression
	exact  map[supKey][]*Suppression
	within map[supKey][]*Suppression
	parent map[string]func(string) string
}

func indexSuppressions(valid []*Suppression, proj *Project) *supIndex {
	ix := &supIndex{
		byLine: map[supKey][]*Suppression{},
		exact:  map[supKey][]*Suppression{},
		within: map[supKey][]*Suppression{},
		parent: map[string]func(string) string{},
	}
	for _, f := range proj.Files {
		if f.Parent != nil && len(f.Suppressions) > 0 {
			ix.parent[f.Path] = f.Parent
		}
	}
	for _, s := range valid {
		up := ix.parent[s.File]
		for _, id := range s.IDs {
			if s.TargetLine > 0 {
				k := supKey{file: s.File, rule: id, line: s.TargetLine}
				ix.byLine[k] = append(ix.byLine[k], s)
			}
			if s.Target == "" || up == nil {
				continue
			}
			k := supKey{file: s.File, rule: id, id: s.Target}
			ix.exact[k] = append(ix.exact[k], s)
			for x, n := s.Target, 0; x != "" && n < maxNesting; x, n = up(x), n+1 {
				k := supKey{file: s.File, rule: id, id: x}
				ix.within[k] = append(ix.within[k], s)
			}
		}
	}
	return ix
}

// suppressed reports whether a valid suppression covers d, marking every
// one that does as used: one on d's line, one on d's element or on an
// element containing it, or one on an element d's element contains.
func (ix *supIndex) suppressed(d Diagnostic) bool {
	hit := false
	use := func(ss []*Suppression) {
		for _, s := range ss {
			s.used = true
			hit = true
		}
	}
	use(ix.byLine[supKey{file: d.File, rule: d.Rule, line: d.Line}])
	up := ix.parent[d.File]
	if d.Element == "" || up == nil {
		return hit
	}
	// A comment on the element itself, or on an element inside it.
	use(ix.within[supKey{file: d.File, rule: d.Rule, id: d.Element}])
	// A comment on an element that contains it.
	for x, n := up(d.Element), 1; x != "" && n < maxNesting; x, n = up(x), n+1 {
		use(ix.exact[supKey{file: d.File, rule: d.Rule, id: x}])
	}
	return hit
}
