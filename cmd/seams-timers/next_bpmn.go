package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/firing"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
)

// bpmnCLI is what the BPMN engine adds to next and simulate.
var bpmnCLI = engineCLI{nextValues: nextBPMNValues, nextFiles: nextBPMNFiles, simulate: simulateBPMN}

// nextBPMNValues prints the next due times of timer expressions given on
// the command line, as --kind and --as read them.
func nextBPMNValues(run *nextRun, exprs []string) (bool, error) {
	kind, err := parseKind(run.opts.Kind)
	if err != nil {
		return false, err
	}
	if err := checkAs(run.opts.As); err != nil {
		return false, err
	}
	ok := true
	for _, x := range exprs {
		label := ""
		if run.labelled {
			label = x
		}
		if !nextExpr(run.w, run.errw, x, label, kind, run.opts.As, run.now, run.n) {
			ok = false
		}
	}
	return ok, nil
}

// nextBPMNFiles prints the next firings of every timer of the BPMN models
// reported on, after their loading findings.
func nextBPMNFiles(run *nextRun, loaded *project.Loaded) (bool, error) {
	if err := checkAs(run.opts.As); err != nil {
		return false, err
	}
	ok := true
	for _, d := range bpmnLoadFindings(loaded) {
		run.w.printf("%s:%d:%d: error: %s [%s %s]\n", d.File, d.Line, d.Column, d.Message, d.Rule, d.Name)
		ok = false
	}
	if !nextModels(run.w, reportedModels(loaded.Project), run.opts.As, run.now, run.n) {
		ok = false
	}
	return ok, nil
}

// parseKind reads --kind.
func parseKind(s string) (bpmn.ExprKind, error) {
	switch s {
	case "":
		return 0, nil
	case "date":
		return bpmn.TimeDate, nil
	case "duration":
		return bpmn.TimeDuration, nil
	case "cycle":
		return bpmn.TimeCycle, nil
	}
	return 0, usageErrorf("--kind %q: want date, duration or cycle", s)
}

// checkAs validates --as.
func checkAs(s string) error {
	switch s {
	case "", "start", "catch":
		return nil
	}
	return usageErrorf("--as %q: want start or catch", s)
}

// nextExpr prints the next due times of one expression given on the
// command line (each line labelled when several were given), or the rules'
// refusal; it reports false for a refusal. The rules' warnings go to
// errw, and the due times are still printed.
func nextExpr(w *lineWriter, errw io.Writer, text, label string, kind bpmn.ExprKind, as string, now time.Time, n int) bool {
	value := strings.TrimSpace(text)
	body := timeexpr.Classify(text)
	if body.Kind == timeexpr.BodyQuoted {
		value = body.Value
	}
	if kind == 0 {
		kind = guessKind(value)
	}
	place := rules.PlaceAllowed
	switch as {
	case "start":
		place = rules.PlaceStart
	case "catch":
		place = rules.PlaceCatch
	}
	refused := false
	warn := &lineWriter{w: errw}
	// A bare ISO value is checked as the quoted literal a model would hold;
	// an expression (JUEL, FEEL, a variable, Python, or one inside an
	// ISO-looking value such as R3/${start}/PT2S) as written, so that the
	// rules refuse it as the expression it is (TMR1005).
	checked := pyLiteral(value)
	switch body.Kind {
	case timeexpr.BodyJUEL, timeexpr.BodyFEEL, timeexpr.BodyVariable, timeexpr.BodyExpression:
		checked = text
	}
	for _, d := range rules.ExpressionVerdictAt(kind, checked, place, now) {
		if d.Severity == lint.SeverityError {
			writeDiagnostic(w, "", d)
			refused = true
		} else {
			writeDiagnostic(warn, "", d)
		}
	}
	if refused {
		return false
	}
	e, err := timeexpr.ParseValue(kind.ValueKind(), value)
	if err != nil {
		w.printf("error: cannot parse '%s': %v\n", value, err)
		return false
	}
	s, err := firing.Schedule(e, as, now)
	if err != nil {
		w.printf("error: %v\n", err)
		return false
	}
	if writeDues(w, s, now, n, label) == 0 {
		_, _ = fmt.Fprintf(errw, "seams-timers: %s\n", firing.NoneLeft(e, as, now))
	}
	return true
}

