package rules

import (
	"slices"

	"github.com/seams/seams-timers/lint"
)

// registry lists the core's rules, in ID order. A retired rule keeps its
// ID.
var registry = []*lint.Rule{
	FileUnreadable,
	XMLSyntax,
	RDFSyntax,
	ModelFileMissing,
	SuppressionNoReason,
	SuppressionUnknownRule,
	SuppressionUnused,
}

// Core returns the core's rules, in ID order: every engine's rule list
// starts with them.
func Core() []*lint.Rule { return slices.Clone(registry) }

// IsCore reports whether r is one of the core's rules.
func IsCore(r *lint.Rule) bool { return slices.Contains(registry, r) }

// pageStyle is how the core's rule pages read: each example carries its
// own language.
var pageStyle = lint.PageStyle{
	AppliesTo: map[lint.RuleKind]string{
		lint.KindLoad: "loading",
	},
	Suppress: "Suppress one finding with a reason, in the comment syntax of the file: " +
		"`<!-- seams-timers:ignore %s the reason -->` in BPMN XML and Workflow Engine schemes (also inside a SQL seed's Scheme literal), " +
		"`# seams-timers:ignore %s the reason` in Turtle, `// seams-timers:ignore %s the reason` in C# and Go. " +
		"A history JSON file holds no comments: set the rule's level in the config instead.",
}

// Markdown renders a core rule's documentation page, docs/rules/<ID>.md.
func Markdown(r *lint.Rule) string { return lint.RulePage(r, pageStyle) }
