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
