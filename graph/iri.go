package graph

import (
	"strings"

	"github.com/seams/seams-timers/internal/fileiri"
)

// FileIRI returns the file:// URL of path, made absolute against the
// working directory: the IRI of a graph document, and the base its relative
// IRIs resolve against. It names files exactly as the BPMN loader names
// models (fileiri.FromPath), so that the join on `<model IRI>#<id>` matches.
// The error is always nil; it is kept for callers.
func FileIRI(path string) (string, error) {
	return fileiri.FromPath(path), nil
}

// schemeLen returns the length of the scheme of iri (the part before the
// first ':'), or 0 when iri has no scheme and is therefore a relative
// reference. A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), as in
// RFC 3986 section 3.1.
func schemeLen(iri string) int {
	for i := 0; i < len(iri); i++ {
		c := iri[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i
		default:
			return 0
		}
	}
	return 0
}

// isAbsoluteIRI reports whether iri has a scheme.
func isAbsoluteIRI(iri string) bool { return schemeLen(iri) > 0 }

// iriParts are the five components of RFC 3986 section 3, with flags for
// the components that may be present but empty.
type iriParts struct {
	scheme    string
	authority string
	path      string
	query     string
	fragment  string
	hasAuth   bool
	hasQuery  bool
	hasFrag   bool
}

// splitIRI splits an IRI reference into its components, as the regular
// expression of RFC 3986 Appendix B does, except that only a valid scheme
// counts as one.
func splitIRI(s string) iriParts {
	var p iriParts
	if n := schemeLen(s); n > 0 {
		p.scheme = s[:n]
		s = s[n+1:]
	}
	if i := strings.IndexByte(s, '#'); i >= 0 {
		p.fragment, p.hasFrag = s[i+1:], true
		s = s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		p.query, p.hasQuery = s[i+1:], true
		s = s[:i]
	}
	if strings.HasPrefix(s, "//") {
		s = s[2:]
		i := strings.IndexByte(s, '/')
		if i < 0 {
			i = len(s)
		}
		p.authority, p.hasAuth = s[:i], true
		s = s[i:]
	}
	p.path = s
	return p
}

// String recomposes the components, as RFC 3986 section 5.3 does.
func (p iriParts) String() string {
	var b strings.Builder
	b.Grow(len(p.scheme) + len(p.authority) + len(p.path) + len(p.query) + len(p.fragment) + 5)
	if p.scheme != "" {
		b.WriteString(p.scheme)
		b.WriteByte(':')
	}
	if p.hasAuth {
		b.WriteString("//")
		b.WriteString(p.authority)
	}
	b.WriteString(p.path)
	if p.hasQuery {
		b.WriteByte('?')
		b.WriteString(p.query)
	}
	if p.hasFrag {
		b.WriteByte('#')
		b.WriteString(p.fragment)
	}
	return b.String()
}

// resolveIRI resolves the reference ref against the absolute IRI base, as
// RFC 3986 section 5.2.2 does. An absolute ref is returned as written (its
// dot segments are not removed: an IRI written in full is taken as it is).
// It works on the strings as they are, so that, unlike net/url, it neither
// percent-encodes nor decodes anything.
func resolveIRI(base, ref string) string {
	if isAbsoluteIRI(ref) {
		return ref
	}
	r := splitIRI(ref)
	b := splitIRI(base)
	var t iriParts
	switch {
	case r.hasAuth:
		t.authority, t.hasAuth = r.authority, true
		t.path = removeDotSegments(r.path)
		t.query, t.hasQuery = r.query, r.hasQuery
	case r.path == "":
		t.authority, t.hasAuth = b.authority, b.hasAuth
		t.path = b.path
		if r.hasQuery {
			t.query, t.hasQuery = r.query, true
		} else {
			t.query, t.hasQuery = b.query, b.hasQuery
		}
	default:
		t.authority, t.hasAuth = b.authority, b.hasAuth
		if strings.HasPrefix(r.path, "/") {
			t.path = removeDotSegments(r.path)
		} else {
			t.path = removeDotSegments(mergePaths(b, r.path))
		}
		t.query, t.hasQuery = r.query, r.hasQuery
	}
	t.scheme = b.scheme
	t.fragment, t.hasFrag = r.fragment, r.hasFrag
	return t.String()
}

// mergePaths merges a relative path with the base's path, as RFC 3986
// section 5.2.3 does.
func mergePaths(base iriParts, rel string) string {
	if base.hasAuth && base.path == "" {
		return "/" + rel
	}
	i := strings.LastIndexByte(base.path, '/')
	if i < 0 {
		return rel
	}
	return base.path[:i+1] + rel
}

// removeDotSegments interprets and removes the "." and ".." segments of a
// path, as RFC 3986 section 5.2.4 does.
func removeDotSegments(in string) string {
	if !strings.Contains(in, ".") {
		return in
	}
	out := make([]byte, 0, len(in))
	for len(in) > 0 {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"):
			in = in[3:]
			out = trimLastSegment(out)
		case in == "/..":
			in = "/"
			out = trimLastSegment(out)
		case in == "." || in == "..":
			in = ""
		default:
			// Move the first segment, with its leading '/', to the output.
			i := 0
			if in[0] == '/' {
				i = 1
			}
			j := strings.IndexByte(in[i:], '/')
			if j < 0 {
				j = len(in)
			} else {
				j += i
			}
			out = append(out, in[:j]...)
			in = in[j:]
		}
	}
	return string(out)
}

// trimLastSegment removes the last segment and its preceding '/' (if any)
// from out.
func trimLastSegment(out []byte) []byte {
	i := len(out) - 1
	for i >= 0 && out[i] != '/' {
		i--
	}
	if i < 0 {
		return out[:0]
	}
	return out[:i]
}

// resolver resolves relative references against one base at a time,
// remembering what it can of the base between calls.
type resolver struct {
	base string
	// prefix is the resolution of a plain relative path against base
	// without that path: scheme, authority and the base path up to its
	// last '/', dot segments removed. noFrag is base without its fragment.
	prefix string
	noFrag string
}

// appendResolved appends resolveIRI(base, ref), for a relative ref, to
// dst.
func (r *resolver) appendResolved(dst []byte, base, ref string) []byte {
	if r.base != base || r.prefix == "" {
		r.base = base
		r.prefix = strings.TrimSuffix(resolveIRI(base, "x"), "x")
		r.noFrag, _, _ = strings.Cut(base, "#")
	}
	if plainPath(ref) {
		return append(append(dst, r.prefix...), ref...)
	}
	if len(ref) > 0 && ref[0] == '#' {
		return append(append(dst, r.noFrag...), ref...)
	}
	return append(dst, resolveIRI(base, ref)...)
}

// plainPath reports whether ref is a relative path whose resolution is
// the base's directory followed by ref: it does not start with '/', '?' or
// '#', and no segment of its path is "." or "..".
func plainPath(ref string) bool {
	if ref == "" || ref[0] == '/' || ref[0] == '?' || ref[0] == '#' {
		return false
	}
	seg := 0
	for i := 0; i <= len(ref); i++ {
		if i == len(ref) || ref[i] == '/' || ref[i] == '?' || ref[i] == '#' {
			if s := ref[seg:i]; s == "." || s == ".." {
				return false
			}
			if i == len(ref) || ref[i] != '/' {
				return true
			}
			seg = i + 1
		}
	}
	return true
}
