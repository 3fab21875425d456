package timeexpr

import (
	"regexp"
	"testing"
)

// shapeMatchers pairs each shape function with the regular expression it
// stands for: the fuzz target below holds them to the same answers.
var shapeMatchers = []struct {
	name string
	fn   func(string) bool
	re   *regexp.Regexp
}{
	{"isCronMacro", isCronMacro, regexp.MustCompile(`^@(?i:yearly|annually|monthly|weekly|daily|midnight|hourly|reboot)$`)},
	{"isCronEvery", isCronEvery, regexp.MustCompile(`^@(?i:every)[ \t]+\S`)},
	{"isCronField", isCronField, regexp.MustCompile(`^(?i:[0-9*?/,#LW-]|JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC|MON|TUE|WED|THU|FRI|SAT|SUN|H)+$`)},
	{"isoDurationShape", isoDurationShape, regexp.MustCompile(`^[+-]?[Pp][Tt]?[0-9]([0-9.,YyMmWwDdTtHhSs]*)[YyMmWwDdHhSs]$`)},
	{"isoCycleShape", isoCycleShape, regexp.MustCompile(`^[Rr][+-]?[0-9]*/\S*$`)},
	{"isoDateShape", isoDateShape, regexp.MustCompile(`^[0-9]{4}([-Ww:][0-9A-Za-z:.,+/-]*|[0-9]{4}([Tt][0-9A-Za-z:.,+/-]*)?)$`)},
	{"isoDateSpaceShape", isoDateSpaceShape, regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9A-Za-z:.,+/-]*$`)},
}

// shapeCases are values on both sides of each shape's edges.
var shapeCases = []struct {
	s    string
	want []string // the shapes that match s
}{
	{"", nil},
	{"@daily", []string{"isCronMacro"}},
	{"@MIDNIGHT", []string{"isCronMacro"}},
	{"@wee\u212Aly", []string{"isCronMacro"}},  // K, the Kelvin sign, folds to k
	{"@\u017Fomething", nil},                   // ſ folds to s, but there is no such macro
	{"@daily ", nil},                           // $ is the end of the text
	{"@every 5m", []string{"isCronEvery"}},     // isCron takes it; the shape only starts the text
	{"@EVERY\t \t1h", []string{"isCronEvery"}}, //
	{"@every", nil},
	{"@every ", nil},
	{"@every \n", nil},
	{"@every \v", []string{"isCronEvery"}}, // \v is not in \s
	{"@every \xff", []string{"isCronEvery"}},
	{"@everyday 1", nil},
	{"0", []string{"isCronField"}},
	{"*/5", []string{"isCronField"}},
	{"MON-FRI", []string{"isCronField"}},
	{"wed", []string{"isCronField"}}, // W alone, then "ed", fails; WED is a name
	{"LW", []string{"isCronField"}},
	{"\u017Fun", []string{"isCronField"}}, // ſun folds to SUN
	{"H/15", []string{"isCronField"}},
	{"MO", nil},
	{"MONDAY", nil},
	{"1\xff", nil},
	{"PT48H", []string{"isoDurationShape"}},
	{"-P1D", []string{"isoDurationShape"}},
	{"+pt1.5s", []string{"isoDurationShape"}},
	{"P1", nil},
	{"PT", nil},
	{"P1DT", nil},
	{"PTT1H", nil},
	{"P1D\n", nil},
	{"R/P1D", []string{"isoCycleShape"}},
	{"r-3/", []string{"isoCycleShape"}},
	{"R3/2026-11-09T08:00:00Z/PT1H", []string{"isoCycleShape"}},
	{"R/P1D x", nil},
	{"R3x/", nil},
	{"R/\xff\xfe", []string{"isoCycleShape"}},
	{"2026-12-01T09:00:00Z", []string{"isoDateShape"}},
	{"20261201T090000Z", []string{"isoDateShape"}},
	{"20261201", []string{"isoDateShape", "isCronField"}},
	{"2026-W49-2", []string{"isoDateShape", "isCronField"}},
	{"2026:", []string{"isoDateShape"}},
	{"2026", []string{"isCronField"}},
	{"202612", []string{"isCronField"}},
	{"20261201X", nil},
	{"2026-12-01 09:00:00+01:00", []string{"isoDateSpaceShape"}},
	{"2026-12-01 09:", []string{"isoDateSpaceShape"}},
	{"2026-12-01 09", nil},
	{"2026-12-01 09:00 x", nil},
}

func TestShapes(t *testing.T) {
	for _, c := range shapeCases {
		for _, m := range shapeMatchers {
			want := false
			for _, w := range c.want {
				want = want || w == m.name
			}
			if got := m.fn(c.s); got != want {
				t.Errorf("%s(%q) = %v, want %v", m.name, c.s, got, want)
			}
			if got := m.re.MatchString(c.s); got != want {
				t.Errorf("the expression of %s on %q: %v, want %v (the case is wrong)", m.name, c.s, got, want)
			}
		}
	}
}

// FuzzShapes holds each shape function to its regular expression.
func FuzzShapes(f *testing.F) {
	for _, c := range shapeCases {
		f.Add(c.s)
	}
	for _, c := range classifyCases {
		f.Add(c.text)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, m := range shapeMatchers {
			if got, want := m.fn(s), m.re.MatchString(s); got != want {
				t.Fatalf("%s(%q) = %v, its expression says %v", m.name, s, got, want)
			}
		}
	})
}
