// Package cli is what the BPMN engine does in next and simulate: the due
// times of timer expressions and of the timers of models, and the seams
// runtime on SpiffWorkflow under a stepped clock (bpmn/sim).
package cli

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/firing"
	"github.com/seams/seams-timers/bpmn/rules"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/project"
	simcore "github.com/seams/seams-timers/sim"
)

// Commands is the engine's next and simulate.
var Commands commands

type commands struct{}

// The engine's flags of next.
var (
	flagKind = project.Flag{Name: "kind", Usage: "what EXPR is: date, duration or cycle (default: guessed, R... is a cycle, P... a duration)", Choices: []string{"date", "duration", "cycle"}}
	flagAs   = project.Flag{Name: "as", Usage: "read EXPR as on a timer start or a catch event: start or catch (default: start, catch for a duration)", Choices: []string{"start", "catch"}}
)

func (commands) NextFlags() []project.Flag { return []project.Flag{flagKind, flagAs} }

// NextOptions are next's options for the engine, read from its flags.
type NextOptions struct {
	// Kind is --kind (0: guessed from each value).
	Kind bpmn.ExprKind
	// As is --as: "", start or catch.
	As string
}

// ParseNextOptions reads --kind and --as.
func ParseNextOptions(flags project.Flags) (NextOptions, error) {
	var o NextOptions
	switch k := flags.Value("kind"); k {
	case "":
	case "date":
		o.Kind = bpmn.TimeDate
	case "duration":
		o.Kind = bpmn.TimeDuration
	case "cycle":
		o.Kind = bpmn.TimeCycle
	default:
		return o, project.Usagef("--kind %q: want date, duration or cycle", k)
	}
	switch o.As = flags.Value("as"); o.As {
	case "", "start", "catch":
	default:
		return o, project.Usagef("--as %q: want start or catch", o.As)
	}
	return o, nil
}

// Next prints the next due times of the timer expressions given on the
// command line, and of every timer of the BPMN models reported on, after
// their loading findings.
func (commands) Next(run *project.NextRun) (bool, error) {
	o, err := ParseNextOptions(run.Flags)
	if err != nil {
		return false, err
	}
	ok := true
	for _, x := range run.Values {
		label := ""
		if run.Labelled {
			label = x
		}
		if !nextExpr(run, x, label, o) {
			ok = false
		}
	}
	if run.Loaded == nil {
		return ok, nil
	}
	for _, d := range run.Loaded.LoadFindings(rules.Engine, run.Rule) {
		run.Refuse("", d)
		ok = false
	}
	if !nextModels(run, ReportedModels(run.Loaded.Project), o.As) {
		ok = false
	}
	return ok, nil
}

// nextExpr prints the next due times of one expression given on the
// command line (each line labelled when several were given), or the rules'
// refusal; it reports false for a refusal. The rules' warnings go to
// run.Warn, and the due times are still printed.
func nextExpr(run *project.NextRun, text, label string, o NextOptions) bool {
	w := run.Out
	value := strings.TrimSpace(text)
	body := timeexpr.Classify(text)
	if body.Kind == timeexpr.BodyQuoted {
		value = body.Value
	}
	kind := o.Kind
	if kind == 0 {
		kind = guessKind(value)
	}
	place := rules.PlaceAllowed
	switch o.As {
	case "start":
		place = rules.PlaceStart
	case "catch":
		place = rules.PlaceCatch
	}
	refused := false
	entry := project.NextTimer{TimerID: simcore.TimerID{Engine: rules.EngineName, Timer: text}, Kind: kind.String(), Value: value}
	// A bare ISO value is checked as the quoted literal a model would hold;
	// an expression (JUEL, FEEL, a variable, Python, or one inside an
	// ISO-looking value such as R3/${start}/PT2S) as written, so that the
	// rules refuse it as the expression it is (TMR1005).
	checked := pyLiteral(value)
	switch body.Kind {
	case timeexpr.BodyJUEL, timeexpr.BodyFEEL, timeexpr.BodyVariable, timeexpr.BodyExpression:
		checked = text
	}
	for _, d := range rules.ExpressionVerdictAt(kind, checked, place, run.Now) {
		if d.Severity == lint.SeverityError {
			run.Refuse("", d)
			if !refused {
				entry.Status, entry.Rule = project.NextRefused, d.Rule
			}
			refused = true
		} else {
			run.Warn.Finding("", d)
			run.Record(d)
		}
	}
	if refused {
		run.Timer(entry)
		return false
	}
	e, err := timeexpr.ParseValue(kind.ValueKind(), value)
	if err != nil {
		w.Printf("error: cannot parse '%s': %v\n", value, err)
		entry.Status, entry.Note = project.NextError, fmt.Sprintf("cannot parse '%s': %v", value, err)
		run.Timer(entry)
		return false
	}
	s, err := firing.Schedule(e, o.As, run.Now)
	if err != nil {
		w.Printf("error: %v\n", err)
		entry.Status, entry.Note = project.NextError, err.Error()
		run.Timer(entry)
		return false
	}
	dues := firing.Dues(s, run.Now, run.N)
	writeDueLines(w, dues, label)
	entry.Status = project.NextDue
	setDues(&entry, dues)
	if len(dues) == 0 {
		entry.Note = firing.NoneLeft(e, o.As, run.Now)
		run.Warn.Printf("seams-timers: %s\n", entry.Note)
	}
	run.Timer(entry)
	return true
}

