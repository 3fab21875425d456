package sim

import (
	"errors"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
)

// Each test below pins one piece of the grammar so that a one-line change
// in its parser fails: accepted forms with their exact values, and
// refused forms.

func TestParseInstant(t *testing.T) {
	good := map[string]time.Time{
		"2026-11-01T12:00:00Z":            time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC),
		" 2026-11-01T12:00:00Z\t":         time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC),
		"2026-11-01T13:30:00+01:30":       time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC),
		"2026-11-01T07:00:00-05:00":       time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC),
		"2026-11-01T12:00:00.25Z":         time.Date(2026, 11, 1, 12, 0, 0, 250_000_000, time.UTC),
		"2026-11-01T12:00:00.000000001Z":  time.Date(2026, 11, 1, 12, 0, 0, 1, time.UTC),
		"1999-12-31T23:59:59+00:00":       time.Date(1999, 12, 31, 23, 59, 59, 0, time.UTC),
		"2026-03-29T03:00:00.5+02:00":     time.Date(2026, 3, 29, 1, 0, 0, 500_000_000, time.UTC),
		"2026-11-01T12:00:00.123456789Z ": time.Date(2026, 11, 1, 12, 0, 0, 123456789, time.UTC),
	}
	for in, want := range good {
		got, err := ParseInstant(in)
		if err != nil || !got.Equal(want) || got.Location() != time.UTC {
			t.Errorf("ParseInstant(%q) = %v (%v), %v; want %v in UTC", in, got, got.Location(), err, want)
		}
	}
	for _, in := range []string{"", "2026-11-01", "2026-11-01T12:00:00", "2026-11-01 12:00:00Z", "12:00:00Z", "now", "2026-13-01T00:00:00Z"} {
		_, err := ParseInstant(in)
		var ie *InstantError
		if !errors.As(err, &ie) || ie.Text != in || !strings.Contains(err.Error(), "RFC 3339") {
			t.Errorf("ParseInstant(%q) = %v; want an InstantError naming the value", in, err)
		}
	}
}

