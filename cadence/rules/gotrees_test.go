package rules

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// TestInGoTrees: a Go package pattern (dir/...) keeps, below dir, the Go
// files of dir's own module and drops those of a module nested in it, as
// the go command does; a plain directory, or a pattern whose directory is
// in no module, keeps every module.
func TestInGoTrees(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"outer/go.mod", "outer/a/a.go", "outer/b/c/c.go", "outer/nested/go.mod", "outer/nested/n.go",
		"outer/nested/deeper/d.go", "outer/b/go.mod.d/e.go", "loose/one/go.mod", "loose/one/o.go", "loose/two/go.mod", "loose/two/t.go"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("package x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j := func(s string) string { return filepath.Join(dir, filepath.FromSlash(s)) }
	outer := []string{j("outer/a/a.go"), j("outer/b/c/c.go"), j("outer/b/go.mod.d/e.go"), j("outer/nested/deeper/d.go"), j("outer/nested/n.go")}
	cases := []struct {
		trees []string
		files []string
		want  []string
	}{
		{nil, outer, outer},
		{[]string{j("outer")}, outer, outer[:3]},
		{[]string{j("outer/b")}, outer, outer},
		{[]string{j("outer/nested")}, outer, outer},
		// A directory in no module: every module below it, as before.
		{[]string{j("loose")}, []string{j("loose/one/o.go"), j("loose/two/t.go")}, []string{j("loose/one/o.go"), j("loose/two/t.go")}},
	}
	for _, c := range cases {
		got := inGoTrees(slices.Clone(c.files), c.trees)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("trees %v:\n got %v\nwant %v", c.trees, got, c.want)
		}
	}
}

// TestSuppressed: the lines a Go file's comments accept findings on are
// those check applies: a known rule by ID or name, with a reason.
func TestSuppressed(t *testing.T) {
	src := []byte(`package wf

func F() {
	// seams-timers:ignore TMR8001 accepted for a reason
	a()
	b() // seams-timers:ignore native-clock,TMR8002 both, with a reason
	// seams-timers:ignore TMR8001
	c()
	// seams-timers:ignore TMR8001,TMR9999 one of them unknown
	d()
	_ = "https://x" // seams-timers:ignore tmr8004 lower case is the ID too
}
`)
	want := map[int][]string{5: {"TMR8001"}, 6: {"TMR8003", "TMR8002"}, 11: {"TMR8004"}}
	if got := Suppressed(src); !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
