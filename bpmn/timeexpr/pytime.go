package timeexpr

import (
	"math"
	"math/big"
	"time"
)

// SpiffWorkflow computes lengths with Python's timedelta, which holds whole
// microseconds: timedelta(days=..., weeks=..., hours=..., minutes=...,
// seconds=...) rounds the sum of its arguments to the microsecond, half to
// even, the way CPython's constructor does it (each float argument split
// into its whole part, counted exactly, and a fraction that is scaled to
// microseconds in double precision; the fractions left over are added and
// rounded once at the end). PT1.0000015S is 1.000001 s because the double
// nearest 1.0000015 lies just below the half; PT0.6666667S is 0.666667 s.

// pyArg is one float argument of a timedelta and its unit in microseconds.
type pyArg struct {
	v    float64
	unit int64
}

// Microseconds per unit.
const (
	usSecond = int64(1_000_000)
	usMinute = 60 * usSecond
	usHour   = 60 * usMinute
	usDay    = 24 * usHour
	usWeek   = 7 * usDay
)

// pyTimedelta returns the length in microseconds of timedelta(**args),
// arguments taken in CPython's order (seconds, minutes, hours, days,
// weeks), without sign: every argument here is non-negative.
func pyTimedelta(args ...pyArg) *big.Int {
	sum := new(big.Int)
	leftover := 0.0
	for _, a := range args {
		v := math.Abs(finite(a.v))
		if v == 0 {
			continue
		}
		whole, frac := math.Modf(v)
		w, _ := new(big.Float).SetFloat64(whole).Int(nil)
		sum.Add(sum, w.Mul(w, big.NewInt(a.unit)))
		if frac == 0 {
			continue
		}
		us, rest := math.Modf(frac * float64(a.unit))
		sum.Add(sum, big.NewInt(int64(us)))
		leftover += rest
	}
	if leftover != 0 {
		whole := math.Round(leftover)
		if math.Abs(whole-leftover) == 0.5 {
			odd := float64(sum.Bit(0))
			whole = 2*math.Round((leftover+odd)*0.5) - odd
		}
		sum.Add(sum, big.NewInt(int64(whole)))
	}
	return sum
}

// exactMicros returns the W, D, H, M and S parts of d in microseconds as
// SpiffWorkflow's timedelta rounds them, without d's sign.
func (d Duration) exactMicros() *big.Int {
	return d.spiffArgs(0)
}

// spiffArgs returns, in microseconds, timedelta(days=calendarDays + D,
// weeks=W, hours=H, minutes=M, seconds=S), the length Spiff builds once it
// has counted the days of the year and month parts.
func (d Duration) spiffArgs(calendarDays float64) *big.Int {
	return pyTimedelta(
		pyArg{d.Seconds, usSecond},
		pyArg{d.Minutes, usMinute},
		pyArg{d.Hours, usHour},
		pyArg{math.Abs(finite(d.Days)) + calendarDays, usDay},
		pyArg{d.Weeks, usWeek},
	)
}

// pySeconds returns the microseconds of timedelta(seconds=float(us/1e6)):
// Spiff stores a cycle's stride as total_seconds(), a float, and adds
// timedelta(seconds=that) on every firing.
func pySeconds(us *big.Int) *big.Int {
	f, _ := new(big.Rat).SetFrac(us, big.NewInt(usSecond)).Float64()
	return pyTimedelta(pyArg{f, usSecond})
}

// MaxTime is the last instant Python's datetime holds,
// 9999-12-31T23:59:59.999999Z: SpiffWorkflow raises OverflowError on a
// waiting instance whose due time would lie past it.
var MaxTime = time.Date(9999, time.December, 31, 23, 59, 59, 999_999_000, time.UTC)

// addMicros returns t plus us microseconds, exactly, for any length.
func addMicros(t time.Time, us *big.Int) time.Time {
	return addNanos(t, new(big.Int).Mul(us, big.NewInt(1000)))
}

// microsBetween returns b - a in whole nanoseconds as a big integer.
func nanosBetween(a, b time.Time) *big.Int {
	s := big.NewInt(b.Unix() - a.Unix())
	s.Mul(s, big.NewInt(int64(time.Second)))
	return s.Add(s, big.NewInt(int64(b.Nanosecond()-a.Nanosecond())))
}
