package timeexpr

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Classify says what the text of a timer expression element is, as
// SpiffWorkflow's Python evaluation would see it: empty, one quoted string
// literal, an unquoted ISO 8601 value, a cron string (quoted or not), a
// FEEL or JUEL expression, a variable, or another Python expression named
// in words. Indented is set, whatever the kind, when Python would fail on
// the layout with an IndentationError. Classify never fails: every text
// has a kind. Start and End are byte offsets in text (for a quoted literal,
// of the content between the quotes; for an empty body, of the whole
// text); Value is the text between them, decoded for a literal.
func Classify(text string) Body {
	b := Body{}
	var toks []token
	toks, b.Indented, b.IndentStart, b.IndentEnd = scanBody(text)

	rs, re := trimBounds(text)
	rest := text[rs:re]
	b.Start, b.End, b.Value = rs, re, rest
	switch {
	case rest == "":
		// A blank body is empty whatever its layout: Indented is not set.
		b = Body{Kind: BodyEmpty, End: len(text)}
		return b
	case rest[0] == '=':
		b.Kind = BodyFEEL
		return b
	case strings.HasPrefix(rest, "${") || strings.HasPrefix(rest, "#{"):
		b.Kind = BodyJUEL
		return b
	case isCron(rest):
		b.Kind = BodyCron
		return b
	case isISOLooking(rest):
		b.Kind = BodyUnquotedISO
		if k, python := embedded(rest); k != 0 {
			b.Kind, b.Python = k, python
		}
		return b
	}

	if len(toks) == 1 && toks[0].kind == tkString && toks[0].plainStr() && !toks[0].lit.unterminated && !toks[0].lit.badEscape {
		l := toks[0].lit
		b.Kind, b.Quote, b.Value, b.Start, b.End = BodyQuoted, l.quote, l.value, l.cStart, l.cEnd
		if isCron(strings.Trim(l.value, " \t\r\n\f\v")) {
			b.Kind = BodyCron
		}
		return b
	}
	if isDottedName(toks) {
		b.Kind = BodyVariable
		return b
	}
	b.Kind = BodyExpression
	b.Python = describe(toks)
	return b
}

// trimBounds returns the bounds of text without the surrounding
// whitespace Python ignores around an expression (spaces, tabs, form
// feeds and line breaks).
func trimBounds(text string) (int, int) {
	s, e := 0, len(text)
	for s < e && strings.IndexByte(" \t\f\r\n", text[s]) >= 0 {
		s++
	}
	for e > s && strings.IndexByte(" \t\f\r\n", text[e-1]) >= 0 {
		e--
	}
	return s, e
}

// scanBody scans the text of a body once: it returns its Python tokens,
// without leading and trailing line breaks, and the first line that makes
// Python's eval fail with an IndentationError. Eval strips the spaces and
// tabs that start the text, so the first line is never indented. A later
// line outside brackets and strings is indented when it holds a token
// after spaces or tabs, or when it is the last line, has no line break,
// and holds only spaces or tabs; a blank or comment-only line ending in a
// line break is ignored. A form feed resets the indentation, as in
// Python's tokenizer.
func scanBody(text string) (toks []token, indented bool, start, end int) {
	i := 0
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	sc := scanner{s: text}
	sc.lineStart = func(ls int) int {
		col, j := 0, ls
		for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\f') {
			if text[j] == '\f' {
				col = 0
			} else {
				col++
			}
			j++
		}
		switch {
		case indented:
		case j == len(text):
			if col > 0 {
				indented, start, end = true, ls, j
			}
		case text[j] == '\n' || text[j] == '\r' || text[j] == '#':
		case col > 0:
			indented, start, end = true, ls, j
		}
		return j
	}
	sc.run(i, len(text))
	toks = sc.toks
	for len(toks) > 0 && toks[0].kind == tkNewline {
		toks = toks[1:]
	}
	for len(toks) > 0 && toks[len(toks)-1].kind == tkNewline {
		toks = toks[:len(toks)-1]
	}
	if sc.unbalance || sc.depth != 0 {
		toks = append(toks, token{kind: tkError, start: len(text), end: len(text), text: "unbalanced brackets"})
	}
	return toks, indented, start, end
}

