package rules

import (
	"strings"

	"github.com/seams/seams-timers/lint"
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
	{TimeNotTimeOfDay, checkTimeNotTimeOfDay},
	{TimeLooksLikeDelay, checkTimeLooksLikeDelay},
	{DateUnparsable, checkDateUnparsable},
	{DateAmbiguous, checkDateAmbiguous},
	{TimerExpression, checkTimerExpression},
}

// All returns the engine's rules in ID order.
func All() []*lint.Rule {
	return []*lint.Rule{
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
		TimeNotTimeOfDay,
		TimeLooksLikeDelay,
		DateUnparsable,
		DateAmbiguous,
		TimerExpression,
		DateRefires,
		NotOverrideLost,
		TimersResetTogether,
		TimerUnreachable,
	}
}

// Lookup finds a rule by ID (case-insensitive) or name.
func Lookup(key string) *lint.Rule {
	for _, r := range All() {
		if strings.EqualFold(r.ID, key) || r.Name == key {
			return r
		}
	}
	return nil
}

// VerdictRules are the rules whose errors mean the runtime registers no
// timer: what simulate and next refuse.
func VerdictRules() []*lint.Rule {
	var out []*lint.Rule
	for _, r := range All() {
		if r.Refuses {
			out = append(out, r)
		}
	}
	return out
}
