package lint

import (
	"bytes"
	"cmp"
	"encoding/json"
	"encoding/xml"
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
)

// updateGolden rewrites the golden files: go test ./lint/ -update. Other
// golden tests in this package should read this flag rather than define
// their own, which would panic as a redefined flag.
var updateGolden = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// printerSources serves file bytes from memory.
type printerSources map[string][]byte

func (m printerSources) Source(file string) []byte { return m[file] }

const printerApprovalPath = "models/approval.bpmn"

// printerApprovalSrc has non-ASCII names (two-byte, three-byte and four-byte
// UTF-8, the last two UTF-16 units) before spans on the same line, so that
// byte, code point and UTF-16 columns differ.
const printerApprovalSrc = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="Defs">
  <bpmn:process id="Approval">
    <bpmn:boundaryEvent id="Remind" name="Erinnerung ⏰" attachedToRef="Review">
      <bpmn:timerEventDefinition>
        <bpmn:timeCycle>R/P1D</bpmn:timeCycle>
      </bpmn:timerEventDefinition>
    </bpmn:boundaryEvent>
    <bpmn:startEvent id="Start" name="Größe 🕐"><bpmn:timerEventDefinition><bpmn:timeDate>2026-13-01</bpmn:timeDate></bpmn:timerEventDefinition></bpmn:startEvent>
  </bpmn:process>
</bpmn:definitions>
`

const printerGraphPath = "index/graph.ttl"

const printerGraphSrc = `@prefix seam: <https://seams.example/ns#> .
@prefix m: <https://example.com/models/approval.bpmn#> .

# Zeitpläne für die Prüfung.
m:Remind seam:schedules m:Nachtlauf, m:Überprüfung .
`

// printerOddPath has a space, a comma, a colon and non-ASCII letters, which the
// GitHub properties, SARIF URIs and XML attributes must each escape.
const printerOddPath = "models/Zeitpläne, v2:draft.bpmn"

// sourceSpan finds the first occurrence of needle in src and returns its
// 1-based line and byte column and its exclusive end.
func sourceSpan(t testing.TB, src, needle string) (line, col, endLine, endCol int) {
	t.Helper()
	i := strings.Index(src, needle)
	if i < 0 {
		t.Fatalf("%q not in source", needle)
	}
	at := func(off int) (int, int) {
		before := src[:off]
		return strings.Count(before, "\n") + 1, off - (strings.LastIndex(before, "\n") + 1) + 1
	}
	line, col = at(i)
	endLine, endCol = at(i + len(needle))
	return line, col, endLine, endCol
}

// diagnosticAt builds a diagnostic on the span of needle in src.
func diagnosticAt(t testing.TB, file, src, needle string, d Diagnostic) Diagnostic {
	d.File = file
	d.Line, d.Column, d.EndLine, d.EndColumn = sourceSpan(t, src, needle)
	d.Offset = strings.Index(src, needle)
	d.EndOffset = d.Offset + len(needle)
	return d
}

// printerRules is a small catalog, given out of order on purpose.
func printerRules() []*Rule {
	return []*Rule{
		{
			ID: "TMR4002", Name: "schedules-unknown-timer", Severity: SeverityWarning, Kind: KindProject,
			Title: "seam:schedules names a timer that no model defines",
			Doc:   "A seam:schedules triple points at an element id that no loaded model has.\nThe schedule is never armed.",
			Bad:   "m:Remind seam:schedules m:Gone .",
			Good:  "m:Remind seam:schedules m:Nightly .",
		},
		{
			ID: "TMR1031", Name: "cycle-no-start", Severity: SeverityError, Kind: KindFile,
			Title: "repeating cycle without a start",
			Doc:   "A timeCycle of the form R/P1D has no start, so engines start counting at deploy time.",
			Bad:   "<bpmn:timeCycle>R/P1D</bpmn:timeCycle>",
			Good:  "<bpmn:timeCycle>R/2026-01-01T09:00:00Z/P1D</bpmn:timeCycle>",
		},
		{
			ID: "TMR0002", Name: "xml-syntax", Severity: SeverityError, Kind: KindLoad,
			Title: "XML syntax error",
			Doc:   "The BPMN file is not well-formed XML.",
			Bad:   "<bpmn:definitions>\n  <bpmn:process id=\"Digest\">\n</bpmn:definitions>",
			Good:  "<bpmn:definitions>\n  <bpmn:process id=\"Digest\"/>\n</bpmn:definitions>",
		},
		{
			ID: "TMR1010", Name: "date-invalid", Severity: SeverityError, Kind: KindFile,
			Title: "timeDate is not a valid date",
			Doc:   "A timeDate must be an ISO 8601 date and time with an offset. Write `2026-01-01T09:00:00Z`.",
			Bad:   "<bpmn:timeDate>2026-13-01</bpmn:timeDate> <!-- ``` -->",
			Good:  "<bpmn:timeDate>2026-12-01T09:00:00Z</bpmn:timeDate>",
		},
		{
			ID: "TMR2005", Name: "interrupting-boundary-cycle", Severity: SeverityWarning, Kind: KindFile,
			Title: "interrupting boundary timer with a cycle",
		},
		{
			ID: "TMR3001", Name: "timer-summary", Severity: SeverityInfo, Kind: KindFile,
			Title: "what a timer does",
			Doc:   "Describes when a timer fires.",
		},
	}
}

