package graph

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokKind is the kind of a token of the strict scanner.
type tokKind uint8

// Token kinds, after the terminals of the W3C Turtle grammar.
const (
	tEOF      tokKind = iota
	tIRI              // IRIREF: <...>
	tPName            // PNAME_NS or PNAME_LN: prefix:local
	tBlank            // BLANK_NODE_LABEL: _:label
	tAnon             // ANON: [ ]
	tString           // one of the four string forms
	tLang             // LANGTAG: @en, only right after a string
	tCaret            // ^^
	tInteger          // INTEGER
	tDecimal          // DECIMAL
	tDouble           // DOUBLE
	tBool             // true or false
	tA                // a
	tDot              // .
	tSemi             // ;
	tComma            // ,
	tLBrack           // [
	tRBrack           // ]
	tLParen           // (
	tRParen           // )
	tAtPrefix         // @prefix
	tAtBase           // @base
	tPrefix           // PREFIX (any case)
	tBase             // BASE (any case)
)

// token is one token. Offsets are byte offsets into the document.
type token struct {
	kind tokKind
	off  int
	end  int
	// val is the IRI with escapes decoded (tIRI), the prefix label
	// (tPName), the blank node label (tBlank), the string with escapes
	// decoded (tString), the language tag without '@' (tLang), or the text
	// as written (numbers, booleans, keywords).
	val string
	// vs is the offset of val in the document, and esc reports that val
	// had escapes decoded, so that it is not a slice of the document.
	vs  int
	esc bool
	// local is the local part of a prefixed name with its escapes
	// decoded, lesc whether it had any; colon is the offset of its ':'.
	local string
	lesc  bool
	colon int
	// eol reports whether a line break was skipped before the token.
	eol bool
}

// synErr is a syntax error at a byte offset. The scanner raises it with
// panic and recovers it where a statement is read.
type synErr struct {
	off int
	msg string
}

// lexer splits a Turtle or N-Triples document into tokens, strictly after
// the W3C grammars.
type lexer struct {
	s    string
	pos  int
	nt   bool
	prev tokKind
	buf  []byte
}

func (l *lexer) fail(off int, format string, args ...any) {
	panic(&synErr{off: off, msg: fmt.Sprintf(format, args...)})
}

// next returns the next token.
func (l *lexer) next() token {
	eol := l.skipSpace()
	t := l.lex()
	t.eol = eol
	l.prev = t.kind
	return t
}

// skipSpace skips white space and comments, and reports whether it skipped
// a line break. A comment runs to the end of the line: to the next line
// feed or carriage return.
func (l *lexer) skipSpace() (eol bool) {
	s := l.s
	for l.pos < len(s) {
		switch s[l.pos] {
		case ' ', '\t':
			l.pos++
		case '\n', '\r':
			eol = true
			l.pos++
		case '#':
			for l.pos < len(s) && s[l.pos] != '\n' && s[l.pos] != '\r' {
				l.pos++
			}
		default:
			return eol
		}
	}
	return eol
}

