// Package csharp is a lexer for C# source, as far as finding identifiers
// in code needs: it tells code from comments, preprocessor lines, char
// literals and every kind of string literal (regular, verbatim,
// interpolated, raw, and their combinations), and lexes the holes of an
// interpolated string as code. It does not parse C#; package
// stateflows/rules reads the token stream.
package csharp

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/seams/seams-timers/span"
)

// Kind is a token's kind.
type Kind int

// The token kinds.
const (
	// Ident is an identifier or keyword; Text is its name without a
	// verbatim '@'.
	Ident Kind = iota + 1
	// Number is a numeric literal.
	Number
	// String is a string literal, or, for an interpolated one, one of its
	// text parts (the holes between them are code tokens).
	String
	// Char is a character literal.
	Char
	// Punct is an operator or punctuator: one character, or "=>", "::".
	Punct
	// Comment is a // or /* */ comment; Text is the whole comment.
	Comment
	// Preproc is a preprocessor line (#region, #if ...).
	Preproc
)

func (k Kind) String() string {
	switch k {
	case Ident:
		return "ident"
	case Number:
		return "number"
	case String:
		return "string"
	case Char:
		return "char"
	case Punct:
		return "punct"
	case Comment:
		return "comment"
	case Preproc:
		return "preproc"
	}
	return "invalid"
}

// Token is one token with its range.
type Token struct {
	Kind Kind
	// Text is the token's source text (an identifier's name without '@').
	Text       string
	Start, End span.Pos
}

// Error is a literal or comment that does not end: what the lexer read up
// to it stands, the rest of the file is not read.
type Error struct {
	Pos span.Pos
	Msg string
	// TooLarge reports a file past MaxTokens: too large to check.
	TooLarge bool
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg) }

// File is a lexed file: the code tokens (holes of interpolated strings
// included, in source order), the comments and preprocessor lines apart.
type File struct {
	Tokens   []Token
	Comments []Token
	// Err is the first literal or comment that does not end, if any.
	Err *Error
}

type lexer struct {
	src  []byte
	off  int
	line int
	col  int // byte column of off, 1-based
	out  *File
	// lineStart reports that only white space precedes off on its line,
	// where a '#' starts a preprocessor line.
	lineStart bool
	// holes is the number of interpolation holes open around off.
	holes int
}

// MaxTokens bounds the tokens (code and comments) of one file: a large
// hand-written C# file has some tens of thousands, and a token holds about
// 72 bytes, so the bound holds a file's tokens to about 75 MB. Past it the
// lexer stops with an Error whose TooLarge is set.
const MaxTokens = 1 << 20

// maxHoles bounds the nesting of interpolated strings in holes.
const maxHoles = 64

// Lex reads C# source. It never fails: a literal or comment that does not
// end is File.Err, with the tokens before it.
func Lex(src []byte) (f *File) {
	// About one token in five bytes of C#.
	l := &lexer{src: src, line: 1, col: 1, out: &File{Tokens: make([]Token, 0, min(len(src)/5, MaxTokens))}, lineStart: true}
	f = l.out
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		l.off, l.col = 3, 4
	}
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*Error); ok {
				l.out.Err = e
				return
			}
			panic(r)
		}
	}()
	for l.off < len(l.src) {
		l.token(0)
	}
	return l.out
}

func (l *lexer) pos() span.Pos { return span.Pos{Offset: l.off, Line: l.line, Col: l.col} }

func (l *lexer) peek(i int) byte {
	if l.off+i < len(l.src) {
		return l.src[l.off+i]
	}
	return 0
}

// advance moves past n bytes, counting lines.
func (l *lexer) advance(n int) {
	for range n {
		if l.off >= len(l.src) {
			return
		}
		if l.src[l.off] == '\n' {
			l.line++
			l.col = 1
			l.lineStart = true
		} else {
			l.col++
		}
		l.off++
	}
}

