package rules

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// corpusDir holds the test models of SpiffWorkflow's own suite that have
// timers, and Spiff's verdict on each timer (SPIFF_VERDICTS.tsv), measured
// by running its real parser and engine.
const corpusDir = "../../../shared/corpus/spiff"

// verdict is one row of SPIFF_VERDICTS.tsv.
type verdict struct {
	file    string // the model's file name
	element string // the event's BPMN local name
	id      string // the event's id
	kind    string // date, duration or cycle
	text    string // the expression's text, decoded
	spiff   string // OK ... or REFUSED ...
}

// readVerdicts parses SPIFF_VERDICTS.tsv: a header line, then tab-separated
// rows whose text column is a JSON string.
func readVerdicts(t *testing.T, path string) []verdict {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(src), "\n"), "\n")
	if len(lines) < 2 || lines[0] != "file\telement\tid\tkind\ttext\tspiff" {
		t.Fatalf("%s: unexpected header %q", path, lines[0])
	}
	var out []verdict
	for i, line := range lines[1:] {
		f := strings.Split(line, "\t")
		if len(f) != 6 {
			t.Fatalf("%s:%d: %d columns, want 6", path, i+2, len(f))
		}
		v := verdict{file: f[0], element: f[1], id: f[2], kind: f[3], spiff: f[5]}
		if err := json.Unmarshal([]byte(f[4]), &v.text); err != nil {
			t.Fatalf("%s:%d: text column %s: %v", path, i+2, f[4], err)
		}
		out = append(out, v)
	}
	return out
}

// elemKey names an element of the corpus by file name and id.
type elemKey struct{ file, id string }

// TestCorpus checks the rules against what SpiffWorkflow really does with
// its own test models: every timer Spiff refuses gets an error, the quoted
// durations on user-task boundaries and intermediate catch events that the
// ADR accepts get nothing above a warning, and every boundary timer on a
// sub-process or a manual task gets a TMR2002 error.
func TestCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("no Spiff corpus at %s: %v", corpusDir, err)
	}
	verdicts := readVerdicts(t, filepath.Join(corpusDir, "SPIFF_VERDICTS.tsv"))
	rep, err := project.Check(project.Options{Paths: []string{corpusDir}}, []*project.Engine{Engine}, lint.Options{Rules: All(), Now: fixtureNow})
	if err != nil {
		t.Fatal(err)
	}

	found := map[elemKey][]lint.Diagnostic{}
	for _, d := range rep.Diagnostics {
		if strings.HasPrefix(d.Rule, "TMR000") {
			t.Errorf("the corpus does not load: %s:%d: %s", d.File, d.Line, d.Message)
		}
		k := elemKey{filepath.Base(d.File), d.Element}
		found[k] = append(found[k], d)
	}
	elems := map[elemKey]*bpmn.Element{}
	for _, doc := range Documents(rep.Project) {
		for _, e := range doc.Elements {
			elems[elemKey{filepath.Base(doc.Path), e.ID}] = e
		}
	}
	kinds := map[string]bpmn.ExprKind{"date": bpmn.TimeDate, "duration": bpmn.TimeDuration, "cycle": bpmn.TimeCycle}

	refused, accepted := 0, 0
	for _, v := range verdicts {
		k := elemKey{v.file, v.id}
		name := v.file + "#" + v.id
		e := elems[k]
		if e == nil || len(e.Timers) == 0 || e.Timers[0].Effective() == nil {
			t.Errorf("%s: the loader found no timer expression on this %s", name, v.element)
			continue
		}
		x := e.Timers[0].Effective()
		if e.Type != v.element || x.Kind != kinds[v.kind] || x.Text != v.text {
			t.Errorf("%s: loaded as a %s with %s %q, Spiff saw a %s with a %s %q",
				name, e.Type, x.Kind, x.Text, v.element, v.kind, v.text)
		}
		ds := found[k]
		if strings.HasPrefix(v.spiff, "REFUSED") {
			refused++
			if !hasSeverity(ds, lint.SeverityError) {
				t.Errorf("%s: Spiff refuses %q (%s) but no rule reports an error on it", name, v.text, v.spiff)
			}
		}
		if v.kind == "duration" && isQuoted(v.text) && (e.Type == "intermediateCatchEvent" || onUserTask(e)) {
			accepted++
			for _, d := range ds {
				if d.Severity > lint.SeverityWarning {
					t.Errorf("%s: the accepted duration %q gets %s %s: %s", name, v.text, d.Severity, d.Rule, d.Message)
				}
			}
		}
	}
	if refused == 0 || accepted == 0 {
		t.Errorf("the corpus has %d refused timers and %d accepted durations: the test checks too little", refused, accepted)
	}

	misplaced := 0
	for _, doc := range Documents(rep.Project) {
		for _, e := range doc.Elements {
			if e.Type != "boundaryEvent" || len(e.Timers) == 0 || e.AttachedTo == nil {
				continue
			}
			if to := e.AttachedTo.Type; to != "subProcess" && to != "manualTask" {
				continue
			}
			misplaced++
			ok := false
			for _, d := range found[elemKey{filepath.Base(doc.Path), e.ID}] {
				ok = ok || d.Rule == BoundaryAttachment.ID && d.Severity == lint.SeverityError
			}
			if !ok {
				t.Errorf("%s#%s: a boundary timer on a %s has no TMR2002 error", doc.Path, e.ID, e.AttachedTo.Type)
			}
		}
	}
	if misplaced == 0 {
		t.Error("the corpus has no boundary timer on a sub-process or manual task: the test checks nothing")
	}
}

func hasSeverity(ds []lint.Diagnostic, s lint.Severity) bool {
	for _, d := range ds {
		if d.Severity == s {
			return true
		}
	}
	return false
}

// isQuoted reports a text that is one quoted literal, as Spiff's
// evaluation needs: "PT1S" or 'P14D'.
func isQuoted(text string) bool {
	s := strings.TrimSpace(text)
	return len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0]
}

// onUserTask reports a boundary event attached to a user task.
func onUserTask(e *bpmn.Element) bool {
	return e.Type == "boundaryEvent" && e.AttachedTo != nil && e.AttachedTo.Type == "userTask"
}
