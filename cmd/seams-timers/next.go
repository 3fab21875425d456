package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/seams/seams-timers/bpmn"
	"github.com/seams/seams-timers/bpmn/timeexpr"
	"github.com/seams/seams-timers/lint"
	"github.com/seams/seams-timers/rules"
)

// lineWriter writes output lines and keeps the first write error.
type lineWriter struct {
	w   io.Writer
	err error
}

func (l *lineWriter) printf(format string, args ...any) {
	if l.err == nil {
		_, l.err = fmt.Fprintf(l.w, format, args...)
	}
}

// nextOptions are the flags of `next`.
type nextOptions struct {
	Args   []string
	N      int
	Kind   string
	As     string
	Now    string
	config configFlags
}

func newNextCmd(s *streams) *cobra.Command {
	o := &nextOptions{}
	c := &cobra.Command{
		Use:   "next EXPR|PATH...",
		Short: "Print the next firings of a timer expression, or of every timer in a model",
		Long: `Next prints the next due times of one timer expression, one per line in UTC, like
systemd-analyze calendar. An argument that names an existing file or directory is read as
models instead, and the next firings of every timer in them are printed, each line naming
its timer.

A cycle or a date is read as a timer start (the seams scheduler: a period in months or years
adds calendar months from the start, clamped to the month's end); --as catch reads it as
SpiffWorkflow reads a catch event (a fixed stride measured from the start month). A duration
is a catch reached at --now. Lines whose due time used calendar arithmetic say which.

An expression the rules refuse (the findings check would report on it in a model) prints the
refusal, ResolutionError(<expr>, predicate, "what"), and a line saying what to write instead.
Their warnings go to stderr, and the due times are still printed. In models, each refused
timer prints the first error check reports on it, at the same place.

Exit codes: 0 printed, 1 an expression was refused, 2 usage error or missing path.`,
		Example: `  seams-timers next 'R/2026-11-09T08:00:00Z/P1D' -n 5
  seams-timers next --as catch --now 2026-01-01T00:00:00Z 'R/2026-01-31T00:00:00Z/P1M'
  seams-timers next --kind duration PT48H
  seams-timers next models/`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Args = args
			return runNext(s, o)
		},
	}
	f := c.Flags()
	f.IntVarP(&o.N, "count", "n", 5, "how many due times to print per timer")
	f.StringVar(&o.Kind, "kind", "", "what EXPR is: date, duration or cycle (default: guessed, R... is a cycle, P... a duration)")
	f.StringVar(&o.As, "as", "", "read EXPR as on a timer start or a catch event: start or catch (default: start, catch for a duration)")
	f.StringVar(&o.Now, "now", "", "reference time, RFC 3339 (default: the config's now, else the current time)")
	o.config.register(c)
	return c
}

func runNext(s *streams, o *nextOptions) error {
	if o.N < 1 {
		return usageErrorf("-n %d: want at least 1", o.N)
	}
	var kind bpmn.ExprKind
	switch o.Kind {
	case "":
	case "date":
		kind = bpmn.TimeDate
	case "duration":
		kind = bpmn.TimeDuration
	case "cycle":
		kind = bpmn.TimeCycle
	default:
		return usageErrorf("--kind %q: want date, duration or cycle", o.Kind)
	}
	switch o.As {
	case "", "start", "catch":
	default:
		return usageErrorf("--as %q: want start or catch", o.As)
	}
	var paths, exprs []string
	for _, a := range o.Args {
		if _, err := os.Stat(a); err == nil {
			paths = append(paths, a)
		} else {
			exprs = append(exprs, a)
		}
	}
	cfg, err := o.config.load(paths)
	if err != nil {
		return err
	}
	now, err := simNow(o.Now, cfg)
	if err != nil {
		return usageErrorf("%v", err)
	}
	bw := bufio.NewWriter(s.Out)
	w := &lineWriter{w: bw}
	refused := false
	for _, x := range exprs {
		label := ""
		if len(o.Args) > 1 {
			label = x
		}
		if !nextExpr(w, s.Err, x, label, kind, o.As, now, o.N) {
			refused = true
		}
	}
	if len(paths) > 0 {
		docs, loadErrs, err := simLoadModels(paths, cfg)
		if err != nil {
			return err
		}
		for _, d := range loadErrs {
			w.printf("%s:%d:%d: error: %s [%s %s]\n", d.File, d.Line, d.Column, d.Message, d.Rule, d.Name)
			refused = true
		}
		if !nextModels(w, docs, o.As, now, o.N) {
			refused = true
		}
	}
	if w.err == nil {
		w.err = bw.Flush()
	}
	if w.err != nil {
		return &exitError{code: lint.ExitInternal, err: w.err}
	}
	if refused {
		return &exitError{code: lint.ExitFindings}
	}
	return nil
}