func (l *lexer) fail(at span.Pos, format string, args ...any) {
	panic(&Error{Pos: at, Msg: fmt.Sprintf(format, args...)})
}

func (l *lexer) emit(k Kind, start span.Pos, text string) {
	t := Token{Kind: k, Text: text, Start: start, End: l.pos()}
	if len(l.out.Tokens)+len(l.out.Comments) >= MaxTokens {
		panic(&Error{Pos: start, Msg: fmt.Sprintf("more than %d tokens: the file is too large to check", MaxTokens), TooLarge: true})
	}
	if k == Comment || k == Preproc {
		l.out.Comments = append(l.out.Comments, t)
	} else {
		l.out.Tokens = append(l.out.Tokens, t)
	}
}

// token lexes one token (or skips white space). In a hole of an
// interpolated string, depth is the hole's bracket depth plus one.
func (l *lexer) token(depth int) {
	c := l.src[l.off]
	start := l.pos()
	switch {
	case c == '\n' || c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
		l.advance(1)
		return
	case c == '#' && l.lineStart && depth == 0:
		l.toLineEnd(Preproc, start)
		return
	}
	l.lineStart = false
	switch {
	case c == '/' && l.peek(1) == '/':
		l.toLineEnd(Comment, start)
	case c == '/' && l.peek(1) == '*':
		end := bytes.Index(l.src[l.off+2:], []byte("*/"))
		if end < 0 {
			l.fail(start, "comment /* does not end")
		}
		end += l.off + 2
		text := string(l.src[l.off : end+2])
		l.advance(end + 2 - l.off)
		l.emit(Comment, start, text)
	case c == '\'':
		l.char(start)
	case c == '"' || c == '@' && l.peek(1) == '"':
		l.str(start)
	case c == '$' || c == '@' && l.peek(1) == '$':
		l.interpolated(start)
	case c == '@' && isIdentStart(l.runeAt(l.off+1)):
		l.advance(1)
		l.ident(start, l.off)
	case c >= '0' && c <= '9' || c == '.' && l.peek(1) >= '0' && l.peek(1) <= '9' && (l.off == 0 || l.src[l.off-1] != '.'):
		l.number(start)
	case isIdentStart(l.runeAt(l.off)):
		l.ident(start, l.off)
	default:
		n := 1
		if c == '=' && l.peek(1) == '>' || c == ':' && l.peek(1) == ':' {
			n = 2
		} else if c >= utf8.RuneSelf {
			_, n = utf8.DecodeRune(l.src[l.off:])
		}
		text := string(l.src[l.off : l.off+n])
		l.advance(n)
		l.emit(Punct, start, text)
	}
}

// toLineEnd emits a token of kind k from start to the end of its line.
func (l *lexer) toLineEnd(k Kind, start span.Pos) {
	end := l.off
	for end < len(l.src) && l.src[end] != '\n' {
		end++
	}
	text := string(l.src[l.off:end])
	l.advance(end - l.off)
	l.emit(k, start, text)
}

func (l *lexer) runeAt(off int) rune {
	if off >= len(l.src) {
		return utf8.RuneError
	}
	r, _ := utf8.DecodeRune(l.src[off:])
	return r
}

func isIdentStart(r rune) bool {
	return r == '_' || r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') ||
		r >= utf8.RuneSelf && r != utf8.RuneError && unicode.IsLetter(r)
}

func isIdentPart(r rune) bool {
	return isIdentStart(r) || r >= '0' && r <= '9' ||
		r >= utf8.RuneSelf && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r))
}

func (l *lexer) ident(start span.Pos, from int) {
	end := from
	for end < len(l.src) {
		r, n := utf8.DecodeRune(l.src[end:])
		if !isIdentPart(r) {
			break
		}
		end += n
	}
	text := string(l.src[from:end])
	l.advance(end - l.off)
	l.emit(Ident, start, text)
}