// guessKind guesses which expression element a bare value belongs to, for
// next without --kind: R... is a cycle, P... (or -P...) a duration,
// anything else a date-time.
func guessKind(value string) bpmn.ExprKind {
	v := strings.TrimSpace(value)
	switch {
	case strings.HasPrefix(v, "R") || strings.HasPrefix(v, "r"):
		return bpmn.TimeCycle
	case strings.HasPrefix(v, "P") || strings.HasPrefix(v, "-P") || strings.HasPrefix(v, "p"):
		return bpmn.TimeDuration
	}
	return bpmn.TimeDate
}

// pyLiteral quotes a value as the Python string literal a model would hold
// it in, "R/P1D".
func pyLiteral(value string) string {
	if !strings.ContainsAny(value, "\"\\\r\n") {
		return `"` + value + `"`
	}
	return strconv.Quote(value)
}

// writeDues prints up to n due times of s at or after now, one per line,
// each with the arithmetic it used when that was calendar arithmetic.
func writeDues(w *lineWriter, s timeexpr.Schedule, now time.Time, n int, name string) int {
	dues := firing.Dues(s, now, n)
	writeDueLines(w, dues, name)
	return len(dues)
}

// writeDueLines prints due times, one per line, labelled with name when
// it is not empty.
func writeDueLines(w *lineWriter, dues []firing.Due, name string) {
	for _, d := range dues {
		line := timeexpr.FormatTime(d.Time)
		if name != "" {
			line += "  " + name
		}
		if d.Arith != "" {
			line += "  (" + d.Arith + ")"
		}
		w.printf("%s\n", line)
	}
}

// nextModels prints the next firings of every timer in the documents, in
// document order; it reports false when the rules refuse a timer
// (rules.Verdicts: the same finding check reports, at the same place).
func nextModels(w *lineWriter, docs []*bpmn.Document, as string, now time.Time, n int) bool {
	verdicts := rules.Verdicts(docs, now)
	ok := true
	for _, d := range docs {
		for _, el := range d.Elements {
			if !el.HasTimer() {
				continue
			}
			name := d.ElementDisplay(el.ID)
			t := firing.Of(d, el, verdicts, as, now, n)
			switch {
			case t.Refusal != nil:
				v := *t.Refusal
				writeDiagnostic(w, fmt.Sprintf("%s:%d:%d", v.File, v.Line, v.Column), v)
				ok = false
			case len(el.Timers) == 0:
				// Only a referenced timer, which a verdict refuses.
			case t.Problem != "":
				w.printf("-  %s  (%s)\n", name, t.Problem)
			case t.Err != nil:
				cannotCompute(w, d, t.Expr, name, t.Literal, t.Err)
				ok = false
			case t.NoneLeft != "":
				w.printf("-  %s  (%s)\n", name, t.NoneLeft)
			default:
				label := name
				if t.Value.Kind == timeexpr.ValueDuration {
					label += fmt.Sprintf("  (%s after an instance arrives at --now)", t.Value.Text)
				}
				writeDueLines(w, t.Dues, label)
			}
		}
	}
	return ok
}

// cannotCompute prints the refusal of a timer whose due times cannot be
// computed although no rule refused it, at the expression's position, in
// the form of a finding: next then exits 1, as it does for `next EXPR`.
func cannotCompute(w *lineWriter, d *bpmn.Document, x *bpmn.Expr, name, value string, err error) {
	w.printf("%s:%d:%d: error: %s: no due time can be computed for '%s': %v\n",
		d.Path, x.Span.Start.Line, x.Span.Start.Col, name, value, err)
}
