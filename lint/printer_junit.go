package lint

import (
	"encoding/xml"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// JUnitPrinter writes JUnit XML, which CI test reports read: one test
// suite "seams-timers" with one test case per checked file, named by the
// file. A file with findings fails, whatever their severity, and its
// <failure> lists them in the text form; a file without findings passes.
// The checked files are those the report loaded (its project's documents
// and graph files) and those its findings name, so a report built without
// a project lists only the files with findings.
type JUnitPrinter struct{}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	XMLName   xml.Name      `xml:"testcase"`
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// Print writes the report as one JUnit document, a test case at a time.
func (JUnitPrinter) Print(w io.Writer, r *Report) error {
	l, err := sortedFindings(r)
	if err != nil {
		return err
	}
	// The files, and which have findings: one entry per file.
	failing := map[string]bool{}
	if r.Project != nil {
		for _, f := range r.Project.Files {
			if f.Reported {
				failing[f.Path] = false
			}
		}
	}
	for _, f := range l.files() {
		failing[f] = true
	}
	files := make([]string, 0, len(failing))
	suite := junitSuite{Name: seamsToolName, Tests: len(failing)}
	for f, fails := range failing {
		files = append(files, f)
		if fails {
			suite.Failures++
		}
	}
	slices.Sort(files)

	errs, warns, infos := l.counts()
	for _, p := range []struct {
		name string
		n    int
	}{{"files", r.Files}, {"timers", r.Timers}, {"errors", errs}, {"warnings", warns}, {"infos", infos}} {
		suite.Properties = append(suite.Properties, junitProperty{Name: p.name, Value: strconv.Itoa(p.n)})
	}
	skeleton := junitSuites{
		Name:     seamsToolName,
		Tests:    suite.Tests,
		Failures: suite.Failures,
	}
	if len(files) == 0 {
		skeleton.Suites = []junitSuite{suite}
		return writeXML(w, skeleton)
	}
	suite.Cases = []junitCase{{Name: xmlStreamMarker}}
	skeleton.Suites = []junitSuite{suite}
	return writeXMLStream(w, skeleton, func(yield func(any, error) bool) {
		groups, stop := byFile(l)
		defer stop()
		for _, f := range files {
			tc := junitCase{Name: f, Classname: seamsToolName}
			ds, err := groups(f)
			if err != nil {
				yield(nil, err)
				return
			}
			if len(ds) > 0 {
				tc.Failure = junitFailureFor(ds)
			}
			if !yield(tc, nil) {
				return
			}
		}
	})
}

// byFile walks sorted findings a file at a time: each call, with files in
// increasing order, returns the findings of that file (none when it has
// none).
func byFile(l list) (groups func(file string) ([]Diagnostic, error), stop func()) {
	var group []Diagnostic
	var head Diagnostic
	have, started := false, false
	var next func() (Diagnostic, error, bool)
	stop = func() {}
	return func(file string) ([]Diagnostic, error) {
		if !started {
			started = true
			n, s := iter.Pull2(l.all())
			stop = s
			next = func() (Diagnostic, error, bool) { return n() }
			var err error
			if head, err, have = next(); err != nil {
				return nil, err
			}
		}
		clear(group)
		group = group[:0]
		for have && head.File < file {
			// Not asked for: cannot happen with sorted findings.
			var err error
			if head, err, have = next(); err != nil {
				return nil, err
			}
		}
		for have && head.File == file {
			group = append(group, head)
			var err error
			if head, err, have = next(); err != nil {
				return nil, err
			}
		}
		return group, nil
	}, func() { stop() }
}

// junitFailureFor lists one file's findings: the message counts them, the
// type is the worst severity, and the text has one line per finding as
// the text printer writes it, with the detail below.
func junitFailureFor(ds []Diagnostic) *junitFailure {
	worst := SeverityInvalid
	counts := map[Severity]int{}
	var text strings.Builder
	for _, d := range ds {
		worst = max(worst, d.Severity)
		counts[d.Severity]++
		fmt.Fprintf(&text, "%s:%d:%d: %s: %s [%s %s]\n", d.File, d.Line, d.Column, d.Severity, d.Message, d.Rule, d.Name)
		if d.Detail != "" {
			fmt.Fprintf(&text, "    = %s\n", d.Detail)
		}
	}
	var parts []string
	for _, s := range []Severity{SeverityError, SeverityWarning, SeverityInfo} {
		if n := counts[s]; n > 0 {
			parts = append(parts, plural(n, s.String()))
		}
	}
	return &junitFailure{
		Message: strings.Join(parts, ", "),
		Type:    worst.String(),
		Text:    text.String(),
	}
}