// nextExpr prints the next due times of one expression given on the
// command line (each line labelled when several were given), or the rules'
// refusal; it reports false for a refusal. The rules' warnings go to
// errw, and the due times are still printed.
func nextExpr(w *lineWriter, errw io.Writer, text, label string, kind bpmn.ExprKind, as string, now time.Time, n int) bool {
	value := strings.TrimSpace(text)
	if b := timeexpr.Classify(text); b.Kind == timeexpr.BodyQuoted {
		value = b.Value
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
	for _, d := range rules.ExpressionVerdictAt(kind, pyLiteral(value), place, now) {
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
	s, err := nextSchedule(e, as, now)
	if err != nil {
		w.printf("error: %v\n", err)
		return false
	}
	if writeDues(w, s, now, n, label) == 0 {
		_, _ = fmt.Fprintf(errw, "seams-timers: %s\n", noneLeft(e, as, now))
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

// nextSchedule reads an expression as a timer start (the seams scheduler)
// or as a catch reached at now (SpiffWorkflow).
func nextSchedule(e timeexpr.Value, as string, now time.Time) (timeexpr.Schedule, error) {
	if as == "" {
		as = "start"
		if e.Kind == timeexpr.ValueDuration {
			as = "catch"
		}
	}
	if as == "catch" {
		return e.CatchSchedule(now), nil
	}
	return e.StartSchedule()
}

// writeDues prints up to n due times at or after now, one per line, each
// with the arithmetic it used when that was calendar arithmetic.
func writeDues(w *lineWriter, s timeexpr.Schedule, now time.Time, n int, name string) int {
	k := s.Before(now)
	printed := 0
	for ; printed < n && s.Has(k); k++ {
		line := timeexpr.FormatTime(s.Due(k))
		if name != "" {
			line += "  " + name
		}
		if d := s.Describe(k); d != "" {
			line += "  (" + d + ")"
		}
		w.printf("%s\n", line)
		printed++
	}
	return printed
}

// noneLeft says why an expression has no due time at or after now.
func noneLeft(e timeexpr.Value, as string, now time.Time) string {
	switch {
	case e.Kind == timeexpr.ValueDate && as != "catch":
		return fmt.Sprintf("%s is before --now %s: on a timer start it fires once, at the scheduler's first load", e.Text, timeexpr.FormatTime(now))
	case e.Kind == timeexpr.ValueDate:
		return fmt.Sprintf("%s is before --now %s: a catch reached now fires at the first tick", e.Text, timeexpr.FormatTime(now))
	case e.Kind == timeexpr.ValueCycle && e.Cycle.Count() == 0:
		return fmt.Sprintf("%s never fires (R0)", e.Text)
	}
	return fmt.Sprintf("%s has no firing left at or after --now %s", e.Text, timeexpr.FormatTime(now))
}

// writeDiagnostic prints a finding of the rules in the ADR's form, with
// its rule and a detail line, as check does. where is "" for an expression
// from the command line, whose subject is the expression itself.
func writeDiagnostic(w *lineWriter, where string, d lint.Diagnostic) {
	rule := d.Rule
	if d.Name != "" {
		rule += " " + d.Name
	}
	if where == "" {
		w.printf("%s: %s [%s]\n", d.Severity, d.Message, rule)
	} else {
		w.printf("%s: %s: %s [%s]\n", where, d.Severity, d.Message, rule)
	}
	if d.Detail != "" {
		w.printf("  %s\n", d.Detail)
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
			if len(el.Timers) == 0 {
				continue
			}
			name := d.ElementDisplay(el.ID)
			if v, refused := verdicts[d.ElementIRI(el.ID)]; refused {
				writeDiagnostic(w, fmt.Sprintf("%s:%d:%d", v.File, v.Line, v.Column), v)
				ok = false
				continue
			}
			x := el.Timers[0].Effective()
			if x == nil {
				w.printf("-  %s  (no timeDate, timeDuration or timeCycle)\n", name)
				continue
			}
			value, lit := timeexpr.Literal(x.Text)
			e, err := timeexpr.ParseValue(x.Kind.ValueKind(), value)
			if !lit || err != nil {
				w.printf("-  %s  (cannot parse '%s')\n", name, value)
				continue
			}
			mode := as
			if mode == "" {
				mode = "catch"
				if el.Placement().IsStart() {
					mode = "start"
				}
			}
			s, err := nextSchedule(e, mode, now)
			if err != nil {
				w.printf("-  %s  (%v)\n", name, err)
				continue
			}
			label := name
			if e.Kind == timeexpr.ValueDuration {
				label += fmt.Sprintf("  (%s after an instance arrives at --now)", e.Text)
			}
			if writeDues(w, s, now, n, label) == 0 {
				w.printf("-  %s  (%s)\n", name, noneLeft(e, mode, now))
			}
		}
	}
	return ok
}
