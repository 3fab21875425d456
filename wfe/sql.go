package wfe

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// Literal is a scheme kept in a SQL seed file: the string literal of the
// Scheme column of a WorkflowScheme row, unescaped. The dialects the
// engine's samples write are read: PostgreSQL and SQLite (INSERT INTO
// "WorkflowScheme" ... VALUES), MSSQL (the INSERT inside EXEC(N'...'), a
// literal inside a literal), MySQL (INSERT IGNORE INTO `workflowscheme`,
// backslash escapes) and Oracle PL/SQL (a variable assigned the literal,
// then INSERT ... SELECT 'Code', variable FROM DUAL).
type Literal struct {
	// Code is the row's Code column, when it is a string literal.
	Code string
	// Row counts the WorkflowScheme rows of the file, from 1.
	Row int
	// Text is the literal's content with every '' read as '.
	Text []byte
	// start is the offset of the literal's first content byte in its
	// source; doubles are, per byte the source has more than the text,
	// the last text offset that byte does not shift (a doubled quote's
	// offset, one before a backslash escape's); parent is
	// the literal whose text the source is (an EXEC's), nil for the file.
	start   int
	doubles []int
	parent  *Literal
}

// ToFile maps an offset of Text to the offset of the same byte in the SQL
// file.
func (l *Literal) ToFile(i int) int {
	n := sort.SearchInts(l.doubles, i)
	j := l.start + i + n
	if l.parent != nil {
		return l.parent.ToFile(j)
	}
	return j
}

// sqlToken is a token of a SQL file.
type sqlToken struct {
	kind  byte // 'w' word, 's' string literal, 'i' quoted identifier, 'p' punctuation, 'n' number
	text  string
	start int
	lit   *Literal
}

// MaxSQLTokens bounds the tokens of one SQL file (and of a statement an
// EXEC runs): a token holds about 40 bytes, so 40 MB of '(' would take
// 1.6 GB; a seed file of schemes has some thousands of tokens, and a
// million is 40 MB.
const MaxSQLTokens = 1 << 20

// tokenize splits SQL into tokens; comments and spaces are dropped. An
// unterminated literal, quoted identifier or comment is an error at its
// start.
func tokenize(src []byte, backslash bool) ([]sqlToken, int, string) {
	var out []sqlToken
	i := 0
	for i < len(src) {
		if len(out) > MaxSQLTokens {
			return nil, i, fmt.Sprintf("more than %d tokens: the file is too large to check", MaxSQLTokens)
		}
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f':
			i++
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return nil, i, "unterminated /* comment"
			}
			i += end + 4
		case c == '\'':
			lit, next, ok := readLiteral(src, i, backslash)
			if !ok {
				return nil, i, "unterminated string literal: a quote inside a literal is written ''"
			}
			out = append(out, sqlToken{kind: 's', start: i, lit: lit})
			i = next
		case c == '"' || c == '`' || c == '[':
			closer := c
			if c == '[' {
				closer = ']'
			}
			j := i + 1
			var b strings.Builder
			for {
				if j >= len(src) {
					return nil, i, fmt.Sprintf("unterminated quoted identifier %c", c)
				}
				if src[j] == closer {
					if j+1 < len(src) && src[j+1] == closer && closer != ']' {
						b.WriteByte(closer)
						j += 2
						continue
					}
					break
				}
				b.WriteByte(src[j])
				j++
			}
			out = append(out, sqlToken{kind: 'i', text: b.String(), start: i})
			i = j + 1
		case isWordByte(c) && (c < '0' || c > '9'):
			j := i
			for j < len(src) && (isWordByte(src[j]) || src[j] == '$') {
				j++
			}
			// N'...' and E'...' are literals with a prefix.
			if j == i+1 && j < len(src) && src[j] == '\'' && strings.ContainsRune("NnEe", rune(c)) {
				i = j
				continue
			}
			out = append(out, sqlToken{kind: 'w', text: string(src[i:j]), start: i})
			i = j
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (isWordByte(src[j]) || src[j] == '.') {
				j++
			}
			out = append(out, sqlToken{kind: 'n', text: string(src[i:j]), start: i})
			i = j
		default:
			out = append(out, sqlToken{kind: 'p', text: string(c), start: i})
			i++
		}
	}
	return out, 0, ""
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// readLiteral reads the string literal whose opening quote is at src[i].
// With backslash (MySQL), \' and \\ stand for the character after the
// backslash; other escapes are kept as written.
func readLiteral(src []byte, i int, backslash bool) (*Literal, int, bool) {
	lit := &Literal{start: i + 1}
	var b []byte
	j := i + 1
	for j < len(src) {
		if backslash && src[j] == '\\' && j+1 < len(src) && (src[j+1] == '\'' || src[j+1] == '\\') {
			// The byte dropped comes before the character: every offset
			// from it on shifts, so the entry is one less (ToFile counts
			// the entries below an offset).
			lit.doubles = append(lit.doubles, len(b)-1)
			b = append(b, src[j+1])
			j += 2
			continue
		}
		if src[j] == '\'' {
			if j+1 < len(src) && src[j+1] == '\'' {
				lit.doubles = append(lit.doubles, len(b))
				b = append(b, '\'')
				j += 2
				continue
			}
			lit.Text = b
			return lit, j + 1, true
		}
		b = append(b, src[j])
		j++
	}
	return nil, 0, false
}

