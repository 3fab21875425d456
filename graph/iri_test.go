package graph

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// TestResolveIRIRFC3986 checks the examples of RFC 3986 section 5.4.
func TestResolveIRIRFC3986(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	cases := []struct{ ref, want string }{
		// 5.4.1 Normal examples.
		{"g:h", "g:h"},
		{"g", "http://a/b/c/g"},
		{"./g", "http://a/b/c/g"},
		{"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"},
		{"//g", "http://g"},
		{"?y", "http://a/b/c/d;p?y"},
		{"g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s"},
		{"g#s", "http://a/b/c/g#s"},
		{"g?y#s", "http://a/b/c/g?y#s"},
		{";x", "http://a/b/c/;x"},
		{"g;x", "http://a/b/c/g;x"},
		{"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{"", "http://a/b/c/d;p?q"},
		{".", "http://a/b/c/"},
		{"./", "http://a/b/c/"},
		{"..", "http://a/b/"},
		{"../", "http://a/b/"},
		{"../g", "http://a/b/g"},
		{"../..", "http://a/"},
		{"../../", "http://a/"},
		{"../../g", "http://a/g"},
		// 5.4.2 Abnormal examples.
		{"../../../g", "http://a/g"},
		{"../../../../g", "http://a/g"},
		{"/./g", "http://a/g"},
		{"/../g", "http://a/g"},
		{"g.", "http://a/b/c/g."},
		{".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."},
		{"..g", "http://a/b/c/..g"},
		{"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"},
		{"g/./h", "http://a/b/c/g/h"},
		{"g/../h", "http://a/b/c/h"},
		{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
		{"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"},
		{"g?y/../x", "http://a/b/c/g?y/../x"},
		{"g#s/./x", "http://a/b/c/g#s/./x"},
		{"g#s/../x", "http://a/b/c/g#s/../x"},
		{"http:g", "http:g"}, // strict parsers, as section 5.4.2 says
	}
	for _, c := range cases {
		if got := resolveIRI(base, c.ref); got != c.want {
			t.Errorf("resolveIRI(%q, %q) = %q, want %q", base, c.ref, got, c.want)
		}
	}
}

// TestResolveIRIMatchesNetURL compares the resolver with net/url's
// ResolveReference on references net/url reads the same way (ASCII, no
// percent-encoding to redo), against file:// document URLs.
func TestResolveIRIMatchesNetURL(t *testing.T) {
	bases := []string{
		"file:///work/models/index.ttl",
		"file:///work/models/",
		"file:///index.ttl",
		"http://example.org/a/b?x=1#f",
		"http://example.org",
	}
	refs := []string{
		"approval.bpmn#Remind", "../other/x.bpmn#T", "#api", "", "?q", "//host/p",
		"/abs/path", "./a/./b/../c", "../../../../x", "a:b", "digest.bpmn", "sub/dir/",
	}
	for _, b := range bases {
		bu, err := url.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range refs {
			ru, err := url.Parse(r)
			if err != nil {
				t.Fatal(err)
			}
			want := bu.ResolveReference(ru).String()
			if r == "" && bu.Fragment != "" {
				// net/url keeps the base's fragment for an empty
				// reference; RFC 3986 section 5.2.2 takes the fragment
				// from the reference only.
				want = strings.TrimSuffix(want, "#"+bu.Fragment)
			}
			if got := resolveIRI(b, r); got != want {
				t.Errorf("resolveIRI(%q, %q) = %q, net/url says %q", b, r, got, want)
			}
		}
	}
}

// TestResolveIRIKeepsCharacters checks that resolution neither encodes
// nor decodes: an IRI's non-ASCII characters and escapes stay as written.
func TestResolveIRIKeepsCharacters(t *testing.T) {
	got := resolveIRI("file:///w/m%20x/index.ttl", "modèle.bpmn#Étape%41")
	if want := "file:///w/m%20x/modèle.bpmn#Étape%41"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestFileIRI(t *testing.T) {
	abs, err := filepath.Abs("models/my index#1.ttl")
	if err != nil {
		t.Fatal(err)
	}
	got, err := FileIRI("models/my index#1.ttl")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got, "file:///") || !strings.HasSuffix(got, "/models/my%20index%231.ttl") {
		t.Errorf("FileIRI = %q", got)
	}
	u, err := url.Parse(got)
	if err != nil || u.Path != filepath.ToSlash(abs) {
		t.Errorf("FileIRI(%q) = %q does not name %q", "models/my index#1.ttl", got, abs)
	}
}

func TestSchemeLen(t *testing.T) {
	for iri, want := range map[string]bool{
		"http://x": true, "urn:isbn:1": true, "a+b-c.d:x": true, "g:h": true,
		"1a:b": false, ":b": false, "a/b:c": false, "approval.bpmn#T": false, "": false, "#x:y": false,
	} {
		if got := isAbsoluteIRI(iri); got != want {
			t.Errorf("isAbsoluteIRI(%q) = %v, want %v", iri, got, want)
		}
	}
}

// TestResolverMatchesResolveIRI checks the resolver's fast path against
// the full algorithm.
func TestResolverMatchesResolveIRI(t *testing.T) {
	bases := []string{"file:///w/models/index.ttl", "http://a/b/../c/d?q#f", "http://a", "http://a/b/", "urn:x:y", "file:///"}
	refs := []string{"a.bpmn#T", "a/b/c", "a/./b", "a/../b", "./a", "../a", ".", "..", "", "#f", "?q", "/x", "//h/x", "a?b/../c", "a#b/./c", "a.b", ".a", "a..", "a/.b/c"}
	var r resolver
	for _, b := range bases {
		for _, ref := range refs {
			if got, want := string(r.appendResolved([]byte("x"), b, ref)), "x"+resolveIRI(b, ref); got != want {
				t.Errorf("appendResolved(x, %q, %q) = %q, want %q", b, ref, got, want)
			}
		}
	}
}
