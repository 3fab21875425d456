package rules

import (
	"time"

	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// editor is the Stateflows engine's part of the language server: where
// the comment that suppresses a finding goes. It shows no timers on hover
// yet.
type editor struct{}

// Timers shows nothing: the engine has no hover of its timers yet.
func (editor) Timers(string, []byte, time.Time, int) []project.EditorTimer { return nil }

// Suppression puts `// seams-timers:ignore ID` on its own line above the
// finding's line, which it covers (see suppressions).
func (editor) Suppression(f *lint.File, d lint.Diagnostic) (project.Suppression, bool) {
	if f.Kind != KindCS {
		return project.Suppression{}, false
	}
	return project.Suppression{At: -1, Comment: "// " + lint.SuppressPrefix + " " + d.Rule}, true
}