// skipFrom returns the offset of the first byte at or after i that is not
// white space or part of a comment.
func (l *lexer) skipFrom(i int) int {
	s := l.s
	for i < len(s) {
		switch s[i] {
		case ' ', '\t', '\n', '\r':
			i++
		case '#':
			for i < len(s) && s[i] != '\n' && s[i] != '\r' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

func (l *lexer) single(k tokKind, start int) token {
	l.pos = start + 1
	return token{kind: k, off: start, end: start + 1}
}

func (l *lexer) lex() token {
	s := l.s
	start := l.pos
	if start >= len(s) {
		return token{kind: tEOF, off: start, end: start}
	}
	c := s[start]
	switch {
	case c == '<':
		return l.lexIRI(start)
	case c == '"' || c == '\'':
		return l.lexString(start, c)
	case c == '_':
		return l.lexBlank(start)
	case c == '@':
		if l.prev == tString {
			return l.lexLang(start)
		}
		return l.lexDirective(start)
	case c == '[':
		if j := l.skipFrom(start + 1); j < len(s) && s[j] == ']' {
			l.pos = j + 1
			return token{kind: tAnon, off: start, end: j + 1}
		}
		return l.single(tLBrack, start)
	case c == ']':
		return l.single(tRBrack, start)
	case c == '(':
		return l.single(tLParen, start)
	case c == ')':
		return l.single(tRParen, start)
	case c == ';':
		return l.single(tSemi, start)
	case c == ',':
		return l.single(tComma, start)
	case c == '.':
		if start+1 < len(s) && isDigit(s[start+1]) {
			return l.lexNumber(start)
		}
		return l.single(tDot, start)
	case c == '^':
		if start+1 < len(s) && s[start+1] == '^' {
			l.pos = start + 2
			return token{kind: tCaret, off: start, end: start + 2}
		}
		l.fail(start, "a single '^': a datatype is written \"text\"^^<datatype IRI>")
	case c == '+' || c == '-' || isDigit(c):
		return l.lexNumber(start)
	case c == ':':
		return l.lexName(start)
	}
	r, _ := utf8.DecodeRuneInString(s[start:])
	if isPNCharsBase(r) {
		return l.lexName(start)
	}
	l.fail(start, "unexpected character %s", describeRune(r))
	return token{}
}

// iriStopLow and iriStopHigh are the bytes below 64 and from 64 to 127
// that end an IRIREF or need a look in lexIRI: controls, space, '<', '>',
// '"', '{', '}', '|', '^', '`' and '\\'.
const (
	iriStopLow  uint64 = 1<<0x21 - 1 | 1<<'<' | 1<<'>' | 1<<'"'
	iriStopHigh uint64 = 1<<('{'-64) | 1<<('}'-64) | 1<<('|'-64) | 1<<('^'-64) | 1<<('`'-64) | 1<<('\\'-64)
)

// iriPlain reports whether the byte c stands for itself in an IRIREF.
func iriPlain(c byte) bool {
	switch {
	case c < 64:
		return iriStopLow&(1<<c) == 0
	case c < 128:
		return iriStopHigh&(1<<(c-64)) == 0
	}
	return true
}

// runeAt decodes the character at s[i], ASCII without a call.
func runeAt(s string, i int) (rune, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRuneInString(s[i:])
}

// uchar decodes the \uXXXX or \UXXXXXXXX escape at s[i] and returns the
// character and the escape's length.
func (l *lexer) uchar(i int, where string) (rune, int) {
	s := l.s
	n := 0
	if i+1 < len(s) {
		switch s[i+1] {
		case 'u':
			n = 4
		case 'U':
			n = 8
		}
	}
	if n == 0 {
		if i+1 < len(s) {
			l.fail(i, "bad escape %s in %s: only \\uXXXX and \\UXXXXXXXX are allowed here", describeEscape(s[i:]), where)
		}
		l.fail(i, "a '\\' at the end of the file")
	}
	var r rune
	for k := 0; k < n; k++ {
		j := i + 2 + k
		if j >= len(s) || !isHex(s[j]) {
			l.fail(i, "bad escape in %s: \\%c needs %d hex digits", where, s[i+1], n)
		}
		r = r<<4 | rune(hexVal(s[j]))
	}
	if r > unicode.MaxRune || (0xD800 <= r && r <= 0xDFFF) {
		l.fail(i, "the escape %s in %s names no Unicode character", s[i:i+2+n], where)
	}
	return r, 2 + n
}

// lexIRI reads an IRIREF.
func (l *lexer) lexIRI(start int) token {
	s := l.s
	i := start + 1
	seg := i
	esc := false
	b := l.buf[:0]
	for {
		// Most bytes of an IRI need no second look.
		for i < len(s) && iriPlain(s[i]) {
			i++
		}
		if i >= len(s) {
			l.fail(start, "IRI not closed: missing '>'")
		}
		c := s[i]
		switch {
		case c == '>':
			val := s[start+1 : i]
			if esc {
				b = append(b, s[seg:i]...)
				val = string(b)
				l.buf = b
			}
			l.pos = i + 1
			return token{kind: tIRI, off: start, end: i + 1, val: val, vs: start + 1, esc: esc}
		case c == '\\':
			r, n := l.uchar(i, "an IRI")
			if r <= 0x20 || strings.ContainsRune("<>\"{}|^`\\", r) {
				l.fail(i, "the escape %s stands for %s, which is not allowed in an IRI", s[i:i+n], describeRune(r))
			}
			b = append(b, s[seg:i]...)
			b = utf8.AppendRune(b, r)
			esc = true
			i += n
			seg = i
		case c == '\n' || c == '\r':
			l.fail(start, "IRI not closed before the end of the line: missing '>'")
		case c == ' ':
			l.fail(i, "a space is not allowed in an IRI (write it as %%20, or close the IRI with '>')")
		case c < 0x20:
			l.fail(i, "%s is not allowed in an IRI", describeRune(rune(c)))
		case c == '<':
			l.fail(i, "'<' is not allowed in an IRI (is a '>' missing before it?)")
		case strings.IndexByte("\"{}|^`", c) >= 0:
			l.fail(i, "'%c' is not allowed in an IRI (write it percent-encoded)", c)
		default:
			i++
		}
	}
}

// lexString reads one of the four string forms.
func (l *lexer) lexString(start int, q byte) token {
	s := l.s
	long := start+2 < len(s) && s[start+1] == q && s[start+2] == q
	if l.nt {
		if q == '\'' {
			l.fail(start, "N-Triples strings are written in double quotes")
		}
		if long {
			l.fail(start, "N-Triples has no long strings (\"\"\"...\"\"\"): write line breaks as \\n")
		}
	}
	// The closing quotes, as constants: a string made of q would be
	// allocated for every string read.
	closing := `"`
	i := start + 1
	switch {
	case long && q == '"':
		closing, i = `"""`, start+3
	case long:
		closing, i = "'''", start+3
	case q == '\'':
		closing = "'"
	}
	seg := i
	esc := false
	b := l.buf[:0]
	for {
		if i >= len(s) {
			l.fail(start, "string not closed: missing %s", closing)
		}
		c := s[i]
		switch {
		case c == q && (!long || (i+2 < len(s) && s[i+1] == q && s[i+2] == q)):
			val := s[seg:i]
			if esc {
				b = append(b, val...)
				val = string(b)
				l.buf = b
			}
			l.pos = i + len(closing)
			return token{kind: tString, off: start, end: l.pos, val: val, vs: start + len(closing), esc: esc}
		case c == '\\':
			b = append(b, s[seg:i]...)
			esc = true
			if i+1 < len(s) {
				if e := echar(s[i+1]); e != 0 {
					b = append(b, e)
					i += 2
					seg = i
					continue
				}
			}
			if i+1 < len(s) && (s[i+1] == 'u' || s[i+1] == 'U') {
				r, n := l.uchar(i, "a string")
				b = utf8.AppendRune(b, r)
				i += n
				seg = i
				continue
			}
			if i+1 >= len(s) {
				l.fail(i, "string not closed: missing %s", closing)
			}
			l.fail(i, "bad escape %s in a string: use \\t \\b \\n \\r \\f \\\" \\' \\\\ or \\uXXXX", describeEscape(s[i:]))
		case !long && (c == '\n' || c == '\r'):
			l.fail(i, "line break inside a string: close it with %c on the same line, or write a long string (%s...%s)", q, strings.Repeat(string(q), 3), strings.Repeat(string(q), 3))
		default:
			i++
		}
	}
}

// echar returns the character the escape \c stands for, or 0.
func echar(c byte) byte {
	switch c {
	case 't':
		return '\t'
	case 'b':
		return '\b'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 'f':
		return '\f'
	case '"', '\'', '\\':
		return c
	}
	return 0
}

// lexLang reads a language tag after a string.
func (l *lexer) lexLang(start int) token {
	s := l.s
	i := start + 1
	for i < len(s) && isAlpha(s[i]) {
		i++
	}
	if i == start+1 {
		l.fail(start, "a language tag needs letters after '@' (for example \"text\"@en)")
	}
	for i < len(s) && s[i] == '-' {
		j := i + 1
		for j < len(s) && (isAlpha(s[j]) || isDigit(s[j])) {
			j++
		}
		if j == i+1 {
			l.fail(i, "a language tag cannot end with '-'")
		}
		i = j
	}
	l.pos = i
	return token{kind: tLang, off: start, end: i, val: s[start+1 : i], vs: start + 1}
}

// lexDirective reads @prefix or @base.
func (l *lexer) lexDirective(start int) token {
	s := l.s
	i := start + 1
	for i < len(s) && isAlpha(s[i]) {
		i++
	}
	word := s[start+1 : i]
	if l.nt {
		l.fail(start, "N-Triples has no directives: write IRIs in full as <...>")
	}
	switch word {
	case "prefix":
		l.pos = i
		return token{kind: tAtPrefix, off: start, end: i, val: word}
	case "base":
		l.pos = i
		return token{kind: tAtBase, off: start, end: i, val: word}
	case "":
		l.fail(start, "unexpected '@': a language tag follows its string directly (\"text\"@en), and the directives are @prefix and @base")
	}
	l.fail(start, "unknown directive '@%s': Turtle has @prefix and @base (lower case)", word)
	return token{}
}

// lexNumber reads an INTEGER, DECIMAL or DOUBLE.
func (l *lexer) lexNumber(start int) token {
	s := l.s
	if l.nt {
		l.fail(start, "N-Triples has no bare numbers: write \"1\"^^<%s>", XSDInteger)
	}
	i := start
	if s[i] == '+' || s[i] == '-' {
		i++
	}
	d1 := digits(s, i)
	i += d1
	kind := tInteger
	if i < len(s) && s[i] == '.' {
		if d2 := digits(s, i+1); d2 > 0 {
			i += 1 + d2
			kind = tDecimal
		} else if d1 > 0 && exponent(s, i+1) > 0 {
			i++
			kind = tDecimal
		}
	}
	if d1 == 0 && kind == tInteger {
		l.fail(start, "'%c' must be followed by a number", s[start])
	}
	if n := exponent(s, i); n > 0 {
		i += n
		kind = tDouble
	}
	l.pos = i
	return token{kind: kind, off: start, end: i, val: s[start:i], vs: start}
}

func digits(s string, i int) int {
	n := 0
	for i+n < len(s) && isDigit(s[i+n]) {
		n++
	}
	return n
}

// exponent returns the length of the EXPONENT at s[i], or 0.
func exponent(s string, i int) int {
	if i >= len(s) || (s[i] != 'e' && s[i] != 'E') {
		return 0
	}
	j := i + 1
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	n := digits(s, j)
	if n == 0 {
		return 0
	}
	return j + n - i
}

// lexBlank reads a BLANK_NODE_LABEL.
func (l *lexer) lexBlank(start int) token {
	s := l.s
	if start+1 >= len(s) || s[start+1] != ':' {
		l.fail(start, "'_' must be followed by ':' to start a blank node label (for example _:b1)")
	}
	i := start + 2
	r, w := utf8.DecodeRuneInString(s[i:])
	if i >= len(s) || !isLabelStart(r) {
		l.fail(start, "a blank node label needs a name after '_:' (for example _:b1)")
	}
	i += w
	end := i
	for i < len(s) {
		r, w = runeAt(s, i)
		if r == '.' {
			i += w
			continue
		}
		if !isPNChars(r) {
			break
		}
		i += w
		end = i
	}
	l.pos = end
	return token{kind: tBlank, off: start, end: end, val: s[start+2 : end], vs: start + 2}
}

// localEscapes are the characters a local name may escape with '\'.
const localEscapes = "_~.-!$&'()*+,;=/?#@%"

// lexName reads a prefixed name, or one of the keywords a, true, false,
// PREFIX and BASE.
func (l *lexer) lexName(start int) token {
	s := l.s
	colon := start
	if s[start] != ':' {
		_, w := runeAt(s, start)
		i := start + w
		for i < len(s) {
			if c := s[i]; pnASCII(c) || c == '.' {
				i++
				continue
			}
			r, w := runeAt(s, i)
			if r != '.' && !isPNChars(r) {
				break
			}
			i += w
		}
		if i >= len(s) || s[i] != ':' {
			e := i
			for e > start && s[e-1] == '.' {
				e--
			}
			word := s[start:e]
			if l.nt {
				l.fail(start, "N-Triples has no prefixed names or keywords: write IRIs in full as <...>")
			}
			kind := tokKind(0)
			switch {
			case word == "a":
				kind = tA
			case word == "true" || word == "false":
				kind = tBool
			case strings.EqualFold(word, "PREFIX"):
				kind = tPrefix
			case strings.EqualFold(word, "BASE"):
				kind = tBase
			default:
				example := ""
				if printable(word) {
					example = " (as in ex:" + snippet(word) + ")"
				}
				l.fail(start, "unknown word %q: a prefixed name needs a ':'%s, and the only keywords are a, true, false, PREFIX and BASE", snippet(word), example)
			}
			l.pos = e
			return token{kind: kind, off: start, end: e, val: word, vs: start}
		}
		if s[i-1] == '.' {
			l.fail(i-1, "a prefix name cannot end with '.'")
		}
		colon = i
	}
	if l.nt {
		l.fail(start, "N-Triples has no prefixed names: write IRIs in full as <...>")
	}
	i := colon + 1
	end := i
	esc := false
	first := true
loop:
	for i < len(s) {
		c := s[i]
		if pnASCII(c) && (!first || c != '-') {
			// A letter, digit, '_' or '-' (not first): the common case.
			i++
			end = i
			first = false
			continue
		}
		switch c {
		case '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				l.fail(i, "'%%' in a local name must be followed by two hex digits")
			}
			i += 3
			end = i
		case '\\':
			if i+1 >= len(s) || strings.IndexByte(localEscapes, s[i+1]) < 0 {
				l.fail(i, "bad escape %s in a local name: only \\ followed by one of %s is allowed", describeEscape(s[i:]), localEscapes)
			}
			esc = true
			i += 2
			end = i
		case '.':
			if first {
				break loop
			}
			i++
		case ':':
			i++
			end = i
		default:
			r, w := runeAt(s, i)
			if first && !isLabelStart(r) || !first && !isPNChars(r) {
				break loop
			}
			i += w
			end = i
		}
		first = false
	}
	l.pos = end
	local := s[colon+1 : end]
	if esc {
		b := l.buf[:0]
		for k := 0; k < len(local); k++ {
			if local[k] == '\\' {
				k++
			}
			b = append(b, local[k])
		}
		local = string(b)
		l.buf = b
	}
	return token{kind: tPName, off: start, end: end, val: s[start:colon], vs: start, local: local, lesc: esc, colon: colon}
}

// pnLow and pnHigh are the ASCII bytes below 64 and from 64 to 127 that
// are PN_CHARS: letters, digits, '_' and '-'.
const (
	pnLow  uint64 = (1<<10-1)<<'0' | 1<<'-'
	pnHigh uint64 = (1<<26-1)<<('A'-64) | 1<<('_'-64) | (1<<26-1)<<('a'-64)
)

// pnASCII reports whether c is an ASCII PN_CHARS, without decoding a
// character.
func pnASCII(c byte) bool {
	if c < 64 {
		return pnLow>>c&1 != 0
	}
	return c < 128 && pnHigh>>(c-64)&1 != 0
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isHex(c byte) bool   { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func hexVal(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// isPNCharsBase reports whether r is a PN_CHARS_BASE.
func isPNCharsBase(r rune) bool {
	switch {
	case 'A' <= r && r <= 'Z', 'a' <= r && r <= 'z',
		0xC0 <= r && r <= 0xD6, 0xD8 <= r && r <= 0xF6, 0xF8 <= r && r <= 0x2FF,
		0x370 <= r && r <= 0x37D, 0x37F <= r && r <= 0x1FFF, 0x200C <= r && r <= 0x200D,
		0x2070 <= r && r <= 0x218F, 0x2C00 <= r && r <= 0x2FEF, 0x3001 <= r && r <= 0xD7FF,
		0xF900 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFFD, 0x10000 <= r && r <= 0xEFFFF:
		return true
	}
	return false
}

// isLabelStart reports whether r may start a blank node label or a local
// name: a PN_CHARS_U or a digit.
func isLabelStart(r rune) bool { return isPNCharsU(r) || ('0' <= r && r <= '9') }

// isPNCharsU reports whether r is a PN_CHARS_U.
func isPNCharsU(r rune) bool { return r == '_' || isPNCharsBase(r) }

// isPNChars reports whether r is a PN_CHARS.
func isPNChars(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_' || r == '-'
	}
	return isPNCharsU(r) || r == '-' || ('0' <= r && r <= '9') || r == 0xB7 ||
		(0x300 <= r && r <= 0x36F) || (0x203F <= r && r <= 0x2040)
}

// describeRune names a character for a message: 'x', or U+0001 for one
// that does not print.
func describeRune(r rune) string {
	if r == utf8.RuneError {
		return "U+FFFD"
	}
	if unicode.IsPrint(r) && r != ' ' {
		return fmt.Sprintf("'%c'", r)
	}
	return fmt.Sprintf("U+%04X", r)
}

// printable reports whether s shows as it is written.
func printable(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// describeEscape shows the escape at the start of s: a backslash and the
// character after it.
func describeEscape(s string) string {
	if len(s) < 2 {
		return "'\\'"
	}
	r, _ := utf8.DecodeRuneInString(s[1:])
	if unicode.IsPrint(r) && r != ' ' {
		return fmt.Sprintf("'\\%c'", r)
	}
	return fmt.Sprintf("'\\' followed by U+%04X", r)
}

// snippet shortens text for a message: its first line, at most 40 bytes.
func snippet(text string) string {
	if i := strings.IndexAny(text, "\r\n"); i >= 0 {
		text = text[:i] + "..."
	}
	if len(text) > 40 {
		cut := 37
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut] + "..."
	}
	return text
}

// describe names a token for a message.
func (l *lexer) describe(t token) string {
	text := snippet(l.s[t.off:t.end])
	switch t.kind {
	case tEOF:
		return "the end of the file"
	case tIRI:
		return "the IRI " + text
	case tPName:
		return "the prefixed name " + text
	case tBlank:
		return "the blank node " + text
	case tString:
		return "the string " + text
	case tLang:
		return "the language tag " + text
	case tInteger, tDecimal, tDouble:
		return "the number " + text
	}
	return "'" + text + "'"
}
