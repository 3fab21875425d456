package lint

import (
	"bytes"
	"testing"
)

func TestPrefixPaths(t *testing.T) {
	r := &Report{Diagnostics: []Diagnostic{{File: "models/a.bpmn"}, {File: "/abs/b.bpmn"}, {File: "-"}, {File: ""}}, Files: 3}
	for _, c := range []struct {
		prefix string
		want   []string
	}{
		{"", []string{"models/a.bpmn", "/abs/b.bpmn", "-", ""}},
		{".", []string{"models/a.bpmn", "/abs/b.bpmn", "-", ""}},
		{"./svc/desk/", []string{"svc/desk/models/a.bpmn", "/abs/b.bpmn", "-", ""}},
		{"svc//desk", []string{"svc/desk/models/a.bpmn", "/abs/b.bpmn", "-", ""}},
	} {
		got := PrefixPaths(r, c.prefix)
		for i, d := range got.Diagnostics {
			if d.File != c.want[i] {
				t.Errorf("prefix %q: file %d is %q, want %q", c.prefix, i, d.File, c.want[i])
			}
		}
		if got.Files != 3 {
			t.Errorf("prefix %q: the counts changed", c.prefix)
		}
	}
	if r.Diagnostics[0].File != "models/a.bpmn" {
		t.Errorf("PrefixPaths changed the report it was given: %q", r.Diagnostics[0].File)
	}
	src := PrefixedSources{Sources: mapSources{"models/a.bpmn": []byte("a"), "svc/x": []byte("x")}, Prefix: "svc/desk"}
	if !bytes.Equal(src.Source("svc/desk/models/a.bpmn"), []byte("a")) || !bytes.Equal(src.Source("svc/x"), []byte("x")) || src.Source("svc/desk/none") != nil {
		t.Errorf("PrefixedSources does not find the files under their unprefixed names")
	}
}

func TestSourceRoot(t *testing.T) {
	for _, c := range []struct{ dir, prefix, want string }{
		{"/w/repo", "", "/w/repo"},
		{"/w/repo/services/desk", "services/desk", "/w/repo"},
		{"/w/repo/services/desk", "./services/desk/", "/w/repo"},
		{"/w/repo/services/desk", "other/desk", ""},
		{"/w/repo", "../x", ""},
		{"/", "a", ""},
	} {
		if got := SourceRoot(c.dir, c.prefix); got != c.want {
			t.Errorf("SourceRoot(%q, %q) = %q, want %q", c.dir, c.prefix, got, c.want)
		}
	}
}

func TestPrefixPathsRelated(t *testing.T) {
	d := Diagnostic{File: "index.ttl", Related: []Related{{Label: "the element"}}}
	d.Related[0].Range.File = "models/a.bpmn"
	got := PrefixPaths(&Report{Diagnostics: []Diagnostic{d}}, "svc")
	if f := got.Diagnostics[0].Related[0].Range.File; f != "svc/models/a.bpmn" {
		t.Errorf("related file %q, want svc/models/a.bpmn", f)
	}
	if d.Related[0].Range.File != "models/a.bpmn" {
		t.Errorf("PrefixPaths changed the related location it was given")
	}
}
