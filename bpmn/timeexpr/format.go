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
	if d == 0 {
		return "PT0S"
	}
	var b strings.Builder
	b.WriteByte('P')
	days := d / (24 * time.Hour)
	d -= days * 24 * time.Hour
	if days > 0 {
		b.WriteString(strconv.FormatInt(int64(days), 10))
		b.WriteByte('D')
	}
	if d == 0 {
		return b.String()
	}
	b.WriteByte('T')
	h := d / time.Hour
	d -= h * time.Hour
	m := d / time.Minute
	d -= m * time.Minute
	if h > 0 {
		b.WriteString(strconv.FormatInt(int64(h), 10))
		b.WriteByte('H')
	}
	if m > 0 {
		b.WriteString(strconv.FormatInt(int64(m), 10))
		b.WriteByte('M')
	}
	if d > 0 {
		s := strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
		b.WriteString(s)
		b.WriteByte('S')
	}
	return b.String()
}

// FormatMicros renders a non-negative length in microseconds as
// FormatDuration does, exactly for any length: P109572D, PT0.666667S.
func FormatMicros(us int64) string {
	if us < 0 {
		return "-" + FormatMicros(-us)
	}
	if us == 0 {
		return "PT0S"
	}
	var b strings.Builder
	b.WriteByte('P')
	days := us / usDay
	us -= days * usDay
	if days > 0 {
		b.WriteString(strconv.FormatInt(days, 10))
		b.WriteByte('D')
	}
	if us == 0 {
		return b.String()
	}
	b.WriteByte('T')
	h, m := us/usHour, us%usHour/usMinute
	us %= usMinute
	if h > 0 {
		b.WriteString(strconv.FormatInt(h, 10))
		b.WriteByte('H')
	}
	if m > 0 {
		b.WriteString(strconv.FormatInt(m, 10))
		b.WriteByte('M')
	}
	if us > 0 {
		b.WriteString(strconv.FormatInt(us/usSecond, 10))
		if f := us % usSecond; f != 0 {
			b.WriteString(strings.TrimRight("."+fmt.Sprintf("%06d", f), "0"))
		}
		b.WriteByte('S')
	}
	return b.String()
}
