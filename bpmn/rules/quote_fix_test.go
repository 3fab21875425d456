package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
)

// quoteFix runs every rule over one model, applies only TMR1004's fixes,
// and runs them again. It returns the findings before and after and how
// many fixes were applied.
func quoteFix(t testing.TB, path string, src []byte) (before, after []lint.Diagnostic, fixed int) {
	t.Helper()
	run := func(src []byte) []lint.Diagnostic {
		doc, perr := bpmn.Parse(path, src)
		if perr != nil {
			return nil
		}
		return lint.Run(lint.Options{Rules: All(), Now: fixtureNow, Jobs: 1}, ProjectOf([]*bpmn.Document{doc}), nil)
	}
	before = run(src)
	var edits []lint.Edit
	for _, d := range before {
		if d.Rule == ExpressionUnquoted.ID && d.Fix != nil {
			edits = append(edits, d.Fix.Edits...)
			fixed++
		}
	}
	if fixed == 0 {
		return before, before, 0
	}
	out, err := lint.ApplyEdits(src, edits)
	if err != nil {
		t.Fatal(err)
	}
	return before, run(out), fixed
}

// checkQuoteFix checks the promise of TMR1004's fix: after it, no TMR1xxx
// error is reported on a line it edited, and no TMR1xxx error appears that
// was not there before (quotes are inserted on one line, so lines and
// elements keep their numbers).
func checkQuoteFix(t testing.TB, name string, before, after []lint.Diagnostic) {
	t.Helper()
	edited := map[int]bool{}
	had := map[string]int{}
	for _, d := range before {
		if d.Rule == ExpressionUnquoted.ID && d.Fix != nil {
			edited[d.Line] = true
		}
		had[d.Rule+"@"+d.Element]++
	}
	for _, d := range after {
		if !strings.HasPrefix(d.Rule, "TMR1") || d.Severity != lint.SeverityError {
			continue
		}
		if edited[d.Line] {
			t.Errorf("%s: after the quote fix, line %d still has %s: %s", name, d.Line, d.Rule, d.Message)
		}
		if had[d.Rule+"@"+d.Element] == 0 {
			t.Errorf("%s: the quote fix produced a new error %s on %s: %s", name, d.Rule, d.Element, d.Message)
		}
		had[d.Rule+"@"+d.Element]--
	}
}

// TestQuoteFixOnEveryFixture applies TMR1004's fix to every BPMN fixture
// of every rule and to the examples.
func TestQuoteFixOnEveryFixture(t *testing.T) {
	var files []string
	for _, root := range []string{"testdata", filepath.Join("..", "..", "examples")} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && bpmn.IsBPMNPath(p) {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	fixedTotal := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		before, after, n := quoteFix(t, p, src)
		fixedTotal += n
		checkQuoteFix(t, p, before, after)
	}
	if fixedTotal == 0 {
		t.Fatal("no fixture offered a quote fix: the test checks nothing")
	}
	t.Logf("%d files, %d quote fixes applied", len(files), fixedTotal)
}

// quoteBodies are generated bodies: ISO values that pass, ISO values that
// fail a value rule once quoted, and ISO-looking values with an
// expression inside.
func quoteBodies() []string {
	var out []string
	dates := []string{"2026-12-01T09:00:00Z", "2026-12-01T09:00:00", "2026-12-01", "20261201T090000Z", "2026-W49-2T09:00:00Z", "2026-13-01T09:00:00Z", "${due}T09:00:00Z", "2026-12-01T${time}Z", "2026-12-01Tnoon"}
	durations := []string{"PT48H", "P0D", "PT0S", "-P1D", "P0.5Y", "P1W2D", "p1d", "PT0.0000004S", "P1DT2H", "P300Y", "P8000Y"}
	starts := []string{"2026-11-09T08:00:00Z", "2026-11-09T08:00:00", "${startDate}", "#{start}", "start_date", "startDate", "now()", "=start"}
	out = append(out, dates...)
	out = append(out, durations...)
	for _, r := range []string{"R", "R3", "R0", "R-1"} {
		for _, s := range starts {
			for _, d := range []string{"P1D", "PT2S", "P1M", "P0D", "-PT1H"} {
				out = append(out, r+"/"+s+"/"+d)
			}
		}
		for _, d := range durations {
			out = append(out, r+"/"+d)
		}
	}
	var spaced []string
	for _, b := range out {
		spaced = append(spaced, " "+b+"\n", "\n    "+b+"\n  ")
	}
	return append(out, spaced...)
}

// TestQuoteFixGenerated applies TMR1004's fix to every generated body in
// every expression element, on a timer start and on a catch, and checks
// that it is offered only for a body that, quoted, every TMR1xxx rule
// accepts; and that an expression inside an ISO-looking value is never
// quoted.
func TestQuoteFixGenerated(t *testing.T) {
	fixed := 0
	for _, body := range quoteBodies() {
		for _, kind := range []bpmn.ExprKind{bpmn.TimeDate, bpmn.TimeDuration, bpmn.TimeCycle} {
			for _, place := range []Placement{PlaceStart, PlaceCatch} {
				src := expressionModel(kind, body, place)
				before, after, n := quoteFix(t, verdictPath, src)
				fixed += n
				checkQuoteFix(t, kind.String()+" "+body, before, after)
				if n > 0 && strings.ContainsAny(body, "${}#=_()") {
					t.Errorf("%s %q: an expression was quoted", kind, body)
				}
			}
		}
	}
	if fixed == 0 {
		t.Fatal("no generated body was fixed")
	}
}

// FuzzQuoteFix checks the fix's promise on any body: TMR1004 quotes a body
// only when the quoted value passes every TMR1xxx rule, and a body that
// Classify calls an unquoted ISO value holds no expression.
func FuzzQuoteFix(f *testing.F) {
	for _, b := range quoteBodies() {
		f.Add(b, uint8(0))
	}
	f.Fuzz(func(t *testing.T, body string, k uint8) {
		kind := []bpmn.ExprKind{bpmn.TimeDate, bpmn.TimeDuration, bpmn.TimeCycle}[k%3]
		place := []Placement{PlaceStart, PlaceCatch}[(k/3)%2]
		src := expressionModel(kind, body, place)
		before, after, _ := quoteFix(t, verdictPath, src)
		checkQuoteFix(t, kind.String()+" "+body, before, after)
	})
}

// TestValueWarnings keeps valueWarning equal to the value rules that
// warn.
func TestValueWarnings(t *testing.T) {
	for _, r := range All() {
		if strings.HasPrefix(r.ID, "TMR10") && valueWarning(r.ID) != (r.Severity == lint.SeverityWarning) {
			t.Errorf("%s: severity %v, valueWarning says %v", r.ID, r.Severity, valueWarning(r.ID))
		}
	}
}
