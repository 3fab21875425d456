package lsp

import (
	"strings"

	"github.com/seams/seams-timers/project"
)

// hoverFirings is how many due times a hover lists.
const hoverFirings = 5

// timersOf asks the engine that reads the buffer at path (by its file
// kinds) what each of the buffer's timers does from now on; nil when no
// engine with an editor reads it, or the buffer does not parse.
func (s *Server) timersOf(path string, text []byte, n int) []project.EditorTimer {
	e := project.EngineOfPath(s.opts.Engines, path)
	if e == nil || e.Editor == nil {
		return nil
	}
	return e.Editor.Timers(path, text, s.nowAt(path), n)
}

func (s *Server) hover(p textDocumentPositionParams) *hover {
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil {
		s.mu.Unlock()
		return nil
	}
	path, text := d.path, d.text
	enc, plain := s.enc, s.plainHover
	s.mu.Unlock()
	timers := s.timersOf(path, text, hoverFirings)
	if timers == nil {
		return nil
	}
	x := newLineIndex(text, enc)
	off := x.offset(p.Position)
	for _, t := range timers {
		for _, a := range t.Areas {
			if !a.At.Contains(off) {
				continue
			}
			r := x.rangeOf(a.Highlight.Start, a.Highlight.End)
			if plain {
				// The same text without its Markdown marks, for clients
				// that show hover text as it is.
				return &hover{Contents: markupContent{Kind: "plaintext", Value: strings.NewReplacer("**", "", "`", "").Replace(t.Markdown)}, Range: &r}
			}
			return &hover{Contents: markupContent{Kind: "markdown", Value: t.Markdown}, Range: &r}
		}
	}
	return nil
}

// inlayHints puts the next firing (or the refusal) after each timer's
// expression, when the client turned the hints on.
func (s *Server) inlayHints(p inlayHintParams) []inlayHint {
	out := []inlayHint{}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	on := s.init.InlayHints
	if d == nil || !on {
		s.mu.Unlock()
		return out
	}
	path, text := d.path, d.text
	enc := s.enc
	s.mu.Unlock()
	timers := s.timersOf(path, text, 1)
	x := newLineIndex(text, enc)
	for _, t := range timers {
		if t.HintAt < 0 || t.Hint == "" {
			continue
		}
		pos := x.position(t.HintAt)
		if before(pos, p.Range.Start) || before(p.Range.End, pos) {
			continue
		}
		out = append(out, inlayHint{Position: pos, Label: t.Hint, PaddingLeft: true})
	}
	return out
}
