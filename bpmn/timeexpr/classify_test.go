package timeexpr

import (
	"testing"
)

// classifyCase is one Classify expectation. Span is text[Start:End], and
// Indent, when Indented, is text[IndentStart:IndentEnd].
type classifyCase struct {
	name   string
	text   string
	kind   BodyKind
	value  string
	span   string
	quote  byte
	python string
	indent string // Empty: not indented.
}

var classifyCases = []classifyCase{
	// Empty.
	{name: "empty", text: "", kind: BodyEmpty},
	{name: "blank", text: "  \t", kind: BodyEmpty, span: "  \t"},
	{name: "blank lines", text: "\n  \n  ", kind: BodyEmpty, span: "\n  \n  "},

	// Quoted literals.
	{name: "double quotes", text: `"PT48H"`, kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '"'},
	{name: "single quotes", text: `'PT48H'`, kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\''},
	{name: "u prefix", text: `u"PT48H"`, kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '"'},
	{name: "upper U prefix", text: `U'PT48H'`, kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\''},
	{name: "raw prefix", text: `r'\d'`, kind: BodyQuoted, value: `\d`, span: `\d`, quote: '\''},
	{name: "triple double", text: `"""PT48H"""`, kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '"'},
	{name: "triple single", text: `'''R/2026-11-09T08:00:00Z/P1D'''`, kind: BodyQuoted, value: "R/2026-11-09T08:00:00Z/P1D", span: "R/2026-11-09T08:00:00Z/P1D", quote: '\''},
	{name: "surrounding spaces", text: "  \"PT48H\"  ", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '"'},
	{name: "surrounding tabs", text: "\t'PT48H'\t", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\''},
	{name: "trailing newlines", text: "\"PT48H\"\n\n", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '"'},
	{name: "leading newline no indent", text: "\n\"PT48H\"", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '"'},
	{name: "trailing comment", text: `"PT48H"  # two days`, kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '"'},
	{name: "escapes decoded", text: `'\x50T\u00348\U00000048\n\t\\\'\"'`, kind: BodyQuoted, value: "PT48H\n\t\\'\"", span: `\x50T\u00348\U00000048\n\t\\\'\"`, quote: '\''},
	{name: "octal escape", text: `"\120T1H"`, kind: BodyQuoted, value: "PT1H", span: `\120T1H`, quote: '"'},
	{name: "unknown escape kept", text: `"\d"`, kind: BodyQuoted, value: `\d`, span: `\d`, quote: '"'},
	{name: "named escape kept", text: `"\N{BULLET}"`, kind: BodyQuoted, value: `\N{BULLET}`, span: `\N{BULLET}`, quote: '"'},
	{name: "escaped line break", text: "\"PT\\\n48H\"", kind: BodyQuoted, value: "PT48H", span: "PT\\\n48H", quote: '"'},
	{name: "quote inside other quotes", text: `"it's"`, kind: BodyQuoted, value: "it's", span: "it's", quote: '"'},
	{name: "empty literal", text: `""`, kind: BodyQuoted, value: "", span: "", quote: '"'},
	{name: "quoted content with spaces", text: `" PT48H "`, kind: BodyQuoted, value: " PT48H ", span: " PT48H ", quote: '"'},
	{name: "quoted FEEL stays a literal", text: `"=x"`, kind: BodyQuoted, value: "=x", span: "=x", quote: '"'},

	// Unquoted ISO values.
	{name: "unquoted duration", text: "PT48H", kind: BodyUnquotedISO, value: "PT48H", span: "PT48H"},
	{name: "unquoted negative duration", text: "-P1D", kind: BodyUnquotedISO, value: "-P1D", span: "-P1D"},
	{name: "unquoted lower-case duration", text: "pt1h", kind: BodyUnquotedISO, value: "pt1h", span: "pt1h"},
	{name: "unquoted date-time", text: "2026-12-01T09:00:00Z", kind: BodyUnquotedISO, value: "2026-12-01T09:00:00Z", span: "2026-12-01T09:00:00Z"},
	{name: "unquoted basic date-time", text: "20261201T090000Z", kind: BodyUnquotedISO, value: "20261201T090000Z", span: "20261201T090000Z"},
	{name: "unquoted week date", text: "2026-W49-2", kind: BodyUnquotedISO, value: "2026-W49-2", span: "2026-W49-2"},
	{name: "unquoted bare date", text: "2026-12-01", kind: BodyUnquotedISO, value: "2026-12-01", span: "2026-12-01"},
	{name: "unquoted basic date", text: "20261201", kind: BodyUnquotedISO, value: "20261201", span: "20261201"},
	{name: "unquoted date-time with space", text: "2026-12-01 09:00:00", kind: BodyUnquotedISO, value: "2026-12-01 09:00:00", span: "2026-12-01 09:00:00"},
	{name: "unquoted cycle", text: "R/P1D", kind: BodyUnquotedISO, value: "R/P1D", span: "R/P1D"},
	{name: "unquoted bounded cycle", text: " R3/2026-11-09T08:00:00Z/PT1H\n", kind: BodyUnquotedISO, value: "R3/2026-11-09T08:00:00Z/PT1H", span: "R3/2026-11-09T08:00:00Z/PT1H"},
	// An expression inside an ISO-looking value is an expression (issue 11).
	{name: "JUEL start in a cycle", text: "R3/${startDate}/PT2S", kind: BodyJUEL, value: "R3/${startDate}/PT2S", span: "R3/${startDate}/PT2S"},
	{name: "JUEL hash in a cycle", text: "R/#{start}/P1D", kind: BodyJUEL, value: "R/#{start}/P1D", span: "R/#{start}/P1D"},
	{name: "JUEL date before a time", text: "${due}T09:00:00Z", kind: BodyJUEL, value: "${due}T09:00:00Z", span: "${due}T09:00:00Z"},
	{name: "FEEL in a cycle", text: "R/=start/P1D", kind: BodyFEEL, value: "R/=start/P1D", span: "R/=start/P1D"},
	{name: "Python name in a cycle", text: "R/startDate/P1D", kind: BodyExpression, value: "R/startDate/P1D", span: "R/startDate/P1D", python: "an ISO 8601-looking value with the Python name 'startDate' inside"},
	{name: "Python snake name in a cycle", text: "R/start_date/P1D", kind: BodyExpression, value: "R/start_date/P1D", span: "R/start_date/P1D", python: "an ISO 8601-looking value with an expression inside"},
	{name: "Python call in a cycle", text: "R/now()/PT1H", kind: BodyExpression, value: "R/now()/PT1H", span: "R/now()/PT1H", python: "an ISO 8601-looking value with a Python call inside"},
	{name: "Python name after a date", text: "2026-12-01Tnoon", kind: BodyExpression, value: "2026-12-01Tnoon", span: "2026-12-01Tnoon", python: "an ISO 8601-looking value with the Python name 'Tnoon' inside"},
	{name: "duration designators with T", text: "P1DT2H", kind: BodyUnquotedISO, value: "P1DT2H", span: "P1DT2H"},
	{name: "lower-case cycle", text: "r/2026-11-09t08:00:00z/p1d", kind: BodyUnquotedISO, value: "r/2026-11-09t08:00:00z/p1d", span: "r/2026-11-09t08:00:00z/p1d"},
	{name: "unquoted interval", text: "2026-11-09T08:00:00Z/2026-11-10T08:00:00Z", kind: BodyUnquotedISO, value: "2026-11-09T08:00:00Z/2026-11-10T08:00:00Z", span: "2026-11-09T08:00:00Z/2026-11-10T08:00:00Z"},

	// Cron.
	{name: "cron five fields", text: "0 0 * * *", kind: BodyCron, value: "0 0 * * *", span: "0 0 * * *"},
	{name: "cron six fields", text: "0 0 12 * * ?", kind: BodyCron, value: "0 0 12 * * ?", span: "0 0 12 * * ?"},
	{name: "cron seven fields", text: "0 0 12 ? * MON-FRI 2026", kind: BodyCron, value: "0 0 12 ? * MON-FRI 2026", span: "0 0 12 ? * MON-FRI 2026"},
	{name: "cron quoted", text: `"0 0 * * *"`, kind: BodyCron, value: "0 0 * * *", span: "0 0 * * *", quote: '"'},
	{name: "cron single quoted six", text: `'0 0 12 * * ?'`, kind: BodyCron, value: "0 0 12 * * ?", span: "0 0 12 * * ?", quote: '\''},
	{name: "cron step and list", text: "*/15 9-17 * * 1,3,5", kind: BodyCron, value: "*/15 9-17 * * 1,3,5", span: "*/15 9-17 * * 1,3,5"},
	{name: "cron yearly", text: "@yearly", kind: BodyCron, value: "@yearly", span: "@yearly"},
	{name: "cron annually", text: "@annually", kind: BodyCron, value: "@annually", span: "@annually"},
	{name: "cron monthly", text: "@monthly", kind: BodyCron, value: "@monthly", span: "@monthly"},
	{name: "cron weekly", text: "@weekly", kind: BodyCron, value: "@weekly", span: "@weekly"},
	{name: "cron daily", text: "@daily", kind: BodyCron, value: "@daily", span: "@daily"},
	{name: "cron midnight", text: "@midnight", kind: BodyCron, value: "@midnight", span: "@midnight"},
	{name: "cron hourly", text: "@hourly", kind: BodyCron, value: "@hourly", span: "@hourly"},
	{name: "cron every", text: "@every 1h30m", kind: BodyCron, value: "@every 1h30m", span: "@every 1h30m"},
	{name: "cron quoted daily", text: `'@daily'`, kind: BodyCron, value: "@daily", span: "@daily", quote: '\''},

	// FEEL and JUEL.
	{name: "FEEL", text: "=x", kind: BodyFEEL, value: "=x", span: "=x"},
	{name: "FEEL with spaces", text: " = date and time(\"2026-12-01T09:00:00Z\") ", kind: BodyFEEL, value: "= date and time(\"2026-12-01T09:00:00Z\")", span: "= date and time(\"2026-12-01T09:00:00Z\")"},
	{name: "JUEL dollar", text: "${x}", kind: BodyJUEL, value: "${x}", span: "${x}"},
	{name: "JUEL hash", text: "#{duration}", kind: BodyJUEL, value: "#{duration}", span: "#{duration}"},

	// Variables.
	{name: "identifier", text: "start_time", kind: BodyVariable, value: "start_time", span: "start_time"},
	{name: "dotted name", text: "data.due", kind: BodyVariable, value: "data.due", span: "data.due"},
	{name: "spaced dotted name", text: " data . due ", kind: BodyVariable, value: "data . due", span: "data . due"},
	{name: "unicode identifier", text: "échéance", kind: BodyVariable, value: "échéance", span: "échéance"},
	{name: "P alone is a name", text: "P", kind: BodyVariable, value: "P", span: "P"},

	// Other Python expressions.
	{name: "function call", text: "timedelta(hours=1)", kind: BodyExpression, value: "timedelta(hours=1)", span: "timedelta(hours=1)", python: "a function call"},
	{name: "method call", text: `"{}".format(h)`, kind: BodyExpression, value: `"{}".format(h)`, span: `"{}".format(h)`, python: "a method call"},
	{name: "concatenation", text: `"PT" + str(2*24) + "H"`, kind: BodyExpression, value: `"PT" + str(2*24) + "H"`, span: `"PT" + str(2*24) + "H"`, python: "a concatenation"},
	{name: "str concatenation", text: `str(h) + x`, kind: BodyExpression, value: `str(h) + x`, span: `str(h) + x`, python: "a concatenation"},
	{name: "implicit concatenation", text: `"PT48" "H"`, kind: BodyExpression, value: `"PT48" "H"`, span: `"PT48" "H"`, python: "a concatenation"},
	{name: "f-string", text: `f"PT{h}H"`, kind: BodyExpression, value: `f"PT{h}H"`, span: `f"PT{h}H"`, python: "an f-string"},
	{name: "raw f-string", text: `rf'PT{h}H'`, kind: BodyExpression, value: `rf'PT{h}H'`, span: `rf'PT{h}H'`, python: "an f-string"},
	{name: "bytes", text: `b"PT48H"`, kind: BodyExpression, value: `b"PT48H"`, span: `b"PT48H"`, python: "a bytes literal"},
	{name: "subscript", text: `data["due"]`, kind: BodyExpression, value: `data["due"]`, span: `data["due"]`, python: "a subscript"},
	{name: "arithmetic", text: "2 * 24", kind: BodyExpression, value: "2 * 24", span: "2 * 24", python: "an arithmetic expression"},
	{name: "addition", text: "a + 1", kind: BodyExpression, value: "a + 1", span: "a + 1", python: "an arithmetic expression"},
	{name: "negation", text: "-x", kind: BodyExpression, value: "-x", span: "-x", python: "an arithmetic expression"},
	{name: "percent formatting", text: `"PT%dH" % h`, kind: BodyExpression, value: `"PT%dH" % h`, span: `"PT%dH" % h`, python: "a %-formatting expression"},
	{name: "parenthesized", text: `("PT48H")`, kind: BodyExpression, value: `("PT48H")`, span: `("PT48H")`, python: "a parenthesized expression"},
	{name: "tuple", text: `("PT48H",)`, kind: BodyExpression, value: `("PT48H",)`, span: `("PT48H",)`, python: "a tuple"},
	{name: "bare tuple", text: `a, b`, kind: BodyExpression, value: `a, b`, span: `a, b`, python: "a tuple"},
	{name: "list", text: `["PT48H"]`, kind: BodyExpression, value: `["PT48H"]`, span: `["PT48H"]`, python: "a list"},
	{name: "dict", text: `{"d": 1}`, kind: BodyExpression, value: `{"d": 1}`, span: `{"d": 1}`, python: "a dict or set"},
	{name: "conditional", text: `"PT1H" if urgent else "PT48H"`, kind: BodyExpression, value: `"PT1H" if urgent else "PT48H"`, span: `"PT1H" if urgent else "PT48H"`, python: "a conditional expression"},
	{name: "boolean", text: `a or "PT48H"`, kind: BodyExpression, value: `a or "PT48H"`, span: `a or "PT48H"`, python: "a boolean expression"},
	{name: "comparison", text: `a == b`, kind: BodyExpression, value: `a == b`, span: `a == b`, python: "a comparison"},
	{name: "lambda", text: `lambda: "PT48H"`, kind: BodyExpression, value: `lambda: "PT48H"`, span: `lambda: "PT48H"`, python: "a lambda"},
	{name: "attribute of a call", text: `now().isoformat`, kind: BodyExpression, value: `now().isoformat`, span: `now().isoformat`, python: "an attribute access"},
	{name: "number", text: "48", kind: BodyExpression, value: "48", span: "48", python: "a number"},
	{name: "None", text: "None", kind: BodyExpression, value: "None", span: "None", python: "the constant None"},
	{name: "keyword", text: "pass", kind: BodyExpression, value: "pass", span: "pass", python: "the Python keyword 'pass'"},
	{name: "unterminated", text: `"PT48H`, kind: BodyExpression, value: `"PT48H`, span: `"PT48H`, python: "an unterminated string literal"},
	{name: "line break in single quotes", text: "\"PT\n48H\"", kind: BodyExpression, value: "\"PT\n48H\"", span: "\"PT\n48H\"", python: "an unterminated string literal"},
	{name: "bad hex escape", text: `"\x4"`, kind: BodyExpression, value: `"\x4"`, span: `"\x4"`, python: "a string literal with an invalid escape"},
	{name: "bad code point", text: `"\U00110000"`, kind: BodyExpression, value: `"\U00110000"`, span: `"\U00110000"`, python: "a string literal with an invalid escape"},
	{name: "two lines", text: "'a'\n'b'", kind: BodyExpression, value: "'a'\n'b'", span: "'a'\n'b'", python: "several lines of Python"},
	{name: "semicolon", text: `"PT48H";`, kind: BodyExpression, value: `"PT48H";`, span: `"PT48H";`, python: "several statements"},
	{name: "assignment", text: `x = "PT48H"`, kind: BodyExpression, value: `x = "PT48H"`, span: `x = "PT48H"`, python: "an assignment"},
	{name: "dollar", text: "$x", kind: BodyExpression, value: "$x", span: "$x", python: "invalid Python syntax"},
	{name: "literal then name", text: `"PT48H" x`, kind: BodyExpression, value: `"PT48H" x`, span: `"PT48H" x`, python: "invalid Python syntax"},
	{name: "unbalanced", text: `f("PT48H"`, kind: BodyExpression, value: `f("PT48H"`, span: `f("PT48H"`, python: "invalid Python syntax (unbalanced brackets)"},
	{name: "comment only", text: "# nothing", kind: BodyExpression, value: "# nothing", span: "# nothing", python: "only a comment"},
	{name: "vertical tab", text: "\v'PT48H'", kind: BodyExpression, value: "\v'PT48H'", span: "\v'PT48H'", python: "invalid Python syntax"},
	{name: "no-break space", text: "\u00a0'PT48H'", kind: BodyExpression, value: "\u00a0'PT48H'", span: "\u00a0'PT48H'", python: "invalid Python syntax"},

	// Indentation (Python: IndentationError), orthogonal to the kind.
	{name: "indented literal", text: "\n    \"PT48H\"\n  ", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '"', indent: "    "},
	{name: "indented with tab", text: "\n\t'PT48H'", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\'', indent: "\t"},
	{name: "indented after blank line", text: "\n\n  \n  'PT48H'\n", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\'', indent: "  "},
	{name: "indented after spaces and CRLF", text: "  \r\n  'PT48H'", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\'', indent: "  "},
	{name: "indented after comment line", text: "\n# c\n  'PT48H'", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\'', indent: "  "},
	{name: "indented comment is blank", text: "\n  # c\n'PT48H'", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\''},
	{name: "indented unquoted", text: "\n    PT48H\n", kind: BodyUnquotedISO, value: "PT48H", span: "PT48H", indent: "    "},
	{name: "indented cron", text: "\n  \"0 0 * * *\"", kind: BodyCron, value: "0 0 * * *", span: "0 0 * * *", quote: '"', indent: "  "},
	{name: "trailing whitespace line", text: "\"PT48H\"\n        ", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '"', indent: "        "},
	{name: "trailing blank line then whitespace", text: "'PT48H'\n\n\t", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\'', indent: "\t"},
	{name: "trailing whitespace line with break", text: "'PT48H'\n  \n", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\''},
	{name: "leading spaces same line", text: "    'PT48H'", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\''},
	{name: "form feed resets", text: "'PT48H'\n \f", kind: BodyQuoted, value: "PT48H", span: "PT48H", quote: '\''},
	{name: "brackets span lines", text: "(\n  'PT48H'\n  )", kind: BodyExpression, value: "(\n  'PT48H'\n  )", span: "(\n  'PT48H'\n  )", python: "a parenthesized expression"},
	{name: "triple quotes span lines", text: "'''PT48H\n  '''", kind: BodyQuoted, value: "PT48H\n  ", span: "PT48H\n  ", quote: '\''},
	{name: "second line indented", text: "'a'\n  'b'", kind: BodyExpression, value: "'a'\n  'b'", span: "'a'\n  'b'", python: "several lines of Python", indent: "  "},
}