func (l *lexer) number(start span.Pos) {
	end := l.off
	for end < len(l.src) {
		c := l.src[end]
		switch {
		case c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_':
			if (c == 'e' || c == 'E') && end+1 < len(l.src) && (l.src[end+1] == '+' || l.src[end+1] == '-') {
				end++
			}
		case c == '.' && end+1 < len(l.src) && l.src[end+1] >= '0' && l.src[end+1] <= '9':
		default:
			text := string(l.src[l.off:end])
			l.advance(end - l.off)
			l.emit(Number, start, text)
			return
		}
		end++
	}
	text := string(l.src[l.off:end])
	l.advance(end - l.off)
	l.emit(Number, start, text)
}

// char lexes a character literal: 'a', '\”, '\u0041'.
func (l *lexer) char(start span.Pos) {
	end := l.off + 1
	for ; end < len(l.src); end++ {
		switch l.src[end] {
		case '\\':
			end++
			continue
		case '\'':
			text := string(l.src[l.off : end+1])
			l.advance(end + 1 - l.off)
			l.emit(Char, start, text)
			return
		case '\n':
			l.fail(start, "character literal does not end on its line")
		}
	}
	l.fail(start, "character literal does not end")
}

// quotes counts the '"' at off.
func (l *lexer) quotes(off int) int {
	n := 0
	for off+n < len(l.src) && l.src[off+n] == '"' {
		n++
	}
	return n
}

// str lexes a string literal that is not interpolated: regular "...",
// verbatim @"...", raw """...""".
func (l *lexer) str(start span.Pos) {
	if l.src[l.off] == '@' {
		l.verbatim(start, -1)
		return
	}
	if n := l.quotes(l.off); n >= 3 {
		l.raw(start, n, 0)
		return
	}
	l.regular(start, false)
}

// regular lexes "...", with '\' escapes; interpolated, its holes too.
func (l *lexer) regular(start span.Pos, interpolated bool) {
	partStart := start
	from := start.Offset
	end := l.off + 1
	for end < len(l.src) {
		c := l.src[end]
		switch {
		case c == '\\':
			end += 2
			continue
		case c == '"':
			l.part(partStart, from, end+1)
			return
		case c == '\n':
			l.fail(start, "string literal does not end on its line")
		case interpolated && c == '{' && end+1 < len(l.src) && l.src[end+1] == '{',
			interpolated && c == '}' && end+1 < len(l.src) && l.src[end+1] == '}':
			end += 2
			continue
		case interpolated && c == '{':
			partStart, from = l.holeAt(start, partStart, from, end+1, 1)
			end = from
			continue
		}
		end++
	}
	l.fail(start, "string literal does not end")
}

// verbatim lexes @"..." (and $@"...", @$"..."): '""' is a quote, newlines
// are text. braces is -1 for a plain verbatim string, else 1.
func (l *lexer) verbatim(start span.Pos, braces int) {
	partStart := start
	from := start.Offset
	// Skip to the opening quote.
	end := l.off
	for l.src[end] != '"' {
		end++
	}
	end++
	for end < len(l.src) {
		c := l.src[end]
		switch {
		case c == '"' && end+1 < len(l.src) && l.src[end+1] == '"':
			end += 2
			continue
		case c == '"':
			l.part(partStart, from, end+1)
			return
		case braces > 0 && (c == '{' || c == '}') && end+1 < len(l.src) && l.src[end+1] == c:
			end += 2
			continue
		case braces > 0 && c == '{':
			partStart, from = l.holeAt(start, partStart, from, end+1, 1)
			end = from
			continue
		}
		end++
	}
	l.fail(start, "verbatim string literal does not end")
}

