// Package xmltok reads XML tokens from a byte slice without allocating per
// token. It is held exactly to encoding/xml: on any input, a Tokenizer
// yields the tokens Decoder.RawToken yields with Strict set and a
// CharsetReader that converts nothing, with the same InputOffset after each,
// and stops with the same error at the same offset (the tests and a fuzz
// target compare the two token for token).
//
// Names, attribute values, text, comments and directives are views into
// the source, or into a scratch buffer of the Tokenizer when reading
// changed their bytes (entities and character references replaced, "\r\n"
// and "\r" turned into "\n", a comment inside a directive turned into a
// space). Either way they are valid only until the next call of Next.
package xmltok

//go:generate go run -tags devtools ./gen -out names.go

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Kind is the kind of a token.
type Kind uint8

// The kinds of token, as encoding/xml's token types.
const (
	StartElement Kind = iota + 1 // <name attr="value">, or <name/>
	EndElement                   // </name>, or the end of <name/>
	CharData                     // text, or a CDATA section
	Comment                      // <!--data-->
	ProcInst                     // <?target data?>
	Directive                    // <!data>
)

// Name is a name as written: Space is the prefix before a colon, empty
// when there is none (encoding/xml splits a name at its one colon only when
// both sides are non-empty).
type Name struct {
	Space, Local []byte
}

// Attr is an attribute with its value decoded.
type Attr struct {
	Name  Name
	Value []byte
}

// Token is one token. Its byte slices are valid until the next call of
// Next.
type Token struct {
	Kind Kind
	// Name is the element's name; for a ProcInst, Name.Local is the
	// target (not split at a colon).
	Name Name
	// Attr holds a StartElement's attributes in source order.
	Attr []Attr
	// Data is the text of a CharData, Comment or Directive, or the
	// instruction of a ProcInst.
	Data []byte
	// Empty marks a StartElement written <name/>: the next token is its
	// EndElement, read from the same bytes.
	Empty bool
}

// Error is malformed input: a syntax error, or an XML declaration of a
// version other than 1.0.
type Error struct {
	// Msg is encoding/xml's message: a SyntaxError's Msg, or for another
	// error its text after "xml: ".
	Msg string
	// Line is the 1-based line of Offset, as encoding/xml counts it.
	Line int
	// Offset is InputOffset when reading stopped.
	Offset int
	// Syntax reports whether encoding/xml returns a *SyntaxError for it.
	Syntax bool
}

// Error returns the text encoding/xml's error has.
func (e *Error) Error() string {
	if e.Syntax {
		return "XML syntax error on line " + strconv.Itoa(e.Line) + ": " + e.Msg
	}
	return "xml: " + e.Msg
}

// Tokenizer reads the tokens of one source. The zero value reads an empty
// source; Reset gives it another.
type Tokenizer struct {
	src []byte
	off int
	err error

	needClose bool // the last token was <name/>: its EndElement is next
	toClose   Name

	attrs   []Attr
	scratch []byte
}

// New returns a Tokenizer reading src.
func New(src []byte) *Tokenizer {
	z := new(Tokenizer)
	z.Reset(src)
	return z
}

// Keep at most these in the buffers of a Tokenizer that is Reset, so that
// one huge token does not stay in memory for as long as the Tokenizer.
const (
	keepScratch = 64 << 10
	keepAttrs   = 1 << 10
)

// Reset makes z read src from its start, keeping its buffers when they are
// small.
func (z *Tokenizer) Reset(src []byte) {
	attrs, scratch := z.attrs, z.scratch
	clear(attrs[:cap(attrs)])
	if cap(attrs) > keepAttrs {
		attrs = nil
	}
	if cap(scratch) > keepScratch {
		scratch = nil
	}
	*z = Tokenizer{src: src, attrs: attrs[:0], scratch: scratch[:0]}
}

// InputOffset returns the offset in the source of the end of the last
// token, or where reading stopped on an error.
func (z *Tokenizer) InputOffset() int { return z.off }

// Next returns the next token. At the end of the source it returns io.EOF;
// on malformed input, an *Error, and the same error on every later call.
func (z *Tokenizer) Next() (Token, error) {
	if z.err != nil {
		return Token{}, z.err
	}
	if z.needClose {
		z.needClose = false
		return Token{Kind: EndElement, Name: z.toClose}, nil
	}
	z.scratch = z.scratch[:0]
	src := z.src
	if z.off >= len(src) {
		z.err = io.EOF
		return Token{}, io.EOF
	}
	if src[z.off] != '<' {
		data, ok := z.text(-1, false)
		if !ok {
			return Token{}, z.err
		}
		return Token{Kind: CharData, Data: data}, nil
	}
	z.off++
	b, ok := z.mustgetc()
	if !ok {
		return Token{}, z.err
	}
	switch b {
	case '/':
		return z.endTag()
	case '?':
		return z.procInst()
	case '!':
		return z.bang()
	}
	z.off-- // not a markup character: the element's name starts here
	return z.startTag()
}

