package analyzers

import "golang.org/x/tools/go/analysis"

// All returns the rule analyzers, one per rule or family, in rule order.
// CallsAnalyzer is not among them: the native rules require it.
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		NativeSleepAnalyzer(),
		NativeTimerAnalyzer(),
		NativeClockAnalyzer(),
		DurationsAnalyzer(),
		CancelRaceAnalyzer(),
		LoopAnalyzer(),
		CronAnalyzer(),
	}
}
