package wfe

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
)

// Literal is a scheme kept in a SQL seed file: the string literal of the
// Scheme column of an INSERT INTO "WorkflowScheme" row, unescaped.
type Literal struct {
	// Code is the row's Code column, when it is a string literal.
	Code string
	// Row counts the WorkflowScheme rows of the file, from 1.
	Row int
	// Text is the literal's content with every '' read as '.
	Text []byte
	// start is the file offset of the literal's first content byte;
	// doubles are the text offsets of the quotes that were doubled.
	start   int
	doubles []int
}

// ToFile maps an offset of Text to the offset of the same byte in the SQL
// file.
func (l *Literal) ToFile(i int) int {
	n := sort.SearchInts(l.doubles, i)
	return l.start + i + n
}

// sqlToken is a token of a SQL file.
type sqlToken struct {
	kind  byte // 'w' word, 's' string literal, 'i' quoted identifier, 'p' punctuation, 'n' number
	text  string
	start int
	lit   *Literal
}

// tokenize splits SQL into tokens; comments and spaces are dropped. An
// unterminated literal, quoted identifier or comment is an error at its
// start.
func tokenize(src []byte) ([]sqlToken, int, string) {
	var out []sqlToken
	i := 0
	for i < len(src) {
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
			lit, next, ok := readLiteral(src, i)
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
func readLiteral(src []byte, i int) (*Literal, int, bool) {
	lit := &Literal{start: i + 1}
	var b []byte
	j := i + 1
	for j < len(src) {
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
// every row of every INSERT INTO WorkflowScheme statement (the table name
// in any quoting, with or without a schema), in file order. A file that
// cannot be tokenized returns the offset and a message.
func Extract(src []byte) ([]*Literal, int, string) {
	toks, at, msg := tokenize(src)
	if msg != "" {
		return nil, at, msg
	}
	var out []*Literal
	rows := 0
	for i := 0; i < len(toks); i++ {
		if !isWord(toks[i], "insert") || i+1 >= len(toks) || !isWord(toks[i+1], "into") {
			continue
		}
		j := i + 2
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
		if schemeCol < 0 || j >= len(toks) || !isWord(toks[j], "values") {
			continue
		}
		j++
		// The rows: ( v, v, ... ) separated by commas.
		for j < len(toks) && isPunct(toks[j], "(") {
			rows++
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
			vals = append(vals, cur)
			j++
			if schemeCol < len(vals) && len(vals[schemeCol]) == 1 && vals[schemeCol][0].kind == 's' {
				lit := vals[schemeCol][0].lit
				lit.Row = rows
				if codeCol >= 0 && codeCol < len(vals) && len(vals[codeCol]) == 1 && vals[codeCol][0].kind == 's' {
					lit.Code = string(vals[codeCol][0].lit.Text)
				}
				out = append(out, lit)
			}
			if j < len(toks) && isPunct(toks[j], ",") {
				j++
			}
		}
		i = j - 1
	}
	return out, 0, ""
}

func isWord(t sqlToken, w string) bool { return t.kind == 'w' && strings.EqualFold(t.text, w) }

func isPunct(t sqlToken, p string) bool { return t.kind == 'p' && t.text == p }