// fail stops reading with a syntax error at the current offset.
func (z *Tokenizer) fail(msg string) (Token, error) {
	z.failText(msg)
	return Token{}, z.err
}

// failText records a syntax error at the current offset.
func (z *Tokenizer) failText(msg string) {
	z.err = &Error{Msg: msg, Line: 1 + bytes.Count(z.src[:z.off], []byte{'\n'}), Offset: z.off, Syntax: true}
}

// mustgetc reads one byte; at the end of the source it records "unexpected
// EOF".
func (z *Tokenizer) mustgetc() (byte, bool) {
	if z.off >= len(z.src) {
		z.failText("unexpected EOF")
		return 0, false
	}
	b := z.src[z.off]
	z.off++
	return b, true
}

// space skips XML white space.
func (z *Tokenizer) space() {
	for z.off < len(z.src) {
		switch z.src[z.off] {
		case ' ', '\r', '\n', '\t':
			z.off++
		default:
			return
		}
	}
}

// endTag reads an end tag after its "</".
func (z *Tokenizer) endTag() (Token, error) {
	name, ok := z.nsname()
	if !ok {
		if z.err == nil {
			z.failText("expected element name after </")
		}
		return Token{}, z.err
	}
	z.space()
	b, ok := z.mustgetc()
	if !ok {
		return Token{}, z.err
	}
	if b != '>' {
		return z.fail("invalid characters between </" + string(name.Local) + " and >")
	}
	return Token{Kind: EndElement, Name: name}, nil
}

// procInst reads a processing instruction after its "<?".
func (z *Tokenizer) procInst() (Token, error) {
	target, ok := z.name()
	if !ok {
		if z.err == nil {
			z.failText("expected target name after <?")
		}
		return Token{}, z.err
	}
	z.space()
	start := z.off
	i := bytes.Index(z.src[start:], []byte("?>"))
	if i < 0 {
		z.off = len(z.src)
		return z.fail("unexpected EOF")
	}
	z.off = start + i + 2
	data := z.src[start : start+i : start+i]
	if string(target) == "xml" {
		if ver := procInstParam(data); len(ver) > 0 && string(ver) != "1.0" {
			z.err = &Error{Msg: fmt.Sprintf("unsupported version %q; only version 1.0 is supported", ver),
				Line: 1 + bytes.Count(z.src[:z.off], []byte{'\n'}), Offset: z.off}
			return Token{}, z.err
		}
		// An encoding other than UTF-8 goes to the CharsetReader, which
		// converts nothing here.
	}
	return Token{Kind: ProcInst, Name: Name{Local: target}, Data: data}, nil
}

// versionEq is what procInstParam looks for.
var versionEq = []byte("version=")

// procInstParam returns the value of version="..." or version='...' in s,
// as encoding/xml's procInst finds it (the first "version=" followed by a
// quote, up to the next such quote), or nil.
func procInstParam(s []byte) []byte {
	lenp := len(versionEq)
	i := 0
	var sep byte
	for i < len(s) {
		sub := s[i:]
		k := bytes.Index(sub, versionEq)
		if k < 0 || lenp+k >= len(sub) {
			return nil
		}
		i += lenp + k + 1
		if c := sub[lenp+k]; c == '\'' || c == '"' {
			sep = c
			break
		}
	}
	if sep == 0 {
		return nil
	}
	j := bytes.IndexByte(s[i:], sep)
	if j < 0 {
		return nil
	}
	return s[i : i+j]
}

// bang reads what starts with "<!": a comment, a CDATA section or a
// directive.
func (z *Tokenizer) bang() (Token, error) {
	b, ok := z.mustgetc()
	if !ok {
		return Token{}, z.err
	}
	switch b {
	case '-':
		if b, ok = z.mustgetc(); !ok {
			return Token{}, z.err
		}
		if b != '-' {
			return z.fail("invalid sequence <!- not part of <!--")
		}
		start := z.off
		i := bytes.Index(z.src[start:], []byte("--"))
		if i < 0 || start+i+2 >= len(z.src) {
			z.off = len(z.src)
			return z.fail("unexpected EOF")
		}
		z.off = start + i + 3
		if z.src[start+i+2] != '>' {
			return z.fail(`invalid sequence "--" not allowed in comments`)
		}
		return Token{Kind: Comment, Data: z.src[start : start+i : start+i]}, nil
	case '[':
		for i := range 6 {
			if b, ok = z.mustgetc(); !ok {
				return Token{}, z.err
			}
			if b != "CDATA["[i] {
				return z.fail("invalid <![ sequence")
			}
		}
		data, ok := z.text(-1, true)
		if !ok {
			return Token{}, z.err
		}
		return Token{Kind: CharData, Data: data}, nil
	}
	return z.directive()
}

