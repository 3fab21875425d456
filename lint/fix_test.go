package lint

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestApplyEdits(t *testing.T) {
	src := []byte("<a>PT48H</a>")
	got, err := ApplyEdits(src, []Edit{{Offset: 8, End: 8, NewText: `"`}, {Offset: 3, End: 3, NewText: `"`}})
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != `<a>"PT48H"</a>` {
		t.Errorf("got %s", got)
	}
	if _, err := ApplyEdits(src, []Edit{{Offset: 2, End: 5}, {Offset: 4, End: 6}}); err == nil {
		t.Error("overlapping edits were applied")
	}
	if _, err := ApplyEdits(src, []Edit{{Offset: 5, End: 99}}); err == nil {
		t.Error("an edit past the end was applied")
	}
}

type mapSources map[string][]byte

func (m mapSources) Source(f string) []byte { return m[f] }

func TestPlanFixesDropsOverlaps(t *testing.T) {
	src := mapSources{"a.bpmn": []byte("0123456789")}
	ds := []Diagnostic{
		{File: "a.bpmn", Fix: &Fix{Edits: []Edit{{Offset: 2, End: 4, NewText: "x"}}}},
		{File: "a.bpmn", Fix: &Fix{Edits: []Edit{{Offset: 3, End: 5, NewText: "y"}}}},
		{File: "a.bpmn", Fix: &Fix{Edits: []Edit{{Offset: 8, End: 8, NewText: "z"}}}},
		{File: "a.bpmn"},
	}
	res, err := PlanFixes(ds, src)
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || string(res[0].New) != "01x4567z89" || res[0].Applied != 2 || res[0].Skipped != 1 {
		t.Fatalf("got %+v", res)
	}
	diff := UnifiedDiff(res[0])
	if !strings.Contains(diff, "-0123456789") || !strings.Contains(diff, "+01x4567z89") {
		t.Errorf("diff:\n%s", diff)
	}
}

func TestWriteAtomicKeepsMode(t *testing.T) {
	p := filepath.Join(t.TempDir(), "m.bpmn")
	if err := os.WriteFile(p, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	info, _ := os.Stat(p)
	if string(b) != "new" || info.Mode().Perm() != 0o640 {
		t.Errorf("content %q mode %v", b, info.Mode().Perm())
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// TestWriteAtomicFailureLeavesOriginal makes each step of the write fail
// and checks that the original file is intact and no temp file remains.
func TestWriteAtomicFailureLeavesOriginal(t *testing.T) {
	boom := errors.New("boom")
	cases := map[string]fileOps{
		"create": {createTemp: func(string, string) (*os.File, error) { return nil, boom }, sync: osOps.sync, rename: osOps.rename},
		"sync":   {createTemp: osOps.createTemp, sync: func(*os.File) error { return boom }, rename: osOps.rename},
		"rename": {createTemp: osOps.createTemp, sync: osOps.sync, rename: func(string, string) error { return boom }},
	}
	for name, ops := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "m.bpmn")
			if err := os.WriteFile(p, []byte("original"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := writeAtomic(p, nil, []byte("changed"), ops); !errors.Is(err, boom) {
				t.Fatalf("err = %v, want boom", err)
			}
			b, _ := os.ReadFile(p)
			if string(b) != "original" {
				t.Errorf("original changed to %q", b)
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 {
				t.Errorf("temporary files left behind: %v", entries)
			}
		})
	}
}