// isDottedName reports tokens that form a Python identifier or a dotted
// name (data.due) that is not a keyword.
func isDottedName(toks []token) bool {
	if len(toks) == 0 || len(toks)%2 == 0 {
		return false
	}
	for k, t := range toks {
		if k%2 == 0 {
			if t.kind != tkName || isPyKeyword(t.text) {
				return false
			}
		} else if t.kind != tkOp || t.text != "." {
			return false
		}
	}
	return true
}

// isCron reports a cron string: @daily and the other macros, @every
// <interval>, or 5 to 7 whitespace-separated cron fields, at least one of
// which holds a digit, '*' or '?'.
func isCron(s string) bool {
	if isCronMacro(s) || isCronEvery(s) {
		return true
	}
	fields := strings.Fields(s)
	if len(fields) < 5 || len(fields) > 7 {
		return false
	}
	marked := false
	for _, f := range fields {
		if !isCronField(f) {
			return false
		}
		if strings.ContainsAny(f, "0123456789*?") {
			marked = true
		}
	}
	return marked
}

// isISOLooking reports an ISO 8601-looking value: PT48H, -P1D,
// 2026-12-01T09:00:00Z, 20261201T090000Z, 2026-W49-2, R/P1D, R3/...: a
// duration, a repeating interval, or a date-time or interval that starts
// with a 4-digit year.
func isISOLooking(s string) bool {
	return isoDurationShape(s) || isoCycleShape(s) || isoDateShape(s) || isoDateSpaceShape(s)
}

