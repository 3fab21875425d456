package timeexpr

import (
	"fmt"
	"math"
	"math/big"
	"time"
)

// The due times of a timer: the seams scheduler's for a timer start
// (ADR-0037 section 4) and SpiffWorkflow's for a catch, and the facts the
// runtime-behaviour rules and the simulator read from them.

// Arith names the arithmetic behind a sequence of due times, so that every
// line that shows a due time can say which one it used.
type Arith int

// Arithmetics.
const (
	// ArithOnce is a single due time: a timeDate, or a timeDuration counted
	// from the instant an instance arrived.
	ArithOnce Arith = iota + 1
	// ArithExact is a period in weeks, days, hours, minutes and seconds:
	// start + k*period, exactly.
	ArithExact
	// ArithCalendar is the seams scheduler's rule for a timer start whose
	// period has years or months: calendar multiples of the period counted
	// from the start and clamped to the month's end (Jan 31 + P1M is Feb 28,
	// then Mar 31), computed from the start and never by repeated addition.
	ArithCalendar
	// ArithStride is SpiffWorkflow's rule for a catch cycle whose period has
	// years or months: the period is converted once to a fixed length
	// measured from the start month, and each occurrence adds it (Jan 31 +
	// P1M strides 31 days: Mar 3, Apr 3).
	ArithStride
)

// String names the arithmetic in a few words for output lines.
func (a Arith) String() string {
	switch a {
	case ArithOnce:
		return "once"
	case ArithExact:
		return "exact"
	case ArithCalendar:
		return "seams calendar"
	case ArithStride:
		return "spiff stride"
	}
	return "unknown"
}

// Unbounded is the occurrence count of a cycle that repeats forever.
const Unbounded = -1

// Schedule is the sequence of due times of one timer, all UTC and truncated
// to the microsecond (the runtime is Python: its datetimes hold
// microseconds). Due(k) increases strictly with k. Every due time is
// computed exactly, however far it lies from the first (no time.Duration
// is involved, so nothing saturates at about 292 years); one that Python's
// datetime cannot hold (past MaxTime) is still computed, and Overflow
// says so.
type Schedule struct {
	// First is the first due time, Due(0).
	First time.Time
	// N is the number of occurrences; Unbounded for R and R-1.
	N int
	// Arith is the arithmetic of the occurrences after the first.
	Arith Arith
	// Period is the period as written, for ArithCalendar and for messages
	// (the duration, for a timeDuration).
	Period Duration

	// stepUS is the exact period (ArithExact) or Spiff's fixed stride
	// (ArithStride) in microseconds, at most maxStepUS; zero otherwise.
	stepUS int64
	// lengthUS is, for a timeDuration, its length in microseconds from the
	// arrival.
	lengthUS int64
	cycle    Cycle
}

// maxStepUS bounds a step: ten thousand years of microseconds, more than
// the whole range of Python's datetime, so that a longer step still puts
// Due(1) past MaxTime and k·step never overflows for the k that matter.
const maxStepUS = int64(10_000 * 366 * 24 * 3600 * 1_000_000)

// stepOf converts a length in nanoseconds (a whole number of
// microseconds) to a step, bounded by maxStepUS.
func stepOf(ns *big.Int) int64 {
	us := new(big.Int).Quo(ns, big.NewInt(1000))
	if !us.IsInt64() || us.Int64() > maxStepUS {
		return maxStepUS
	}
	return us.Int64()
}

// Step returns the exact period or Spiff's stride, in microseconds, and
// false for a calendar period or a single due time.
func (s Schedule) Step() (int64, bool) { return s.stepUS, s.stepUS > 0 }

// DateSchedule is the single due time of a timeDate.
func DateSchedule(d DateTime) Schedule {
	return Schedule{First: truncMicro(d.Time), N: 1, Arith: ArithOnce}
}

// StartCycleSchedule is the seams scheduler's due times of a timer start
// cycle R[n]/<start>/<period> (ADR-0037 section 4): start + k*period for
// k < n, exact for a period without years or months and calendar multiples
// clamped to the month's end otherwise. The cycle must have the
// R[n]/<start>/<duration> form, the only one ADR-0037 accepts; so must
// the cycles given to the functions below. The seams runtime is Python:
// a period's sub-microsecond digits round as its timedelta rounds them.
func StartCycleSchedule(c Cycle) Schedule {
	s := Schedule{First: truncMicro(c.Start.Time), N: c.Count(), Period: c.Period, cycle: c}
	if !c.Period.HasCalendar() {
		s.Arith, s.stepUS = ArithExact, stepOf(c.Period.exactNanos())
	} else {
		s.Arith = ArithCalendar
	}
	if s.N < 0 {
		s.N = Unbounded
	}
	return s
}

