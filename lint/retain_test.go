package lint

import (
	"testing"
	"unsafe"
)

// TestFileSize holds a File, which a check keeps for every file until
// its project rules ran, to 160 bytes (a size class of the allocator):
// what only some files need goes behind File.ext.
func TestFileSize(t *testing.T) {
	if n := unsafe.Sizeof(File{}); n > 160 {
		t.Errorf("a File is %d bytes; want at most 160 (move what few files need to fileExt)", n)
	}
}

// TestReleaseSourceKeepsNothingForASCII: releasing an all-ASCII file
// allocates nothing and keeps nothing of its own, and Columns still tells
// a released file (the shared empty value, whose columns are the bytes')
// from one whose bytes are kept (nil).
func TestReleaseSourceKeepsNothingForASCII(t *testing.T) {
	src := []byte("<definitions>\n  <timer id=\"t1\"/>\n</definitions>\n")
	f := &File{Src: src}
	if f.Columns() != nil {
		t.Fatal("Columns of a file whose bytes are kept is not nil")
	}
	allocs := testing.AllocsPerRun(100, func() {
		f.Src, f.released = src, false
		f.ReleaseSource()
	})
	if allocs != 0 && !raceEnabled {
		t.Errorf("releasing an all-ASCII file allocates %v times; want 0", allocs)
	}
	if f.ext != nil || f.Src != nil {
		t.Errorf("an all-ASCII file keeps ext %v, bytes %v after release", f.ext, f.Src != nil)
	}
	c := f.Columns()
	if c == nil || c.UTF16(2, 9) != 9 {
		t.Errorf("Columns of a released all-ASCII file: %v", c)
	}

	// Bytes outside ASCII that are no UTF-8 count one column each, as
	// in UTF-16 (the replacement character): nothing to keep either.
	invalid := &File{Src: []byte("a\xff\nb\n")}
	invalid.ReleaseSource()
	if invalid.ext != nil || invalid.Columns() != asciiColumns {
		t.Error("a file whose only bytes outside ASCII are invalid UTF-8 kept columns of its own")
	}

	wide := &File{Src: []byte("é\n𝄞x\n")}
	wide.ReleaseSource()
	if wide.ext == nil || wide.Columns() == asciiColumns {
		t.Fatal("a file with runes outside ASCII kept no columns of its own")
	}
	if got := wide.Columns().UTF16(2, 6); got != 4 {
		t.Errorf("column after 𝄞x (byte column 6): %d; want 4, two UTF-16 units and one", got)
	}
}

// TestRunnerKeepsNothingForCleanFile: a file whose file rules find
// nothing keeps nothing of them (no fileExt, no segment), with a
// streaming runner and without; one with findings gives them back from
// Finish.
func TestRunnerKeepsNothingForCleanFile(t *testing.T) {
	rule := &Rule{ID: "TMR9001", Name: "says-no", Severity: SeverityWarning, Kind: KindFile, FileKind: "x",
		Run: func(p *Pass) {
			if p.File.Model.(string) == "bad" {
				p.Report(Diagnostic{Line: 1, Column: 1, Message: "bad"})
			}
		}}
	for _, stream := range []bool{false, true} {
		r := NewRunner(Options{Rules: []*Rule{rule}, Jobs: 1})
		if stream {
			r.Stream(false)
		}
		clean := &File{Path: "a.x", Kind: "x", Model: "good", Src: []byte("good\n"), Reported: true}
		bad := &File{Path: "b.x", Kind: "x", Model: "bad", Src: []byte("bad\n"), Reported: true}
		proj := &Project{Files: []*File{clean, bad}}
		r.File(proj, clean)
		r.File(proj, bad)
		if clean.ext != nil || !clean.Finished() {
			t.Errorf("stream %v: a clean file keeps %+v, finished %v", stream, clean.ext, clean.Finished())
		}
		if bad.ext == nil || bad.Finished() == !stream {
			t.Errorf("stream %v: a file with a finding keeps %+v, finished %v", stream, bad.ext, bad.Finished())
		}
		var got []Diagnostic
		if stream {
			fs, err := r.FinishStream(proj, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			for d, err := range fs.All() {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, d)
			}
			_ = fs.Close()
		} else {
			got = r.Finish(proj, nil)
		}
		if len(got) != 1 || got[0].File != "b.x" || got[0].Message != "bad" {
			t.Errorf("stream %v: findings %+v; want bad on b.x", stream, got)
		}
		if bad.findings() != nil || !bad.Finished() {
			t.Errorf("stream %v: the findings stay on the file after Finish", stream)
		}
	}
}
