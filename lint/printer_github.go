package lint

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
)

// GitHubPrinter writes GitHub Actions workflow commands, one per line:
//
//	::error file=a.bpmn,line=3,col=5,endLine=3,endColumn=9,title=TMR1031 cycle-no-start::message
//
// so that a workflow step running the linter annotates the pull request.
// What it quotes of the input is escaped for the runner (GitHubProperty,
// GitHubData): no control, bidirectional or separator character is left
// raw, and no line but the command's own starts with "::".
// Warnings become ::warning and info findings ::notice. The detail, when
// there is one, follows the message on a second line of the annotation.
type GitHubPrinter struct{}

// Print writes one workflow command per diagnostic.
func (GitHubPrinter) Print(w io.Writer, r *Report) error {
	l, err := sortedFindings(r)
	if err != nil {
		return err
	}
	b := &stickyWriter{w: bufio.NewWriterSize(w, streamBuffer)}
	for d, err := range l.all() {
		if err != nil {
			return err
		}
		var props []string
		add := func(key, value string) {
			props = append(props, key+"="+GitHubProperty(value))
		}
		addInt := func(key string, n int) {
			if n > 0 {
				add(key, strconv.Itoa(n))
			}
		}
		if d.File != "" {
			add("file", filepath.ToSlash(d.File))
		}
		addInt("line", d.Line)
		addInt("col", d.Column)
		if hasEnd(d) {
			addInt("endLine", d.EndLine)
			addInt("endColumn", d.EndColumn)
		}
		add("title", strings.TrimSpace(d.Rule+" "+d.Name))
		msg := d.Message
		if d.Detail != "" {
			msg += "\n" + d.Detail
		}
		b.WriteString(fmt.Sprintf("::%s %s::%s\n", githubCommand(d.Severity), strings.Join(props, ","), GitHubData(msg)))
	}
	return b.Flush()
}

// githubCommand names the workflow command for a severity.
func githubCommand(s Severity) string {
	switch s {
	case SeverityError:
		return "error"
	case SeverityWarning:
		return "warning"
	}
	return "notice"
}
