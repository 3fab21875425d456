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
	XMLName xml.Name          `xml:"file"`
	Name    string            `xml:"name,attr"`
	Errors  []checkstyleError `xml:"error"`
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
	l, err := sortedFindings(r)
	if err != nil {
		return err
	}
	out := checkstyleReport{Version: "4.3"}
	if l.len() == 0 {
		return writeXML(w, out)
	}
	// A <file> at a time: sorted findings keep each file's together.
	out.Files = []checkstyleFile{{Name: xmlStreamMarker}}
	return writeXMLStream(w, out, func(yield func(any, error) bool) {
		groups, stop := byFile(l)
		defer stop()
		for _, name := range l.files() {
			ds, err := groups(name)
			if err != nil {
				yield(nil, err)
				return
			}
			f := checkstyleFile{Name: name}
			for _, d := range ds {
				f.Errors = append(f.Errors, checkstyleError{
					Line:     d.Line,
					Column:   d.Column,
					Severity: d.Severity.String(),
					Message:  d.Message,
					Source:   seamsToolName + "." + d.Rule,
				})
			}
			if !yield(f, nil) {
				return
			}
		}
	})
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
