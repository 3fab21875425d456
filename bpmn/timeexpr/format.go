package timeexpr

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// FormatTime renders an instant in UTC as RFC 3339 with a Z, with the
// fraction of a second only when there is one:
// 2026-11-09T08:00:00Z, 2026-12-01T09:00:00.123456Z.
func FormatTime(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.999999999Z")
}

// FormatDuration renders a non-negative duration in ISO 8601 form with
// days as the largest unit: P1DT2H, PT48H is shown as P2D, PT0.5S, PT0S.
func FormatDuration(d time.Duration) string {
	if d < 0 {
		return "-" + FormatDuration(-d)
	}
	const day = 24 * time.Hour
	sub := d % time.Minute
	return formatISO(int64(d/day), int64(d%day/time.Hour), int64(d%time.Hour/time.Minute),
		strconv.FormatFloat(sub.Seconds(), 'f', -1, 64), sub > 0)
}

// FormatMicros renders a non-negative length in microseconds as
// FormatDuration does, exactly for any length: P109572D, PT0.666667S.
func FormatMicros(us int64) string {
	if us < 0 {
		return "-" + FormatMicros(-us)
	}
	sub := us % usMinute
	secs := strconv.FormatInt(sub/usSecond, 10)
	if f := sub % usSecond; f != 0 {
		secs += strings.TrimRight(fmt.Sprintf(".%06d", f), "0")
	}
	return formatISO(us/usDay, us%usDay/usHour, us%usHour/usMinute, secs, sub > 0)
}

// formatISO writes PnDTnHnMnS, leaving out the parts that are zero (PT0S
// when all are).
func formatISO(days, h, m int64, secs string, hasSecs bool) string {
	if days == 0 && h == 0 && m == 0 && !hasSecs {
		return "PT0S"
	}
	var b strings.Builder
	b.WriteByte('P')
	if days > 0 {
		b.WriteString(strconv.FormatInt(days, 10) + "D")
	}
	if h == 0 && m == 0 && !hasSecs {
		return b.String()
	}
	b.WriteByte('T')
	if h > 0 {
		b.WriteString(strconv.FormatInt(h, 10) + "H")
	}
	if m > 0 {
		b.WriteString(strconv.FormatInt(m, 10) + "M")
	}
	if hasSecs {
		b.WriteString(secs + "S")
	}
	return b.String()
}
