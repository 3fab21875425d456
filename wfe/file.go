package wfe

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"path/filepath"
	"strings"
)

// File is a file that holds schemes: one for a .xml file, the schemes of
// its WorkflowScheme rows for a .sql seed file.
type File struct {
	Path    string
	Src     []byte
	Schemes []*Scheme
}

// Timers counts the timers of the file's schemes.
func (f *File) Timers() int {
	n := 0
	for _, s := range f.Schemes {
		n += len(s.Timers)
	}
	return n
}

// IsXMLPath reports whether a path may hold a scheme as XML: *.xml, but
// not a BPMN model's *.bpmn20.xml.
func IsXMLPath(p string) bool {
	l := strings.ToLower(filepath.Base(p))
	return strings.HasSuffix(l, ".xml") && !strings.HasSuffix(l, ".bpmn20.xml")
}

// IsSQLPath reports whether a path is a SQL file (*.sql).
func IsSQLPath(p string) bool { return strings.EqualFold(filepath.Ext(p), ".sql") }

// Read reads the schemes of a file: a .sql seed file's WorkflowScheme
// rows, or a .xml file whose root is <Process>. ours is false for a file
// that holds none (other XML, SQL with no WorkflowScheme rows): it is not
// a scheme file, and says nothing. A scheme that cannot be read is an
// Error; the others are still read.
func Read(path string, src []byte) (f *File, errs []*Error, ours bool) {
	ls := newLines(path, src)
	f = &File{Path: path, Src: src}
	if IsSQLPath(path) {
		lits, at, msg := Extract(src)
		if msg != "" {
			return f, []*Error{{Kind: Unreadable, Range: ls.rng(at, at), Msg: "SQL: " + msg}}, true
		}
		if len(lits) == 0 {
			return nil, nil, false
		}
		for _, lit := range lits {
			prefix := lit.Code
			if prefix == "" {
				prefix = fmt.Sprintf("row%d", lit.Row)
			}
			s, err := parse(lit.Text, lit.ToFile, ls, prefix+"/")
			if err != nil {
				errs = append(errs, err)
				continue
			}
			s.Code = lit.Code
			f.Schemes = append(f.Schemes, s)
		}
		return f, errs, true
	}
	if !IsScheme(src) {
		return nil, nil, false
	}
	s, err := parse(src, func(i int) int { return i }, ls, "")
	if err != nil {
		return f, []*Error{err}, true
	}
	f.Schemes = []*Scheme{s}
	return f, nil, true
}

// IsScheme sniffs XML: it reports whether the root element is <Process>.
// When the XML breaks before its root, the first tag's text decides.
func IsScheme(src []byte) bool {
	space, local, ok := Root(src)
	if !ok {
		return firstTag(src) == "Process"
	}
	return local == "Process" && space == ""
}

// BPMNNamespace is the namespace of a BPMN 2.0 model's root.
const BPMNNamespace = "http://www.omg.org/spec/BPMN/20100524/MODEL"

// Root returns the namespace and local name of an XML document's root
// element; ok is false when the XML breaks before it.
func Root(src []byte) (space, local string, ok bool) {
	dec := xml.NewDecoder(bytes.NewReader(bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))))
	dec.Strict = true
	for range 64 {
		tok, err := dec.Token()
		if err != nil {
			return "", "", false
		}
		if t, isStart := tok.(xml.StartElement); isStart {
			return t.Name.Space, t.Name.Local, true
		}
	}
	return "", "", false
}

// firstTag returns the name of the first tag that is not a declaration,
// a processing instruction or a comment.
func firstTag(src []byte) string {
	for i := 0; i < len(src); i++ {
		if src[i] != '<' {
			continue
		}
		if i+1 < len(src) && (src[i+1] == '?' || src[i+1] == '!') {
			continue
		}
		j := i + 1
		for j < len(src) && !isSpace(src[j]) && src[j] != '>' && src[j] != '/' {
			j++
		}
		return string(src[i+1 : j])
	}
	return ""
}