// embedded finds an expression inside an ISO 8601-looking value, such as
// R3/${startDate}/PT2S, R/#{start}/P1D, R/=start/P1D or R/start_date/P1D:
// a JUEL ${...} or #{...}, a FEEL '=', or a Python name, call, subscript,
// string or other expression part. It returns the kind the body then has
// (BodyJUEL, BodyFEEL or BodyExpression, with its form in words for the
// last) and 0 when the value holds only ISO 8601 characters.
func embedded(s string) (BodyKind, string) {
	switch {
	case strings.Contains(s, "${") || strings.Contains(s, "#{"):
		return BodyJUEL, ""
	case strings.Contains(s, "="):
		return BodyFEEL, ""
	}
	if i := strings.IndexAny(s, "()[]{}\"'$#@!%&*;<>?^`|~_"); i >= 0 {
		what := "an expression"
		switch s[i] {
		case '(', ')':
			what = "a Python call"
		case '[', ']':
			what = "a Python subscript"
		case '"', '\'':
			what = "a string literal"
		}
		return BodyExpression, "an ISO 8601-looking value with " + what + " inside"
	}
	for i := 0; i < len(s); {
		if !isLetter(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isLetter(s[j]) {
			j++
		}
		if run := s[i:j]; !isoRun(run) {
			return BodyExpression, "an ISO 8601-looking value with the Python name '" + run + "' inside"
		}
		i = j
	}
	return 0, ""
}

// isoRun reports a run of letters an ISO 8601 value can hold: one
// designator (P, Y, M, W, D, T, H, S, R, Z, in either case), or a date
// designator followed by T (PT, DT, YT, MT, WT).
func isoRun(run string) bool {
	u := strings.ToUpper(run)
	switch len(u) {
	case 1:
		return strings.IndexByte("PYMWDTHSRZ", u[0]) >= 0
	case 2:
		return u[1] == 'T' && strings.IndexByte("PYMWD", u[0]) >= 0
	}
	return false
}

// isLetter reports an ASCII letter, or a byte of a non-ASCII character
// (which an ISO 8601 value never holds, and a Python name may).
func isLetter(c byte) bool { return 'A' <= c&^0x20 && c&^0x20 <= 'Z' || c >= 0x80 }

// Token kinds of the Python scanner.
type tokKind int

const (
	tkString tokKind = iota + 1
	tkName
	tkNumber
	tkOp
	tkNewline
	tkError
)

// token is one Python token. Depth is the bracket depth it sits at (an
// opening bracket and its closing one share their outer depth).
type token struct {
	kind       tokKind
	start, end int
	depth      int
	text       string
	lit        *literal // For tkString.
}

// literal is the detail of a string literal token.
type literal struct {
	prefix       string // Lower-cased prefix letters: "", "u", "r", "b", "f", "rb", "fr".
	quote        byte
	cStart, cEnd int // The content between the quotes.
	value        string
	unterminated bool
	badEscape    bool
}

// plainStr reports a str literal that is not an f-string or bytes: no
// prefix, u or r.
func (t token) plainStr() bool {
	return t.lit != nil && (t.lit.prefix == "" || t.lit.prefix == "u" || t.lit.prefix == "r")
}

// isPyKeyword reports Python's keywords (a switch, not a map: nothing
// built at start-up).
func isPyKeyword(s string) bool {
	switch s {
	case "False", "None", "True", "and", "as", "assert", "async",
		"await", "break", "class", "continue", "def", "del", "elif",
		"else", "except", "finally", "for", "from", "global", "if",
		"import", "in", "is", "lambda", "nonlocal", "not", "or",
		"pass", "raise", "return", "try", "while", "with", "yield":
		return true
	}
	return false
}

// pyOps are Python's operators and delimiters, longest first.
var pyOps = []string{
	"**=", "//=", ">>=", "<<=", "...",
	"**", "//", "==", "!=", "<=", ">=", "->", ":=", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=",
	"+", "-", "*", "/", "%", "@", "&", "|", "^", "~", "<", ">", "=", ".", ",", ":", ";", "(", ")", "[", "]", "{", "}",
}

// stringPrefix returns a valid string prefix, lower-cased, in its sorted
// form.
func stringPrefix(lower string) (string, bool) {
	switch lower {
	case "r", "u", "f", "b":
		return lower, true
	case "br", "rb":
		return "rb", true
	case "fr", "rf":
		return "fr", true
	}
	return "", false
}

// scanner walks Python source text. LineStart, when set, is called at the
// start of every line that follows a line break outside brackets and
// strings, and returns where scanning resumes.
type scanner struct {
	s         string
	toks      []token
	lineStart func(int) int
	depth     int
	unbalance bool
}

// run scans s[i:to].
func (sc *scanner) run(i, to int) {
	s := sc.s
	for i < to {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\f':
			i++
		case c == '\\' && i+1 < to && (s[i+1] == '\n' || s[i+1] == '\r'):
			i += 2
			if s[i-1] == '\r' && i < to && s[i] == '\n' {
				i++
			}
		case c == '\n' || c == '\r':
			i++
			if c == '\r' && i < to && s[i] == '\n' {
				i++
			}
			if sc.depth == 0 {
				if n := len(sc.toks); n == 0 || sc.toks[n-1].kind != tkNewline {
					sc.toks = append(sc.toks, token{kind: tkNewline, start: i - 1, end: i})
				}
				if sc.lineStart != nil {
					i = sc.lineStart(i)
				}
			}
		case c == '#':
			for i < to && s[i] != '\n' && s[i] != '\r' {
				i++
			}
		case c == '\'' || c == '"':
			i = sc.str(i, i, "", to)
		case isDigit(c) || (c == '.' && i+1 < to && isDigit(s[i+1])):
			j := i + 1
			for j < to && numberByte(s, i, j) {
				j++
			}
			sc.add(token{kind: tkNumber, start: i, end: j, text: s[i:j]})
			i = j
		default:
			r, n := utf8.DecodeRuneInString(s[i:to])
			if r == '_' || unicode.IsLetter(r) {
				j := i + n
				for j < to {
					r2, n2 := utf8.DecodeRuneInString(s[j:to])
					if r2 != '_' && !unicode.IsLetter(r2) && !unicode.IsDigit(r2) && !unicode.In(r2, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) {
						break
					}
					j += n2
				}
				word := s[i:j]
				if p, ok := stringPrefix(strings.ToLower(word)); ok && j < to && (s[j] == '\'' || s[j] == '"') {
					i = sc.str(i, j, p, to)
					continue
				}
				sc.add(token{kind: tkName, start: i, end: j, text: word})
				i = j
				continue
			}
			op := ""
			for _, o := range pyOps {
				if strings.HasPrefix(s[i:to], o) {
					op = o
					break
				}
			}
			if op == "" {
				sc.add(token{kind: tkError, start: i, end: i + n, text: s[i : i+n]})
				i += n
				continue
			}
			t := token{kind: tkOp, start: i, end: i + len(op), text: op, depth: sc.depth}
			switch op {
			case "(", "[", "{":
				sc.depth++
			case ")", "]", "}":
				if sc.depth == 0 {
					sc.unbalance = true
				} else {
					sc.depth--
				}
				t.depth = sc.depth
			}
			sc.toks = append(sc.toks, t)
			i += len(op)
		}
	}
}

