// Package catalog holds the IDs and names of the Cadence and Temporal
// rules (TMR8xxx), shared by the analyzers (which link go/analysis) and
// the engine (which does not).
package catalog

// GoLoad is the rule of a Go package that cannot be loaded (or of the
// Go analysis that cannot run).
const GoLoad = "TMR8000"

// The IDs of the rules the analyzers report.
const (
	NativeSleep      = "TMR8001"
	NativeTimer      = "TMR8002"
	NativeClock      = "TMR8003"
	TimerSubsecond   = "TMR8004"
	TimerZero        = "TMR8005"
	TimerNegative    = "TMR8006"
	TimerCancelRace  = "TMR8007"
	TimerLoopHistory = "TMR8008"
	CronSyntax       = "TMR8010"
	CronNeverFires   = "TMR8011"
	CronTimeZone     = "TMR8012"
	CronEvery        = "TMR8013"
)

// Name returns the kebab-case name of a rule the analyzers report.
func Name(id string) string {
	switch id {
	case NativeSleep:
		return "native-sleep"
	case NativeTimer:
		return "native-timer"
	case NativeClock:
		return "native-clock"
	case TimerSubsecond:
		return "timer-subsecond"
	case TimerZero:
		return "timer-zero"
	case TimerNegative:
		return "timer-negative"
	case TimerCancelRace:
		return "timer-cancel-race"
	case TimerLoopHistory:
		return "timer-loop-history"
	case CronSyntax:
		return "cron-syntax"
	case CronNeverFires:
		return "cron-never-fires"
	case CronTimeZone:
		return "cron-time-zone"
	case CronEvery:
		return "cron-every-interval"
	}
	return ""
}
