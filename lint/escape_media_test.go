package lint

import (
	"encoding/json"
	"encoding/xml"
	"regexp"
	"strings"
	"testing"
)

// hostileReport is one finding whose every quoted field is hostile: line
// breaks followed by workflow commands, terminal escapes (C0 and C1),
// bidirectional overrides, line separators, Markdown and HTML, @mentions
// and percent escapes.
func hostileReport() (*Report, string) {
	file := "models/x\n::error file=a.bpmn,line=1::pwned\x1b[31m\u202e@octocat <img src=x>%0A|`.bpmn"
	src := "::error file=b.bpmn::from the source \x1b[2J\u009b31m\u2066\n"
	rep := &Report{Files: 1, Diagnostics: []Diagnostic{{
		File: file, Line: 1, Column: 3, EndLine: 1, EndColumn: 8,
		Severity: SeverityError, Rule: "TMR1001", Name: "bad\u202ename",
		Element: "E\u2029::warning::e",
		Message: "msg \x1b]0;title\x07 \u2028 @admin <script>alert(1)</script> **b** [l](http://x) \u0085::notice::n\r\n::error::second",
		Detail:  "do \u2067this\u2069 @team/x\n::error::detail",
	}}}
	return rep, src
}

// rawUnsafe returns the first character of out that no medium may carry
// raw: a C0 control other than the line feed, DEL, a C1 control, a
// bidirectional formatting character or a line or paragraph separator.
func rawUnsafe(out string) (rune, bool) {
	for _, r := range out {
		if r < 0x20 && r != '\n' || r == 0x7f || unsafeRune(r) {
			return r, true
		}
	}
	return 0, false
}

var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

var hostileGitHubLine = regexp.MustCompile(`^::(error|warning|notice) file=[^,:]*,line=1,col=3,endLine=1,endColumn=8,title=[^:]*::`)

// TestEveryFormatEscapesHostileInput feeds every output format the same
// hostile finding and checks each for its medium: no line that reads as a
// workflow command (but the GitHub format's own, one per finding), no raw
// control, bidirectional or separator character; Markdown with no HTML,
// no @mention and one table row; JSON and XML that decode back to the
// finding's text.
func TestEveryFormatEscapesHostileInput(t *testing.T) {
	rep, src := hostileReport()
	d := rep.Diagnostics[0]
	opts := PrinterOptions{Sources: printerSources{d.File: []byte(src)}, Rules: []*Rule{{ID: "TMR1001", Name: "bad\u202ename", Severity: SeverityError, Title: "t"}}, Version: "v1"}
	for _, c := range goldenCases(opts) {
		out := string(renderReport(t, c.p, rep))
		// The colour variants write their own SGR sequences; what they
		// quote is checked like the rest.
		if r, ok := rawUnsafe(sgr.ReplaceAllString(out, "")); ok {
			t.Errorf("%s: raw %U in\n%s", c.file, r, out)
		}
		commands := 0
		for _, line := range strings.Split(out, "\n") {
			if !strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
				continue
			}
			if c.file == "github.txt" && hostileGitHubLine.MatchString(line) {
				commands++
				continue
			}
			t.Errorf("%s: a line reads as a workflow command: %q", c.file, line)
		}
		switch {
		case c.file == "github.txt":
			if commands != 1 || strings.Count(out, "\n") != 1 {
				t.Errorf("github: %d commands in %d lines, want 1 in 1:\n%s", commands, strings.Count(out, "\n"), out)
			}
		case c.file == "markdown.md":
			for _, bad := range []string{"<img", "<script", "@admin", "@octocat", "@team", "**b**", "[l](http"} {
				if strings.Contains(out, bad) {
					t.Errorf("markdown: %q is left as markup:\n%s", bad, out)
				}
			}
			if rows := strings.Count(out, "\n| error |"); rows != 1 {
				t.Errorf("markdown: %d table rows start, want 1:\n%s", rows, out)
			}
		case strings.HasSuffix(c.file, ".json") || strings.HasSuffix(c.file, ".sarif"):
			if !json.Valid([]byte(out)) {
				t.Errorf("%s: not JSON", c.file)
			}
			if c.file == "json.json" {
				var got struct{ Diagnostics []Diagnostic }
				if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Diagnostics) != 1 ||
					got.Diagnostics[0].Message != d.Message || got.Diagnostics[0].File != d.File || got.Diagnostics[0].Detail != d.Detail {
					t.Errorf("json: the finding does not read back as it was: %v %+v", err, got)
				}
			}
		case c.file == "checkstyle.xml":
			var got struct {
				Files []struct {
					Name   string `xml:"name,attr"`
					Errors []struct {
						Message string `xml:"message,attr"`
					} `xml:"error"`
				} `xml:"file"`
			}
			if err := xml.Unmarshal([]byte(out), &got); err != nil || len(got.Files) != 1 || len(got.Files[0].Errors) != 1 {
				t.Fatalf("checkstyle: %v %+v", err, got)
			}
			// XML cannot hold ESC or BEL: encoding/xml writes U+FFFD for
			// them; every other character reads back.
			inXML := func(s string) string {
				return strings.NewReplacer("\x1b", "\uFFFD", "\x07", "\uFFFD", "\r\n", "\n").Replace(s)
			}
			if got.Files[0].Name != inXML(d.File) || !strings.Contains(got.Files[0].Errors[0].Message, "\u2028 @admin <script>") {
				t.Errorf("checkstyle: the finding does not read back: %q %q", got.Files[0].Name, got.Files[0].Errors[0].Message)
			}
		case c.file == "junit.xml":
			if err := xml.Unmarshal([]byte(out), new(struct{})); err != nil {
				t.Errorf("junit: %v", err)
			}
		}
	}
}

