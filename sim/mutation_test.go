package sim

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// mutations are one-line changes of the grammar's parsers, each of which
// the tests of this package must catch: file (relative to sim/; the
// duration grammar is lint/duration's), the text, its mutant.
var mutations = []struct{ file, from, to string }{
	{"grammar.go", "return t.UTC(), nil\n}\n\n// InstantError", "return t, nil\n}\n\n// InstantError"},
	{"grammar.go", "\tif !end.After(start) {\n\t\treturn Window{}, fmt.Errorf(\"%q: the end is not after the start\", s)", "\tif end.Before(start) {\n\t\treturn Window{}, fmt.Errorf(\"%q: the end is not after the start\", s)"},
	{"grammar.go", "a, b, ok := strings.Cut(s, \"/\")", "a, b, ok := strings.Cut(s, \"--\")"},
	{"grammar.go", "return Window{Start: start, End: end}, nil", "return Window{Start: start, End: start}, nil"},
	{"grammar.go", "func (w Window) Contains(t time.Time) bool { return !t.Before(w.Start) && t.Before(w.End) }", "func (w Window) Contains(t time.Time) bool { return !t.Before(w.Start) && !t.After(w.End) }"},
	{"grammar.go", "if d <= 0 {\n\t\treturn 0, &DurationError{Text: s, Why: \"want a positive duration\"}", "if d < 0 {\n\t\treturn 0, &DurationError{Text: s, Why: \"want a positive duration\"}"},
	{"grammar.go", "\ts = strings.TrimSpace(s)\n\tfor _, layout := range wallLayouts {", "\tfor _, layout := range wallLayouts {"},
	{"grammar.go", "v := strings.TrimSpace(s)\n\td, err := duration.Parse(v)", "v := s\n\td, err := duration.Parse(v)"},
	{"grammar.go", "case strings.HasPrefix(v, \"-\"):", "case strings.HasPrefix(v, \"+\"):"},
	{"grammar.go", "if strings.ContainsAny(date, \"YM\") {", "if strings.ContainsAny(date, \"Y\") {"},
	{"../lint/duration/duration.go", "'W': 7 * 24 * int64(time.Hour)", "'W': 24 * int64(time.Hour)"},
	{"../lint/duration/duration.go", "units = units[strings.IndexByte(units, p.unit)+1:]", "units = units[strings.IndexByte(units, p.unit):]"},
	{"../lint/duration/duration.go", "p, ok := next(\"WD\")", "p, ok := next(\"YMWD\")"},
	{"../lint/duration/duration.go", "r, ok := new(big.Rat).SetString(strings.Replace(p.num, \",\", \".\", 1))", "r, ok := new(big.Rat).SetString(p.num)"},
	{"../lint/duration/duration.go", "if s == \"0\" {\n\t\treturn true", "if s == \"00\" {\n\t\treturn true"},
	{"../lint/duration/duration.go", "\"ms\", \"s\", \"m\", \"h\"}", "\"ms\", \"s\", \"m\"}"},
	{"../lint/duration/duration.go", "if p.unit == 'W' {\n\t\t\treturn parts, i == len(s)", "if p.unit == 'W' {\n\t\t\treturn parts, true"},
	{"header.go", "if h.Step, err = ParsePositiveDuration(f.Step); err != nil {", "if h.Step, err = ParseDuration(f.Step); err != nil {"},
	{"header.go", "\tcase !h.Until.After(h.From):", "\tcase h.Until.Before(h.From):"},
	{"header.go", "return h, &FieldError{Key: \"down\", Err: err}", "return h, &FieldError{Key: \"until\", Err: err}"},
	{"header.go", "\t\tif !w.End.After(w.Start) {\n\t\t\treturn fmt.Errorf(\"down %s", "\t\tif w.End.Before(w.Start) {\n\t\t\treturn fmt.Errorf(\"down %s"},
	{"header.go", "\t\t*l = StrList{n.Value}", "\t\t*l = StrList{}"},
	{"header.go", "\tcase h.From.IsZero():\n\t\treturn ErrNoFrom", "\tcase false:\n\t\treturn ErrNoFrom"},
}

// TestMutations runs this package's tests once per mutation, the mutant
// laid over the source (go test -overlay), and fails when a mutant
// passes them. It takes a minute: run it with SEAMS_MUTATION=1.
func TestMutations(t *testing.T) {
	if os.Getenv("SEAMS_MUTATION") == "" {
		t.Skip("set SEAMS_MUTATION=1 to run the mutation tests")
	}
	dir := t.TempDir()
	for i, m := range mutations {
		path, err := filepath.Abs(m.file)
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(string(src), m.from) != 1 {
			t.Errorf("mutation %d: %q is not once in %s", i, m.from, m.file)
			continue
		}
		mutant := filepath.Join(dir, filepath.Base(m.file)+".mutant")
		if err := os.WriteFile(mutant, []byte(strings.Replace(string(src), m.from, m.to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		overlay, err := json.Marshal(map[string]any{"Replace": map[string]string{path: mutant}})
		if err != nil {
			t.Fatal(err)
		}
		ov := filepath.Join(dir, "overlay.json")
		if err := os.WriteFile(ov, overlay, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("go", "test", "-count=1", "-overlay="+ov, "-run", "^Test(Parse|Header)", ".")
		cmd.Env = append(os.Environ(), "SEAMS_MUTATION=")
		if out, err := cmd.CombinedOutput(); err == nil {
			t.Errorf("mutation %d survived the tests: %s: %q -> %q\n%s", i, m.file, m.from, m.to, out)
		}
	}
}
