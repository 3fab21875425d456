package lint

import (
	"strings"

	"github.com/seams/seams-timers/internal/textsafe"
)

// Printable returns s with every character escaped that could act on a
// terminal or a log reader instead of being read (see textsafe.Printable):
// text output passes every field (paths, messages, details, source lines)
// through it, so that a file name cannot inject a line, an escape
// sequence or a GitHub workflow command.
func Printable(s string) string { return textsafe.Printable(s) }

// noCommand keeps a line of text output from reading as a GitHub workflow
// command (a line that starts with "::" after white space): the first
// colon of such a line is escaped.
func noCommand(line string) string {
	trimmed := strings.TrimLeft(line, " \t")
	if !strings.HasPrefix(trimmed, "::") {
		return line
	}
	i := len(line) - len(trimmed)
	return line[:i] + `\x3a` + line[i+1:]
}