// printerReport is the one input every printer is fed: several files (one of
// them Turtle, one with an odd name, one without source), all three
// severities, single- and multi-line spans, a rule missing from the
// catalog, and messages with quotes, commas, colons, newlines, % and
// non-ASCII text. It is deliberately out of order.
func printerReport(t testing.TB) (*Report, PrinterOptions) {
	t.Helper()
	approvalIRI := "file:///work/models/approval.bpmn"
	ds := []Diagnostic{
		diagnosticAt(t, printerGraphPath, printerGraphSrc, "m:Nachtlauf, m:Überprüfung", Diagnostic{
			Rule: "TMR4002", Name: "schedules-unknown-timer", Severity: SeverityWarning,
			Element:   "Remind",
			Subject:   "https://example.com/models/approval.bpmn#Remind",
			Predicate: "seam:schedules",
			Message:   Resolution("index/graph.ttl#Remind", "seam:schedules", "[<approval.bpmn#Nachtlauf>, <approval.bpmn#Überprüfung>]"),
			Detail:    "Define the timers, or remove the triple.",
		}),
		diagnosticAt(t, printerApprovalPath, printerApprovalSrc, "R/P1D", Diagnostic{
			Rule: "TMR1031", Name: "cycle-no-start", Severity: SeverityError,
			Element:   "Remind",
			Subject:   approvalIRI + "#Remind",
			Predicate: "bpmn:timeCycle",
			Message:   Resolution(printerApprovalPath+"#Remind", "bpmn:timeCycle", "cycle 'R/P1D' has no start: it fires at deploy time, then every day"),
			Detail:    `Give it a start: "R/2026-01-01T09:00:00Z/P1D" (100% reproducible).`,
		}),
		diagnosticAt(t, printerApprovalPath, printerApprovalSrc, "2026-13-01", Diagnostic{
			Rule: "TMR1010", Name: "date-invalid", Severity: SeverityError,
			Element:   "Start",
			Subject:   approvalIRI + "#Start",
			Predicate: "bpmn:timeDate",
			Message:   Resolution(printerApprovalPath+"#Start", "bpmn:timeDate", "month 13 does not exist in '2026-13-01' — Größe"),
		}),
		diagnosticAt(t, printerApprovalPath, printerApprovalSrc, "<bpmn:boundaryEvent id=\"Remind\" name=\"Erinnerung ⏰\" attachedToRef=\"Review\">\n      <bpmn:timerEventDefinition>\n        <bpmn:timeCycle>R/P1D</bpmn:timeCycle>\n      </bpmn:timerEventDefinition>\n    </bpmn:boundaryEvent>", Diagnostic{
			Rule: "TMR2005", Name: "interrupting-boundary-cycle", Severity: SeverityWarning,
			Element:   "Remind",
			Subject:   approvalIRI + "#Remind",
			Predicate: "bpmn:cancelActivity",
			Message:   Resolution(printerApprovalPath+"#Remind", "bpmn:cancelActivity", "an interrupting boundary timer with a cycle fires once, not every day"),
			Detail:    "Set cancelActivity=\"false\", or use a timeDuration.",
		}),
		diagnosticAt(t, printerApprovalPath, printerApprovalSrc, "<bpmn:process id=\"Approval\">", Diagnostic{
			Rule: "TMR3001", Name: "timer-summary", Severity: SeverityInfo,
			Element:   "Approval",
			Subject:   approvalIRI + "#Approval",
			Predicate: "bpmn:process",
			Message:   "process has 2 timers:\n\"Remind\" every day, 50% of them on weekends; <Start> once",
		}),
		{
			Rule: "TMR0002", Name: "xml-syntax", Severity: SeverityError, File: printerOddPath,
			Line: 3, Column: 7, EndLine: 3, EndColumn: 7,
			Message: "XML syntax error: element <bpmn:process> closed by </bpmn:definitions>, expected </bpmn:process>",
			Detail:  "Fix the XML at this position; no timer in this file was checked.",
		},
		{
			Rule: "TMR9999", Name: RuleErrorName, Severity: SeverityError, File: printerOddPath,
			Line: 1, Column: 1, EndLine: 1, EndColumn: 1,
			Message: "rule TMR9999 (made-up) failed on this file: runtime error: index out of range [3] with length 3",
			Detail:  "This is a bug in seams-timers; the other rules ran. Please report it with the file.",
		},
		{
			Rule: "TMR3001", Name: "timer-summary", Severity: SeverityInfo, File: "models/digest.bpmn",
			Line: 12, Column: 9, EndLine: 14, EndColumn: 3,
			Message: "digest: fires at 06:00, Mon–Fri",
		},
	}
	rep := &Report{
		Diagnostics: ds,
		Files:       6,
		Timers:      5,
		Project: &Project{Files: []*File{
			{Path: printerApprovalPath, Src: []byte(printerApprovalSrc), Reported: true},
			{Path: "models/clean.bpmn", Reported: true},
			{Path: "models/digest.bpmn", Reported: true},
			{Path: printerGraphPath, Reported: true, ElementKind: "resource"},
			{Path: "index/empty.nt", Reported: true, ElementKind: "resource"},
		}},
	}
	opts := PrinterOptions{
		Sources: printerSources{printerApprovalPath: []byte(printerApprovalSrc), printerGraphPath: []byte(printerGraphSrc)},
		Rules:   printerRules(),
		Version: "v0.3.0-test",
	}
	return rep, opts
}

// sortedPrinterReport returns the test report in the driver's order, as Check
// hands it to the printers.
func sortedPrinterReport(t testing.TB) (*Report, PrinterOptions) {
	rep, opts := printerReport(t)
	Sort(rep.Diagnostics)
	return rep, opts
}