func TestMarkdownText(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                  "plain",
		"@octocat hi":            "@&#8203;octocat hi",
		"<b>&</b>":               "&lt;b&gt;&amp;&lt;/b&gt;",
		"a|b":                    `a\|b`,
		"a\r\nb\rc\nd":           "a<br>b<br>c<br>d",
		"x\u202ey\u2028z\x1b[1m": `x\\u202ey\\u2028z\\x1b\[1m`,
		"*_`~[]":                 "\\*\\_\\`\\~\\[\\]",
	} {
		if got := MarkdownText(in); got != want {
			t.Errorf("MarkdownText(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]string{
		"models/a.bpmn":      "`models/a.bpmn`",
		"a@b <c>.bpmn":       "`a@b <c>.bpmn`",
		"a\u202e.bpmn":       "`a\\u202e.bpmn`",
		"a`b.bpmn":           "a\\`b.bpmn",
		"a|b.bpmn":           `a\|b.bpmn`,
		"a\n::error::x.bpmn": "`a\\n::error::x.bpmn`",
	} {
		if got := MarkdownCode(in); got != want {
			t.Errorf("MarkdownCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPrintableSeparators(t *testing.T) {
	if got, want := Printable("a\u2028b\u2029c\u0085d"), `a\u2028b\u2029c\u0085d`; got != want {
		t.Errorf("Printable = %q, want %q", got, want)
	}
}

func TestJSONAndXMLRunes(t *testing.T) {
	in := "{\"a\": \"x\u202ey\u2028\u009b\u00e9\"}"
	got := string(JSONRunes([]byte(in)))
	if want := `{"a": "x\u202ey\u2028\u009b` + "\u00e9\"}"; got != want {
		t.Errorf("JSONRunes = %q, want %q", got, want)
	}
	var back map[string]string
	if err := json.Unmarshal([]byte(got), &back); err != nil || back["a"] != "x\u202ey\u2028\u009b\u00e9" {
		t.Errorf("JSONRunes does not read back: %v %q", err, back)
	}
	if got, want := string(XMLRunes([]byte("<a b=\"\u202e\">\u2029</a>"))), `<a b="&#x202E;">&#x2029;</a>`; got != want {
		t.Errorf("XMLRunes = %q, want %q", got, want)
	}
	plain := []byte("no change")
	if got := JSONRunes(plain); &got[0] != &plain[0] {
		t.Error("JSONRunes copies text it does not change")
	}
}
