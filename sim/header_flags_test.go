package sim

import (
	"strings"
	"testing"
	"time"
)

type flagMap map[string][]string

func (f flagMap) Given(n string) bool { _, ok := f[n]; return ok }
func (f flagMap) Value(n string) string {
	if v := f[n]; len(v) > 0 {
		return v[len(v)-1]
	}
	return ""
}
func (f flagMap) Values(n string) []string { return f[n] }

func TestReadWindowFlags(t *testing.T) {
	from := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	until := from.Add(time.Hour)
	down := []Window{{Start: from, End: from.Add(time.Minute)}}
	f := flagMap{"from": {" 2026-11-01T10:00:00+02:00"}, "down": {"2026-11-02T00:00:00Z/2026-11-03T00:00:00Z"}}
	if err := ReadWindowFlags(f, &from, &until, &down); err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC); !from.Equal(want) || from.Location() != time.UTC {
		t.Errorf("--from read as %v, want %v in UTC", from, want)
	}
	if !until.Equal(time.Date(2026, 1, 1, 1, 0, 0, 0, time.UTC)) {
		t.Errorf("--until not given, but until became %v", until)
	}
	if len(down) != 2 || down[1].End.Day() != 3 {
		t.Errorf("--down not appended: %v", down)
	}
	for flag, val := range map[string]string{"from": "2026-11-01T10:00:00", "until": "tomorrow", "down": "2026-11-02T00:00:00Z"} {
		err := ReadWindowFlags(flagMap{flag: {val}}, &from, &until, &down)
		if err == nil || !strings.HasPrefix(err.Error(), "--"+flag) {
			t.Errorf("--%s %q: error %v, want one naming the flag", flag, val, err)
		}
	}
}
