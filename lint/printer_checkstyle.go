package lint

import (
	"bytes"
	"encoding/xml"
	"io"
)

// CheckstylePrinter writes Checkstyle XML, which CI servers and review
// bots (Jenkins, reviewdog) read: one <file> per file with findings, in
// file name order, and one <error> per finding. Columns count bytes.
type CheckstylePrinter struct{}

type checkstyleReport struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Line     int    `xml:"line,attr,omitempty"`
	Column   int    `xml:"column,attr,omitempty"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

// Print writes the report as one Checkstyle document.
func (CheckstylePrinter) Print(w io.Writer, r *Report) error {
	out := checkstyleReport{Version: "4.3"}
	for _, d := range sortedDiagnostics(r) {
		// Sorted diagnostics keep each file's findings together.
		if n := len(out.Files); n == 0 || out.Files[n-1].Name != d.File {
			out.Files = append(out.Files, checkstyleFile{Name: d.File})
		}
		f := &out.Files[len(out.Files)-1]
		f.Errors = append(f.Errors, checkstyleError{
			Line:     d.Line,
			Column:   d.Column,
			Severity: d.Severity.String(),
			Message:  d.Message,
			Source:   seamsToolName + "." + d.Rule,
		})
	}
	return writeXML(w, out)
}

// writeXML writes the XML declaration and v indented by two spaces,
// ending with a newline. encoding/xml escapes quotes, markup and line
// breaks in attributes, and replaces characters XML cannot hold.
func writeXML(w io.Writer, v any) error {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	b.WriteByte('\n')
	_, err := w.Write(XMLRunes(b.Bytes()))
	return err
}
