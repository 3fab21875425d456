package lint

import "io"

// JSONPrinter writes the public JSON contract of DESIGN.md section 6.
type JSONPrinter struct{}

type jsonReport struct {
	Version     int         `json:"version"`
	Diagnostics any         `json:"diagnostics"`
	Summary     jsonSummary `json:"summary"`
}

type jsonSummary struct {
	Files    int `json:"files"`
	Timers   int `json:"timers"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

// Print writes the report as one indented JSON document, a finding at a
// time.
func (JSONPrinter) Print(w io.Writer, r *Report) error {
	l := findingsOf(r)
	errs, warns, _ := l.counts()
	out := jsonReport{
		Version:     1,
		Diagnostics: jsonStreamMarker,
		Summary:     jsonSummary{Files: r.Files, Timers: r.Timers, Errors: errs, Warnings: warns},
	}
	return writeJSONStream(w, out, func(yield func(any, error) bool) {
		for d, err := range l.all() {
			if !yield(d, err) {
				return
			}
		}
	})
}

// WriteJSON writes v as the JSON printers do: indented by two spaces,
// HTML characters unescaped, line and paragraph separators escaped (so
// the document is also valid JavaScript), ending with a newline.
func WriteJSON(w io.Writer, v any) error { return writeJSON(w, v) }
