package lint

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/fatih/color"
)

// TextPrinter writes `path:line:col: severity: message [ID name]` lines,
// and with ShowSource the source line with the span underlined and the
// detail below it.
type TextPrinter struct {
	Options PrinterOptions
}

// Print writes one line per diagnostic.
func (p *TextPrinter) Print(w io.Writer, r *Report) error {
	paint := func(attrs ...color.Attribute) *color.Color {
		c := color.New(attrs...)
		if p.Options.Color {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
		return c
	}
	bold := paint(color.Bold)
	sevColor := map[Severity]*color.Color{
		SeverityError:   paint(color.FgRed, color.Bold),
		SeverityWarning: paint(color.FgYellow, color.Bold),
		SeverityInfo:    paint(color.FgCyan, color.Bold),
	}
	faint := paint(color.Faint)
	under := paint(color.FgGreen, color.Bold)

	var b bytes.Buffer
	for _, d := range r.Diagnostics {
		sev := d.Severity.String()
		if c, ok := sevColor[d.Severity]; ok {
			sev = c.Sprint(sev)
		}
		fmt.Fprintf(&b, "%s: %s: %s %s\n",
			bold.Sprintf("%s:%d:%d", d.File, d.Line, d.Column), sev, oneLine(d.Message),
			faint.Sprintf("[%s %s]", d.Rule, d.Name))
		if !p.Options.ShowSource {
			continue
		}
		if src := p.source(d.File); src != nil {
			if line, ok := lineAt(src, d.Line); ok {
				text := strings.ReplaceAll(line, "\t", " ")
				fmt.Fprintf(&b, "    %s\n", text)
				start := max(d.Column-1, 0)
				end := len(line)
				if d.EndLine == d.Line && d.EndColumn > d.Column {
					end = min(d.EndColumn-1, len(line))
				}
				if start > len(line) {
					start = len(line)
				}
				pad := utf8.RuneCountInString(line[:start])
				width := max(utf8.RuneCountInString(line[start:max(end, start)]), 1)
				fmt.Fprintf(&b, "    %s%s\n", strings.Repeat(" ", pad), under.Sprint("^"+strings.Repeat("~", width-1)))
			}
		}
		if d.Detail != "" {
			fmt.Fprintf(&b, "    %s %s\n", faint.Sprint("="), d.Detail)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

func (p *TextPrinter) source(file string) []byte {
	if p.Options.Sources == nil {
		return nil
	}
	return p.Options.Sources.Source(file)
}

// lineAt returns the n-th line (1-based) of src without its line ending.
func lineAt(src []byte, n int) (string, bool) {
	if n < 1 {
		return "", false
	}
	for i := 1; i < n; i++ {
		j := bytes.IndexByte(src, '\n')
		if j < 0 {
			return "", false
		}
		src = src[j+1:]
	}
	if j := bytes.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	s := strings.TrimSuffix(string(src), "\r")
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return s, true
}

// Summary is the one-line count printed after text output.
func Summary(r *Report) string {
	errs, warns := r.Count()
	return fmt.Sprintf("%s, %s in %s (%s)",
		plural(errs, "error"), plural(warns, "warning"), plural(r.Files, "file"), plural(r.Timers, "timer"))
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// oneLine keeps a message on its line, so that every finding is one line
// that editors and errorformat read: line breaks become the two characters
// of their escape.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.NewReplacer("\r\n", `\n`, "\n", `\n`, "\r", `\r`).Replace(s)
}
