package project

import (
	"time"

	"github.com/seams/seams-timers/lint"
)

// Editor is what an engine adds to the language server beyond its
// findings, their fixes and their related locations: what each timer of
// an open buffer does (hover and inlay hints), and where a comment that
// suppresses a finding goes. It is optional: an engine whose Editor is
// nil gets diagnostics and quick fixes only. The server knows no engine;
// it asks the engine that registers the file's kind.
type Editor interface {
	// Timers parses the buffer src at path, a file of one of the
	// engine's kinds, and says what each of its timers does as of now,
	// with at most n firings each. It returns nil for a buffer that does
	// not parse, or an engine that shows no timers.
	Timers(path string, src []byte, now time.Time, n int) []EditorTimer
	// Suppression says where the comment that suppresses the finding d
	// goes in the file f it is on, and the comment (without its indent
	// and line end; the server writes it on a line of its own, indented
	// as the line it goes above). ok is false when f's kind has no
	// comment syntax.
	Suppression(f *lint.File, d lint.Diagnostic) (s Suppression, ok bool)
}

// Suppression is where a suppression comment goes and what it says.
type Suppression struct {
	// At is the byte offset in the file of what the comment goes above
	// (its line is the one the comment is written before); -1 means the
	// finding's own line.
	At int
	// Comment is the comment's text, with the rule's ID and no reason:
	// the user writes the reason, without which it suppresses nothing.
	Comment string
}

// Offsets is a byte range of a buffer, [Start, End].
type Offsets struct{ Start, End int }

// Contains reports whether off lies in o, its end included (a cursor just
// after a tag is still on it).
func (o Offsets) Contains(off int) bool { return o.Start <= off && off <= o.End }

// HoverArea is a part of a buffer that is "on" a timer: where a cursor
// is, and the range the hover shows as what it describes.
type HoverArea struct {
	At        Offsets
	Highlight Offsets
}

// EditorTimer is one timer of a buffer as an editor shows it.
type EditorTimer struct {
	// Areas are the parts of the buffer a hover describes this timer
	// over, the first that holds the cursor winning.
	Areas []HoverArea
	// Markdown is the hover's text: what the timer is, the arithmetic of
	// its due times and its next firings, or why it has none.
	Markdown string
	// HintAt is the byte offset the inlay hint is shown at (after the
	// timer's expression), -1 for none; Hint is its label ("next
	// 2026-11-09T08:00:00Z", "refused: TMR1031").
	HintAt int
	Hint   string
}

// EngineOfKind returns the engine that registers the file kind, or nil.
func EngineOfKind(engines []*Engine, kind string) *Engine {
	for _, e := range engines {
		for _, k := range e.Kinds {
			if k.Name == kind {
				return e
			}
		}
	}
	return nil
}

// EngineOfPath returns the engine that reads path by one of its kinds
// (what discovery matches when walking a directory), or nil.
func EngineOfPath(engines []*Engine, path string) *Engine {
	for _, e := range engines {
		for _, k := range e.Kinds {
			if k.Match != nil && k.Match(path) {
				return e
			}
		}
	}
	return nil
}
