package rules

import (
	"github.com/seams/seams-timers/lint"
	core "github.com/seams/seams-timers/rules"
)

// valueRule pairs a rule on timer values with its check.
type valueRule struct {
	rule  *lint.Rule
	check valueCheck
}

// valueRules are the rules on a timer's Value, which next runs on values
// given on the command line too.
var valueRules = []valueRule{
	{IntervalZero, checkIntervalZero},
	{IntervalMisread, checkIntervalMisread},
	{IntervalBareInteger, checkIntervalBareInteger},
	{IntervalCapitalM, checkIntervalCapitalM},
	{IntervalUnitsMixed, checkIntervalUnitsMixed},
	{IntervalNoCalendar, checkIntervalNoCalendar},
	{TimerSentinel, checkTimerSentinel},
	{IntervalOutOfRange, checkIntervalOutOfRange},
	{IntervalUnitIgnored, checkIntervalUnitIgnored},
	{TimerImmediate, checkTimerImmediate},
	{TimeNotTimeOfDay, checkTimeNotTimeOfDay},
	{TimeLooksLikeDelay, checkTimeLooksLikeDelay},
	{DateUnparsable, checkDateUnparsable},
	{DateAmbiguous, checkDateAmbiguous},
	{TimerExpression, checkTimerExpression},
}

// All returns the engine's rules in ID order: the core's (TMR0xxx), then
// its own.
func All() []*lint.Rule {
	return append(core.Core(),
		SchemeUnreadable,
		SchemeXMLSyntax,
		TimerTypeUnknown,
		TimerNameDuplicate,
		TriggerTimerMissing,
		TimerUnused,
		TransitionTriggersMultiple,
		IntervalZero,
		IntervalMisread,
		IntervalBareInteger,
		IntervalCapitalM,
		IntervalUnitsMixed,
		IntervalNoCalendar,
		TimerSentinel,
		IntervalOutOfRange,
		IntervalUnitIgnored,
		TimerImmediate,
		TimeNotTimeOfDay,
		TimeLooksLikeDelay,
		DateUnparsable,
		DateAmbiguous,
		TimerExpression,
		DateRefires,
		NotOverrideLost,
		TimersResetTogether,
		TimerUnreachable,
	)
}
