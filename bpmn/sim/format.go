package sim

import (
	"time"

	simcore "github.com/seams/seams-timers/sim"
)

// CorrelationKey is the correlation key of an instance started by a timer
// start: its due time as YYYY-MM-DDTHH:MM:SSZ (ADR-0037 section 4).
func CorrelationKey(due time.Time) string {
	return due.UTC().Format(correlationLayout)
}

const correlationLayout = "2006-01-02T15:04:05Z"

// ParseTime reads an instant as every scenario does (simcore.ParseInstant):
// RFC 3339 with Z or an offset, returned in UTC.
func ParseTime(s string) (time.Time, error) { return simcore.ParseInstant(s) }

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
