package timeexpr

import (
	"strings"
	"unicode/utf8"
)

// The shapes Classify recognises a cron string and an ISO 8601-looking
// value by. Each function matches exactly what the regular expression in
// its comment matches (match_test.go holds the expressions and a fuzz
// target that compares the two): a check of one model classifies a few
// bodies, and compiling the seven expressions cost more than all the
// rest of the classification.

// isCronMacro matches `^@(?i:yearly|annually|monthly|weekly|daily|midnight|hourly|reboot)$`.
func isCronMacro(s string) bool {
	rest, ok := strings.CutPrefix(s, "@")
	if !ok {
		return false
	}
	for _, m := range [...]string{"yearly", "annually", "monthly", "weekly", "daily", "midnight", "hourly", "reboot"} {
		// EqualFold folds as (?i) does, ſ for s and K (Kelvin) for k included.
		if strings.EqualFold(rest, m) {
			return true
		}
	}
	return false
}

// isCronEvery matches `^@(?i:every)[ \t]+\S`.
func isCronEvery(s string) bool {
	// No letter of "every" has a fold outside ASCII.
	if len(s) < 7 || s[0] != '@' || !strings.EqualFold(s[1:6], "every") {
		return false
	}
	i := 6
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	// \S is any character but \t, \n, \f, \r and space (an invalid byte
	// included); the loop has passed every space and tab.
	return i > 6 && i < len(s) && s[i] != '\n' && s[i] != '\f' && s[i] != '\r'
}

// cronNames are the month and weekday names a cron field may hold.
var cronNames = [...]string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
	"MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"}

// isCronField matches
// `^(?i:[0-9*?/,#LW-]|JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC|MON|TUE|WED|THU|FRI|SAT|SUN|H)+$`:
// a non-empty run of single characters and three-letter names, in any
// case. A W may start WED, so every split is tried (reach[i]: s[:i] is a
// run).
func isCronField(s string) bool {
	if s == "" {
		return false
	}
	reach := make([]bool, len(s)+1)
	reach[0] = true
	for i := 0; i < len(s); i++ {
		if !reach[i] {
			continue
		}
		if strings.IndexByte("0123456789*?/,#LWHlwh-", s[i]) >= 0 {
			reach[i+1] = true
		}
		// Three characters, each of which may take up to 3 bytes (ſ is 2,
		// K is 3), folded as (?i) folds them.
		j := i
		for range 3 {
			if j >= len(s) {
				j = -1
				break
			}
			_, w := utf8.DecodeRuneInString(s[j:])
			j += w
		}
		if j < 0 {
			continue
		}
		for _, n := range cronNames {
			if strings.EqualFold(s[i:j], n) {
				reach[j] = true
				break
			}
		}
	}
	return reach[len(s)]
}

// isoDurationShape matches `^[+-]?[Pp][Tt]?[0-9]([0-9.,YyMmWwDdTtHhSs]*)[YyMmWwDdHhSs]$`.
func isoDurationShape(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if i >= len(s) || s[i] != 'P' && s[i] != 'p' {
		return false
	}
	i++
	if i < len(s) && (s[i] == 'T' || s[i] == 't') {
		i++
	}
	if i >= len(s) || !isDigit(s[i]) {
		return false
	}
	rest := s[i+1:]
	if rest == "" || strings.IndexByte("YyMmWwDdHhSs", rest[len(rest)-1]) < 0 {
		return false
	}
	return onlyBytes(rest, "0123456789.,YyMmWwDdTtHhSs")
}

// isoCycleShape matches `^[Rr][+-]?[0-9]*/\S*$`.
func isoCycleShape(s string) bool {
	if s == "" || s[0] != 'R' && s[0] != 'r' {
		return false
	}
	i := 1
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i >= len(s) || s[i] != '/' {
		return false
	}
	// \S: no byte of a UTF-8 sequence, valid or not, is one of these.
	return !strings.ContainsAny(s[i+1:], "\t\n\f\r ")
}

// isoDateTail is the class [0-9A-Za-z:.,+/-] of the rest of a date.
const isoDateTail = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz:.,+/-"

// isoDateShape matches `^[0-9]{4}([-Ww:][0-9A-Za-z:.,+/-]*|[0-9]{4}([Tt][0-9A-Za-z:.,+/-]*)?)$`.
func isoDateShape(s string) bool {
	if len(s) < 5 || !allDigits(s[:4]) {
		return false
	}
	if strings.IndexByte("-Ww:", s[4]) >= 0 {
		return onlyBytes(s[5:], isoDateTail)
	}
	if len(s) < 8 || !allDigits(s[4:8]) {
		return false
	}
	return len(s) == 8 || (s[8] == 'T' || s[8] == 't') && onlyBytes(s[9:], isoDateTail)
}

// isoDateSpaceShape matches `^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9A-Za-z:.,+/-]*$`.
func isoDateSpaceShape(s string) bool {
	const shape = "0000-00-00 00:"
	if len(s) < len(shape) {
		return false
	}
	for i := range len(shape) {
		if shape[i] == '0' && !isDigit(s[i]) || shape[i] != '0' && s[i] != shape[i] {
			return false
		}
	}
	return onlyBytes(s[len(shape):], isoDateTail)
}

// allDigits reports whether every byte of s is an ASCII digit.
func allDigits(s string) bool {
	for i := range len(s) {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// onlyBytes reports whether every byte of s is one of the ASCII bytes of
// set.
func onlyBytes(s, set string) bool {
	for i := range len(s) {
		if strings.IndexByte(set, s[i]) < 0 {
			return false
		}
	}
	return true
}