// SpiffCycleSchedule is SpiffWorkflow's due times of a catch cycle
// R[n]/<start>/<period>: the period is converted once to a length measured
// from the start month (Duration.SpiffLength), kept as a float number of
// seconds (total_seconds()), and each occurrence adds timedelta(seconds=
// that float).
func SpiffCycleSchedule(c Cycle) Schedule {
	start := truncMicro(c.Start.Time)
	s := Schedule{First: start, N: c.Count(), Period: c.Period, cycle: c, Arith: ArithExact}
	if c.Period.HasCalendar() {
		s.Arith = ArithStride
	}
	us := new(big.Int).Quo(c.Period.spiffNanos(start), big.NewInt(1000))
	s.stepUS = stepOf(new(big.Int).Mul(pySeconds(us), big.NewInt(1000)))
	if s.N < 0 {
		s.N = Unbounded
	}
	return s
}

// shift returns t plus ns nanoseconds, exactly: by time.Time.Add when the
// length fits a time.Duration, by big integers beyond.
func shift(t time.Time, ns *big.Int) time.Time {
	if ns.IsInt64() {
		return t.Add(time.Duration(ns.Int64())).UTC()
	}
	return addNanos(t, ns)
}

// DurationSchedule is SpiffWorkflow's single due time of a timeDuration
// catch reached at arrival: arrival plus the duration, years and months
// counted in the real month lengths from the arrival's month, exactly
// however long it is. Spiff fixes it once, when the instance first waits
// (its event_value).
func DurationSchedule(d Duration, arrival time.Time) Schedule {
	a := truncMicro(arrival)
	ns := d.spiffNanos(a)
	return Schedule{First: shift(a, signed(ns, d.Negative)), N: 1, Arith: ArithOnce, Period: d, lengthUS: stepOf(ns)}
}

// Due returns the k-th due time (k from 0). It does not check k against N.
func (s Schedule) Due(k int) time.Time {
	if k == 0 {
		return s.First
	}
	if s.Arith == ArithCalendar {
		return truncMicro(s.cycle.Due(k))
	}
	if s.stepUS == 0 {
		return s.First
	}
	// Within about 3000 years of 1970, and for k·step below 280000
	// years, the sum is exact in int64 microseconds; beyond, big integers.
	if f := s.First.UnixMicro(); k > 0 && int64(k) <= maxStepUS*28/s.stepUS && f < 1e17 && f > -1e17 {
		return time.UnixMicro(f + int64(k)*s.stepUS).UTC()
	}
	return addMicros(s.First, new(big.Int).Mul(big.NewInt(int64(k)), big.NewInt(s.stepUS)))
}

// Overflow returns the first due time past MaxTime that the runtime
// computes, and whether there is one: Python's datetime raises
// OverflowError there, on the waiting instance (Spiff) or in the
// scheduler. The runtime computes a cycle's next due time when a firing
// happens, the last one included, so an R<n> cycle overflows when Due(n)
// does; an unbounded one is checked at its second due time, Due(1) (every
// unbounded cycle reaches year 9999 in the end); a single due time is
// checked itself.
func (s Schedule) Overflow() (time.Time, bool) {
	k := 0
	switch {
	case s.N == Unbounded:
		k = 1
	case s.N > 1 || (s.N == 1 && s.Arith != ArithOnce):
		k = s.N
	}
	if t := s.Due(k); t.After(MaxTime) {
		return t, true
	}
	return time.Time{}, false
}

// Has reports whether k is an occurrence of the schedule.
func (s Schedule) Has(k int) bool { return k >= 0 && (s.N == Unbounded || k < s.N) }

// Through returns how many occurrences are due at or before t.
func (s Schedule) Through(t time.Time) int { return s.count(t, false) }

// Before returns how many occurrences are due strictly before t.
func (s Schedule) Before(t time.Time) int { return s.count(t, true) }

func (s Schedule) count(t time.Time, strict bool) int {
	if s.N == 0 || t.Before(s.First) || (strict && t.Equal(s.First)) {
		return 0
	}
	var k int
	switch {
	case s.N == 1:
		k = 1
	case s.Arith == ArithCalendar:
		k = s.search(t, strict)
	default:
		if s.stepUS <= 0 {
			return s.capN(math.MaxInt)
		}
		// First is a whole microsecond and t >= First: d = t - First is
		// diffUS microseconds and subUS nanoseconds, exactly.
		diffUS := (t.Unix()-s.First.Unix())*usSecond + int64(t.Nanosecond()/1000-s.First.Nanosecond()/1000)
		subUS := t.Nanosecond() % 1000
		q := diffUS / s.stepUS
		if q >= math.MaxInt-1 {
			return s.capN(math.MaxInt)
		}
		if strict && subUS == 0 && diffUS%s.stepUS == 0 {
			k = int(q)
		} else {
			k = int(q) + 1
		}
	}
	return s.capN(k)
}

