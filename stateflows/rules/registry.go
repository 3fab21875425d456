package rules

import (
	"slices"

	"github.com/seams/seams-timers/lint"
	core "github.com/seams/seams-timers/rules"
)

// registry lists the engine's rules, family TMR7xxx, in ID order (the
// registry test holds it so).
var registry = []*lint.Rule{
	FileUnreadable,
	Unterminated,
	MonthPast,
	TwelveSwapped,
	DelayTwice,
	WeeklySkips,
	DailyTomorrow,
	HostLocal,
	NotComputed,
}

// All returns the engine's rules, in ID order: the core's (TMR0xxx), then
// its own.
func All() []*lint.Rule { return append(core.Core(), slices.Clone(registry)...) }

// pageStyle is how the engine's rule pages read.
var pageStyle = lint.PageStyle{
	Lang: func(string) string { return "csharp" },
	AppliesTo: map[lint.RuleKind]string{
		lint.KindLoad: "loading",
		lint.KindFile: "each C# file",
	},
	Suppress: "Suppress one finding with a reason: `// seams-timers:ignore %s the reason` on the line before the call" +
		" (or at the end of its line).",
}

// Markdown renders a rule's documentation page, docs/rules/<ID>.md.
func Markdown(r *lint.Rule) string { return lint.RulePage(r, pageStyle) }
