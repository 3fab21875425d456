package lint

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// MarkdownPrinter writes a heading with the summary and a GitHub-flavoured
// Markdown table of the findings (severity, rule, location, message), in
// sorted order: what a CI job summary ($GITHUB_STEP_SUMMARY) or a merge
// request comment shows. Past markdownRows findings it says how many more
// there are, so that a summary stays under the size a job summary takes.
type MarkdownPrinter struct{}

// markdownRows is the most findings the table lists.
const markdownRows = 500

// Print writes the heading and the table.
func (MarkdownPrinter) Print(w io.Writer, r *Report) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "### %s: %s\n\n", seamsToolName, markdownCell(Summary(r)))
	l, err := sortedFindings(r)
	if err != nil {
		return err
	}
	if l.len() == 0 {
		b.WriteString("No findings.\n")
		_, err := w.Write(b.Bytes())
		return err
	}
	b.WriteString("| severity | rule | location | message |\n| --- | --- | --- | --- |\n")
	i := 0
	for d, err := range l.all() {
		if err != nil {
			return err
		}
		if i == markdownRows {
			fmt.Fprintf(&b, "\n... and %d more; the SARIF or JSON output lists them all.\n", l.len()-markdownRows)
			break
		}
		i++
		loc := filepath.ToSlash(d.File)
		if d.Line > 0 {
			loc += fmt.Sprintf(":%d:%d", d.Line, d.Column)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", d.Severity, markdownCell(strings.TrimSpace(d.Rule+" "+d.Name)),
			markdownCode(loc), markdownCell(d.Message))
	}
	_, err = w.Write(b.Bytes())
	return err
}

// markdownCell escapes text for a table cell (MarkdownText).
func markdownCell(s string) string { return MarkdownText(s) }

// markdownCode renders a path as inline code (MarkdownCode).
func markdownCode(s string) string { return MarkdownCode(s) }