func TestClassify(t *testing.T) {
	for _, tc := range classifyCases {
		t.Run(tc.name, func(t *testing.T) {
			b := Classify(tc.text)
			if b.Kind != tc.kind {
				t.Fatalf("Classify(%q).Kind = %v, want %v (%+v)", tc.text, b.Kind, tc.kind, b)
			}
			if b.Value != tc.value {
				t.Errorf("Value = %q, want %q", b.Value, tc.value)
			}
			if b.Start < 0 || b.Start > b.End || b.End > len(tc.text) {
				t.Fatalf("span [%d:%d] out of bounds of %d bytes", b.Start, b.End, len(tc.text))
			}
			if got := tc.text[b.Start:b.End]; got != tc.span {
				t.Errorf("text[Start:End] = %q, want %q", got, tc.span)
			}
			if b.Quote != tc.quote {
				t.Errorf("Quote = %q, want %q", b.Quote, tc.quote)
			}
			if b.Python != tc.python {
				t.Errorf("Python = %q, want %q", b.Python, tc.python)
			}
			if b.Indented != (tc.indent != "") {
				t.Fatalf("Indented = %v, want %v", b.Indented, tc.indent != "")
			}
			if b.Indented {
				if got := tc.text[b.IndentStart:b.IndentEnd]; got != tc.indent {
					t.Errorf("text[IndentStart:IndentEnd] = %q, want %q", got, tc.indent)
				}
			}
		})
	}
}

