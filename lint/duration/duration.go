// Package duration is the one grammar of a length of time that
// seams-timers reads from its users: every duration-typed key of the
// config (lint.ParseConfigDuration) and every duration of a run's inputs,
// flags and scenario files (sim.ParseDuration). It imports nothing of the
// module, so that the core and the simulators share it.
package duration

import (
	"fmt"
	"math/big"
	"strings"
	"time"
)

// The grammar, and the pattern a schema checks it with: Go syntax, a sequence of decimal numbers with units
// (ns, us, µs, ms, s, m, h), or 0; or an ISO 8601 duration of exact
// length: weeks alone, or days and a time part (hours, minutes,
// seconds), each number with an optional fraction. No sign, no years or
// months (their length depends on the date).
const (
	goDurationPattern  = `(?:[0-9]+(?:\.[0-9]+)?(?:ns|us|µs|μs|ms|s|m|h))+|0`
	isoNumber          = `[0-9]+(?:[.,][0-9]+)?`
	isoTimePart        = `T(?:` + isoNumber + `H(?:` + isoNumber + `M)?(?:` + isoNumber + `S)?|` + isoNumber + `M(?:` + isoNumber + `S)?|` + isoNumber + `S)`
	isoDurationPattern = `P(?:` + isoNumber + `W|` + isoNumber + `D(?:` + isoTimePart + `)?|` + isoTimePart + `)`
	// Pattern is what a duration value matches (unanchored).
	Pattern = goDurationPattern + `|` + isoDurationPattern
)

// Parse reads a duration: it accepts what Pattern matches, Go syntax or
// ISO 8601 of exact length, and returns the exact length (truncated to
// the nanosecond).
func Parse(s string) (time.Duration, error) {
	bad := fmt.Errorf("%q is not a duration such as 1s, 1m30s or PT1S", s)
	if !strings.HasPrefix(s, "P") {
		if !goDuration(s) {
			return 0, bad
		}
		return time.ParseDuration(s)
	}
	parts, ok := isoDuration(s)
	if !ok {
		return 0, bad
	}
	unit := map[byte]int64{'W': 7 * 24 * int64(time.Hour), 'D': 24 * int64(time.Hour), 'H': int64(time.Hour), 'm': int64(time.Minute), 'S': int64(time.Second)}
	total := new(big.Rat)
	for _, p := range parts {
		r, ok := new(big.Rat).SetString(strings.Replace(p.num, ",", ".", 1))
		if !ok {
			return 0, bad
		}
		total.Add(total, r.Mul(r, new(big.Rat).SetInt64(unit[p.unit])))
	}
	n := new(big.Int).Quo(total.Num(), total.Denom())
	if !n.IsInt64() {
		return 0, fmt.Errorf("%q is too long", s)
	}
	return time.Duration(n.Int64()), nil
}

// number scans digits, optionally a fraction after sep (one of its
// bytes), from s[i:]; it returns the end, or -1.
func number(s string, i int, sep string) int {
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i {
		return -1
	}
	if j < len(s) && strings.IndexByte(sep, s[j]) >= 0 {
		k := j + 1
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k == j+1 {
			return -1
		}
		j = k
	}
	return j
}

// goDuration reports whether s is Go duration syntax as Pattern
// has it: 0, or numbers with units, no sign.
func goDuration(s string) bool {
	if s == "0" {
		return true
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); {
		j := number(s, i, ".")
		if j < 0 {
			return false
		}
		n := 0
		for _, u := range []string{"ns", "us", "µs", "μs", "ms", "s", "m", "h"} {
			if strings.HasPrefix(s[j:], u) {
				n = len(u)
				break
			}
		}
		if n == 0 {
			return false
		}
		i = j + n
	}
	return true
}

// isoPart is one number and designator of an ISO 8601 duration; 'm' is
// minutes (M in the time part).
type isoPart struct {
	num  string
	unit byte
}

// isoDuration scans an ISO 8601 duration of exact length as
// Pattern has it: PnW, or PnD with an optional time part, or a
// time part alone (T then hours, minutes, seconds in order, at least
// one); each number may have a fraction after '.' or ','.
func isoDuration(s string) ([]isoPart, bool) {
	var parts []isoPart
	i := 1
	next := func(units string) (isoPart, bool) {
		j := number(s, i, ".,")
		if j < 0 || j >= len(s) || strings.IndexByte(units, s[j]) < 0 {
			return isoPart{}, false
		}
		p := isoPart{num: s[i:j], unit: s[j]}
		i = j + 1
		return p, true
	}
	if i < len(s) && s[i] != 'T' {
		p, ok := next("WD")
		if !ok {
			return nil, false
		}
		parts = append(parts, p)
		if p.unit == 'W' {
			return parts, i == len(s)
		}
	}
	if i < len(s) && s[i] == 'T' {
		i++
		units := "HMS"
		for i < len(s) {
			p, ok := next(units)
			if !ok {
				return nil, false
			}
			units = units[strings.IndexByte(units, p.unit)+1:]
			if p.unit == 'M' {
				p.unit = 'm'
			}
			parts = append(parts, p)
		}
		if s[len(s)-1] == 'T' {
			return nil, false
		}
	}
	return parts, i == len(s) && len(parts) > 0
}
