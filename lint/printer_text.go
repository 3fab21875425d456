package lint

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/fatih/color"
)

// TextPrinter writes `path:line:col: severity: message [ID name]` lines,
// and with ShowSource the source line with the span underlined, the
// detail below it, and a `- path:line:col: label` line for each related
// location.
type TextPrinter struct {
	Options PrinterOptions
}

// Print writes one line per diagnostic.
func (p *TextPrinter) Print(w io.Writer, r *Report) error {
	l := findingsOf(r)
	if l.len() == 0 {
		// Nothing to print: no colours to set up, no 64 KB buffer to
		// take from the heap (a clean check of one file is most runs).
		return nil
	}
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

	// The output streams through one buffer; its first write error is
	// the one Flush returns.
	b := bufio.NewWriterSize(w, 64<<10)
	lines := map[string][]int{} // file -> offsets of its line starts
	for d, err := range l.all() {
		if err != nil {
			return err
		}
		// The line FindingText renders, in colour.
		loc, sev, rule := FindingParts(d)
		if c, ok := sevColor[d.Severity]; ok {
			sev = c.Sprint(sev)
		}
		fmt.Fprintf(b, "%s: %s: %s %s\n", bold.Sprint(loc), sev, Printable(d.Message), faint.Sprint(rule))
		if !p.Options.ShowSource {
			continue
		}
		x := d.excerpt
		if x == nil {
			if src := p.source(d.File); src != nil {
				starts, ok := lines[d.File]
				if !ok {
					starts = lineStarts(src)
					if len(lines) >= maxCachedFiles {
						// The findings come file by file: a few files'
						// line starts suffice, whatever the number of files.
						clear(lines)
					}
					lines[d.File] = starts
				}
				x = excerptOf(src, starts, d)
			}
		}
		if x != nil && x.ok {
			fmt.Fprintf(b, "%s\n", NoCommand("    "+x.text))
			fmt.Fprintf(b, "    %s%s\n", strings.Repeat(" ", x.pad), under.Sprint("^"+strings.Repeat("~", x.width-1)))
		}
		if d.Detail != "" {
			fmt.Fprintf(b, "    %s %s\n", faint.Sprint("="), Printable(d.Detail))
		}
		for _, rel := range d.Related {
			fmt.Fprintf(b, "    %s %s: %s\n", faint.Sprint("-"),
				bold.Sprintf("%s:%d:%d", Printable(rel.Range.File), rel.Range.Start.Line, rel.Range.Start.Col), Printable(rel.Label))
		}
	}
	return b.Flush()
}

// excerpt is the part of a source line the text printer shows under a
// finding (sourceWindow's text, and where the underline starts and how
// wide it is); ok is false when the file's bytes hold no such line.
type excerpt struct {
	ok         bool
	text       string
	pad, width int
}

// excerptOf is the excerpt of d's line in src (nil for none), whose line
// starts are starts.
func excerptOf(src []byte, starts []int, d Diagnostic) *excerpt {
	if src == nil {
		return &excerpt{}
	}
	line, ok := lineOf(src, starts, d.Line)
	if !ok {
		return &excerpt{}
	}
	text, pad, width := sourceWindow(line, d)
	return &excerpt{ok: true, text: text, pad: pad, width: width}
}

// displayFile is a finding's path as text output shows it: escaped, and
// never at the start of a line as "::" (a GitHub workflow command).
func displayFile(file string) string {
	f := Printable(file)
	if strings.HasPrefix(f, ":") {
		return "./" + f
	}
	return f
}

// Source lines longer than sourceLineMax bytes are shown as a window:
// sourceContext bytes either side of the span, the span itself cut at
// sourceSpanMax bytes, so that a one-line model with thousands of
// findings prints a few hundred bytes for each, not the whole line.
const (
	sourceLineMax = 240
	sourceContext = 60
	sourceSpanMax = 120
)

// sourceWindow renders the part of a source line shown under a finding,
// and where its underline starts (in characters) and how wide it is.
func sourceWindow(line []byte, d Diagnostic) (text string, pad, width int) {
	start := min(max(d.Column-1, 0), len(line))
	end := len(line)
	if d.EndLine == d.Line && d.EndColumn > d.Column {
		end = min(d.EndColumn-1, len(line))
	}
	end = max(end, start)
	lo, hi := 0, len(line)
	if len(line) > sourceLineMax {
		end = min(end, start+sourceSpanMax)
		lo = runeStart(line, max(start-sourceContext, 0))
		hi = runeStart(line, min(end+sourceContext, len(line)))
		start = max(runeStart(line, start), lo)
		end = max(runeStart(line, end), start)
	}
	render := func(b []byte) string { return Printable(strings.ReplaceAll(string(b), "\t", " ")) }
	before, span, after := render(line[lo:start]), render(line[start:end]), render(line[end:hi])
	if lo > 0 {
		before = "..." + before
	}
	if hi < len(line) {
		after += "..."
	}
	pad = utf8.RuneCountInString(before)
	width = max(utf8.RuneCountInString(span), 1)
	return before + span + after, pad, width
}

// runeStart moves i back to the start of the UTF-8 sequence it is in.
func runeStart(b []byte, i int) int {
	for j := i; j > 0 && j > i-utf8.UTFMax && j < len(b); j-- {
		if utf8.RuneStart(b[j]) {
			return j
		}
	}
	return i
}

func (p *TextPrinter) source(file string) []byte {
	if p.Options.Sources == nil {
		return nil
	}
	return p.Options.Sources.Source(file)
}

// lineStarts returns the offset of each line's first byte.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineOf returns the n-th line (1-based) of src without its line ending.
func lineOf(src []byte, starts []int, n int) ([]byte, bool) {
	if n < 1 || n > len(starts) {
		return nil, false
	}
	lo, hi := starts[n-1], len(src)
	if n < len(starts) {
		hi = starts[n] - 1
	}
	line := src[lo:hi]
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return line, true
}

// Summary is the one-line count printed after text output.
//
// Infos are counted when there are any ("2 errors, 1 warning, 3 infos in
// ..."), so that a run whose findings are all infos does not read as
// clean.
func Summary(r *Report) string {
	errs, warns, infos := findingsOf(r).counts()
	counts := plural(errs, "error") + ", " + plural(warns, "warning")
	if infos > 0 {
		counts += ", " + plural(infos, "info")
	}
	return fmt.Sprintf("%s in %s (%s)", counts, plural(r.Files, "file"), plural(r.Timers, "timer"))
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
