package bpmn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/seams/seams-timers/internal/fileiri"
)

// Limits on what Parse reads. Both keep memory and time bounded on hostile
// or broken input; no real BPMN model comes near them.
const (
	// MaxFileSize is the largest file Parse and Load read: 64 MiB. A larger
	// file is a TMR0001, refused before it is parsed (Load does not even
	// read it).
	MaxFileSize = 64 << 20
	// MaxDepth is the deepest element nesting Parse accepts. The element
	// that would sit at depth MaxDepth+1 is a TMR0002.
	MaxDepth = 512
	// MaxNodes bounds the XML tokens (elements, texts, comments) of a
	// file: each becomes a tree node of 100 to 200 bytes, so 64 MiB of
	// "<x/>" would take gigabytes. A large real model has some tens of
	// thousands. Past it the file is a TMR0001, too large to check.
	MaxNodes = 1 << 20
)

// Error is a file that cannot be loaded: TMR0001 (unreadable, empty,
// binary, not UTF-8, not XML, or XML that is not BPMN) or TMR0002 (an XML
// syntax error, or nesting deeper than MaxDepth).
//
// Parse and Load return a *Error, not an error, so that callers can read
// the rule and position; compare it with nil before storing it in an error
// variable.
type Error struct {
	// Rule is "TMR0001" or "TMR0002".
	Rule string
	// Path is the file's path as given to Parse or Load.
	Path string
	// Pos is where the problem is; errors about the whole file sit at line
	// 1, column 1.
	Pos Pos
	// Msg says what is wrong, in a sentence that starts in lower case.
	Msg string
}

// Error returns "path:line:col: message [rule]".
func (e *Error) Error() string {
	path := e.Path
	if path == "" {
		path = "<input>"
	}
	return fmt.Sprintf("%s:%d:%d: %s [%s]", path, e.Pos.Line, e.Pos.Col, e.Msg, e.Rule)
}

// IsBPMNPath reports whether a file name has a BPMN extension: ".bpmn",
// ".bpmn2" (jBPM, Kogito) or ".bpmn20.xml", in any letter case.
func IsBPMNPath(name string) bool {
	lower := strings.ToLower(name)
	return strings.HasSuffix(lower, ".bpmn") || strings.HasSuffix(lower, ".bpmn2") || strings.HasSuffix(lower, ".bpmn20.xml")
}

// FileIRI returns the absolute file:// URL of path: a model's IRI
// (DESIGN.md section 4). See fileiri.FromPath.
func FileIRI(path string) string { return fileiri.FromPath(path) }

// Load reads and parses the file at path. A missing, unreadable or too
// large file is a TMR0001.
func Load(path string) (*Document, *Error) {
	fail := func(format string, args ...any) (*Document, *Error) {
		return nil, &Error{Rule: "TMR0001", Path: path, Pos: Pos{Line: 1, Col: 1}, Msg: fmt.Sprintf(format, args...)}
	}
	f, err := os.Open(path)
	if err != nil {
		return fail("cannot read the file: %s", describe(err))
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil {
		if fi.IsDir() {
			return fail("cannot read the file: it is a directory")
		}
		if fi.Size() > MaxFileSize {
			return fail("the file is too large (%d bytes); the limit is %d MiB", fi.Size(), MaxFileSize>>20)
		}
	}
	// Read at most one byte past the limit, whatever Stat said.
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return fail("cannot read the file: %s", describe(err))
	}
	return Parse(path, src)
}

// ReadError is the TMR0001 finding for a file that could not be read.
func ReadError(path string, err error) *Error {
	return &Error{Rule: "TMR0001", Path: path, Pos: Pos{Line: 1, Col: 1}, Msg: "cannot read the file: " + describe(err)}
}

