package lint

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"iter"
	"strings"
)

// The machine-readable printers stream: each writes its document's
// skeleton (everything but the list of findings, encoded as a whole as
// before) around the list, whose items it encodes and writes one at a
// time, so that printing holds one item at a time and never the document.
// The bytes are those of encoding the whole document at once
// (printer_stream_test.go holds the two equal).

// streamMarker stands in the skeleton for the list that is streamed: a
// string no printer writes otherwise (JSON escapes its NULs, and XML
// skeletons hold none of the input's text).
const (
	jsonStreamMarker = "\x00seams-timers:stream\x00"
	xmlStreamMarker  = "@@seams-timers:stream@@"
)

// errNoMarker is a skeleton without its marker, or with two: a bug.
var errNoMarker = errors.New("printer skeleton: no single stream marker")

// streamBuffer is how much a streaming printer buffers before writing.
const streamBuffer = 64 << 10

// writeJSONStream writes skeleton as writeJSON does, with the JSON array
// items in place of the string jsonStreamMarker in it.
func writeJSONStream(w io.Writer, skeleton any, items iter.Seq2[any, error]) error {
	var sk bytes.Buffer
	if err := encodeJSON(&sk, skeleton, ""); err != nil {
		return err
	}
	marker, err := json.Marshal(jsonStreamMarker)
	if err != nil {
		return err
	}
	doc := sk.Bytes()
	at := bytes.Index(doc, marker)
	if at < 0 || bytes.Count(doc, marker) != 1 {
		return errNoMarker
	}
	lineStart := bytes.LastIndexByte(doc[:at], '\n') + 1
	indent := string(doc[lineStart : lineStart+len(doc[lineStart:at])-len(bytes.TrimLeft(doc[lineStart:at], " "))])
	bw := &stickyWriter{w: bufio.NewWriterSize(w, streamBuffer)}
	bw.Write(JSONRunes(doc[:at]))
	// One encoder for every item: it keeps nothing between them but its
	// settings.
	var item bytes.Buffer
	enc := newJSONEncoder(&item, indent+"  ")
	first := true
	for v, err := range items {
		if err != nil {
			return err
		}
		if bw.err != nil {
			return bw.err
		}
		item.Reset()
		if err := enc.Encode(v); err != nil {
			return err
		}
		if first {
			bw.WriteString("[\n")
			first = false
		} else {
			bw.WriteString(",\n")
		}
		bw.WriteString(indent + "  ")
		bw.Write(JSONRunes(bytes.TrimSuffix(item.Bytes(), []byte("\n"))))
	}
	if first {
		bw.WriteString("[]")
	} else {
		bw.WriteString("\n" + indent + "]")
	}
	bw.Write(JSONRunes(doc[at+len(marker):]))
	return bw.Flush()
}

// stickyWriter keeps the first error of writing, after which it writes
// nothing: a printer checks it once per item, and Flush returns it.
type stickyWriter struct {
	w   *bufio.Writer
	err error
}

func (s *stickyWriter) Write(b []byte) {
	if s.err == nil {
		_, s.err = s.w.Write(b)
	}
}

func (s *stickyWriter) WriteString(t string) {
	if s.err == nil {
		_, s.err = s.w.WriteString(t)
	}
}

// Flush writes what is buffered and returns the first error.
func (s *stickyWriter) Flush() error {
	if s.err != nil {
		return s.err
	}
	return s.w.Flush()
}

// encodeJSON encodes v as writeJSON does, every line after the first
// prefixed with prefix.
func encodeJSON(b *bytes.Buffer, v any, prefix string) error {
	return newJSONEncoder(b, prefix).Encode(v)
}

// newJSONEncoder is the encoder encodeJSON uses.
func newJSONEncoder(b *bytes.Buffer, prefix string) *json.Encoder {
	enc := json.NewEncoder(b)
	enc.SetIndent(prefix, "  ")
	enc.SetEscapeHTML(false)
	return enc
}

// writeXMLStream writes skeleton as writeXML does, with the elements
// items in place of the one element of the skeleton whose text holds
// xmlStreamMarker (its line is replaced by theirs).
func writeXMLStream(w io.Writer, skeleton any, items iter.Seq2[any, error]) error {
	var sk bytes.Buffer
	sk.WriteString(xml.Header)
	enc := xml.NewEncoder(&sk)
	enc.Indent("", "  ")
	if err := enc.Encode(skeleton); err != nil {
		return err
	}
	if err := enc.Close(); err != nil {
		return err
	}
	sk.WriteByte('\n')
	doc := sk.Bytes()
	at := bytes.Index(doc, []byte(xmlStreamMarker))
	if at < 0 || bytes.Count(doc, []byte(xmlStreamMarker)) != 1 {
		return errNoMarker
	}
	// The marker's line, without the line break before it.
	lineStart := bytes.LastIndexByte(doc[:at], '\n')
	lineEnd := at + bytes.IndexByte(doc[at:], '\n')
	indent := strings.TrimPrefix(string(doc[lineStart:at]), "\n")
	indent = indent[:len(indent)-len(strings.TrimLeft(indent, " "))]
	bw := &stickyWriter{w: bufio.NewWriterSize(w, streamBuffer)}
	bw.Write(XMLRunes(doc[:lineStart]))
	var item bytes.Buffer
	for v, err := range items {
		if err != nil {
			return err
		}
		if bw.err != nil {
			return bw.err
		}
		item.Reset()
		ie := xml.NewEncoder(&item)
		ie.Indent(indent, "  ")
		if err := ie.Encode(v); err != nil {
			return err
		}
		if err := ie.Close(); err != nil {
			return err
		}
		bw.WriteString("\n")
		bw.Write(XMLRunes(item.Bytes()))
	}
	bw.Write(XMLRunes(doc[lineEnd:]))
	return bw.Flush()
}

// occurrences numbers the findings that share a fingerprint (SARIF's and
// Code Climate's), in the sorted order: the first is 1. A fingerprint
// hashes the file, so the findings that share one sit together when every
// file is spelt one way; the counts are then dropped at each new file, so
// that they do not grow with the number of findings. When a file is
// spelt two ways that clean to one path, they are kept for the whole run.
type occurrences struct {
	seen     map[string]int
	perFile  bool
	lastFile string
}

// occurrencesFor counts the occurrences of findings that name files (each
// given once).
func occurrencesFor(files []string) *occurrences {
	o := &occurrences{seen: map[string]int{}, perFile: true}
	spelling := map[string]string{}
	for _, f := range files {
		clean := fingerprintFile(f)
		if s, ok := spelling[clean]; ok && s != f {
			o.perFile = false
			break
		}
		spelling[clean] = f
	}
	return o
}

// next counts one more finding of fingerprint hash and returns its number.
func (o *occurrences) next(d Diagnostic, hash string) int {
	if o.perFile && d.File != o.lastFile {
		clear(o.seen)
		o.lastFile = d.File
	}
	o.seen[hash]++
	return o.seen[hash]
}