// directive reads a directive whose first byte has been read (and is
// taken as it is). Quoted '<' and '>' do not nest; a comment inside is read
// as one space.
func (z *Tokenizer) directive() (Token, error) {
	src := z.src
	start := z.off - 1
	buf := z.scratch[:0]
	copied := false // buf holds the data (a comment was met)
	inquote := byte(0)
	depth := 0
	var b byte
	var ok bool
	for {
		if b, ok = z.mustgetc(); !ok {
			return Token{}, z.err
		}
		if inquote == 0 && b == '>' && depth == 0 {
			break
		}
	handle:
		if copied {
			buf = append(buf, b)
		}
		switch {
		case b == inquote:
			inquote = 0
		case inquote != 0:
		case b == '\'' || b == '"':
			inquote = b
		case b == '>':
			depth--
		case b == '<':
			const open = "!--"
			for i := range len(open) {
				if b, ok = z.mustgetc(); !ok {
					return Token{}, z.err
				}
				if b != open[i] {
					if copied {
						buf = append(buf, open[:i]...)
					}
					depth++
					goto handle
				}
			}
			if !copied {
				buf = append(buf, src[start:z.off-4]...)
				copied = true
			} else {
				buf = buf[:len(buf)-1] // the '<'
			}
			var b0, b1 byte
			for {
				if b, ok = z.mustgetc(); !ok {
					return Token{}, z.err
				}
				if b0 == '-' && b1 == '-' && b == '>' {
					break
				}
				b0, b1 = b1, b
			}
			buf = append(buf, ' ')
		}
	}
	if copied {
		z.scratch = buf
		return Token{Kind: Directive, Data: buf[:len(buf):len(buf)]}, nil
	}
	end := z.off - 1
	return Token{Kind: Directive, Data: src[start:end:end]}, nil
}

// startTag reads a start tag from its name.
func (z *Tokenizer) startTag() (Token, error) {
	name, ok := z.nsname()
	if !ok {
		if z.err == nil {
			z.failText("expected element name after <")
		}
		return Token{}, z.err
	}
	attrs := z.attrs[:0]
	empty := false
	for {
		z.space()
		b, ok := z.mustgetc()
		if !ok {
			return Token{}, z.err
		}
		if b == '/' {
			if b, ok = z.mustgetc(); !ok {
				return Token{}, z.err
			}
			if b != '>' {
				return z.fail("expected /> in element")
			}
			empty = true
			break
		}
		if b == '>' {
			break
		}
		z.off--
		an, ok := z.nsname()
		if !ok {
			if z.err == nil {
				z.failText("expected attribute name in element")
			}
			return Token{}, z.err
		}
		z.space()
		if b, ok = z.mustgetc(); !ok {
			return Token{}, z.err
		}
		if b != '=' {
			return z.fail("attribute name without = in element")
		}
		z.space()
		if b, ok = z.mustgetc(); !ok {
			return Token{}, z.err
		}
		if b != '"' && b != '\'' {
			return z.fail("unquoted or missing attribute value in element")
		}
		v, ok := z.text(int(b), false)
		if !ok {
			return Token{}, z.err
		}
		attrs = append(attrs, Attr{Name: an, Value: v})
	}
	z.attrs = attrs
	if empty {
		z.needClose = true
		z.toClose = name
	}
	return Token{Kind: StartElement, Name: name, Attr: attrs[:len(attrs):len(attrs)], Empty: empty}, nil
}

// nsname reads a name and splits it at its colon. It returns false with no
// error recorded when there is no name or more than one colon.
func (z *Tokenizer) nsname() (Name, bool) {
	s, ok := z.name()
	if !ok {
		return Name{}, false
	}
	i := bytes.IndexByte(s, ':')
	switch {
	case i < 0:
		return Name{Local: s}, true
	case bytes.IndexByte(s[i+1:], ':') >= 0:
		return Name{}, false
	case i == 0 || i == len(s)-1:
		return Name{Local: s}, true
	}
	return Name{Space: s[:i:i], Local: s[i+1:]}, true
}