// Extract returns the schemes of a SQL seed file: the Scheme column of
// every row of every INSERT [IGNORE] [INTO] WorkflowScheme statement (the
// table name in any quoting and case, with or without a schema), given as
// VALUES rows or as one SELECT row, a value being a string literal or a
// PL/SQL variable assigned one (name := '...'); statements inside
// EXEC(N'...') are read too. Backslash escapes are read when the file
// quotes names with backticks (MySQL). Schemes come in file order. A file
// that cannot be tokenized returns the offset and a message.
func Extract(src []byte) ([]*Literal, int, string) {
	rows := 0
	return extract(src, bytes.IndexByte(src, '`') >= 0, &rows, 0)
}

// maxExecDepth bounds EXEC inside EXEC.
const maxExecDepth = 4

func extract(src []byte, backslash bool, rows *int, depth int) ([]*Literal, int, string) {
	toks, at, msg := tokenize(src, backslash)
	if msg != "" {
		return nil, at, msg
	}
	var out []*Literal
	vars := map[string]*Literal{}
	for i := 0; i < len(toks); i++ {
		// name := 'literal' (PL/SQL)
		if toks[i].kind == 'w' && i+3 < len(toks) && isPunct(toks[i+1], ":") && isPunct(toks[i+2], "=") && toks[i+3].kind == 's' {
			vars[strings.ToLower(toks[i].text)] = toks[i+3].lit
			continue
		}
		// EXEC(N'...') / EXECUTE('...')
		if (isWord(toks[i], "exec") || isWord(toks[i], "execute")) && i+3 < len(toks) && isPunct(toks[i+1], "(") &&
			toks[i+2].kind == 's' && isPunct(toks[i+3], ")") && depth < maxExecDepth {
			outer := toks[i+2].lit
			inner, at, msg := extract(outer.Text, backslash, rows, depth+1)
			if msg != "" {
				// The statement is text the server parses at run time:
				// what cannot be read is not a scheme here.
				_ = at
				continue
			}
			for _, l := range inner {
				root := l
				for root.parent != nil {
					root = root.parent
				}
				root.parent = outer
				out = append(out, l)
			}
			i += 3
			continue
		}
		if !isWord(toks[i], "insert") {
			continue
		}
		j := i + 1
		if j < len(toks) && isWord(toks[j], "ignore") {
			j++
		}
		if j < len(toks) && isWord(toks[j], "into") {
			j++
		}
		table := ""
		for j < len(toks) && (toks[j].kind == 'w' || toks[j].kind == 'i') {
			table = toks[j].text
			j++
			if j < len(toks) && toks[j].kind == 'p' && toks[j].text == "." {
				j++
				continue
			}
			break
		}
		if !strings.EqualFold(table, "WorkflowScheme") || j >= len(toks) || !isPunct(toks[j], "(") {
			continue
		}
		schemeCol, codeCol := -1, -1
		col := 0
		for j++; j < len(toks) && !isPunct(toks[j], ")"); j++ {
			switch {
			case isPunct(toks[j], ","):
				col++
			case strings.EqualFold(toks[j].text, "Scheme") && toks[j].kind != 's':
				schemeCol = col
			case strings.EqualFold(toks[j].text, "Code") && toks[j].kind != 's':
				codeCol = col
			}
		}
		j++
		if schemeCol < 0 || j >= len(toks) {
			continue
		}
		row := func(vals [][]sqlToken) {
			*rows++
			lit := value(vals, schemeCol, vars)
			if lit == nil {
				return
			}
			lit.Row = *rows
			if c := value(vals, codeCol, vars); c != nil {
				lit.Code = string(c.Text)
			}
			out = append(out, lit)
		}
		switch {
		case isWord(toks[j], "select"):
			// INSERT ... SELECT v, v FROM ...: one row.
			var vals [][]sqlToken
			cur := []sqlToken{}
			depth := 0
			for j++; j < len(toks); j++ {
				t := toks[j]
				if depth == 0 && (isWord(t, "from") || isPunct(t, ";")) {
					break
				}
				switch {
				case isPunct(t, "("):
					depth++
				case isPunct(t, ")"):
					depth--
				case isPunct(t, ",") && depth == 0:
					vals = append(vals, cur)
					cur = []sqlToken{}
					continue
				}
				cur = append(cur, t)
			}
			row(append(vals, cur))
		case isWord(toks[j], "values"):
			j++
			// The rows: ( v, v, ... ) separated by commas.
			for j < len(toks) && isPunct(toks[j], "(") {
				var vals [][]sqlToken
				cur := []sqlToken{}
				depth := 0
				for j++; j < len(toks); j++ {
					t := toks[j]
					if isPunct(t, "(") {
						depth++
					} else if isPunct(t, ")") {
						if depth == 0 {
							break
						}
						depth--
					} else if isPunct(t, ",") && depth == 0 {
						vals = append(vals, cur)
						cur = []sqlToken{}
						continue
					}
					cur = append(cur, t)
				}
				row(append(vals, cur))
				j++
				if j < len(toks) && isPunct(toks[j], ",") {
					j++
				}
			}
		default:
			continue
		}
		i = j - 1
	}
	return out, 0, ""
}

// value is the literal of column col of a row: a string literal, or a
// variable assigned one.
func value(vals [][]sqlToken, col int, vars map[string]*Literal) *Literal {
	if col < 0 || col >= len(vals) || len(vals[col]) != 1 {
		return nil
	}
	switch t := vals[col][0]; t.kind {
	case 's':
		return t.lit
	case 'w':
		return vars[strings.ToLower(t.text)]
	}
	return nil
}

func isWord(t sqlToken, w string) bool { return t.kind == 'w' && strings.EqualFold(t.text, w) }

func isPunct(t sqlToken, p string) bool { return t.kind == 'p' && t.text == p }