// TestClassifyOffsets pins exact offsets for a few bodies that
// diagnostics underline.
func TestClassifyOffsets(t *testing.T) {
	tests := []struct {
		text                         string
		start, end, indStart, indEnd int
		indented                     bool
	}{
		{text: `"PT48H"`, start: 1, end: 6},
		{text: `u'PT48H'`, start: 2, end: 7},
		{text: `"""PT48H"""`, start: 3, end: 8},
		{text: "  PT48H \n", start: 2, end: 7},
		{text: "\n    \"PT48H\"", start: 6, end: 11, indented: true, indStart: 1, indEnd: 5},
		{text: "\"PT48H\"\n   ", start: 1, end: 6, indented: true, indStart: 8, indEnd: 11},
		{text: "", start: 0, end: 0},
		{text: "   ", start: 0, end: 3},
	}
	for _, tc := range tests {
		b := Classify(tc.text)
		if b.Start != tc.start || b.End != tc.end || b.Indented != tc.indented ||
			(tc.indented && (b.IndentStart != tc.indStart || b.IndentEnd != tc.indEnd)) {
			t.Errorf("Classify(%q) = [%d:%d] indented=%v [%d:%d], want [%d:%d] indented=%v [%d:%d]", tc.text,
				b.Start, b.End, b.Indented, b.IndentStart, b.IndentEnd, tc.start, tc.end, tc.indented, tc.indStart, tc.indEnd)
		}
	}
}

func TestBodyKindString(t *testing.T) {
	for k := BodyEmpty; k <= BodyExpression; k++ {
		if s := k.String(); s == "" || s == "an unknown body" {
			t.Errorf("BodyKind(%d).String() = %q", k, s)
		}
	}
	if s := BodyKind(0).String(); s != "an unknown body" {
		t.Errorf("BodyKind(0).String() = %q", s)
	}
}