// name reads a name: bytes up to the first ASCII byte that cannot be in a
// name, then checked as a whole. It returns false with no error recorded
// when there is none.
func (z *Tokenizer) name() ([]byte, bool) {
	start := z.off
	if !z.readName() {
		return nil, false
	}
	s := z.src[start:z.off:z.off]
	if !isName(s) {
		z.failText("invalid XML name: " + string(s))
		return nil, false
	}
	return s, true
}

// readName skips the bytes of a name (every byte from 0x80 up counts);
// it reports false with no error recorded when the next byte cannot start
// one, and with "unexpected EOF" recorded when the source ends in it.
func (z *Tokenizer) readName() bool {
	src := z.src
	i := z.off
	if i >= len(src) {
		z.failText("unexpected EOF")
		return false
	}
	if nameByte[src[i]] == 0 {
		return false
	}
	for i++; i < len(src); i++ {
		if nameByte[src[i]] == 0 {
			z.off = i
			return true
		}
	}
	z.off = len(src)
	z.failText("unexpected EOF")
	return false
}

// nameByte is 1 for the bytes readName takes: ASCII letters, digits,
// "_:.-", and every byte from 0x80 up.
var nameByte = func() (t [256]byte) {
	for c := range 256 {
		if c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' ||
			c == '_' || c == ':' || c == '.' || c == '-' {
			t[c] = 1
		}
	}
	return t
}()

// isName reports whether s is a name as encoding/xml's isName decides:
// a first character that is a letter, '_' or ':', then name characters,
// by the XML 1.0 (fourth edition) tables.
func isName(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	c := s[0]
	if c < utf8.RuneSelf {
		if !isFirstASCII(c) {
			return false
		}
		i := 1
		for i < len(s) && s[i] < utf8.RuneSelf {
			if nameByte[s[i]] == 0 {
				return false
			}
			i++
		}
		if i == len(s) {
			return true
		}
		return isNameRest(s[i:])
	}
	r, n := utf8.DecodeRune(s)
	if r == utf8.RuneError && n == 1 || !unicode.Is(firstChar, r) {
		return false
	}
	return isNameRest(s[n:])
}

// isFirstASCII reports whether an ASCII byte can start a name: a letter,
// '_' or ':'.
func isFirstASCII(c byte) bool {
	return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || c == '_' || c == ':'
}

// isNameRest reports whether every character of s can follow the first of
// a name.
func isNameRest(s []byte) bool {
	for len(s) > 0 {
		if c := s[0]; c < utf8.RuneSelf {
			if nameByte[c] == 0 {
				return false
			}
			s = s[1:]
			continue
		}
		r, n := utf8.DecodeRune(s)
		if r == utf8.RuneError && n == 1 || !unicode.Is(nameChar, r) {
			return false
		}
		s = s[n:]
	}
	return true
}

// The bits of textByte: what stops the fast scan of text for each way of
// reading it.
const (
	tLt    = 1 << iota // '<'
	tAmp               // '&'
	tCR                // '\r'
	tGt                // '>' (the end of "]]>")
	tQuot              // '"'
	tApos              // '\''
	tCheck             // a control character or a byte from 0x80: checked
)

var textByte = func() (t [256]byte) {
	t['<'], t['&'], t['\r'], t['>'], t['"'], t['\''] = tLt, tAmp, tCR, tGt, tQuot, tApos
	for c := range 256 {
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c >= utf8.RuneSelf {
			t[c] = tCheck
		}
	}
	return t
}()

