package lint

import "github.com/seams/seams-timers/span"

// File is one input file of any engine, as the project loader read it.
type File struct {
	// Path is the file's path as the user gave it or as it was found by
	// walking a directory; it is what diagnostics print.
	Path string
	// IRI is the file's IRI (its absolute file: URL), the base of the IRIs
	// of its elements.
	IRI string
	// Kind is the file kind an engine registered ("bpmn", "rdf", ...).
	Kind string
	// Src is the file's bytes, read once; printers and fixes use them.
	Src []byte
	// Model is the engine's model of the file (a *bpmn.Document, ...); nil
	// for a file that only feeds the engine's project state.
	Model any
	// ElementKind is the SARIF logical-location kind of what the file's
	// findings are about: "element" when empty, "resource" for the nodes
	// of an RDF document.
	ElementKind string
	// Timers counts the timer definitions in the file.
	Timers int
	// Reported tells whether findings in this file are reported: it was
	// given (or found under a given directory, or named by a given index
	// graph), rather than read only as context for the join.
	Reported bool
	// ruled is set once a Runner's File has run the file rules on it;
	// held, while what they found (in ext.seg) is an in-memory runner's,
	// whose printers may still read the file's bytes; released, once
	// ReleaseSource dropped the bytes. Beside Reported, they take no
	// word of their own.
	ruled, held, released bool
	// Suppressions are the file's seams-timers:ignore comments.
	Suppressions []*Suppression
	// Parent returns the id of the element that contains the element id
	// ("" for none), for suppressions that cover an element: one covers
	// the findings on that element, on the elements inside it and on those
	// that contain it, matched through an index built from Parent in time
	// linear in the findings and suppressions. nil when the file has no
	// elements: its suppressions cover lines only.
	Parent func(id string) string

	// ext is what only some files keep: nil for a file with no finding
	// of its file rules whose bytes are all ASCII or not released (most
	// models), so that a check of many files keeps little of each.
	ext *fileExt
}

// fileExt is what a File keeps beyond its fields in common.
type fileExt struct {
	// columns is what ReleaseSource kept of Src when it has runes outside
	// ASCII.
	columns *Columns
	// seg is what the file rules found: in memory for a runner that does
	// not stream, else kept by the runner's raw store (Runner.Stream).
	seg segment
}

// extended returns f.ext, allocated on first use.
func (f *File) extended() *fileExt {
	if f.ext == nil {
		f.ext = &fileExt{}
	}
	return f.ext
}

// findings returns the segment of what the file rules found on f, nil
// when they found nothing.
func (f *File) findings() *segment {
	if f.ext == nil || f.ext.seg.len() == 0 {
		return nil
	}
	return &f.ext.seg
}

// dropFindings forgets what the file rules found on f, once it is taken.
func (f *File) dropFindings() {
	if f.ext != nil {
		f.ext.seg = segment{}
	}
	f.held = false
}

// ElementDiagnostic is a diagnostic on a range of the file about the
// element id, its message what itself: the form of every engine but
// BPMN's (see ResolutionDiagnostic).
func (f *File) ElementDiagnostic(r span.Range, id, predicate, what, detail string) Diagnostic {
	return ElementDiagnostic(f.Path, f.IRI, r, id, predicate, what, detail)
}

// ElementDiagnostic is a diagnostic on a range of the file at path, whose
// IRI is iri, about its element id: its subject is iri#id, its predicate
// says which part of the element is wrong, and its message is what, in
// the engine's own terms. The Workflow Engine, Stateflows and Cadence
// engines report in this form.
func ElementDiagnostic(path, iri string, r span.Range, id, predicate, what, detail string) Diagnostic {
	d := AtRange(r)
	d.File = path
	d.Element = id
	d.Subject = iri + "#" + id
	d.Predicate = predicate
	d.Message = what
	d.What = what
	d.Detail = detail
	return d
}

// ResolutionDiagnostic is ElementDiagnostic with the message in the
// ResolutionError form of ADR-0037, the contract of the BPMN engine under
// the seams runtime: ResolutionError(<path#id>, predicate, "what").
func ResolutionDiagnostic(path, iri string, r span.Range, id, predicate, what, detail string) Diagnostic {
	d := ElementDiagnostic(path, iri, r, id, predicate, what, detail)
	d.Message = Resolution(path+"#"+id, predicate, what)
	return d
}