func TestParseWallTime(t *testing.T) {
	good := map[string]time.Time{
		"2026-11-04T10:00:30": time.Date(2026, 11, 4, 10, 0, 30, 0, time.UTC),
		"2026-11-04T10:00":    time.Date(2026, 11, 4, 10, 0, 0, 0, time.UTC),
		"2026-11-04 10:00:30": time.Date(2026, 11, 4, 10, 0, 30, 0, time.UTC),
		" 2026-11-04 10:00 ":  time.Date(2026, 11, 4, 10, 0, 0, 0, time.UTC),
	}
	for in, want := range good {
		if got, ok := ParseWallTime(in); !ok || !got.Equal(want) {
			t.Errorf("ParseWallTime(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"2026-11-04T10:00:30Z", "2026-11-04", "10:00", ""} {
		if _, ok := ParseWallTime(in); ok {
			t.Errorf("ParseWallTime(%q) read a wall time", in)
		}
	}
}

func TestParseDuration(t *testing.T) {
	good := map[string]time.Duration{
		"PT1S":         time.Second,
		" PT1S ":       time.Second,
		"PT0S":         0,
		"PT0.5S":       500 * time.Millisecond,
		"PT0,5S":       500 * time.Millisecond,
		"PT1M":         time.Minute,
		"PT1H30M":      90 * time.Minute,
		"PT47H":        47 * time.Hour,
		"P1D":          24 * time.Hour,
		"P7D":          7 * 24 * time.Hour,
		"P2W":          14 * 24 * time.Hour,
		"P1DT2H3M4S":   26*time.Hour + 3*time.Minute + 4*time.Second,
		"PT1.5H":       90 * time.Minute,
		"1s":           time.Second,
		"90m":          90 * time.Minute,
		"1h30m":        90 * time.Minute,
		"500ms":        500 * time.Millisecond,
		"0s":           0,
		" 2h ":         2 * time.Hour,
		"PT1.5H30M":    2 * time.Hour,
		"0":            0,
		"P1.5D":        36 * time.Hour,
		"PT100000H":    100000 * time.Hour,
		"PT1H0M0.001S": time.Hour + time.Millisecond,
	}
	for in, want := range good {
		got, err := ParseDuration(in)
		if err != nil || got != want {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	bad := map[string]string{
		"":         "empty",
		"P":        "",
		"PT":       "",
		"P1DT":     "",
		"P1M":      "years and months",
		"P1Y":      "years and months",
		"-PT1S":    "negative",
		"-1s":      "negative",
		"-1ns":     "negative",
		"PT1H1H":   "",
		"PT1S1M":   "",
		"P1D1W":    "",
		"pt1s":     "",
		"P1W2D":    "",
		"P1Y2D":    "years and months",
		"P1MT1H":   "years and months",
		"PT1X":     "",
		"P1H":      "",
		"PT1D":     "",
		"PT1":      "",
		"PTS":      "",
		"1 second": "",
		"1":        "",
		"P1DTT1H":  "",
	}
	for in, why := range bad {
		_, err := ParseDuration(in)
		var de *DurationError
		if !errors.As(err, &de) || de.Text != in || !strings.Contains(err.Error(), why) {
			t.Errorf("ParseDuration(%q) = %v; want a DurationError saying %q", in, err, why)
		}
	}
	if _, err := ParsePositiveDuration("PT0S"); err == nil || !strings.Contains(err.Error(), "positive") {
		t.Errorf("ParsePositiveDuration(PT0S) = %v; want a refusal", err)
	}
	if _, err := ParsePositiveDuration("0s"); err == nil {
		t.Error("ParsePositiveDuration(0s) accepted zero")
	}
	if d, err := ParsePositiveDuration("PT1S"); err != nil || d != time.Second {
		t.Errorf("ParsePositiveDuration(PT1S) = %v, %v", d, err)
	}
	if _, err := ParsePositiveDuration("x"); err == nil {
		t.Error("ParsePositiveDuration(x) accepted it")
	}
}

func TestParseWindow(t *testing.T) {
	w, err := ParseWindow("2026-11-10T00:00:00Z/2026-11-17T01:00:00+01:00")
	want := Window{Start: time.Date(2026, 11, 10, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 11, 17, 0, 0, 0, 0, time.UTC)}
	if err != nil || w != want {
		t.Fatalf("ParseWindow = %v, %v; want %v", w, err, want)
	}
	if got := w.String(); got != "2026-11-10T00:00:00Z/2026-11-17T00:00:00Z" {
		t.Errorf("String = %q", got)
	}
	if !w.Contains(w.Start) || w.Contains(w.End) || w.Contains(w.Start.Add(-1)) || !w.Contains(w.End.Add(-1)) {
		t.Error("Contains is not the half-open [Start, End)")
	}
	if got, ok := DownAt([]Window{w}, w.Start.Add(time.Hour)); !ok || got != w {
		t.Error("DownAt misses an instant inside")
	}
	if _, ok := DownAt([]Window{w}, w.End); ok {
		t.Error("DownAt holds the end")
	}
	bad := map[string]string{
		"2026-11-10T00:00:00Z":                      "want START/END",
		"2026-11-10T00:00:00Z/2026-11-10T00:00:00Z": "not after",
		"2026-11-17T00:00:00Z/2026-11-10T00:00:00Z": "not after",
		"2026-11-10/2026-11-17T00:00:00Z":           "RFC 3339",
		"2026-11-10T00:00:00Z/tomorrow":             "RFC 3339",
	}
	for in, why := range bad {
		if _, err := ParseWindow(in); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("ParseWindow(%q) = %v; want %q", in, err, why)
		}
	}
	if got := FormatInstant(time.Date(2026, 1, 2, 3, 4, 5, 500_000_000, time.FixedZone("x", 3600))); got != "2026-01-02T02:04:05.5Z" {
		t.Errorf("FormatInstant = %q", got)
	}
}

func TestHeader(t *testing.T) {
	var f HeaderFile
	src := "from: 2026-11-01T00:00:00Z\nuntil: 2026-11-08T00:00:00Z\nstep: 1m\ndown: 2026-11-02T00:00:00Z/2026-11-03T00:00:00Z\n"
	if err := yaml.Unmarshal([]byte(src), &f); err != nil {
		t.Fatal(err)
	}
	h, err := f.Read()
	if err != nil {
		t.Fatal(err)
	}
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	if !h.From.Equal(day(1)) || !h.Until.Equal(day(8)) || h.Step != time.Minute || len(h.Down) != 1 || h.Down[0] != (Window{day(2), day(3)}) {
		t.Errorf("Read = %+v", h)
	}
	if err := h.Validate(); err != nil {
		t.Errorf("Validate = %v", err)
	}
	for key, bad := range map[string]HeaderFile{
		"from":  {From: "2026-11-01"},
		"until": {Until: "x"},
		"step":  {Step: "PT0S"},
		"down":  {Down: StrList{"x"}},
	} {
		_, err := bad.Read()
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Key != key || !strings.HasPrefix(err.Error(), key+": ") {
			t.Errorf("%s: Read = %v; want a FieldError for %s", key, err, key)
		}
	}
	for name, c := range map[string]struct {
		h    Header
		want string
	}{
		"no from":    {Header{Until: day(2)}, "from is missing"},
		"until":      {Header{From: day(2), Until: day(2)}, "not after from"},
		"step":       {Header{From: day(1), Until: day(2), Step: -1}, "positive"},
		"down":       {Header{From: day(1), Until: day(3), Down: []Window{{day(2), day(2)}}}, "end is not after"},
		"until only": {Header{From: day(2), Until: day(1)}, "not after from"},
	} {
		if err := c.h.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v; want %q", name, err, c.want)
		}
	}
	var l StrList
	if err := yaml.Unmarshal([]byte("a"), &l); err != nil || len(l) != 1 || l[0] != "a" {
		t.Errorf("StrList of a scalar = %v, %v", l, err)
	}
	if err := yaml.Unmarshal([]byte("[a, b]"), &l); err != nil || len(l) != 2 {
		t.Errorf("StrList of a list = %v, %v", l, err)
	}
	if err := yaml.Unmarshal([]byte("{a: b}"), &l); err == nil {
		t.Error("StrList read a mapping")
	}
}
