package lint

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Printer writes a report in one output format.
type Printer interface {
	Print(w io.Writer, r *Report) error
}

// Sources gives printers the bytes of the files diagnostics point into.
type Sources interface {
	Source(file string) []byte
}

// ProjectSources gives the bytes the project loader read: a file is never
// read a second time to print it.
type ProjectSources struct{ Project *Project }

// Source returns the bytes of file, or nil when the project did not read
// it.
func (s ProjectSources) Source(file string) []byte {
	if s.Project == nil {
		return nil
	}
	if f := s.Project.File(file); f != nil {
		return f.Src
	}
	return nil
}

// ColumnSources is implemented by Sources that keep, for a file whose
// bytes were released, what SARIF's UTF-16 columns need (File.Columns).
type ColumnSources interface {
	Columns(file string) *Columns
}

// Columns returns what was kept of file's released bytes (nil when they
// are kept, or the project did not read the file).
func (s ProjectSources) Columns(file string) *Columns {
	if s.Project == nil {
		return nil
	}
	if f := s.Project.File(file); f != nil {
		return f.Columns()
	}
	return nil
}

// Formats lists the output format names, sorted.
func Formats() []string {
	names := make([]string, 0, len(printers))
	for n := range printers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// PrinterOptions configure the printers that use them.
type PrinterOptions struct {
	// Color turns on ANSI colour in text output.
	Color bool
	// ShowSource prints the source line with the span underlined.
	ShowSource bool
	// Sources gives the file bytes for snippets.
	Sources Sources
	// Rules is the catalog, for formats that describe the rules (SARIF).
	Rules []*Rule
	// Version is the tool's version, for formats that name the tool.
	Version string
	// SourceRoot is the absolute directory the printed relative paths are
	// relative to (the working directory, or the repository's root with
	// --path-prefix); SARIF names it as %SRCROOT% in originalUriBaseIds.
	// Empty leaves it out.
	SourceRoot string
}

var printers = map[string]func(PrinterOptions) Printer{
	"text":        func(o PrinterOptions) Printer { return &TextPrinter{Options: o} },
	"json":        func(PrinterOptions) Printer { return JSONPrinter{} },
	"sarif":       func(o PrinterOptions) Printer { return &SARIFPrinter{Options: o} },
	"github":      func(PrinterOptions) Printer { return GitHubPrinter{} },
	"checkstyle":  func(PrinterOptions) Printer { return CheckstylePrinter{} },
	"junit":       func(PrinterOptions) Printer { return JUnitPrinter{} },
	"codeclimate": func(PrinterOptions) Printer { return CodeClimatePrinter{} },
	"markdown":    func(PrinterOptions) Printer { return MarkdownPrinter{} },
}

// NewPrinter returns the printer for a format name.
func NewPrinter(format string, o PrinterOptions) (Printer, error) {
	mk, ok := printers[format]
	if !ok {
		return nil, fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats(), ", "))
	}
	return mk(o), nil
}

// ReadsSources reports whether the printer of a format reads the bytes of
// the files findings point into, with these options: text when it shows
// source lines. SARIF, whose columns are UTF-16 code units, reads them
// when they are kept and otherwise what File.ReleaseSource kept of them
// (ColumnSources). A run whose printers read none may let the loader
// release every file's bytes early (project.Options.DropSources).
func ReadsSources(format string, o PrinterOptions) bool {
	return format == "text" && o.ShowSource
}

// Count returns the number of errors and warnings in a report.
func (r *Report) Count() (errs, warns int) {
	errs, warns, _ = findingsOf(r).counts()
	return errs, warns
}

// Len returns the number of findings in a report.
func (r *Report) Len() int { return findingsOf(r).len() }

// AtLeast reports whether a finding of the report is at least as severe
// as sev.
func (r *Report) AtLeast(sev Severity) bool {
	if r.Findings == nil {
		for _, d := range r.Diagnostics {
			if d.Severity >= sev {
				return true
			}
		}
		return false
	}
	errs, warns, infos := r.Findings.Counts()
	switch {
	case sev <= SeverityInfo:
		return errs+warns+infos > 0
	case sev == SeverityWarning:
		return errs+warns > 0
	case sev == SeverityError:
		return errs > 0
	}
	return false
}
