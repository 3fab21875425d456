package lsp

import (
	"fmt"
	"slices"
)

// codeActions offers, for each finding of the last check that the
// requested range touches: its safe fix (what --fix applies) as the
// preferred quick fix, and a comment that suppresses it. Findings of an
// older version of the buffer get none: their offsets no longer hold.
func (s *Server) codeActions(p codeActionParams) []codeAction {
	out := []codeAction{}
	if len(p.Context.Only) > 0 && !slices.Contains(p.Context.Only, "quickfix") {
		return out
	}
	s.mu.Lock()
	d := s.docs[p.TextDocument.URI]
	if d == nil || d.result == nil || d.checked != d.version {
		s.mu.Unlock()
		return out
	}
	res, uri, checked := d.result, d.uri, d.checked
	s.mu.Unlock()
	for i, ld := range res.lsp {
		if i >= len(res.diags) || !overlap(ld.Range, p.Range) || !wanted(p.Context.Diagnostics, ld, i, checked) {
			continue
		}
		diag := res.diags[i]
		if f := diag.Fix; f != nil && len(f.Edits) > 0 {
			var edits []textEdit
			for _, e := range f.Edits {
				edits = append(edits, textEdit{Range: res.index.rangeOf(e.Offset, e.End), NewText: e.NewText})
			}
			out = append(out, codeAction{
				Title: fmt.Sprintf("%s (%s)", f.Message, diag.Rule), Kind: "quickfix",
				Diagnostics: []Diagnostic{ld}, IsPreferred: true,
				Edit: &workspaceEdit{Changes: map[string][]textEdit{uri: edits}},
			})
		}
		if diag.Rule == "" {
			continue
		}
		at, text, ok := s.suppression(res, diag)
		if !ok {
			continue
		}
		pos := res.index.position(at)
		out = append(out, codeAction{
			Title:       fmt.Sprintf("Suppress %s here (then write the reason after the ID)", diag.Rule),
			Kind:        "quickfix",
			Diagnostics: []Diagnostic{ld},
			Edit:        &workspaceEdit{Changes: map[string][]textEdit{uri: {{Range: Range{Start: pos, End: pos}, NewText: text}}}},
		})
	}
	return out
}

// wanted reports whether the i-th diagnostic of the check of version is
// among those the client named (all of ours when it named none): by the
// data the server gave it, or by its code and range. Some clients send
// back only the code and data (Neovim 0.7), others only what they show.
func wanted(named []Diagnostic, d Diagnostic, i, version int) bool {
	if len(named) == 0 {
		return true
	}
	for _, n := range named {
		if n.Data != nil && n.Data.Version == version && n.Data.Index == i {
			return true
		}
		if n.Code == d.Code && n.Range == d.Range {
			return true
		}
	}
	return false
}

// overlap reports whether two ranges touch (an empty range at a
// diagnostic's edge touches it).
func overlap(a, b Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func before(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}
