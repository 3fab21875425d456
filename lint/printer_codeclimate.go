package lint

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// CodeClimatePrinter writes the Code Climate issue list that GitLab reads
// as a Code Quality report (artifacts:reports:codequality): one JSON array
// with an object per finding, in the report's sorted order. Severities map
// error to major, warning to minor and info to info; the fingerprint is the
// SARIF printer's (rule, file, element, predicate and message, with the
// occurrence count), so that GitLab tracks a finding across commits the
// way code scanning does.
type CodeClimatePrinter struct{}

type codeClimateIssue struct {
	Type        string              `json:"type"`
	CheckName   string              `json:"check_name"`
	Description string              `json:"description"`
	Content     *codeClimateContent `json:"content,omitempty"`
	Categories  []string            `json:"categories"`
	Severity    string              `json:"severity"`
	Fingerprint string              `json:"fingerprint"`
	Location    codeClimateLocation `json:"location"`
}

type codeClimateContent struct {
	Body string `json:"body"`
}

type codeClimateLocation struct {
	Path      string                `json:"path"`
	Lines     codeClimateLines      `json:"lines"`
	Positions *codeClimatePositions `json:"positions,omitempty"`
}

type codeClimateLines struct {
	Begin int `json:"begin"`
	End   int `json:"end"`
}

type codeClimatePositions struct {
	Begin codeClimatePosition `json:"begin"`
	End   codeClimatePosition `json:"end"`
}

type codeClimatePosition struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Print writes the report as one indented JSON array, an issue at a
// time.
func (CodeClimatePrinter) Print(w io.Writer, r *Report) error {
	l, err := sortedFindings(r)
	if err != nil {
		return err
	}
	return writeJSONStream(w, jsonStreamMarker, func(yield func(any, error) bool) {
		seen := occurrencesFor(l.files())
		for d, err := range l.all() {
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(codeClimateIssueFor(d, seen), nil) {
				return
			}
		}
	})
}

// codeClimateIssueFor is a finding's issue; seen counts the occurrences
// of each fingerprint so far.
func codeClimateIssueFor(d Diagnostic, seen *occurrences) codeClimateIssue {
	hash := fingerprint(d)
	n := seen.next(d, hash)
	// GitLab requires a line: a finding about a whole file sits on
	// its first line.
	line := max(d.Line, 1)
	end := line
	if hasEnd(d) {
		end = d.EndLine
	}
	issue := codeClimateIssue{
		Type:        "issue",
		CheckName:   strings.TrimSpace(d.Rule + " " + d.Name),
		Description: cmp.Or(d.Message, strings.TrimSpace(d.Rule+" "+d.Name)),
		Categories:  []string{"Bug Risk"},
		Severity:    codeClimateSeverity(d.Severity),
		Fingerprint: fmt.Sprintf("%s:%d", hash, n),
		Location: codeClimateLocation{
			Path:  filepath.ToSlash(d.File),
			Lines: codeClimateLines{Begin: line, End: end},
		},
	}
	if d.Detail != "" {
		issue.Content = &codeClimateContent{Body: d.Detail}
	}
	if d.Line > 0 && d.Column > 0 {
		pos := &codeClimatePositions{Begin: codeClimatePosition{Line: d.Line, Column: d.Column}}
		pos.End = pos.Begin
		if hasEnd(d) && d.EndColumn > 0 {
			pos.End = codeClimatePosition{Line: d.EndLine, Column: d.EndColumn}
		}
		issue.Location.Positions = pos
	}
	return issue
}

// codeClimateSeverity maps a severity to Code Climate's scale (info,
// minor, major, critical, blocker).
func codeClimateSeverity(s Severity) string {
	switch s {
	case SeverityError:
		return "major"
	case SeverityWarning:
		return "minor"
	}
	return "info"
}

// writeJSON writes v as JSON indented by two spaces, ending with a
// newline, with <, > and & as they are: every JSON format here is read by
// tools and people, not embedded in HTML, and an expression such as
// "${due} < now" reads better unescaped.
func writeJSON(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(JSONRunes(b.Bytes()))
	return err
}