func renderReport(t testing.TB, p Printer, r *Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := p.Print(&b, r); err != nil {
		t.Fatalf("Print: %v", err)
	}
	return b.Bytes()
}

// checkGolden compares got with testdata/golden/name, or rewrites the file
// with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./lint/ -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gl), len(wl)) {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("%s differs at line %d (run go test ./lint/ -update and review the diff):\ngot:  %q\nwant: %q", path, i+1, g, w)
		}
	}
}

// goldenCases lists every format and option set with its golden file.
func goldenCases(opts PrinterOptions) []struct {
	file string
	p    Printer
} {
	withSource := opts
	withSource.ShowSource = true
	color := opts
	color.Color = true
	both := withSource
	both.Color = true
	noRules := opts
	noRules.Rules, noRules.Sources, noRules.Version = nil, nil, ""
	return []struct {
		file string
		p    Printer
	}{
		{"text.txt", &TextPrinter{Options: opts}},
		{"text-source.txt", &TextPrinter{Options: withSource}},
		{"text-color.txt", &TextPrinter{Options: color}},
		{"text-source-color.txt", &TextPrinter{Options: both}},
		{"json.json", JSONPrinter{}},
		{"sarif.sarif", &SARIFPrinter{Options: opts}},
		{"sarif-bare.sarif", &SARIFPrinter{Options: noRules}},
		{"github.txt", GitHubPrinter{}},
		{"checkstyle.xml", CheckstylePrinter{}},
		{"junit.xml", JUnitPrinter{}},
		{"codeclimate.json", CodeClimatePrinter{}},
		{"markdown.md", MarkdownPrinter{}},
	}
}

func TestPrintersGolden(t *testing.T) {
	rep, opts := sortedPrinterReport(t)
	for _, c := range goldenCases(opts) {
		t.Run(c.file, func(t *testing.T) {
			checkGolden(t, c.file, renderReport(t, c.p, rep))
		})
	}
}

// TestPrintersEmpty checks that a report without findings still gives a
// well-formed document in every format.
func TestPrintersEmpty(t *testing.T) {
	_, opts := printerReport(t)
	rep := &Report{Files: 1}
	for _, c := range goldenCases(opts) {
		out := renderReport(t, c.p, rep)
		switch filepath.Ext(c.file) {
		case ".json", ".sarif":
			var v any
			if err := json.Unmarshal(out, &v); err != nil {
				t.Errorf("%s: %v", c.file, err)
			}
			if _, isList := v.([]any); isList && strings.TrimSpace(string(out)) != "[]" {
				t.Errorf("%s: an empty report gives %s, want []", c.file, out)
			}
		case ".xml":
			if err := xml.Unmarshal(out, new(struct{})); err != nil {
				t.Errorf("%s: %v", c.file, err)
			}
		case ".md":
			if want := "### seams-timers: 0 errors, 0 warnings in 1 file (0 timers)\n\nNo findings.\n"; string(out) != want {
				t.Errorf("%s: %q, want %q", c.file, out, want)
			}
		default:
			if len(out) != 0 {
				t.Errorf("%s: want no output, got %q", c.file, out)
			}
		}
	}
	var sarif struct {
		Runs []struct {
			Results json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(renderReport(t, &SARIFPrinter{Options: opts}, rep), &sarif); err != nil {
		t.Fatal(err)
	}
	if got := string(sarif.Runs[0].Results); got != "[]" {
		t.Errorf("SARIF results of an empty report = %s, want [] (a run that found nothing)", got)
	}
}

// TestPrintersDeterministic checks that the new formats sort for
// themselves: shuffled input gives the same bytes, and the report is left
// as it was.
func TestPrintersDeterministic(t *testing.T) {
	rep, opts := sortedPrinterReport(t)
	want := map[string][]byte{}
	cases := goldenCases(opts)[5:]
	for _, c := range cases {
		want[c.file] = renderReport(t, c.p, rep)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5 {
		rng.Shuffle(len(rep.Diagnostics), func(i, j int) {
			rep.Diagnostics[i], rep.Diagnostics[j] = rep.Diagnostics[j], rep.Diagnostics[i]
		})
		before := slices.Clone(rep.Diagnostics)
		for _, c := range cases {
			if got := renderReport(t, c.p, rep); !bytes.Equal(got, want[c.file]) {
				t.Errorf("%s: shuffled input changed the output", c.file)
			}
		}
		if !slices.EqualFunc(before, rep.Diagnostics, func(a, b Diagnostic) bool { return a.Message == b.Message && a.Line == b.Line }) {
			t.Fatal("a printer reordered the report's diagnostics")
		}
	}
}

func TestNewPrinterFormats(t *testing.T) {
	for _, f := range []string{"text", "json", "sarif", "github", "checkstyle", "junit", "codeclimate", "markdown"} {
		if !slices.Contains(Formats(), f) {
			t.Errorf("Formats() = %v, missing %q", Formats(), f)
		}
		if _, err := NewPrinter(f, PrinterOptions{}); err != nil {
			t.Errorf("NewPrinter(%q): %v", f, err)
		}
	}
}

var githubCommandLine = regexp.MustCompile(`^::(error|warning|notice) ([^:]*)::(.*)$`)

// unescapeGitHub reverses the workflow command escapes, as the runner does.
func unescapeGitHub(s string) string {
	return strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%").Replace(s)
}

// TestPositionsExact checks that the text and github lines carry each
// diagnostic's file, line and column exactly, in the report's order.
func TestPositionsExact(t *testing.T) {
	rep, opts := sortedPrinterReport(t)

	text := string(renderReport(t, &TextPrinter{Options: opts}, rep))
	rest := text
	for _, d := range rep.Diagnostics {
		prefix := fmt.Sprintf("%s:%d:%d: %s: ", d.File, d.Line, d.Column, d.Severity)
		i := strings.Index(rest, prefix)
		if i < 0 || i > 0 && rest[i-1] != '\n' {
			t.Fatalf("text output has no line starting %q after the previous finding:\n%s", prefix, text)
		}
		rest = rest[i+len(prefix):]
	}

	lines := strings.Split(strings.TrimSuffix(string(renderReport(t, GitHubPrinter{}, rep)), "\n"), "\n")
	if len(lines) != len(rep.Diagnostics) {
		t.Fatalf("github output has %d lines for %d findings", len(lines), len(rep.Diagnostics))
	}
	for i, d := range rep.Diagnostics {
		m := githubCommandLine.FindStringSubmatch(lines[i])
		if m == nil {
			t.Fatalf("line %d is not a workflow command: %q", i+1, lines[i])
		}
		if want := githubCommand(d.Severity); m[1] != want {
			t.Errorf("line %d: command %q, want %q", i+1, m[1], want)
		}
		props := map[string]string{}
		for _, kv := range strings.Split(m[2], ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("line %d: property %q has no value", i+1, kv)
			}
			props[k] = unescapeGitHub(v)
		}
		want := map[string]string{
			"file":      d.File,
			"line":      strconv.Itoa(d.Line),
			"col":       strconv.Itoa(d.Column),
			"endLine":   strconv.Itoa(d.EndLine),
			"endColumn": strconv.Itoa(d.EndColumn),
			"title":     d.Rule + " " + d.Name,
		}
		for k, v := range want {
			if props[k] != v {
				t.Errorf("line %d: %s=%q, want %q", i+1, k, props[k], v)
			}
		}
		msg := d.Message
		if d.Detail != "" {
			msg += "\n" + d.Detail
		}
		if got := unescapeGitHub(m[3]); got != msg {
			t.Errorf("line %d: message %q, want %q", i+1, got, msg)
		}
	}
	// One line checked literally, for the escapes of an odd file name.
	want := "::error file=models/Zeitpläne%2C v2%3Adraft.bpmn,line=1,col=1,endLine=1,endColumn=1,title=TMR9999 rule-error::"
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, want) }) {
		t.Errorf("no github line starts %q", want)
	}
}

