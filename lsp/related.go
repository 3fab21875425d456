package lsp

import (
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// related turns a finding's related locations (the other places a rule
// that joins two places names, such as the element a triple is about)
// into the LSP's relatedInformation, each range in the client's encoding
// of its own file, read from the open buffers or the disk. A location in
// a file that cannot be read is left out.
func related(res *result, d lint.Diagnostic, read func(string) ([]byte, error)) []relatedInformation {
	var out []relatedInformation
	for _, rel := range d.Related {
		if rel.Range.File == "" {
			continue
		}
		abs := absPath(rel.Range.File)
		x := res.index
		if abs != absPath(d.File) {
			src, err := read(abs)
			if err != nil {
				continue
			}
			x = newLineIndex(src, res.index.enc)
		}
		start := rel.Range.Start.Offset
		r := x.rangeOf(start, max(start, rel.Range.End.Offset))
		out = append(out, relatedInformation{Location: Location{URI: pathURI(abs), Range: r}, Message: rel.Label})
	}
	return out
}

// suppression is the text and the byte offset where the comment that
// suppresses a finding goes, as the engine that reads the finding's file
// says (project.Editor): on its own line above what the engine names (a
// model's element) or above the finding's line, indented as that line.
// The reason is left for the user to write: without one the comment
// suppresses nothing, and TMR0010 says so. ok is false for a file whose
// engine has no comment syntax for it.
func (s *Server) suppression(res *result, d lint.Diagnostic) (offset int, text string, ok bool) {
	f := fileOf(res.project, d.File)
	if f == nil {
		return 0, "", false
	}
	e := project.EngineOfKind(s.opts.Engines, f.Kind)
	if e == nil || e.Editor == nil {
		return 0, "", false
	}
	sup, ok := e.Editor.Suppression(f, d)
	if !ok {
		return 0, "", false
	}
	src := res.text
	at := res.index.lineColOffset(d.Line, 1)
	if sup.At >= 0 && sup.At <= len(src) {
		at = sup.At
	}
	lineStart := at
	for lineStart > 0 && src[lineStart-1] != '\n' {
		lineStart--
	}
	indent := lineStart
	for indent < len(src) && (src[indent] == ' ' || src[indent] == '\t') {
		indent++
	}
	return lineStart, string(src[lineStart:indent]) + sup.Comment + "\n", true
}

// fileOf is the file of the project at path, however it is spelled, or
// nil.
func fileOf(p *lint.Project, path string) *lint.File {
	if p == nil {
		return nil
	}
	for _, f := range p.Files {
		if samePath(f.Path, path) {
			return f
		}
	}
	return nil
}
