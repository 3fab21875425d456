package lint

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/seams/seams-timers/bpmn"
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
	// Target is the BPMN element id the comment covers (BPMN files), or
	// TargetLine the line of the triple it covers (graph files).
	Target     string
	TargetLine int
	used       bool
}

var suppressRe = regexp.MustCompile(`^\s*seams-timers:ignore(?:\s+(\S+))?(?:\s+(.*?))?\s*$`)

// parseSuppression reads the text of a comment; ok is false when it is not
// a suppression at all.
func parseSuppression(text string) (ids []string, reason string, ok bool) {
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

// bpmnSuppressions collects the ignore comments of a model. A comment
// covers the element that follows it among its siblings, or, when no
// element with an id follows, the element it sits inside.
func bpmnSuppressions(doc *bpmn.Document) []*Suppression {
	var out []*Suppression
	for _, c := range doc.Comments {
		ids, reason, ok := parseSuppression(c.Text)
		if !ok {
			continue
		}
		target := c.Next
		if target == "" {
			target = c.Parent
		}
		out = append(out, &Suppression{
			File: doc.Path, Line: c.Span.Start.Line, Col: c.Span.Start.Col,
			EndCol: c.Span.End.Col, Offset: c.Span.Start.Offset,
			IDs: ids, Reason: reason, Target: target,
		})
	}
	return out
}

// graphSuppressions collects `# seams-timers:ignore` comments of a Turtle
// or N-Triples document. A comment covers the next line that is neither
// blank nor a comment.
func graphSuppressions(file string, src []byte) []*Suppression {
	if !bytes.Contains(src, []byte(SuppressPrefix)) {
		// Most graphs have none: spare reading them line by line.
		return nil
	}
	var out, pending []*Suppression
	for i, line := range bytes.Split(src, []byte("\n")) {
		trimmed := bytes.TrimSpace(line)
		if len(trimmed) > 0 && trimmed[0] == '#' {
			if ids, reason, ok := parseSuppression(string(trimmed[1:])); ok {
				col := bytes.IndexByte(line, '#') + 1
				s := &Suppression{File: file, Line: i + 1, Col: col, EndCol: len(bytes.TrimRight(line, "\r")) + 1, IDs: ids, Reason: reason}
				out = append(out, s)
				pending = append(pending, s)
			}
			continue
		}
		if len(trimmed) == 0 {
			continue
		}
		for _, s := range pending {
			s.TargetLine = i + 1
		}
		pending = pending[:0]
	}
	return out
}

// ancestry maps every id in a model to the id that contains it: an element
// to its sub-process or process, a timer or event definition to its event,
// a flow to its container.
func ancestry(doc *bpmn.Document) map[string]string {
	up := map[string]string{}
	for _, p := range doc.Processes {
		if p.Parent != nil && p.ID != "" {
			up[p.ID] = p.Parent.ID
		}
	}
	for _, e := range doc.Elements {
		if e.ID != "" && e.Container != nil && e.Container.ID != e.ID {
			up[e.ID] = e.Container.ID
		}
		for _, d := range e.EventDefinitions {
			if d.ID != "" {
				up[d.ID] = e.ID
			}
		}
		for _, t := range e.Timers {
			if t.ID != "" {
				up[t.ID] = e.ID
			}
		}
	}
	for _, f := range doc.Flows {
		if f.ID != "" && f.Container != nil {
			up[f.ID] = f.Container.ID
		}
	}
	return up
}

// related reports whether a is b or one contains the other.
func related(up map[string]string, a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	for x, n := a, 0; x != "" && n < 1000; x, n = up[x], n+1 {
		if x == b {
			return true
		}
	}
	for x, n := b, 0; x != "" && n < 1000; x, n = up[x], n+1 {
		if x == a {
			return true
		}
	}
	return false
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
func applySuppressions(proj *Project, graphSrc func(string) []byte, known func(string) (string, bool), ds []Diagnostic) []Diagnostic {
	var all []*Suppression
	ups := map[string]map[string]string{}
	for _, d := range proj.Docs {
		ss := bpmnSuppressions(d)
		if len(ss) > 0 {
			ups[d.Path] = ancestry(d)
		}
		all = append(all, ss...)
	}
	if proj.Index != nil {
		for _, f := range proj.Index.Files {
			if src := graphSrc(f); src != nil {
				all = append(all, graphSuppressions(f, src)...)
			}
		}
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
		if !suppressedBy(valid, ups, d) {
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

func suppressedBy(valid []*Suppression, ups map[string]map[string]string, d Diagnostic) bool {
	hit := false
	for _, s := range valid {
		if s.File != d.File || !containsID(s.IDs, d.Rule) {
			continue
		}
		if s.TargetLine > 0 && d.Line == s.TargetLine || s.Target != "" && related(ups[s.File], s.Target, d.Element) {
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

// readGraphSource returns the bytes of a graph file, from stdin's buffer
// when it is the buffer being checked.
func readGraphSource(stdinName string, stdin []byte) func(string) []byte {
	return func(f string) []byte {
		if stdin != nil && f == stdinName {
			return stdin
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil
		}
		return b
	}
}