// numberByte reports whether s[j] continues the number that starts at
// s[i]: digits, letters (exponents, bases, suffixes, and junk Python
// refuses), '_', '.', and an exponent's sign.
func numberByte(s string, i, j int) bool {
	d := s[j]
	switch {
	case isDigit(d) || d == '_' || d == '.' || ('a' <= d && d <= 'z') || ('A' <= d && d <= 'Z'):
		return true
	case d == '+' || d == '-':
		return (s[j-1] == 'e' || s[j-1] == 'E') && !strings.ContainsAny(s[i:j], "xXoObB")
	}
	return false
}

// add appends a token at the current depth.
func (sc *scanner) add(t token) {
	t.depth = sc.depth
	sc.toks = append(sc.toks, t)
}

// str scans a string literal whose prefix starts at start and whose quote
// is at q, and returns where scanning resumes.
func (sc *scanner) str(start, q int, prefix string, to int) int {
	s := sc.s
	quote := s[q]
	triple := q+2 < to && s[q+1] == quote && s[q+2] == quote
	open := 1
	if triple {
		open = 3
	}
	l := &literal{prefix: prefix, quote: quote, cStart: q + open}
	t := token{kind: tkString, start: start, lit: l}
	j := q + open
	for {
		if j >= to {
			l.unterminated, l.cEnd, t.end = true, to, to
			break
		}
		c := s[j]
		if c == '\\' {
			j += 2
			if j > to {
				j = to
			}
			continue
		}
		if !triple && (c == '\n' || c == '\r') {
			l.unterminated, l.cEnd, t.end = true, j, j
			break
		}
		if c == quote && (!triple || (j+2 < to && s[j+1] == quote && s[j+2] == quote)) {
			l.cEnd, t.end = j, j+open
			break
		}
		j++
	}
	raw := strings.Contains(prefix, "r")
	bytesLit := strings.Contains(prefix, "b")
	l.value, l.badEscape = decodeEscapes(s[l.cStart:l.cEnd], raw, bytesLit)
	t.text = s[t.start:t.end]
	sc.add(t)
	return t.end
}

