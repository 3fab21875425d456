package lint

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable returns s with every character escaped that could act on a
// terminal or a log reader instead of being read: C0 controls (line
// breaks and tabs included), DEL, C1 controls, the line and paragraph
// separators (U+2028, U+2029) and the bidirectional formatting characters
// (overrides, embeddings, isolates and marks, which can make text read
// other than it is). Bytes that are not UTF-8 are
// escaped too. Text output passes every field (paths, messages, details,
// source lines) through it, so that a file name cannot inject a line, an
// escape sequence or a GitHub workflow command.
func Printable(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// needsEscape reports whether Printable changes s.
func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unsafeRune(r) {
			return true
		}
		i += n
	}
	return false
}

// unsafeRune reports a C1 control, a bidirectional formatting character
// or a line or paragraph separator.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f: // C1 controls (CSI is U+009B, NEL U+0085)
		return true
	case r == 0x2028 || r == 0x2029: // LINE SEPARATOR, PARAGRAPH SEPARATOR
		return true
	case r >= 0x202a && r <= 0x202e: // LRE, RLE, PDF, LRO, RLO
		return true
	case r >= 0x2066 && r <= 0x2069: // LRI, RLI, FSI, PDI
		return true
	case r == 0x200e || r == 0x200f || r == 0x061c: // LRM, RLM, ALM
		return true
	}
	return false
}

// NoCommand keeps a line of text output from reading as a GitHub workflow
// command (a line that starts with "::" after white space): the first
// colon of such a line is escaped.
func NoCommand(line string) string {
	trimmed := strings.TrimLeft(line, " \t")
	if !strings.HasPrefix(trimmed, "::") {
		return line
	}
	i := len(line) - len(trimmed)
	return line[:i] + `\x3a` + line[i+1:]
}

// The escaping of each medium a printer writes to. Every printer passes
// what it quotes of the input (paths, messages, details, source lines,
// rule names) through the one for its medium:
//
//   - text on a terminal or in a CI log: Printable, and NoCommand on a
//     line that quotes a source line;
//   - GitHub Actions workflow commands: GitHubData and GitHubProperty;
//   - Markdown (a job summary, a merge request comment): MarkdownText and
//     MarkdownCode;
//   - JSON (json, sarif, codeclimate) and XML (checkstyle, junit): the
//     encoders escape the syntax, then JSONRunes and XMLRunes write the
//     characters Printable escapes as character escapes, which a reader
//     decodes back to the same text.

// GitHubData escapes text for the message of a workflow command: each
// line Printable, "%" as "%25" (the runner unescapes it), and the lines
// joined by "%0A", which the runner shows as line breaks. No raw line
// break is left, so nothing after it can start a command of its own.
func GitHubData(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	for i, line := range lines {
		lines[i] = strings.ReplaceAll(Printable(line), "%", "%25")
	}
	return strings.Join(lines, "%0A")
}

// GitHubProperty escapes a workflow command's property value (a file
// name, a title): Printable, then "%", and the ":" and "," that would end
// the property.
func GitHubProperty(s string) string {
	return strings.NewReplacer("%", "%25", ":", "%3A", ",", "%2C").Replace(Printable(s))
}

// markdownEscaper escapes what GitHub-flavoured Markdown reads as markup
// or HTML, and the pipe that ends a table cell.
var markdownEscaper = strings.NewReplacer(
	`\`, `\\`, "|", `\|`, "<", "&lt;", ">", "&gt;", "&", "&amp;",
	"*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "~", `\~`,
	// A zero-width space after "@" keeps "@name" from notifying anyone.
	"@", "@&#8203;",
)

// MarkdownText escapes text for Markdown, a table cell included: each line
// Printable (so no control or bidirectional character is left), the
// characters Markdown reads as markup or HTML escaped, "@" kept from
// mentioning, and line breaks as <br>.
func MarkdownText(s string) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		lines[i] = markdownEscaper.Replace(Printable(line))
	}
	return strings.Join(lines, "<br>")
}

// MarkdownCode renders text (a path) as inline code, Printable; text
// that a code span cannot hold (a backtick, a pipe) is escaped as
// MarkdownText escapes a line instead. A code span shows HTML and "@" as they are.
func MarkdownCode(s string) string {
	if s == "" {
		return ""
	}
	p := Printable(s)
	if strings.ContainsAny(p, "`|") {
		return markdownEscaper.Replace(p)
	}
	return "`" + p + "`"
}

// JSONRunes rewrites, in JSON text, every character Printable escapes
// that is not already escaped (DEL, C1 controls, bidirectional formatting
// characters, line and paragraph separators) as a \uXXXX escape. Such a
// character can only stand inside a string, where the escape reads back
// as the same character: the data is unchanged, and the bytes on a
// terminal or in a log are inert.
func JSONRunes(b []byte) []byte {
	return rewriteRunes(b, `\u%04x`)
}

// XMLRunes is JSONRunes for XML text written by encoding/xml, with
// character references (&#xXXXX;). encoding/xml has escaped markup and
// line breaks, and replaced the characters XML cannot hold, already.
func XMLRunes(b []byte) []byte {
	return rewriteRunes(b, `&#x%04X;`)
}

func rewriteRunes(b []byte, format string) []byte {
	var out *bytes.Buffer
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf && b[i] != 0x7f {
			if out != nil {
				out.WriteByte(b[i])
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == 0x7f || r != utf8.RuneError && unsafeRune(r) {
			if out == nil {
				out = &bytes.Buffer{}
				out.Grow(len(b) + 16)
				out.Write(b[:i])
			}
			fmt.Fprintf(out, format, r)
		} else if out != nil {
			out.Write(b[i : i+n])
		}
		i += n
	}
	if out == nil {
		return b
	}
	return out.Bytes()
}
