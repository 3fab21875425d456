package rules

import "github.com/seams/seams-timers/lint"

// pageStyle is how the engine's rule pages read.
var pageStyle = lint.PageStyle{
	Lang: func(example string) string {
		if len(example) > 6 && example[:6] == "INSERT" {
			return "sql"
		}
		return "xml"
	},
	AppliesTo: map[lint.RuleKind]string{
		lint.KindLoad: "loading",
		lint.KindFile: "each Workflow Engine scheme (`*.xml` with a `<Process>` root, and the `WorkflowScheme` rows of `*.sql` seed files)",
	},
	Suppress: "Suppress one finding with a reason: `<!-- seams-timers:ignore %s the reason -->` before the scheme element" +
		" (a Timer, an Activity or a Transition) it is about.",
}

// Markdown renders a rule's documentation page, docs/rules/<ID>.md.
func Markdown(r *lint.Rule) string { return lint.RulePage(r, pageStyle) }