// setDues puts due times into a timer of the JSON document, with the
// calendar arithmetic each used as its note.
func setDues(t *project.NextTimer, dues []firing.Due) {
	t.Due = make([]string, len(dues))
	var notes []string
	for i, d := range dues {
		t.Due[i] = project.Instant(d.Time)
		if d.Arith != "" && notes == nil {
			notes = make([]string, len(dues))
		}
		if notes != nil {
			notes[i] = d.Arith
		}
	}
	t.Notes = notes
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

// writeDueLines prints due times, one per line, labelled with name when
// it is not empty.
func writeDueLines(w *project.Lines, dues []firing.Due, name string) {
	for _, d := range dues {
		line := timeexpr.FormatTime(d.Time)
		if name != "" {
			line += "  " + name
		}
		if d.Arith != "" {
			line += "  (" + d.Arith + ")"
		}
		w.Printf("%s\n", line)
	}
}

// nextModels prints the next firings of every timer in the documents, in
// document order; it reports false when the rules refuse a timer
// (rules.Verdicts: the same finding check reports, at the same place).
func nextModels(run *project.NextRun, docs []*bpmn.Document, as string) bool {
	w := run.Out
	verdicts := rules.Verdicts(docs, run.Now)
	ok := true
	for _, d := range docs {
		for _, el := range d.Elements {
			if !el.HasTimer() {
				continue
			}
			name := d.ElementDisplay(el.ID)
			t := firing.Of(d, el, verdicts, as, run.Now, run.N)
			entry := modelTimer(d, el, t, name)
			switch {
			case t.Refusal != nil:
				run.Refuse("", *t.Refusal)
				entry.Status, entry.Rule = project.NextRefused, t.Refusal.Rule
				ok = false
			case len(el.Timers) == 0:
				// Only a referenced timer, which a verdict refuses.
				continue
			case t.Problem != "":
				w.Printf("-  %s  (%s)\n", name, t.Problem)
				entry.Status, entry.Note = project.NextNone, t.Problem
			case t.Err != nil:
				cannotCompute(w, d, t.Expr, name, t.Literal, t.Err)
				entry.Status, entry.Note = project.NextError, fmt.Sprintf("no due time can be computed for '%s': %v", t.Literal, t.Err)
				ok = false
			case t.NoneLeft != "":
				w.Printf("-  %s  (%s)\n", name, t.NoneLeft)
				entry.Status, entry.Note = project.NextDue, t.NoneLeft
			default:
				label := name
				entry.Status = project.NextDue
				if t.Value.Kind == timeexpr.ValueDuration {
					entry.Note = fmt.Sprintf("%s after an instance arrives at --now", t.Value.Text)
					label += "  (" + entry.Note + ")"
				}
				writeDueLines(w, t.Dues, label)
				setDues(&entry, t.Dues)
			}
			run.Timer(entry)
		}
	}
	return ok
}

// modelTimer is the JSON document's entry of a timer element: at its
// expression, else at the element's start tag.
func modelTimer(d *bpmn.Document, el *bpmn.Element, t firing.Timer, name string) project.NextTimer {
	at := el.Span.Start
	entry := project.NextTimer{TimerID: simcore.TimerID{Engine: rules.EngineName, File: d.Path, Timer: name, ID: d.ElementIRI(el.ID)}}
	if t.Expr != nil {
		at = t.Expr.TextSpan.Start
		entry.Kind = t.Expr.Kind.String()
		entry.Value = t.Expr.Text
	}
	entry.Line, entry.Column = at.Line, at.Col
	return entry
}

// cannotCompute prints the refusal of a timer whose due times cannot be
// computed although no rule refused it, at the expression's position, in
// the form of a finding: next then exits 1, as it does for `next EXPR`.
func cannotCompute(w *project.Lines, d *bpmn.Document, x *bpmn.Expr, name, value string, err error) {
	w.Printf("%s:%d:%d: error: %s: no due time can be computed for '%s': %v\n",
		d.Path, x.Span.Start.Line, x.Span.Start.Col, name, value, err)
}

// ReportedModels returns the BPMN models of the files a run reports on
// (those given, and those a given index graph names), sorted by path: what
// simulate runs and next lists.
func ReportedModels(p *lint.Project) []*bpmn.Document {
	var out []*bpmn.Document
	for _, f := range p.Files {
		if d, ok := f.Model.(*bpmn.Document); ok && f.Reported {
			out = append(out, d)
		}
	}
	slices.SortStableFunc(out, func(a, b *bpmn.Document) int { return cmp.Compare(a.Path, b.Path) })
	return out
}