func TestGitHubEscape(t *testing.T) {
	for _, c := range []struct{ in, data, prop string }{
		{"plain", "plain", "plain"},
		{"100%", "100%25", "100%25"},
		{"a\r\nb", "a%0Ab", `a\r\nb`},
		{"a\rb\n::error::x", `a\rb%0A::error::x`, `a\rb\n%3A%3Aerror%3A%3Ax`},
		{"x\x1b[2J\u202e\u2028\u009b", `x\x1b[2J\u202e\u2028\u009b`, `x\x1b[2J\u202e\u2028\u009b`},
		{"a: b, c", "a: b, c", "a%3A b%2C c"},
		{"%0A", "%250A", "%250A"},
		{"Größe", "Größe", "Größe"},
	} {
		if got := GitHubData(c.in); got != c.data {
			t.Errorf("GitHubData(%q) = %q, want %q", c.in, got, c.data)
		}
		if got := GitHubProperty(c.in); got != c.prop {
			t.Errorf("GitHubProperty(%q) = %q, want %q", c.in, got, c.prop)
		}
	}
}

// TestJSONFieldNames checks the public contract of DESIGN.md section 6:
// exactly these field names, no more and no fewer.
func TestJSONFieldNames(t *testing.T) {
	rep, _ := sortedPrinterReport(t)
	var out map[string]json.RawMessage
	if err := json.Unmarshal(renderReport(t, JSONPrinter{}, rep), &out); err != nil {
		t.Fatal(err)
	}
	sameKeys := func(what string, got map[string]json.RawMessage, want ...string) {
		t.Helper()
		var keys []string
		for k := range got {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		slices.Sort(want)
		if !slices.Equal(keys, want) {
			t.Errorf("%s has fields %v, want %v", what, keys, want)
		}
	}
	sameKeys("the document", out, "version", "diagnostics", "summary")
	var version int
	if err := json.Unmarshal(out["version"], &version); err != nil || version != 1 {
		t.Errorf("version = %s, want 1", out["version"])
	}
	var diags []map[string]json.RawMessage
	if err := json.Unmarshal(out["diagnostics"], &diags); err != nil {
		t.Fatal(err)
	}
	if len(diags) != len(rep.Diagnostics) {
		t.Fatalf("%d diagnostics, want %d", len(diags), len(rep.Diagnostics))
	}
	for i, d := range diags {
		sameKeys(fmt.Sprintf("diagnostic %d", i), d, "rule", "name", "severity", "file", "line",
			"column", "endLine", "endColumn", "element", "subject", "predicate", "message", "detail")
	}
	var summary map[string]json.RawMessage
	if err := json.Unmarshal(out["summary"], &summary); err != nil {
		t.Fatal(err)
	}
	sameKeys("summary", summary, "files", "timers", "errors", "warnings")
}

// TestXMLFormatsParse reads the checkstyle and junit output back with
// encoding/xml and checks what they say.
func TestXMLFormatsParse(t *testing.T) {
	rep, _ := sortedPrinterReport(t)

	var cs struct {
		XMLName xml.Name `xml:"checkstyle"`
		Version string   `xml:"version,attr"`
		Files   []struct {
			Name   string `xml:"name,attr"`
			Errors []struct {
				Line     int    `xml:"line,attr"`
				Column   int    `xml:"column,attr"`
				Severity string `xml:"severity,attr"`
				Message  string `xml:"message,attr"`
				Source   string `xml:"source,attr"`
			} `xml:"error"`
		} `xml:"file"`
	}
	if err := xml.Unmarshal(renderReport(t, CheckstylePrinter{}, rep), &cs); err != nil {
		t.Fatalf("checkstyle: %v", err)
	}
	if cs.Version != "4.3" {
		t.Errorf("checkstyle version %q, want 4.3", cs.Version)
	}
	var names []string
	var got []Diagnostic
	for _, f := range cs.Files {
		names = append(names, f.Name)
		for _, e := range f.Errors {
			got = append(got, Diagnostic{File: f.Name, Line: e.Line, Column: e.Column, Message: e.Message, Rule: strings.TrimPrefix(e.Source, "seams-timers."), Name: e.Severity})
		}
	}
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("checkstyle files not sorted and unique: %q", names)
	}
	if len(got) != len(rep.Diagnostics) {
		t.Fatalf("checkstyle has %d errors, want %d", len(got), len(rep.Diagnostics))
	}
	for i, d := range rep.Diagnostics {
		g := got[i]
		if g.File != d.File || g.Line != d.Line || g.Column != d.Column || g.Message != d.Message || g.Rule != d.Rule || g.Name != d.Severity.String() {
			t.Errorf("checkstyle error %d = %+v, want file %q %d:%d %s %s %q", i, g, d.File, d.Line, d.Column, d.Severity, d.Rule, d.Message)
		}
	}

	var ju struct {
		XMLName  xml.Name `xml:"testsuites"`
		Tests    int      `xml:"tests,attr"`
		Failures int      `xml:"failures,attr"`
		Suites   []struct {
			Name       string `xml:"name,attr"`
			Tests      int    `xml:"tests,attr"`
			Failures   int    `xml:"failures,attr"`
			Properties []struct {
				Name  string `xml:"name,attr"`
				Value string `xml:"value,attr"`
			} `xml:"properties>property"`
			Cases []struct {
				Name    string `xml:"name,attr"`
				Failure *struct {
					Message string `xml:"message,attr"`
					Type    string `xml:"type,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(renderReport(t, JUnitPrinter{}, rep), &ju); err != nil {
		t.Fatalf("junit: %v", err)
	}
	if len(ju.Suites) != 1 || ju.Suites[0].Name != "seams-timers" {
		t.Fatalf("junit suites %+v, want one named seams-timers", ju.Suites)
	}
	s := ju.Suites[0]
	wantCases := []string{"index/empty.nt", "index/graph.ttl", "models/Zeitpläne, v2:draft.bpmn", "models/approval.bpmn", "models/clean.bpmn", "models/digest.bpmn"}
	var caseNames []string
	failing := map[string]string{}
	for _, c := range s.Cases {
		caseNames = append(caseNames, c.Name)
		if c.Failure != nil {
			failing[c.Name] = c.Failure.Text
		}
	}
	if !slices.Equal(caseNames, wantCases) {
		t.Errorf("junit cases %q, want %q", caseNames, wantCases)
	}
	if s.Tests != 6 || s.Failures != 4 || ju.Tests != 6 || ju.Failures != 4 {
		t.Errorf("junit counts tests=%d failures=%d (suites %d/%d), want 6 and 4", s.Tests, s.Failures, ju.Tests, ju.Failures)
	}
	for _, d := range rep.Diagnostics {
		line := fmt.Sprintf("%s:%d:%d: %s: %s [%s %s]\n", d.File, d.Line, d.Column, d.Severity, d.Message, d.Rule, d.Name)
		if !strings.Contains(failing[d.File], line) {
			t.Errorf("junit failure of %s does not list %q", d.File, line)
		}
	}
	props := map[string]string{}
	for _, p := range s.Properties {
		props[p.Name] = p.Value
	}
	if want := map[string]string{"files": "6", "timers": "5", "errors": "4", "warnings": "2", "infos": "2"}; !maps.Equal(props, want) {
		t.Errorf("junit properties %v, want %v", props, want)
	}
}

// sarifDoc is the part of a SARIF log the tests read.
type sarifDoc struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []struct {
		ColumnKind string `json:"columnKind"`
		Tool       struct {
			Driver struct {
				Name    string `json:"name"`
				Version string `json:"version"`
				Rules   []struct {
					ID               string `json:"id"`
					Name             string `json:"name"`
					HelpURI          string `json:"helpUri"`
					ShortDescription struct {
						Text string `json:"text"`
					} `json:"shortDescription"`
					FullDescription struct {
						Text string `json:"text"`
					} `json:"fullDescription"`
					Help struct {
						Text     string `json:"text"`
						Markdown string `json:"markdown"`
					} `json:"help"`
					DefaultConfiguration struct {
						Level string `json:"level"`
					} `json:"defaultConfiguration"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results []struct {
			RuleID    string `json:"ruleId"`
			RuleIndex int    `json:"ruleIndex"`
			Level     string `json:"level"`
			Message   struct {
				Text string `json:"text"`
			} `json:"message"`
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
					Region map[string]int `json:"region"`
				} `json:"physicalLocation"`
				LogicalLocations []struct {
					Name               string `json:"name"`
					FullyQualifiedName string `json:"fullyQualifiedName"`
				} `json:"logicalLocations"`
			} `json:"locations"`
			PartialFingerprints map[string]string `json:"partialFingerprints"`
			Properties          map[string]string `json:"properties"`
		} `json:"results"`
	} `json:"runs"`
}

func parseSARIF(t *testing.T, p Printer, rep *Report) sarifDoc {
	t.Helper()
	var doc sarifDoc
	if err := json.Unmarshal(renderReport(t, p, rep), &doc); err != nil {
		t.Fatalf("SARIF does not parse: %v", err)
	}
	if len(doc.Runs) != 1 {
		t.Fatalf("SARIF has %d runs, want 1", len(doc.Runs))
	}
	return doc
}

func TestSARIF(t *testing.T) {
	rep, opts := sortedPrinterReport(t)
	doc := parseSARIF(t, &SARIFPrinter{Options: opts}, rep)
	if doc.Version != "2.1.0" {
		t.Errorf("version %q, want 2.1.0", doc.Version)
	}
	if doc.Schema != "https://json.schemastore.org/sarif-2.1.0.json" {
		t.Errorf("$schema %q", doc.Schema)
	}
	run := doc.Runs[0]
	if run.ColumnKind != "utf16CodeUnits" {
		t.Errorf("columnKind %q", run.ColumnKind)
	}
	if d := run.Tool.Driver; d.Name != "seams-timers" || d.Version != "0.3.0-test" {
		t.Errorf("driver %q %q", d.Name, d.Version)
	}
	rules := run.Tool.Driver.Rules
	var ids []string
	for _, r := range rules {
		ids = append(ids, r.ID)
	}
	if want := []string{"TMR0002", "TMR1010", "TMR1031", "TMR2005", "TMR3001", "TMR4002", "TMR9999"}; !slices.Equal(ids, want) {
		t.Errorf("rules %v, want %v (catalog plus the rule only a finding names)", ids, want)
	}
	catalog := map[string]*Rule{}
	for _, r := range printerRules() {
		catalog[r.ID] = r
	}
	for _, r := range rules {
		c := catalog[r.ID]
		if c == nil {
			continue
		}
		if r.Name != c.Name || r.ShortDescription.Text != c.Title || r.FullDescription.Text != cmp.Or(c.Doc, c.Title) {
			t.Errorf("rule %s: name/short/full = %q/%q/%q", r.ID, r.Name, r.ShortDescription.Text, r.FullDescription.Text)
		}
		if r.HelpURI != "https://github.com/seams/seams-timers/blob/main/docs/rules/"+c.ID+".md" {
			t.Errorf("rule %s: helpUri %q", r.ID, r.HelpURI)
		}
		if c.Bad != "" && (!strings.Contains(r.Help.Text, strings.Split(c.Bad, "\n")[0]) || !strings.Contains(r.Help.Markdown, c.Good)) {
			t.Errorf("rule %s: help lacks the examples:\n%s", r.ID, r.Help.Text)
		}
		if want := sarifLevel(c.Severity); r.DefaultConfiguration.Level != want {
			t.Errorf("rule %s: level %q, want %q", r.ID, r.DefaultConfiguration.Level, want)
		}
	}

	if len(run.Results) != len(rep.Diagnostics) {
		t.Fatalf("%d results, want %d", len(run.Results), len(rep.Diagnostics))
	}
	levels := map[Severity]string{SeverityError: "error", SeverityWarning: "warning", SeverityInfo: "note"}
	for i, res := range run.Results {
		d := rep.Diagnostics[i]
		if res.RuleIndex < 0 || res.RuleIndex >= len(rules) || rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %d: ruleIndex %d does not point at %s", i, res.RuleIndex, res.RuleID)
		}
		if res.RuleID != d.Rule || res.Level != levels[d.Severity] || res.Message.Text != d.Message {
			t.Errorf("result %d = %s %s %q, want %s %s %q", i, res.RuleID, res.Level, res.Message.Text, d.Rule, levels[d.Severity], d.Message)
		}
		if res.PartialFingerprints[fingerprintKey] == "" {
			t.Errorf("result %d has no %s", i, fingerprintKey)
		}
		if res.Properties["predicate"] != d.Predicate || res.Properties["subject"] != d.Subject {
			t.Errorf("result %d properties %v", i, res.Properties)
		}
		loc := res.Locations[0]
		reg := loc.PhysicalLocation.Region
		if reg["startLine"] != d.Line || reg["endLine"] != d.EndLine {
			t.Errorf("result %d region %v, want lines %d-%d", i, reg, d.Line, d.EndLine)
		}
		if d.Element != "" && (len(loc.LogicalLocations) != 1 || loc.LogicalLocations[0].Name != d.Element || loc.LogicalLocations[0].FullyQualifiedName != d.Subject) {
			t.Errorf("result %d logical locations %+v", i, loc.LogicalLocations)
		}
		if d.File == printerOddPath && loc.PhysicalLocation.ArtifactLocation.URI != "models/Zeitpl%C3%A4ne%2C%20v2%3Adraft.bpmn" {
			t.Errorf("result %d uri %q", i, loc.PhysicalLocation.ArtifactLocation.URI)
		}
		// Columns are UTF-16 code units where the source is known.
		if src := opts.Sources.Source(d.File); src != nil {
			for _, c := range []struct {
				key       string
				line, col int
			}{{"startColumn", d.Line, d.Column}, {"endColumn", d.EndLine, d.EndColumn}} {
				text, _ := lineAt(src, c.line)
				want := len(utf16.Encode([]rune(text[:c.col-1]))) + 1
				if reg[c.key] != want {
					t.Errorf("result %d: %s %d, want %d UTF-16 units for byte column %d", i, c.key, reg[c.key], want, c.col)
				}
			}
		} else if reg["startColumn"] != d.Column || reg["endColumn"] != d.EndColumn {
			t.Errorf("result %d: columns %v without source, want bytes %d-%d", i, reg, d.Column, d.EndColumn)
		}
	}
}

