package sim

import (
	"strconv"
	"strings"
	"time"
)

// CorrelationKey is the correlation key of an instance started by a timer
// start: its due time as YYYY-MM-DDTHH:MM:SSZ (ADR-0037 section 4).
func CorrelationKey(due time.Time) string {
	return due.UTC().Format("2006-01-02T15:04:05Z")
}

// ParseTime reads an RFC 3339 instant with Z or an offset, as the flags and
// the scenario file give them, and returns it in UTC.
func ParseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, &timeError{s: s}
	}
	return t.UTC(), nil
}

type timeError struct{ s string }

func (e *timeError) Error() string {
	return "want an RFC 3339 instant with Z or an offset, such as 2026-11-01T12:00:00Z, not " + strconv.Quote(e.s)
}

// orDefault returns s, or def when s is empty.
func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
