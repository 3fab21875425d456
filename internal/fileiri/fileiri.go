// Package fileiri turns file paths into the file:// IRIs that name models
// and graph documents, one way for every package, so that an element's IRI
// from the BPMN loader and one resolved in the index graph compare equal.
package fileiri

import (
	"path/filepath"
	"strings"
)

// FromPath returns the absolute file:// URL of path, percent-encoded as RFC
// 3986 requires and no more (a space is %20, '#' is %23, '%' is %25,
// non-ASCII bytes are %XX in UTF-8; '(' or '!' stay as they are).
// It is a model's IRI (DESIGN.md section 4). A relative path is made
// absolute against the working directory; it is cleaned but symbolic links
// are not followed.
func FromPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: /C:/models/a.bpmn
	}
	return "file://" + escapePath(p)
}

// escapePath percent-encodes a URL path minimally: it keeps what RFC 3986
// allows in a path segment (unreserved characters, sub-delimiters, ':' and
// '@') and the '/' separators, and encodes every other byte as %XX. This is
// also the form net/url keeps when it resolves a relative reference written
// that way, so IRIs from a graph compare equal to FileIRI's.
func escapePath(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(p))
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			strings.IndexByte("-._~!$&'()*+,;=:@/", c) >= 0:
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}