// TestSARIFColumns checks the byte-to-UTF-16 conversion on one line with
// two-, three- and four-byte characters.
func TestSARIFColumns(t *testing.T) {
	src := "ab\naé⏰🕐x\n"
	c := newColumnConverter(printerSources{"f": []byte(src)})
	for _, tc := range []struct{ line, col, want int }{
		{1, 1, 1}, {1, 3, 3}, {2, 1, 1}, {2, 2, 2}, {2, 4, 3}, {2, 7, 4}, {2, 11, 6}, {2, 12, 7},
		{2, 14, 9}, // past the end of the line, bytes count one each
		{9, 5, 5},  // past the end of the file
	} {
		if got := c.column("f", tc.line, tc.col); got != tc.want {
			t.Errorf("column(%d, %d) = %d, want %d", tc.line, tc.col, got, tc.want)
		}
	}
	if got := c.column("missing", 2, 7); got != 7 {
		t.Errorf("column without source = %d, want 7", got)
	}
}

func TestFileURI(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"models/a.bpmn", "models/a.bpmn"},
		{"./models/a.bpmn", "models/a.bpmn"},
		{"models/./x/../a.bpmn", "models/a.bpmn"},
		{"../x/a b.bpmn", "../x/a%20b.bpmn"},
		{"c:x.bpmn", "c%3Ax.bpmn"},
		{"Zeitpläne#1?.bpmn", "Zeitpl%C3%A4ne%231%3F.bpmn"},
		{"50%.ttl", "50%25.ttl"},
		{"/abs/a.bpmn", "file:///abs/a.bpmn"},
	} {
		if got := fileURI(c.in); got != c.want {
			t.Errorf("fileURI(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSARIFFingerprintsStable moves every finding down the file and checks
// that each keeps its fingerprint, while a change of message does not.
func TestSARIFFingerprintsStable(t *testing.T) {
	rep, opts := sortedPrinterReport(t)
	prints := func(r *Report) []string {
		var out []string
		for _, res := range parseSARIF(t, &SARIFPrinter{Options: opts}, r).Runs[0].Results {
			out = append(out, res.PartialFingerprints[fingerprintKey])
		}
		return out
	}
	before := prints(rep)
	if len(slices.Compact(slices.Clone(before))) != len(before) {
		t.Errorf("fingerprints repeat: %v", before)
	}

	moved, _ := sortedPrinterReport(t)
	for i := range moved.Diagnostics {
		d := &moved.Diagnostics[i]
		d.Line += 7
		d.EndLine += 7
		d.Offset += 100
		d.EndOffset += 100
	}
	if after := prints(moved); !slices.Equal(before, after) {
		t.Errorf("fingerprints changed when only lines changed:\nbefore %v\nafter  %v", before, after)
	}

	changed, _ := sortedPrinterReport(t)
	changed.Diagnostics[0].Message += " (changed)"
	if after := prints(changed); after[0] == before[0] {
		t.Error("fingerprint kept when the message changed")
	}

	// A path spelled another way is the same file.
	d := rep.Diagnostics[0]
	dotted := d
	dotted.File = "./" + d.File
	if fingerprint(d) != fingerprint(dotted) {
		t.Errorf("fingerprint of %q differs from that of %q", dotted.File, d.File)
	}

	// Two identical findings in one file differ by their occurrence count.
	twice := &Report{Diagnostics: []Diagnostic{rep.Diagnostics[0], rep.Diagnostics[0]}}
	twice.Diagnostics[1].Line += 3
	if got := prints(twice); got[0] == got[1] || !strings.HasSuffix(got[0], ":1") || !strings.HasSuffix(got[1], ":2") {
		t.Errorf("repeated finding fingerprints %v, want :1 and :2", got)
	}
}

// TestCodeClimate checks the GitLab Code Quality fields against the
// report: one issue per finding in sorted order, the path with forward
// slashes, the begin and end lines, the severity scale and fingerprints
// that differ between findings.
func TestCodeClimate(t *testing.T) {
	rep, _ := sortedPrinterReport(t)
	var issues []struct {
		Type, Description, Severity, Fingerprint string
		CheckName                                string `json:"check_name"`
		Categories                               []string
		Content                                  *struct{ Body string }
		Location                                 struct {
			Path  string
			Lines struct{ Begin, End int }
		}
	}
	out := renderReport(t, CodeClimatePrinter{}, rep)
	if err := json.Unmarshal(out, &issues); err != nil {
		t.Fatal(err)
	}
	ds := sortedDiagnostics(rep)
	if len(issues) != len(ds) {
		t.Fatalf("%d issues for %d findings", len(issues), len(ds))
	}
	wantSeverity := map[Severity]string{SeverityError: "major", SeverityWarning: "minor", SeverityInfo: "info"}
	prints := map[string]bool{}
	for i, d := range ds {
		is := issues[i]
		if is.Type != "issue" || len(is.Categories) == 0 || is.CheckName != strings.TrimSpace(d.Rule+" "+d.Name) || is.Description != cmp.Or(d.Message, is.CheckName) {
			t.Errorf("issue %d = %+v, want the finding %s %q", i, is, d.Rule, d.Message)
		}
		if is.Severity != wantSeverity[d.Severity] {
			t.Errorf("issue %d: severity %q for %s", i, is.Severity, d.Severity)
		}
		if is.Location.Path != filepath.ToSlash(d.File) || is.Location.Lines.Begin != max(d.Line, 1) || is.Location.Lines.End < is.Location.Lines.Begin {
			t.Errorf("issue %d: location %+v for %s:%d", i, is.Location, d.File, d.Line)
		}
		if (d.Detail != "") != (is.Content != nil) || is.Content != nil && is.Content.Body != d.Detail {
			t.Errorf("issue %d: content %+v for detail %q", i, is.Content, d.Detail)
		}
		if prints[is.Fingerprint] {
			t.Errorf("issue %d: fingerprint %s repeats", i, is.Fingerprint)
		}
		prints[is.Fingerprint] = true
	}
}

// TestJSONFormatsUnescaped checks that the JSON formats write <, > and &
// as they are, not as \u003c, \u003e and \u0026.
func TestJSONFormatsUnescaped(t *testing.T) {
	rep, opts := sortedPrinterReport(t)
	for _, p := range []Printer{JSONPrinter{}, &SARIFPrinter{Options: opts}, CodeClimatePrinter{}} {
		out := string(renderReport(t, p, rep))
		if !strings.Contains(out, "<") {
			t.Fatalf("%T: the report has no < to write", p)
		}
		for _, esc := range []string{`\u003c`, `\u003e`, `\u0026`} {
			if strings.Contains(out, esc) {
				t.Errorf("%T writes %s", p, esc)
			}
		}
	}
}

// TestMarkdownCells checks that a message cannot break the table: pipes,
// line breaks and markup stay inside their cell.
func TestMarkdownCells(t *testing.T) {
	rep := &Report{Files: 1, Diagnostics: []Diagnostic{{
		Rule: "TMR1031", Name: "cycle-no-start", Severity: SeverityError, File: "a|b.bpmn", Line: 2, Column: 3,
		Message: "x | y\n<b>z</b> *w* [l](u)",
	}}}
	out := string(renderReport(t, MarkdownPrinter{}, rep))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	row := lines[len(lines)-1]
	if cells := len(regexp.MustCompile(`(^|[^\\])\|`).FindAllString(row, -1)); cells != 5 {
		t.Errorf("row %q has %d unescaped pipes, want 5", row, cells)
	}
	for _, raw := range []string{"<b>", "*w*", "[l]"} {
		if strings.Contains(row, raw) {
			t.Errorf("row %q keeps the markup %s", row, raw)
		}
	}
	many := &Report{Files: 1}
	for i := range markdownRows + 3 {
		many.Diagnostics = append(many.Diagnostics, Diagnostic{Rule: "TMR1031", Severity: SeverityError, File: "a.bpmn", Line: i + 1, Column: 1})
	}
	out = string(renderReport(t, MarkdownPrinter{}, many))
	if got := strings.Count(out, "\n| error |"); got != markdownRows || !strings.Contains(out, "... and 3 more") {
		t.Errorf("%d rows, tail %q", got, out[len(out)-80:])
	}
}

// countingSources records which files a printer asked the bytes of.
type countingSources struct {
	src   Sources
	asked map[string]int
}

func (c *countingSources) Source(file string) []byte {
	c.asked[file]++
	return c.src.Source(file)
}

// TestReadsSources: a printer that ReadsSources says reads no file's
// bytes writes the same output when every file's bytes are released
// (File.ReleaseSource, what project.Options.DropSources does), so that a
// run whose printers read none may release them early; SARIF converts its
// columns from what the release keeps. One that reads them asks for them.
func TestReadsSources(t *testing.T) {
	for _, format := range Formats() {
		for _, show := range []bool{false, true} {
			rep, opts := sortedPrinterReport(t)
			// The bytes as the loader keeps them: in the project's files.
			for _, f := range rep.Project.Files {
				f.Src = opts.Sources.Source(f.Path)
			}
			opts.Sources = ProjectSources{Project: rep.Project}
			opts.ShowSource = show
			p, err := NewPrinter(format, opts)
			if err != nil {
				t.Fatal(err)
			}
			want := renderReport(t, p, rep)
			for _, f := range rep.Project.Files {
				f.ReleaseSource()
			}
			c := &countingSources{src: opts.Sources, asked: map[string]int{}}
			opts.Sources = c
			if p, err = NewPrinter(format, opts); err != nil {
				t.Fatal(err)
			}
			got := renderReport(t, p, rep)
			if ReadsSources(format, opts) {
				if len(c.asked) == 0 {
					t.Errorf("%s (show source %v): ReadsSources says it reads the sources, and it asked for none", format, show)
				}
				continue
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s (show source %v): the output changes when the files' bytes are released:\n%s\nwant:\n%s", format, show, got, want)
			}
		}
	}
}

// countingSources also forwards the columns kept of released bytes.
func (c *countingSources) Columns(file string) *Columns {
	if cs, ok := c.src.(ColumnSources); ok {
		return cs.Columns(file)
	}
	return nil
}

// lineAt returns the n-th line (1-based) of src without its line ending,
// invalid UTF-8 replaced.
func lineAt(src []byte, n int) (string, bool) {
	line, ok := lineOf(src, lineStarts(src), n)
	if !ok {
		return "", false
	}
	return strings.ToValidUTF8(string(line), "\uFFFD"), true
}