// text reads character data from the current offset: up to '<' or the
// end (quote < 0), up to the closing quote (an attribute value), or up to
// "]]>" (cdata). It returns false when it recorded an error. As
// encoding/xml does, it checks the characters of the decoded text only
// once the whole text is read, so that an error found while reading wins.
func (z *Tokenizer) text(quote int, cdata bool) ([]byte, bool) {
	src := z.src
	n := len(src)
	var mask byte
	switch {
	case cdata:
		mask = tCR | tGt | tCheck
	case quote == '"':
		mask = tLt | tAmp | tCR | tQuot | tCheck
	case quote == '\'':
		mask = tLt | tAmp | tCR | tApos | tCheck
	default:
		mask = tLt | tAmp | tCR | tGt | tCheck
	}
	start := z.off
	i := start
	run := start   // the start of the bytes not yet copied (when copied)
	reset := start // where "]]>" may start: after the last reference
	copied := false
	base := len(z.scratch)
	buf := z.scratch
	bad := "" // the first character error, reported at the end
	end := n  // where the data ends in src
scan:
	for {
		for i < n && textByte[src[i]]&mask == 0 {
			i++
		}
		if i >= n {
			if cdata {
				z.off = n
				z.failText("unexpected EOF in CDATA section")
				return nil, false
			}
			z.off = n
			break
		}
		c := src[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRune(src[i:])
			if bad == "" {
				if r == utf8.RuneError && size == 1 {
					bad = "invalid UTF-8"
				} else if !inCharRange(r) {
					bad = fmt.Sprintf("illegal character code %U", r)
				}
			}
			i += size
			continue
		}
		switch c {
		case '>':
			i++
			if i-3 >= reset && src[i-3] == ']' && src[i-2] == ']' {
				z.off = i
				if !cdata {
					z.failText("unescaped ]]> not in CDATA section")
					return nil, false
				}
				end = i - 3
				break scan
			}
			continue
		case '<':
			if quote >= 0 {
				z.off = i + 1
				z.failText("unescaped < inside quoted string")
				return nil, false
			}
			end, z.off = i, i
			break scan
		case '"', '\'':
			end, z.off = i, i+1
			break scan
		case '\r':
			if !copied {
				buf = append(buf, src[start:i]...)
				copied = true
			} else {
				buf = append(buf, src[run:i]...)
			}
			buf = append(buf, '\n')
			i++
			if i < n && src[i] == '\n' {
				i++
			}
			run = i
			continue
		case '&':
			if !copied {
				buf = append(buf, src[start:i]...)
				copied = true
			} else {
				buf = append(buf, src[run:i]...)
			}
			var r rune
			var ok bool
			if r, i, ok = z.entity(i); !ok {
				return nil, false
			}
			if bad == "" && !inCharRange(r) {
				bad = fmt.Sprintf("illegal character code %U", r)
			}
			buf = utf8.AppendRune(buf, r)
			run, reset = i, i
			continue
		}
		// A control character other than tab and new line.
		if bad == "" {
			bad = fmt.Sprintf("illegal character code %U", rune(c))
		}
		i++
	}
	var data []byte
	if copied {
		buf = append(buf, src[run:end]...)
		z.scratch = buf
		data = buf[base:len(buf):len(buf)]
	} else {
		data = src[start:end:end]
	}
	if bad != "" {
		z.failText(bad)
		return nil, false
	}
	return data, true
}

// entity reads the reference that starts with the '&' at src[amp] and
// returns its character and the offset after it. On a malformed or
// unknown reference it records encoding/xml's error and returns false.
func (z *Tokenizer) entity(amp int) (rune, int, bool) {
	src := z.src
	n := len(src)
	i := amp + 1
	eof := func() (rune, int, bool) {
		z.off = n
		z.failText("unexpected EOF")
		return 0, 0, false
	}
	fail := func(i int, semicolon bool) (rune, int, bool) {
		z.off = i
		msg := "invalid character entity " + string(src[amp:i])
		if !semicolon {
			msg += " (no semicolon)"
		}
		z.failText(msg)
		return 0, 0, false
	}
	if i >= n {
		return eof()
	}
	if src[i] == '#' {
		i++
		if i >= n {
			return eof()
		}
		hex := src[i] == 'x'
		if hex {
			i++
		}
		digits := i
		var v uint64
		for ; i < n; i++ {
			c := src[i]
			var d byte
			switch {
			case '0' <= c && c <= '9':
				d = c - '0'
			case hex && 'a' <= c && c <= 'f':
				d = c - 'a' + 10
			case hex && 'A' <= c && c <= 'F':
				d = c - 'A' + 10
			default:
				goto end
			}
			if v <= unicode.MaxRune {
				if hex {
					v = v*16 + uint64(d)
				} else {
					v = v*10 + uint64(d)
				}
			}
		}
		return eof()
	end:
		if src[i] != ';' {
			return fail(i, false)
		}
		i++
		if i-1 == digits || v > unicode.MaxRune {
			return fail(i, true)
		}
		r := rune(v)
		if !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		return r, i, true
	}
	// A named reference: a name, then ';'.
	if nameByte[src[i]] != 0 {
		for i++; i < n && nameByte[src[i]] != 0; i++ {
		}
		if i >= n {
			return eof()
		}
	}
	if src[i] != ';' {
		return fail(i, false)
	}
	name := src[amp+1 : i]
	i++
	if isName(name) {
		switch string(name) {
		case "lt":
			return '<', i, true
		case "gt":
			return '>', i, true
		case "amp":
			return '&', i, true
		case "apos":
			return '\'', i, true
		case "quot":
			return '"', i, true
		}
	}
	return fail(i, true)
}

// inCharRange reports whether r may appear in an XML document (the Char
// production).
func inCharRange(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}
