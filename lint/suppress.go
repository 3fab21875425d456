package lint

import (
	"fmt"
	"regexp"
	"strings"
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

var suppressRe = regexp.MustCompile(`^\s*seams-timers:ignore(?:\s+(\S+))?(?:\s+(.*?))?\s*$`)

// ParseSuppression reads the text of a comment; ok is false when it is not
// a suppression at all.
func ParseSuppression(text string) (ids []string, reason string, ok bool) {
	m := suppressRe.FindStringSubmatch(text)
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
	var all []*Suppression
	related := map[string]func(a, b string) bool{}
	for _, f := range proj.Files {
		if len(f.Suppressions) > 0 && f.Related != nil {
			related[f.Path] = f.Related
		}
		all = append(all, f.Suppressions...)
	}
	if len(all) == 0 {
		return ds
	}
	var out []Diagnostic
	report := func(s *Suppression, rule string, sev Severity, msg, detail string) {
		out = append(out, Diagnostic{
			Rule: rule, Severity: sev, File: s.File,
			Line: s.Line, Column: s.Col, EndLine: s.Line, EndColumn: s.EndCol,
			Offset: s.Offset, Message: msg, Detail: detail,
		})
	}
	var valid []*Suppression
	for _, s := range all {
		ok := true
		if len(s.IDs) == 0 {
			report(s, ruleUnknownID, SeverityError, "suppression names no rule", "Write the rule's ID or name: "+SuppressPrefix+" TMR1034 <reason>.")
			continue
		}
		for i, id := range s.IDs {
			canon, found := known(id)
			if !found {
				report(s, ruleUnknownID, SeverityError, fmt.Sprintf("suppression names an unknown rule %q", id), "`seams-timers rules` lists the rule IDs and names.")
				ok = false
				continue
			}
			s.IDs[i] = canon
		}
		if s.Reason == "" {
			report(s, ruleNoReason, SeverityError, fmt.Sprintf("suppression of %s gives no reason", strings.Join(s.IDs, ", ")),
				"Say why the finding is accepted after the rule: "+SuppressPrefix+" "+s.IDs[0]+" <reason>. Without one it suppresses nothing.")
			ok = false
		}
		if ok {
			valid = append(valid, s)
		}
	}
	kept := ds[:0:0]
	for _, d := range ds {
		if !suppressedBy(valid, related, d) {
			kept = append(kept, d)
		}
	}
	for _, s := range valid {
		if !s.used {
			report(s, ruleSuppressed, SeverityWarning, fmt.Sprintf("suppression of %s covers no finding", strings.Join(s.IDs, ", ")),
				"Remove the comment, or move it just before the element (or triple) whose finding it is meant to accept.")
		}
	}
	return append(kept, out...)
}

func suppressedBy(valid []*Suppression, related map[string]func(a, b string) bool, d Diagnostic) bool {
	hit := false
	for _, s := range valid {
		if s.File != d.File || !containsID(s.IDs, d.Rule) {
			continue
		}
		if s.TargetLine > 0 && d.Line == s.TargetLine || s.Target != "" && d.Element != "" && related[s.File] != nil && related[s.File](s.Target, d.Element) {
			s.used = true
			hit = true
		}
	}
	return hit
}

func containsID(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