// raw lexes a raw string literal of n opening quotes: it ends at the
// first run of n quotes. With dollars > 0 (an interpolated raw string) a
// run of dollars '{' opens a hole and fewer braces are text.
func (l *lexer) raw(start span.Pos, n, dollars int) {
	partStart := start
	from := start.Offset
	end := l.off + n
	for end < len(l.src) {
		c := l.src[end]
		switch {
		case c == '"':
			q := l.quotes(end)
			if q >= n {
				// A longer run ends the literal with its last n quotes
				// (the compiler refuses more; the literal still ends).
				l.part(partStart, from, end+q)
				return
			}
			end += q
			continue
		case dollars > 0 && c == '{':
			b := 0
			for end+b < len(l.src) && l.src[end+b] == '{' {
				b++
			}
			if b < dollars {
				end += b
				continue
			}
			// The last dollars braces open the hole; those before are text.
			partStart, from = l.holeAt(start, partStart, from, end+b, dollars)
			end = from
			continue
		}
		end++
	}
	l.fail(start, "raw string literal does not end")
}

// interpolated lexes a string starting with '$' (or '@$'): $"...",
// $@"...", @$"...", $"""...""", $$"""...""".
func (l *lexer) interpolated(start span.Pos) {
	off := l.off
	verbatim := false
	if l.src[off] == '@' {
		verbatim = true
		off++
	}
	dollars := 0
	for off < len(l.src) && l.src[off] == '$' {
		dollars++
		off++
	}
	if !verbatim && off < len(l.src) && l.src[off] == '@' {
		verbatim = true
		off++
	}
	if off >= len(l.src) || l.src[off] != '"' {
		// A lone '$' or '@' is not C#; read it as punctuation.
		l.advance(1)
		l.emit(Punct, start, string(l.src[start.Offset:l.off]))
		return
	}
	switch {
	case verbatim:
		l.verbatim(start, 1)
	case l.quotes(off) >= 3:
		n := l.quotes(off)
		l.advance(off - l.off)
		l.raw(start, n, dollars)
	default:
		l.advance(off - l.off)
		l.regular(start, true)
	}
}

// hole lexes the code of an interpolation hole, after its opening braces,
// up to and including its closing braces: braces '}' at bracket depth
// zero. A ':' at depth zero starts the format text, which runs to the
// closing braces.
func (l *lexer) hole(literal span.Pos, braces int) {
	l.holes++
	defer func() { l.holes-- }()
	if l.holes > maxHoles {
		l.fail(literal, "interpolated strings nest more than %d deep", maxHoles)
	}
	depth := 0
	for l.off < len(l.src) {
		c := l.src[l.off]
		switch {
		case c == '(' || c == '[' || c == '{':
			depth++
		case (c == ')' || c == ']') && depth > 0:
			depth--
		case c == '}' && depth > 0:
			depth--
		case c == '}' && depth == 0:
			l.closeHole(literal, braces)
			return
		case c == ':' && depth == 0 && l.peek(1) != ':':
			// The format text: to the closing braces.
			for l.off < len(l.src) && l.src[l.off] != '}' {
				if l.src[l.off] == '\n' && braces == 1 {
					break
				}
				l.advance(1)
			}
			if l.off < len(l.src) && l.src[l.off] == '}' {
				l.closeHole(literal, braces)
				return
			}
			l.fail(literal, "interpolation hole does not end")
		}
		l.token(depth + 1)
	}
	l.fail(literal, "interpolation hole does not end")
}

// part emits the text part of a string literal that starts at partStart
// (offset from) and ends at the offset end.
func (l *lexer) part(partStart span.Pos, from, end int) {
	l.advance(end - l.off)
	l.emit(String, partStart, string(l.src[from:end]))
}

// holeAt ends the text part of a literal from its start and offset to
// end, just past the braces that open a hole, lexes the hole, and returns
// the start and offset of the next text part.
func (l *lexer) holeAt(literal, partStart span.Pos, from, end, braces int) (span.Pos, int) {
	l.part(partStart, from, end)
	l.hole(literal, braces)
	return l.pos(), l.off
}

// closeHole moves past the braces that close a hole.
func (l *lexer) closeHole(literal span.Pos, braces int) {
	for range braces {
		if l.off >= len(l.src) || l.src[l.off] != '}' {
			l.fail(literal, "interpolation hole does not end")
		}
		l.advance(1)
	}
}
