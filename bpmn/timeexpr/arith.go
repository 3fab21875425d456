package timeexpr

import (
	"math"
	"math/big"
	"time"
)

// Lengths in nanoseconds.
const (
	nsSecond = int64(time.Second)
	nsMinute = 60 * nsSecond
	nsHour   = 60 * nsMinute
	nsDay    = 24 * nsHour
	nsWeek   = 7 * nsDay
)

// The arithmetic saturates instead of overflowing: no computation moves a
// time by more than maxShiftMonths months or maxShiftDays days, far beyond
// any real date (about two and three billion years).
const (
	maxShiftMonths = int64(12) << 31
	maxShiftDays   = int64(1) << 40
)

// finite returns v, or 0 for NaN and infinities (which no parsed Duration
// holds).
func finite(v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// exactNanos returns the W, D, H, M and S parts of d in nanoseconds,
// without d's sign, rounded to the microsecond as SpiffWorkflow's
// timedelta rounds them (exactMicros): the seams scheduler and Spiff are
// Python, and their instants hold microseconds.
func (d Duration) exactNanos() *big.Int {
	return new(big.Int).Mul(d.exactMicros(), big.NewInt(1000))
}

// calendarMonths returns the Y and M parts of d as a number of months,
// without d's sign.
func (d Duration) calendarMonths() float64 {
	return math.Abs(finite(d.Years))*12 + math.Abs(finite(d.Months))
}

// clampMonths converts a whole number of months to int64, saturating.
func clampMonths(m float64) int64 {
	switch {
	case math.IsNaN(m):
		return 0
	case m > float64(maxShiftMonths):
		return maxShiftMonths
	case m < -float64(maxShiftMonths):
		return -maxShiftMonths
	}
	return int64(m)
}

// floorDiv divides rounding towards negative infinity.
func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// normMonth normalizes month m (1-based, any value) of year y.
func normMonth(y, m int64) (int64, int64) {
	total := y*12 + (m - 1)
	ny := floorDiv(total, 12)
	return ny, total - ny*12 + 1
}

// daysFromCivil returns the number of days from 1970-01-01 to the
// proleptic Gregorian date y-m-d (m in 1-12).
func daysFromCivil(y, m, d int64) int64 {
	if m <= 2 {
		y--
	}
	era := floorDiv(y, 400)
	yoe := y - era*400
	mp := m + 9
	if m > 2 {
		mp = m - 3
	}
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// firstOfMonth returns daysFromCivil of the first day of month m (any
// value, normalized) of year y.
func firstOfMonth(y, m int64) int64 {
	ny, nm := normMonth(y, m)
	return daysFromCivil(ny, nm, 1)
}

// monthLen returns the length in days of month m (any value, normalized)
// of year y.
func monthLen(y, m int64) int64 {
	return firstOfMonth(y, m+1) - firstOfMonth(y, m)
}

// addMonthsClamped adds n calendar months to t (in UTC) and clamps the
// day to the length of the month reached: Jan 31 + 1 month is Feb 28 (29
// in a leap year).
func addMonthsClamped(t time.Time, n int64) time.Time {
	if n > maxShiftMonths {
		n = maxShiftMonths
	} else if n < -maxShiftMonths {
		n = -maxShiftMonths
	}
	y, m := normMonth(int64(t.Year()), int64(t.Month())+n)
	day := int64(t.Day())
	if l := monthLen(y, m); day > l {
		day = l
	}
	return time.Date(int(y), time.Month(m), int(day), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
}

// addNanos adds ns nanoseconds to t, in UTC, saturating at maxShiftDays.
func addNanos(t time.Time, ns *big.Int) time.Time {
	days, rem := new(big.Int).DivMod(ns, big.NewInt(nsDay), new(big.Int))
	var dd int64
	switch {
	case days.Cmp(big.NewInt(maxShiftDays)) > 0:
		dd = maxShiftDays
	case days.Cmp(big.NewInt(-maxShiftDays)) < 0:
		dd = -maxShiftDays
	default:
		dd = days.Int64()
	}
	r := rem.Int64() // 0 <= r < nsDay.
	u := t.UTC()
	return time.Unix(u.Unix()+dd*86400+r/nsSecond, int64(u.Nanosecond())+r%nsSecond).UTC()
}

// addTimes adds k times d to t: the calendar months of k·d first, clamped
// to the end of the month, then k times the exact parts. A fraction of a
// month left over (from a fractional Y or M part) adds that fraction of
// the length of the month reached.
func (d Duration) addTimes(t time.Time, k *big.Int) time.Time {
	u := t.UTC()
	kf, _ := new(big.Float).SetInt(k).Float64()
	months := d.calendarMonths() * kf
	if d.Negative {
		months = -months
	}
	whole := math.Trunc(months)
	frac := finite(months - whole)
	u = addMonthsClamped(u, clampMonths(whole))
	ex := d.exactNanos()
	ex.Mul(ex, k)
	if d.Negative {
		ex.Neg(ex)
	}
	if frac != 0 {
		l := monthLen(int64(u.Year()), int64(u.Month()))
		ex.Add(ex, big.NewInt(int64(math.Round(frac*float64(l)*float64(nsDay)))))
	}
	return addNanos(u, ex)
}

// AddTo returns t plus d as the seams scheduler counts it, in UTC: the
// years and months as calendar months added to t's UTC date, the day
// clamped to the end of the month reached (Jan 31 + P1M is Feb 28, or
// Feb 29 in a leap year), then the weeks, days, hours, minutes and seconds
// as exact lengths (a day is 86400 s). A negative duration subtracts the
// same way. A fractional year or month, which the rules refuse, adds its
// whole months and then that fraction of the length of the month reached.
func (d Duration) AddTo(t time.Time) time.Time {
	return d.addTimes(t, big.NewInt(1))
}

// Exact returns the length of a duration that has no year or month part,
// signed. It reports false for a duration with a calendar part, whose
// length depends on where it starts, and for one too long for a
// time.Duration (about 292 years).
func (d Duration) Exact() (time.Duration, bool) {
	if d.HasCalendar() {
		return 0, false
	}
	ns := d.exactNanos()
	if !ns.IsInt64() {
		return 0, false
	}
	v := ns.Int64()
	if d.Negative {
		v = -v
	}
	return time.Duration(v), true
}

// SpiffLength returns the length SpiffWorkflow gives d when it starts at
// from: the years and months are counted as whole months, each of its real
// length, from the month of from's UTC date on (P1M from any day of
// January is 31 days; P1Y from February 2028 is 366 days), and the rest is
// added exactly. The result is rounded to the microsecond, as Python's
// timedelta rounds it, and saturates at the largest time.Duration.
//
// SpiffWorkflow crashes on a fractional year or month, and on a decimal
// mark in one (P0.5Y, P1.5M, P1.0Y); for those SpiffLength counts the
// whole months and adds the fraction of the length of the next month, the
// length Spiff's code computes when it does not crash. A negative duration,
// which Spiff refuses, gives the negated length.
func (d Duration) SpiffLength(from time.Time) time.Duration {
	return saturate(d.spiffNanos(from), d.Negative)
}

// spiffNanos is SpiffLength without the sign and without saturation, in
// nanoseconds, a whole number of microseconds: the days of the whole
// months counted from from's month, plus a fraction of the next month for
// a fractional year or month, go into timedelta's days with the D part,
// and timedelta rounds the whole (pyTimedelta).
func (d Duration) spiffNanos(from time.Time) *big.Int {
	f := from.UTC()
	months := d.calendarMonths()
	whole := clampMonths(math.Trunc(months))
	frac := finite(months - math.Trunc(months))
	y, m := int64(f.Year()), int64(f.Month())
	days := float64(firstOfMonth(y, m+whole) - firstOfMonth(y, m))
	if frac != 0 {
		days += frac * float64(monthLen(y, m+whole))
	}
	return new(big.Int).Mul(d.spiffArgs(days), big.NewInt(1000))
}

// spiffNanosBefore is SpiffWorkflow's length of d ending at end, for the
// R[n]/<duration>/<end> form, as spiffNanos: the whole months are the ones
// before end's month, counted backwards (P1M ending in March is
// February's length), and a fraction of a month is a fraction of the
// month before those.
func (d Duration) spiffNanosBefore(end time.Time) *big.Int {
	e := end.UTC()
	months := d.calendarMonths()
	whole := clampMonths(math.Trunc(months))
	frac := finite(months - math.Trunc(months))
	y, m := int64(e.Year()), int64(e.Month())
	days := float64(firstOfMonth(y, m) - firstOfMonth(y, m-whole))
	if frac != 0 {
		days += frac * float64(monthLen(y, m-whole-1))
	}
	return new(big.Int).Mul(d.spiffArgs(days), big.NewInt(1000))
}

// saturate converts a non-negative length to a time.Duration, saturating
// at the largest one, and applies the sign.
func saturate(ns *big.Int, negative bool) time.Duration {
	v := int64(math.MaxInt64)
	if ns.IsInt64() {
		v = ns.Int64()
	}
	if negative {
		v = -v
	}
	return time.Duration(v)
}

// signed returns ns, negated when negative.
func signed(ns *big.Int, negative bool) *big.Int {
	if negative {
		return new(big.Int).Neg(ns)
	}
	return ns
}

// truncMicro drops what a Python datetime cannot hold: SpiffWorkflow's
// date-times have microseconds.
func truncMicro(t time.Time) time.Time {
	u := t.UTC()
	return u.Add(-time.Duration(u.Nanosecond() % 1000))
}

// addStrides returns t plus k strides of l nanoseconds.
func addStrides(t time.Time, l, k *big.Int) time.Time {
	return addNanos(t, new(big.Int).Mul(l, k))
}

// Due returns the k-th due time of the cycle (k = 0 is the first firing)
// as the seams scheduler computes it, in UTC, always from the anchor and
// never by repeated addition: start + k·period with the calendar months of
// k·period added at once and clamped to the month's end, so that a monthly
// cycle from Jan 31 is due Feb 28, Mar 31, Apr 30.
//
// By form: R[n]/<start>/<duration> anchors at the start. R[n]/<duration>/<end>
// anchors at the end: Due(k) is end + (k-1)·period, so Due(0) is the start
// (end − period) and Due(1) is exactly the written end, which a clamped
// start would miss (Mar 31 − P1M is Feb 28, and Feb 28 + P1M is Mar 28).
// R[n]/<start>/<end> strides the exact length end − start. R[n]/<duration>
// has no start, so Due returns the zero time; see SpiffDueFrom. Due does
// not look at the repeat count: k < Count() is the caller's to check.
func (c Cycle) Due(k int) time.Time {
	kb := big.NewInt(int64(k))
	switch c.Form {
	case CycleStartDuration:
		return c.Period.addTimes(c.Start.Time, kb)
	case CycleDurationEnd:
		return c.Period.addTimes(c.End.Time, kb.Sub(kb, big.NewInt(1)))
	case CycleStartEnd:
		s, e := c.Start.Time.UTC(), c.End.Time.UTC()
		span := big.NewInt(e.Unix() - s.Unix())
		span.Mul(span, big.NewInt(nsSecond))
		span.Add(span, big.NewInt(int64(e.Nanosecond()-s.Nanosecond())))
		return addNanos(s, span.Mul(span, kb))
	}
	return time.Time{}
}

// SpiffDue returns the k-th due time of the cycle as SpiffWorkflow
// computes it, in UTC: the period is converted once to a fixed length
// (SpiffLength from the start, not saturated here) and firing k is
// start + k·length, so a monthly cycle from Jan 31 strides 31 days
// (Mar 3, Apr 3, May 4). A firing outside years 1-9999, where Python's
// datetime overflows, is returned as computed.
// Spiff's date-times hold microseconds: the start is truncated to the
// microsecond first. A date-time with no offset is read as on a host
// whose local time is UTC.
//
// For R[n]/<duration>/<end> Spiff measures the length backwards from the
// end (the months before the end's month) and starts at end − length.
// R[n]/<duration> starts when the timer first waits, so SpiffDue returns
// the zero time (use SpiffDueFrom); so does R[n]/<start>/<end>, which
// Spiff cannot read (it fails with an AttributeError).
func (c Cycle) SpiffDue(k int) time.Time {
	kb := big.NewInt(int64(k))
	switch c.Form {
	case CycleStartDuration:
		s := truncMicro(c.Start.Time)
		return addStrides(s, signed(c.Period.spiffNanos(s), c.Period.Negative), kb)
	case CycleDurationEnd:
		e := truncMicro(c.End.Time)
		l := signed(c.Period.spiffNanosBefore(e), c.Period.Negative)
		return addStrides(addStrides(e, l, big.NewInt(-1)), l, kb)
	}
	return time.Time{}
}

// SpiffDueFrom is SpiffDue for a cycle that starts waiting at now. It
// differs from SpiffDue only for R[n]/<duration>, whose start Spiff sets
// to now + length (the length measured from now), so that firing k is
// now + (k+1)·length: R/P1D waiting from 2026-11-01T12:00Z fires
// 2026-11-02T12:00Z first.
func (c Cycle) SpiffDueFrom(now time.Time, k int) time.Time {
	if c.Form != CycleDurationOnly {
		return c.SpiffDue(k)
	}
	n := truncMicro(now)
	l := signed(c.Period.spiffNanos(n), c.Period.Negative)
	kb := big.NewInt(int64(k))
	return addStrides(n, l, kb.Add(kb, big.NewInt(1)))
}

// Count returns the number of firings, R<n>'s n, or -1 when the cycle is
// unbounded (R or R-1).
func (c Cycle) Count() int {
	if c.Repeat < 0 {
		return -1
	}
	return c.Repeat
}

// RoundsToZero reports a duration that is not written as zero but whose
// length SpiffWorkflow's timedelta rounds to zero microseconds
// (PT0.0000004S, PT0.0000005S): for Spiff it is a zero duration.
func (d Duration) RoundsToZero() bool {
	return !d.IsZero() && !d.HasCalendar() && d.exactMicros().Sign() == 0
}
