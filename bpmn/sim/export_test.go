package sim

import (
	"bytes"
	"strings"
	"testing"

	"github.com/seams/seams-timers/bpmn"
)

// What the external tests (package sim_test), which may import the rules,
// read of the internal test helpers.

// OracleCase is one line of the SpiffWorkflow oracle runs.
type OracleCase struct {
	Name string
	Kind bpmn.ExprKind
	Expr string
	// Element is where the oracle's engine run put the timer: "start",
	// "intermediate", "boundary", "boundary-ni"; "" for a static parse.
	Element string
	// SpiffOK reports that Spiff accepted it.
	SpiffOK bool
	// ADRRule is the rule that refuses what Spiff accepts and ADR-0037
	// does not, from adrRefuses; "" when ADR-0037 accepts it.
	ADRRule string
}

// OracleCases returns every oracle line.
func OracleCases(t *testing.T) []OracleCase {
	var out []OracleCase
	for _, ol := range readOracle(t) {
		c := OracleCase{Name: ol.name, Kind: oracleKinds[ol.kind], Expr: ol.expr, SpiffOK: ol.ok}
		if strings.HasPrefix(ol.path, "engine/") {
			c.Element = strings.Split(ol.path, "/")[1]
		}
		key := ol.kind + " " + ol.expr
		if c.Element == "start" {
			key = "start-" + key
		}
		c.ADRRule = adrRefuses[key]
		out = append(out, c)
	}
	return out
}

// RefusedSrc is the model of TestUnreadTimersListed.
const RefusedSrc = refusedSrc

// Parse parses a model for a test.
func Parse(t testing.TB, path, src string) *bpmn.Document { return parse(t, path, []byte(src)) }

// StreamMatches checks that Stream writes, in every format, the bytes that
// writing r (Run's result for the same input) gives, and the same counts.
func StreamMatches(t testing.TB, in Input, sc Scenario, r *Result) {
	t.Helper()
	for _, format := range []string{"text", "json", "svg"} {
		var want, got bytes.Buffer
		var err error
		switch format {
		case "text":
			err = WriteText(&want, r, TextOptions{Debug: true})
		case "json":
			err = WriteJSON(&want, r)
		case "svg":
			err = WriteSVG(&want, r)
		}
		if err != nil {
			t.Fatal(err)
		}
		sr, err := Stream(&got, in, sc, Output{Format: format, Text: TextOptions{Debug: true}, Note: r.Note, Scheduling: r.Scheduling})
		if err != nil {
			t.Fatalf("stream %s: %v", format, err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("stream %s differs from the output of the whole result:\n%s", format, firstDiff(got.String(), want.String()))
		}
		if sr.Len() != 0 || sr.Instances() != r.Instances() || len(sr.Timers) != len(r.Timers) {
			t.Fatalf("stream %s: %d events kept, %d instances (want 0 and %d)", format, sr.Len(), sr.Instances(), r.Instances())
		}
		for i, ts := range sr.Timers {
			a, b := *ts, *r.Timers[i]
			if (a.Refusal == nil) != (b.Refusal == nil) || a.Refusal != nil && *a.Refusal != *b.Refusal {
				t.Fatalf("stream %s: timer %s refusal %v, want %v", format, ts.Name, a.Refusal, b.Refusal)
			}
			a.Refusal, b.Refusal = nil, nil
			if a != b {
				t.Fatalf("stream %s: timer %s counts %+v, want %+v", format, ts.Name, a, b)
			}
		}
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return "got  " + al[i] + "\nwant " + bl[i]
		}
	}
	return "lengths differ"
}