// decodeEscapes decodes the escapes of a Python string literal's content
// and reports an escape Python refuses (a short \x, \u or \U, a code point
// beyond U+10FFFF, an unclosed \N{). A \N{name} escape is kept as written:
// no name table is carried. Unknown escapes such as \d stay as written, as
// in Python. Line breaks inside are normalized to '\n', as Python reads
// source.
func decodeEscapes(s string, raw, bytesLit bool) (string, bool) {
	if !strings.ContainsAny(s, "\\\r") {
		return s, false
	}
	var b strings.Builder
	bad := false
	for i := 0; i < len(s); {
		c := s[i]
		if c == '\r' {
			b.WriteByte('\n')
			i++
			if i < len(s) && s[i] == '\n' {
				i++
			}
			continue
		}
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			i++
			continue
		}
		if raw {
			b.WriteByte('\\')
			b.WriteByte(s[i+1])
			i += 2
			continue
		}
		e := s[i+1]
		i += 2
		switch e {
		case '\n':
		case '\r':
			if i < len(s) && s[i] == '\n' {
				i++
			}
		case '\\', '\'', '"':
			b.WriteByte(e)
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(e - '0')
			for k := 0; k < 2 && i < len(s) && '0' <= s[i] && s[i] <= '7'; k++ {
				v = v*8 + int(s[i]-'0')
				i++
			}
			b.WriteRune(rune(v))
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			if bytesLit && e != 'x' {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			if i+n > len(s) {
				bad = true
				i = len(s)
				continue
			}
			v, err := strconv.ParseUint(s[i:i+n], 16, 32)
			if err != nil || strings.ContainsAny(s[i:i+n], "+-_") || v > unicode.MaxRune {
				bad = true
				i += n
				continue
			}
			b.WriteRune(rune(v))
			i += n
		case 'N':
			if bytesLit {
				b.WriteString(`\N`)
				continue
			}
			end := strings.IndexByte(s[i:], '}')
			if i >= len(s) || s[i] != '{' || end < 0 {
				bad = true
				continue
			}
			b.WriteString(s[i-2 : i+end+1])
			i += end + 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), bad
}

// describe names the form of a Python expression in words, for messages:
// the lowest-precedence construct at the top level decides ("a
// concatenation" for 'PT' + str(h) + 'H', "a function call" for
// timedelta(hours=1)).
func describe(toks []token) string {
	if len(toks) == 0 {
		return "only a comment"
	}
	for _, t := range toks {
		switch {
		case t.kind == tkError:
			if t.text == "unbalanced brackets" {
				return "invalid Python syntax (unbalanced brackets)"
			}
			return "invalid Python syntax"
		case t.kind == tkString && t.lit.unterminated:
			return "an unterminated string literal"
		case t.kind == tkString && t.lit.badEscape:
			return "a string literal with an invalid escape"
		}
	}
	var top []int // Indexes of the top-level tokens.
	for k, t := range toks {
		if t.depth == 0 {
			top = append(top, k)
		}
	}
	has := func(pred func(k int, t token) bool) bool {
		for n, k := range top {
			if pred(n, toks[k]) {
				return true
			}
		}
		return false
	}
	isOp := func(t token, ops ...string) bool {
		if t.kind != tkOp {
			return false
		}
		for _, o := range ops {
			if t.text == o {
				return true
			}
		}
		return false
	}
	isKw := func(t token, kws ...string) bool {
		if t.kind != tkName {
			return false
		}
		for _, w := range kws {
			if t.text == w {
				return true
			}
		}
		return false
	}
	// operandEnd reports a top-level token after which an operator is
	// binary: an operand or a closing bracket.
	operandEnd := func(n int) bool {
		if n < 0 {
			return false
		}
		t := toks[top[n]]
		switch t.kind {
		case tkString, tkNumber:
			return true
		case tkName:
			return !isPyKeyword(t.text) || t.text == "None" || t.text == "True" || t.text == "False"
		case tkOp:
			return t.text == ")" || t.text == "]" || t.text == "}"
		}
		return false
	}
	binary := func(ops ...string) bool {
		return has(func(n int, t token) bool { return isOp(t, ops...) && operandEnd(n-1) })
	}
	first, last := toks[top[0]], toks[top[len(top)-1]]

	switch {
	case has(func(_ int, t token) bool { return t.kind == tkNewline }):
		return "several lines of Python"
	case isKw(first, "lambda"):
		return "a lambda"
	case has(func(n int, t token) bool { return n > 0 && isKw(t, "if") }):
		return "a conditional expression"
	case has(func(_ int, t token) bool { return isOp(t, ";") }):
		return "several statements"
	case has(func(_ int, t token) bool {
		return isOp(t, "=", "+=", "-=", "*=", "/=", "%=", "//=", "**=", "&=", "|=", "^=", ">>=", "<<=", "@=", ":=")
	}):
		return "an assignment"
	case has(func(_ int, t token) bool { return isOp(t, ",") }):
		return "a tuple"
	case has(func(_ int, t token) bool { return isKw(t, "or", "and", "not") }):
		return "a boolean expression"
	case has(func(_ int, t token) bool { return isOp(t, "==", "!=", "<", ">", "<=", ">=") || isKw(t, "in", "is") }):
		return "a comparison"
	case binary("|", "^", "&", "<<", ">>"):
		return "an arithmetic expression"
	case binary("+", "-"):
		if has(func(n int, t token) bool {
			return t.kind == tkString || (isKw(t, "str") && n+1 < len(top) && isOp(toks[top[n+1]], "("))
		}) {
			return "a concatenation"
		}
		return "an arithmetic expression"
	case binary("%"):
		if first.kind == tkString {
			return "a %-formatting expression"
		}
		return "an arithmetic expression"
	case binary("*", "/", "//", "@", "**"):
		return "an arithmetic expression"
	case isOp(first, "-", "+", "~"):
		return "an arithmetic expression"
	case isKw(first, "await"):
		return "an await expression"
	case isKw(first, "yield"):
		return "a yield expression"
	}
	// Adjacent string literals are concatenated.
	allStrings := true
	for _, k := range top {
		allStrings = allStrings && toks[k].kind == tkString
	}
	if allStrings && len(top) > 1 {
		return "a concatenation"
	}
	// Two operands side by side are a syntax error.
	for n := 1; n < len(top); n++ {
		t := toks[top[n]]
		if operandEnd(n-1) && (t.kind == tkString || t.kind == tkNumber || (t.kind == tkName && !isPyKeyword(t.text))) {
			return "invalid Python syntax"
		}
	}
	if len(top) == 1 {
		switch t := first; t.kind {
		case tkString:
			switch {
			case strings.Contains(t.lit.prefix, "f"):
				return "an f-string"
			case strings.Contains(t.lit.prefix, "b"):
				return "a bytes literal"
			}
			return "a string literal"
		case tkNumber:
			return "a number"
		case tkName:
			switch t.text {
			case "None", "True", "False":
				return "the constant " + t.text
			}
			return "the Python keyword '" + t.text + "'"
		}
	}
	// A primary: a call, a subscript, a display, an attribute.
	switch {
	case isOp(last, ")"):
		open := matching(toks, top)
		switch {
		case open == top[0]:
			if open+1 == top[len(top)-1] {
				return "a tuple"
			}
			for _, t := range toks[open+1 : top[len(top)-1]] {
				if t.depth == 1 && isOp(t, ",") {
					return "a tuple"
				}
				if t.depth == 1 && isKw(t, "for") {
					return "a generator expression"
				}
			}
			return "a parenthesized expression"
		case open > 1 && isOp(toks[open-2], "."):
			return "a method call"
		}
		return "a function call"
	case isOp(last, "]"):
		if matching(toks, top) == top[0] {
			return "a list"
		}
		return "a subscript"
	case isOp(last, "}"):
		if matching(toks, top) == top[0] {
			return "a dict or set"
		}
		return "invalid Python syntax"
	case last.kind == tkName && len(top) > 1 && isOp(toks[top[len(top)-2]], "."):
		return "an attribute access"
	}
	return "invalid Python syntax"
}

// matching returns the index of the opening bracket of the last top-level
// token, a closing bracket.
func matching(toks []token, top []int) int {
	for n := len(top) - 2; n >= 0; n-- {
		t := toks[top[n]]
		if t.kind == tkOp && (t.text == "(" || t.text == "[" || t.text == "{") {
			return top[n]
		}
	}
	return -1
}