func (s Schedule) capN(k int) int {
	if s.N != Unbounded && k > s.N {
		return s.N
	}
	return k
}

// after reports whether the k-th occurrence lies past t (at or past when
// strict, since then "before t" excludes t).
func (s Schedule) after(k int, t time.Time, strict bool) bool {
	d := s.Due(k)
	if strict {
		return !d.Before(t)
	}
	return d.After(t)
}

// search finds by bisection the number of calendar occurrences at or before
// t (strictly before when strict). Due(0) is known to be included.
func (s Schedule) search(t time.Time, strict bool) int {
	lo, hi := 0, 1
	for !s.after(hi, t, strict) {
		if s.N != Unbounded && hi >= s.N {
			return s.N
		}
		lo, hi = hi, hi*2
	}
	// Due(lo) is included and Due(hi) is not.
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if s.after(mid, t, strict) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// Next returns up to n due times at or after now.
func (s Schedule) Next(now time.Time, n int) []time.Time {
	var out []time.Time
	for k := s.Before(now); s.Has(k) && len(out) < n; k++ {
		out = append(out, s.Due(k))
	}
	return out
}

// NextStartDue returns the seams scheduler's first due time of a timer
// start cycle at or after now, and false when the cycle has none left.
func NextStartDue(c Cycle, now time.Time) (time.Time, bool) {
	s := StartCycleSchedule(c)
	k := s.Before(now)
	if !s.Has(k) {
		return time.Time{}, false
	}
	return s.Due(k), true
}

// RemainingFirings returns how many firings of a timer start cycle are due
// at or after now: Unbounded for R, zero for an R<n> cycle that is used up
// (TMR5002) or for R0.
func RemainingFirings(c Cycle, now time.Time) int {
	s := StartCycleSchedule(c)
	if s.N == Unbounded {
		return Unbounded
	}
	return s.N - s.Before(now)
}

// DateInPast reports whether a timeDate lies strictly before now: on a
// timer start it fires once, at the scheduler's first load (TMR5001).
func DateInPast(d DateTime, now time.Time) bool {
	return truncMicro(d.Time).Before(now)
}

// PeriodShorterThan reports whether a cycle's period is exact and shorter
// than the poll interval, and how many due times then collapse into one
// firing per poll at most (TMR5003). A calendar period is never shorter.
func PeriodShorterThan(c Cycle, poll time.Duration) (collapsed int, short bool) {
	d, ok := c.Period.Exact()
	if !ok || d <= 0 || d >= poll {
		return 0, false
	}
	return int((poll + d - 1) / d), true
}

// SpiffReplays returns how many occurrences of a catch cycle fall in the
// window [from, to): after a downtime over that window SpiffWorkflow
// replays them all at once when the runtime comes back (TMR5004).
func SpiffReplays(c Cycle, from, to time.Time) int {
	s := SpiffCycleSchedule(c)
	return s.Before(to) - s.Before(from)
}

// FarAheadYears is how far ahead of now a timeDate or a cycle start may lie
// before TMR5005 calls it implausible (a likely typo such as 2206).
const FarAheadYears = 10

// FarAhead reports whether t lies more than FarAheadYears calendar years
// after now.
func FarAhead(t, now time.Time) bool {
	return t.After(now.AddDate(FarAheadYears, 0, 0))
}

// FarPastYears is how far before now a cycle start may lie before TMR5006
// calls it implausible (a likely typo such as 1026 for 2026).
const FarPastYears = 100

// FarPast reports whether t lies more than FarPastYears calendar years
// before now.
func FarPast(t, now time.Time) bool {
	return t.Before(now.AddDate(-FarPastYears, 0, 0))
}

// Describe says in a few words how the k-th due time of s was computed,
// for lines that must say which arithmetic they used. It is empty for a
// date, for an exact period and for a duration without years or months.
// The seams calendar says "clamped to the month's end" only for a due
// time whose day was clamped.
func (s Schedule) Describe(k int) string {
	switch s.Arith {
	case ArithCalendar:
		d := fmt.Sprintf("seams calendar: start + %d×%s", k, s.Period.String())
		if s.Due(k).Day() != s.First.Day() {
			d += ", clamped to the month's end"
		}
		return d
	case ArithStride:
		return fmt.Sprintf("spiff stride: start + %d×%s, %s measured from the start month", k, FormatMicros(s.stepUS), s.Period.String())
	case ArithOnce:
		if s.Period.HasCalendar() {
			return fmt.Sprintf("spiff: %s counted as %s in the real month lengths from the arrival's month", s.Period.String(), FormatMicros(s.lengthUS))
		}
	}
	return ""
}