// describe returns the cause of a file system error without the path,
// which the diagnostic already shows.
func describe(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file"
	case errors.Is(err, fs.ErrPermission):
		return "permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Parse parses src, the contents of the file at path, into a Document. It
// never panics, and its time and memory grow linearly with len(src). The
// document keeps src as its Src, without copying it: do not modify it.
//
// What it accepts and refuses:
//   - The text must be UTF-8; a UTF-8 byte order mark is skipped. A file
//     whose XML declaration names another encoding is accepted only when it
//     is plain ASCII (it then reads the same as UTF-8); otherwise it is a
//     TMR0001 that says to convert it. UTF-16 is refused the same way.
//   - Empty, white-space-only, binary (NUL bytes) and non-UTF-8 files, text
//     that is not XML, XML with no element, XML whose root is not
//     {Namespace}definitions, and files over MaxFileSize are TMR0001.
//   - Syntax errors are TMR0002 at the byte where they are found: what
//     encoding/xml finds, plus what it leaves to its caller (end tags that
//     do not match, a second root, text outside the root, undeclared
//     prefixes, repeated attributes, nesting deeper than MaxDepth).
//   - Internal DTD entities are not expanded (encoding/xml does not), so a
//     reference to one is a TMR0002.
func Parse(path string, src []byte) (*Document, *Error) {
	doc, err := parse(path, src)
	if err != nil {
		err.Path = path
		return nil, err
	}
	return doc, nil
}

// encodingDecl finds the encoding pseudo-attribute of an XML declaration
// at the start of src and returns the bounds of its value, as the first
// submatch that matches of
//
//	^<\?xml[ \t\r\n](?:[^?>]*?[ \t\r\n])?encoding[ \t\r\n]*=[ \t\r\n]*(?:"([^"]*)"|'([^']*)')
//
// does (load_test.go holds the expression and a fuzz target comparing the
// two; compiling it cost each run more than reading the declaration).
// The optional group is greedy and its star lazy, so "encoding" is tried
// after each white-space character of the declaration in turn, up to the
// first '?' or '>', and right after "<?xml " last.
func encodingDecl(src []byte) (lo, hi int, ok bool) {
	if len(src) < 6 || string(src[:5]) != "<?xml" || !isXMLSpace(src[5]) {
		return 0, 0, false
	}
	for p := 7; p <= len(src); p++ {
		if p > 7 && (src[p-2] == '?' || src[p-2] == '>') {
			// The lazy star cannot pass a '?' or a '>'.
			break
		}
		if isXMLSpace(src[p-1]) {
			if lo, hi, ok := encodingAttr(src, p); ok {
				return lo, hi, true
			}
		}
	}
	return encodingAttr(src, 6)
}

// encodingAttr matches encoding[ \t\r\n]*=[ \t\r\n]*(?:"([^"]*)"|'([^']*)')
// at src[p:] and returns the bounds of the quoted value.
func encodingAttr(src []byte, p int) (lo, hi int, ok bool) {
	rest, found := bytes.CutPrefix(src[p:], []byte("encoding"))
	if !found {
		return 0, 0, false
	}
	i := len(src) - len(rest)
	for i < len(src) && isXMLSpace(src[i]) {
		i++
	}
	if i >= len(src) || src[i] != '=' {
		return 0, 0, false
	}
	i++
	for i < len(src) && isXMLSpace(src[i]) {
		i++
	}
	if i >= len(src) || src[i] != '"' && src[i] != '\'' {
		return 0, 0, false
	}
	end := bytes.IndexByte(src[i+1:], src[i])
	if end < 0 {
		return 0, 0, false
	}
	return i + 1, i + 1 + end, true
}

func parse(path string, src []byte) (*Document, *Error) {
	if len(src) > MaxFileSize {
		return nil, &Error{Rule: "TMR0001", Pos: Pos{Line: 1, Col: 1},
			Msg: fmt.Sprintf("the file is too large (%d bytes); the limit is %d MiB", len(src), MaxFileSize>>20)}
	}
	bom := 0
	if bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) {
		bom = 3
	}
	lines := newLineIndex(path, src, bom)
	fail := func(rule string, offset int, format string, args ...any) (*Document, *Error) {
		return nil, &Error{Rule: rule, Pos: lines.pos(offset), Msg: fmt.Sprintf(format, args...)}
	}
	body := src[bom:]
	switch {
	case len(src) == 0:
		return fail("TMR0001", 0, "the file is empty")
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}) || bytes.HasPrefix(src, []byte{0xFF, 0xFE}) ||
		bytes.HasPrefix(src, []byte{'<', 0}) || bytes.HasPrefix(src, []byte{0, '<'}):
		return fail("TMR0001", 0, "the file is UTF-16; seams-timers reads UTF-8 only: convert the file to UTF-8")
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		return fail("TMR0001", i, "binary file: it holds a NUL byte")
	}
	first := bytes.IndexFunc(body, notSpace)
	if first < 0 {
		return fail("TMR0001", 0, "the file holds only white space")
	}
	if body[first] != '<' {
		return fail("TMR0001", bom+first, "not an XML document: it starts with %s", excerpt(body[first:]))
	}
	if lo, hi, ok := encodingDecl(body[:min(len(body), 1024)]); ok {
		enc := string(body[lo:hi])
		switch {
		case strings.EqualFold(enc, "UTF-8") || strings.EqualFold(enc, "UTF8"):
		case asciiCompatible(enc):
			if i := bytes.IndexFunc(body, func(r rune) bool { return r >= utf8.RuneSelf }); i >= 0 {
				return fail("TMR0001", bom+i,
					"the file declares encoding %q and holds a non-ASCII character; seams-timers reads UTF-8 only: "+
						"convert the file to UTF-8 and declare encoding=\"UTF-8\"", enc)
			}
		default:
			return fail("TMR0001", bom+lo, "encoding %q is not supported; seams-timers reads UTF-8 only: convert the file to UTF-8", enc)
		}
	}
	if !utf8.Valid(body) {
		i := invalidUTF8(body)
		return fail("TMR0001", bom+i, "not UTF-8 text: byte 0x%02X is not valid UTF-8", body[i])
	}

	r := getReader(src, bom, lines)
	defer r.release()
	if err := r.read(); err != nil {
		return nil, err
	}

	b := builder{
		doc: &Document{
			Path: path,
			IRI:  FileIRI(path),
			Src:  src,
			ByID: make(map[string]any, r.ids),
		},
		lines:    lines,
		src:      src,
		pos:      r.pos,
		comments: r.comments,
		elemByID: make(map[string]int, r.ids),
	}
	b.build(&r.tree.Element)
	return b.doc, nil
}

// asciiCompatible reports whether an encoding name is one whose ASCII
// range is ASCII (the ISO-8859 family, Windows code pages 125x, ASCII):
// a file in it that holds only ASCII reads the same as UTF-8.
func asciiCompatible(enc string) bool {
	e := strings.ToLower(enc)
	switch e {
	case "us-ascii", "ascii", "latin1", "latin-1", "l1", "cp819", "ibm819":
		return true
	}
	for _, p := range []string{"iso-8859-", "iso8859-", "iso_8859-", "windows-125", "cp125"} {
		if strings.HasPrefix(e, p) {
			return true
		}
	}
	return false
}

// invalidUTF8 returns the offset of the first byte of b that is not valid
// UTF-8.
func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return 0
}
