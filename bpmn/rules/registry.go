// Package rules holds the rule catalog of DESIGN.md section 5: one file per
// rule, its doc beside it, and the registry in this file.
//
// Each rule's fixtures sit in testdata/<ID>/: `valid-*` files or
// directories on which it stays silent and `invalid-*` ones on which it
// fires, with the expected findings written inside them as
// `<!-- want "TMR1031" -->` (BPMN) or `# want "TMR4002"` (Turtle) on the
// line the finding is reported on, and, in one fixture of each rule, a
// regexp the message must match (`want "TMR1031" "no start date-time"`).
// The core's rules (TMR0xxx, package rules) come first in All.
package rules

import (
	"slices"
	"strings"

	"github.com/seams/seams-timers/lint"
	core "github.com/seams/seams-timers/rules"
)

// registry lists the engine's own rules, in ID order. A retired rule
// keeps its ID.
var registry = []*lint.Rule{
	TimerDefinitionEmpty,
	TimerDefinitionMultiple,
	ExpressionEmpty,
	ExpressionUnquoted,
	ExpressionNotLiteral,
	ExpressionCron,
	ExpressionIndented,
	DateSyntax,
	DateNoOffset,
	DurationSyntax,
	DurationZero,
	DurationNegative,
	DurationFractionalCalendar,
	DueOutOfRange,
	CycleSyntax,
	CycleNoStart,
	CycleIntervalForm,
	CycleNeverFires,
	CycleCalendarPeriod,
	CyclePlacement,
	BoundaryAttachment,
	EventSubprocessTimer,
	StartDuration,
	AttachedToMissing,
	EventDefinitionMixed,
	TimerPlacement,
	TimerDefinitionRef,
	DuplicateID,
	EventGatewayTimer,
	BoundaryCycleSubprocess,
	TimerUnlifted,
	TimerLiftType,
	TimerLiftOrphan,
	TimerLiftOutOfScope,
	SchedulesMissing,
	SchedulesMultiple,
	SchedulesNotExecutes,
	SchedulesNoTimerStart,
	SchedulesTypes,
	SchedulerStore,
	VocabularyVersion,
	VocabularyNamespace,
	StartDatePast,
	CycleExhausted,
	CycleShorterThanPoll,
	BoundaryCycleReplay,
	DateFarAhead,
	StartFarPast,
}

// All returns the engine's rules, sorted by ID: the core's (TMR0xxx),
// then its own.
func All() []*lint.Rule {
	own := slices.Clone(registry)
	slices.SortFunc(own, func(a, b *lint.Rule) int { return strings.Compare(a.ID, b.ID) })
	return append(core.Core(), own...)
}
