package lint

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/seams/seams-timers/span"
)

// wholeDocument is what each streaming printer wrote before it streamed:
// the whole document encoded at once, the oracle of the streamed bytes.
func wholeDocument(t *testing.T, format string, opts PrinterOptions, r *Report) []byte {
	t.Helper()
	var b bytes.Buffer
	var err error
	ds := sortedDiagnostics(r)
	switch format {
	case "json":
		errs, warns := r.Count()
		list := slices.Clone(r.Diagnostics)
		if list == nil {
			list = []Diagnostic{}
		}
		err = writeJSON(&b, jsonReport{Version: 1, Diagnostics: list,
			Summary: jsonSummary{Files: r.Files, Timers: r.Timers, Errors: errs, Warnings: warns}})
	case "codeclimate":
		issues := []codeClimateIssue{}
		seen := &occurrences{seen: map[string]int{}}
		for _, d := range ds {
			issues = append(issues, codeClimateIssueFor(d, seen))
		}
		err = writeJSON(&b, issues)
	case "sarif":
		p := &SARIFPrinter{Options: opts}
		rules, index := p.ruleDescriptors(ds)
		cols := newColumnConverter(opts.Sources)
		seen := &occurrences{seen: map[string]int{}}
		results := []sarifResult{}
		for _, d := range ds {
			results = append(results, p.result(d, r.Project, index, cols, seen))
		}
		err = writeJSON(&b, sarifLog{Schema: sarifSchemaURI, Version: sarifVersion, Runs: []sarifRun{{
			Tool:    sarifTool{Driver: sarifDriver{Name: seamsToolName, InformationURI: seamsToolURI, Version: "0.3.0-test", Rules: rules}},
			Results: results, ColumnKind: sarifColumnKind, OriginalURIBaseIDs: p.sourceRoot(),
		}}})
	case "junit":
		files := map[string][]Diagnostic{}
		if r.Project != nil {
			for _, f := range r.Project.Files {
				if f.Reported {
					files[f.Path] = nil
				}
			}
		}
		infos := 0
		for _, d := range ds {
			files[d.File] = append(files[d.File], d)
			if d.Severity == SeverityInfo {
				infos++
			}
		}
		suite := junitSuite{Name: seamsToolName}
		names := make([]string, 0, len(files))
		for f := range files {
			names = append(names, f)
		}
		slices.Sort(names)
		for _, f := range names {
			tc := junitCase{Name: f, Classname: seamsToolName}
			if len(files[f]) > 0 {
				tc.Failure = junitFailureFor(files[f])
				suite.Failures++
			}
			suite.Cases = append(suite.Cases, tc)
		}
		suite.Tests = len(suite.Cases)
		errs, warns := r.Count()
		for _, p := range []struct {
			name string
			n    int
		}{{"files", r.Files}, {"timers", r.Timers}, {"errors", errs}, {"warnings", warns}, {"infos", infos}} {
			suite.Properties = append(suite.Properties, junitProperty{Name: p.name, Value: strconv.Itoa(p.n)})
		}
		err = writeXML(&b, junitSuites{Name: seamsToolName, Tests: suite.Tests, Failures: suite.Failures, Suites: []junitSuite{suite}})
	default:
		t.Fatalf("no oracle for %s", format)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestStreamingPrintersWriteTheWholeDocument: the streaming printers
// write the bytes of encoding their whole document at once, on random
// reports (none to many findings, several per file and line, repeated
// fingerprints, text that JSON and XML escape, files without findings,
// related places).
func TestStreamingPrintersWriteTheWholeDocument(t *testing.T) {
	texts := []string{"plain", "a <b> & \"c\"", "line\nbreak", "Überprüfung ⏰ 😀", "sep\u2028arator\u2029", "tab\tand \x7f", "${due} < now"}
	files := []string{"models/a.bpmn", "models/b.bpmn", "index/graph.ttl", "models/Zeitpläne, v2.bpmn", "models/./a.bpmn", ""}
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 200 {
		rep := &Report{Files: rng.IntN(5), Timers: rng.IntN(9)}
		if n%3 != 0 {
			rep.Project = &Project{}
			for _, f := range files[:rng.IntN(len(files))] {
				if f != "" {
					rep.Project.Files = append(rep.Project.Files, &File{Path: f, Reported: rng.IntN(4) > 0, ElementKind: []string{"", "resource"}[rng.IntN(2)]})
				}
			}
		}
		for range rng.IntN(12) {
			d := Diagnostic{
				Rule: fmt.Sprintf("TMR%04d", []int{1031, 1010, 2005, 9999}[rng.IntN(4)]), Name: "name",
				Severity: []Severity{SeverityInfo, SeverityWarning, SeverityError}[rng.IntN(3)],
				File:     files[rng.IntN(len(files))], Line: rng.IntN(4), Column: rng.IntN(6), EndLine: rng.IntN(5), EndColumn: rng.IntN(8),
				Element: texts[rng.IntN(2)], Subject: texts[rng.IntN(len(texts))], Predicate: "bpmn:timeCycle",
				Message: texts[rng.IntN(len(texts))], Detail: texts[rng.IntN(len(texts))][:rng.IntN(3)],
			}
			if rng.IntN(4) == 0 {
				r := span.Range{File: files[rng.IntN(len(files)-1)], Start: span.Pos{Line: 2, Col: 3}, End: span.Pos{Line: 2, Col: 5}}
				d.Related = []Related{RelatedAt(r, texts[rng.IntN(len(texts))])}
			}
			rep.Diagnostics = append(rep.Diagnostics, d)
		}
		if n%2 == 0 {
			Sort(rep.Diagnostics)
		}
		opts := PrinterOptions{Rules: printerRules(), Version: "v0.3.0-test"}
		if n%4 == 0 {
			opts.SourceRoot = "/work/repo"
		}
		for _, format := range []string{"json", "codeclimate", "sarif", "junit"} {
			p, err := NewPrinter(format, opts)
			if err != nil {
				t.Fatal(err)
			}
			got := renderReport(t, p, rep)
			if want := wholeDocument(t, format, opts, rep); !bytes.Equal(got, want) {
				t.Fatalf("%s, report %d: streamed\n%s\nwhole\n%s", format, n, got, want)
			}
		}
	}
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct {
	n      int
	writes int
}

func (f *failAfter) Write(b []byte) (int, error) {
	f.writes++
	if len(b) > f.n {
		return 0, errors.New("disk full")
	}
	f.n -= len(b)
	return len(b), nil
}

// TestStreamingPrintersStopOnWriteError: a write error (a full disk, a
// closed pipe) is returned, and the printer stops writing.
func TestStreamingPrintersStopOnWriteError(t *testing.T) {
	rep := &Report{Files: 1}
	for i := range 20000 {
		rep.Diagnostics = append(rep.Diagnostics, Diagnostic{Rule: "TMR1031", Name: "cycle-no-start", Severity: SeverityError,
			File: fmt.Sprintf("m%05d.bpmn", i), Line: 1, Column: 1, Message: "cycle has no start"})
	}
	for _, format := range []string{"json", "codeclimate", "sarif", "junit"} {
		p, err := NewPrinter(format, PrinterOptions{Rules: printerRules()})
		if err != nil {
			t.Fatal(err)
		}
		w := &failAfter{n: 100 << 10}
		if err := p.Print(w, rep); err == nil || err.Error() != "disk full" {
			t.Errorf("%s: Print returned %v, want the write error", format, err)
		}
		if w.writes > 2 {
			t.Errorf("%s: %d writes after the failing one", format, w.writes-2)
		}
	}
}

// TestExampleLanguage: a rule's examples are fenced in their own
// language in SARIF's Markdown help.
func TestExampleLanguage(t *testing.T) {
	for _, c := range []struct {
		engine, src, want string
	}{
		{"bpmn", "<bpmn:timeCycle>R/P1D</bpmn:timeCycle>", "xml"},
		{"", "@prefix seam: <https://example.com/> .", "turtle"},
		{"stateflows", "b.AddTransition<AfterOneDay>(\"B\");", "csharp"},
		{"cadence", "func Order(ctx workflow.Context) error {\n\ttime.Sleep(time.Minute)\n}", "go"},
		{"cadence", "{\"events\": []}", "json"},
		{"wfe", "<Timer Name=\"T\" Type=\"Interval\" Value=\"1h\"/>", "xml"},
		{"wfe", "# wfe: {culture: en-GB}\n<Timer/>", ""},
	} {
		if got := exampleLanguage(&Rule{Engine: c.engine}, c.src); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.engine, c.src, got, c.want)
		}
	}
}
