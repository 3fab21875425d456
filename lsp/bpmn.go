package lsp

import (
	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/join"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/graph"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/span"
)

// The BPMN engine's parts of the server: the two places a finding of the
// join points at, where a suppression comment goes, and when a timer
// fires (hover.go).

// related gives a finding in a graph document about an element of a
// loaded model (a triple that types or schedules it) the other place it
// concerns: the element's start tag in its model. (The model side's one
// finding about the join, TMR3001, is about an element the graph has no
// triple for.)
func (s *Server) related(res *result, d lint.Diagnostic, read func(string) ([]byte, error)) []relatedInformation {
	if res.project == nil || d.Element == "" {
		return nil
	}
	ix, _ := res.project.States[rules.EngineName].(*join.Index)
	if ix == nil {
		return nil
	}
	doc, el := ix.Element(graph.NewIRI(d.Subject))
	if doc == nil || samePath(doc.Path, d.File) {
		return nil
	}
	at, ok := startTag(el)
	if !ok {
		return nil
	}
	abs := join.AbsPath(at.File)
	src, err := read(abs)
	if err != nil {
		return nil
	}
	x := newLineIndex(src, res.index.enc)
	r := x.rangeOf(at.Start.Offset, max(at.Start.Offset, at.End.Offset))
	return []relatedInformation{{Location: Location{URI: pathURI(abs), Range: r}, Message: "the element: " + doc.ElementDisplay(d.Element)}}
}

// startTag is the span of the start tag of what an id names in a model.
func startTag(v any) (span.Range, bool) {
	switch e := v.(type) {
	case *bpmn.Element:
		return e.Span, true
	case *bpmn.Process:
		return e.Span, true
	case *bpmn.Flow:
		return e.Span, true
	}
	return span.Range{}, false
}

// modelOf is the BPMN model of a file of the project, or nil.
func modelOf(p *lint.Project, path string) *bpmn.Document {
	if p == nil {
		return nil
	}
	for _, f := range p.Files {
		if doc, ok := f.Model.(*bpmn.Document); ok && samePath(f.Path, path) {
			return doc
		}
	}
	return nil
}

// lineComments are how each engine's line-based files spell a comment on
// its own line, by file kind: a suppression there covers the next line.
var lineComments = map[string]string{"rdf": "# ", "cs": "// "}

// suppression is the text and the byte offset where the comment that
// suppresses a finding goes: in a model, on its own line just above the
// start tag of the element the finding is about (a comment covers the
// element that follows it); in a graph document or a C# file, above the
// finding's line. The reason is left for the user to write: without one
// the comment suppresses nothing, and TMR0010 says so. ok is false for a
// file kind that has no comment syntax here.
func suppression(res *result, d lint.Diagnostic) (offset int, text string, ok bool) {
	src := res.text
	at := res.index.lineColOffset(d.Line, 1)
	var comment string
	if doc := modelOf(res.project, d.File); doc != nil {
		comment = "<!-- " + lint.SuppressPrefix + " " + d.Rule + " -->"
		if r, ok := startTag(doc.ByID[d.Element]); ok && r.Start.Offset <= len(src) {
			at = r.Start.Offset
		}
	} else if open, known := lineComments[kindOf(res.project, d.File)]; known {
		comment = open + lint.SuppressPrefix + " " + d.Rule
	} else {
		return 0, "", false
	}
	lineStart := at
	for lineStart > 0 && src[lineStart-1] != '\n' {
		lineStart--
	}
	indent := lineStart
	for indent < len(src) && (src[indent] == ' ' || src[indent] == '\t') {
		indent++
	}
	return lineStart, string(src[lineStart:indent]) + comment + "\n", true
}

// kindOf is the file kind of a file of the project ("" when it is not one).
func kindOf(p *lint.Project, path string) string {
	if p == nil {
		return ""
	}
	for _, f := range p.Files {
		if samePath(f.Path, path) {
			return f.Kind
		}
	}
	return ""
}
