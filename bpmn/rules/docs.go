package rules

import (
	"strings"

	"github.com/seams/seams-timers/lint"
)

// pageStyle is how the BPMN engine's rule pages read.
var pageStyle = lint.PageStyle{
	Lang: func(example string) string {
		// Both examples of a rule are in the language of the bad one.
		if strings.Contains(example, "@prefix") || strings.Contains(example, " a ") && !strings.Contains(example, "<bpmn") {
			return "turtle"
		}
		return "xml"
	},
	AppliesTo: map[lint.RuleKind]string{
		lint.KindLoad:    "loading",
		lint.KindFile:    "each BPMN file",
		lint.KindProject: "the models and the index graph",
	},
	Suppress: "Suppress one finding with a reason: `<!-- seams-timers:ignore %s the reason -->` before the BPMN element" +
		", or `# seams-timers:ignore %s the reason` on the line before a triple.",
}

// Markdown renders a BPMN rule's documentation page, docs/rules/<ID>.md.
func Markdown(r *lint.Rule) string {
	st := pageStyle
	bad := st.Lang(r.Bad)
	st.Lang = func(string) string { return bad }
	return lint.RulePage(r, st)
}
